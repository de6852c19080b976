import { Readable } from "node:stream";
import { DomainError, unprocessable } from "../../infra/errors";
import { readAnyLayout } from "./any-layout-reader";
import { BATCH_ROWS, checkedMeta, isObject, NOT_A_BACKUP, type BackupFileEvent, type RowsBatch } from "./backup-file";
import type { BackupMeta } from "./backup-writer";

/** How far the first line is looked for before the file is taken as some other layout. */
const HEAD_MAX_BYTES = 1024 * 1024;
/** A longer line is refused rather than held in memory (rows are a few hundred bytes to a few kilobytes). */
const LINE_MAX_BYTES = 16 * 1024 * 1024;

const OPEN = Buffer.from("[");
const COMMA = Buffer.from(",");
const CLOSE = Buffer.from("]");
const NEWLINE = 0x0a;

/**
 * Reads a backup file as it streams in: first its meta, after checking the format and version, then its
 * rows by table in batches. Throws a 422 with a clear message for a file of another kind or version, or
 * a broken one.
 *
 * The site writes one row per line (backup-writer.ts), so a file in that layout is cut into rows by line
 * without parsing them: Postgres parses each batch as it inserts it. A restore of a million events is
 * bound by the database, not by reading. Any other JSON layout (a file someone reformatted) is read by
 * the token parser instead, which is several times slower but takes any valid file.
 */
export async function* readBackupFile(source: Readable): AsyncGenerator<BackupFileEvent> {
  const chunks = source[Symbol.asyncIterator]() as AsyncIterator<Buffer | string>;
  try {
    const start = await readHead(chunks);
    if (start.bytes.length === 0) throw unprocessable(NOT_A_BACKUP);
    const meta = start.newline === -1 ? null : metaOfHeadLine(start.bytes.subarray(0, start.newline));
    if (!meta) {
      yield* readAnyLayout(Readable.from(replay(start.bytes, chunks)));
      return;
    }
    yield { type: "meta", meta };
    const rows = new RowLines();
    yield* rows.feed(start.bytes.subarray(start.newline + 1));
    for (let next = await readChunk(chunks); !next.done; next = await readChunk(chunks)) yield* rows.feed(next.value);
    yield* rows.end();
  } finally {
    await chunks.return?.();
  }
}

async function readChunk(chunks: AsyncIterator<Buffer | string>): Promise<IteratorResult<Buffer>> {
  try {
    const next = await chunks.next();
    return next.done ? next : { done: false, value: typeof next.value === "string" ? Buffer.from(next.value) : next.value };
  } catch (error) {
    if (error instanceof DomainError) throw error;
    throw unprocessable(`The backup file could not be read: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** The file's first bytes, up to its first newline (or HEAD_MAX_BYTES, or the end without one). */
async function readHead(chunks: AsyncIterator<Buffer | string>): Promise<{ bytes: Buffer; newline: number }> {
  let bytes = Buffer.alloc(0);
  for (;;) {
    const newline = bytes.indexOf(NEWLINE);
    if (newline !== -1 || bytes.length >= HEAD_MAX_BYTES) return { bytes, newline };
    const next = await readChunk(chunks);
    if (next.done) return { bytes, newline: -1 };
    bytes = Buffer.concat([bytes, next.value]);
  }
}

async function* replay(head: Buffer, rest: AsyncIterator<Buffer | string>): AsyncGenerator<Buffer> {
  yield head;
  for (let next = await readChunk(rest); !next.done; next = await readChunk(rest)) yield next.value;
}

/**
 * The meta, when the first line is the head the site writes: `{"format":...,"version":...,"meta":{...},"tables":{`.
 * Null for any other first line (then the file is read as any JSON).
 */
function metaOfHeadLine(line: Buffer): BackupMeta | null {
  const text = line.toString("utf8").trimEnd();
  if (!text.startsWith("{") || !text.endsWith('"tables":{')) return null;
  let head: unknown;
  try {
    head = JSON.parse(`${text}}}`);
  } catch {
    return null;
  }
  if (!isObject(head) || !isObject(head.tables) || Object.keys(head.tables).length > 0) return null;
  return checkedMeta(head, head.meta);
}

/** `"<table>":[`, or `"<table>":[]` for an empty table, with the comma between tables. */
const TABLE_LINE = /^("(?:[^"\\]|\\.)*")\s*:\s*\[\s*(\])?\s*,?$/;

/**
 * The lines after the head, as the writer lays them out:
 *   "<table>":[
 *   {<row>},
 *   {<row>}],
 *   "<table>":[],
 *   }}
 * Each row line is checked to be an object's text ({...}); Postgres checks the JSON inside when it inserts
 * the batch. Lines are split per chunk synchronously; only the rows of the batch being built are kept.
 */
class RowLines {
  private carry: Buffer | null = null;
  private table: string | null = null;
  private ended = false;
  private line = 1;
  private rows: Buffer[] = [];

  *feed(chunk: Buffer): Generator<RowsBatch> {
    const bytes = this.carry ? Buffer.concat([this.carry, chunk]) : chunk;
    let start = 0;
    for (let newline = bytes.indexOf(NEWLINE); newline !== -1; newline = bytes.indexOf(NEWLINE, start)) {
      yield* this.take(bytes.subarray(start, newline));
      start = newline + 1;
    }
    this.carry = start < bytes.length ? bytes.subarray(start) : null;
    if (this.carry && this.carry.length > LINE_MAX_BYTES) throw this.refusal(`a line longer than ${LINE_MAX_BYTES / (1024 * 1024)} MB`);
  }

  *end(): Generator<RowsBatch> {
    const last = this.carry;
    this.carry = null;
    // A last line inside a table is cut off (a whole file ends with its closing brackets).
    if (last && this.table === null) yield* this.take(last);
    if (!this.ended) throw unprocessable(`The backup file is incomplete: it ends ${this.table ? `inside the rows of ${this.table}` : "before its closing brackets"}.`);
  }

  private *take(raw: Buffer): Generator<RowsBatch> {
    this.line += 1;
    const line = trimmed(raw);
    if (line.length === 0) return;
    if (this.ended) throw this.refusal("text after the end of the backup");
    if (this.table === null) {
      this.takeOutsideTable(line.toString("utf8"));
      return;
    }
    if (line[0] === CLOSE[0] && (line.length === 1 || (line.length === 2 && line[1] === COMMA[0]))) {
      yield* this.flush();
      this.table = null;
      return;
    }
    let end = line.length;
    if (line[end - 1] === COMMA[0]) end -= 1;
    const closesTable = line[end - 1] === CLOSE[0];
    if (closesTable) end -= 1;
    if (line[0] !== 0x7b || line[end - 1] !== 0x7d) throw this.refusal(`a row of ${this.table} that is not an object`);
    this.rows.push(line.subarray(0, end));
    if (this.rows.length >= BATCH_ROWS) yield* this.flush();
    if (closesTable) {
      yield* this.flush();
      this.table = null;
    }
  }

  private takeOutsideTable(text: string) {
    if (text === "}}") {
      this.ended = true;
      return;
    }
    const match = TABLE_LINE.exec(text);
    if (!match) throw this.refusal("a line that is neither a table nor the end");
    const name = JSON.parse(match[1]!) as string;
    if (!match[2]) this.table = name;
  }

  private *flush(): Generator<RowsBatch> {
    if (this.rows.length === 0) return;
    const parts: Buffer[] = [OPEN];
    for (const [index, row] of this.rows.entries()) {
      if (index > 0) parts.push(COMMA);
      parts.push(row);
    }
    parts.push(CLOSE);
    yield { type: "rows", table: this.table!, count: this.rows.length, json: Buffer.concat(parts).toString("utf8") };
    this.rows = [];
  }

  private refusal(what: string) {
    return unprocessable(`The backup file could not be read: line ${this.line} holds ${what}.`);
  }
}

/** The line without the spaces, tabs and carriage return around it. */
function trimmed(line: Buffer): Buffer {
  let start = 0;
  let end = line.length;
  while (start < end && isBlank(line[start]!)) start += 1;
  while (end > start && isBlank(line[end - 1]!)) end -= 1;
  return line.subarray(start, end);
}

const isBlank = (byte: number) => byte === 0x20 || byte === 0x09 || byte === 0x0d;
