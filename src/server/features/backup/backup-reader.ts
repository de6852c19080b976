import { createHmac, timingSafeEqual, type Hmac } from "node:crypto";
import { Readable } from "node:stream";
import { DomainError, unprocessable } from "#server/infra/errors.ts";
import { readAnyLayout } from "./any-layout-reader";
import {
  BATCH_ROWS,
  checkedMeta,
  inMegabytes,
  isObject,
  nestedTooDeep,
  NOT_A_BACKUP,
  READ_LIMITS,
  SIGNATURE_PREFIX,
  tooManyRows,
  type BackupFileEvent,
  type RowsBatch,
} from "./backup-file";
import type { BackupMeta } from "./backup-writer";

/** How far the first line is looked for before the file is taken as some other layout. */
const HEAD_MAX_BYTES = READ_LIMITS.headBytes;
/** A longer line is refused rather than held in memory. */
const LINE_MAX_BYTES = READ_LIMITS.lineBytes;

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
export async function* readBackupFile(source: Readable, { secret }: { secret: string | null }): AsyncGenerator<BackupFileEvent> {
  const chunks = source[Symbol.asyncIterator]() as AsyncIterator<Buffer | string>;
  try {
    const start = await readHead(chunks);
    if (start.bytes.length === 0) throw unprocessable(NOT_A_BACKUP);
    const meta = start.newline === -1 ? null : metaOfHeadLine(start.bytes.subarray(0, start.newline));
    if (!meta) {
      yield* readAnyLayout(Readable.from(replay(start.bytes, chunks)));
      return;
    }
    yield { type: "meta", meta, layout: "lines" };
    const rows = new RowLines(secret);
    rows.hash(start.bytes.subarray(0, start.newline + 1));
    yield* rows.feed(start.bytes.subarray(start.newline + 1));
    for (let next = await readChunk(chunks); !next.done; next = await readChunk(chunks)) yield* rows.feed(next.value);
    yield* rows.end();
    yield { type: "end", signed: rows.signed() };
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
/** The last line of a signed file: the signature of every byte before this line. */
const SIGNATURE_LINE = /^"signature"\s*:\s*"([^"\\]*)"\s*\}$/;

/**
 * The lines after the head, as the writer lays them out:
 *   "<table>":[
 *   {<row>},
 *   {<row>}],
 *   "<table>":[],
 *   },
 *   "signature":"hmac-sha256:<hex>"}
 * (a file made before backups were signed ends with `}}` instead of the last two lines.) Each row line is
 * checked to be an object's text ({...}) nested no deeper than the limit; Postgres checks the JSON inside
 * when it inserts the batch. Lines are split per chunk synchronously; only the rows of the batch being built
 * are kept, and a line being cut across chunks is kept as its parts until its end arrives.
 */
class RowLines {
  private carry: Buffer[] = [];
  private carryBytes = 0;
  private table: string | null = null;
  private tablesClosed = false;
  private ended = false;
  private line = 1;
  private rows: Buffer[] = [];
  private rowBytes = 0;
  private readonly rowsOfTable = new Map<string, number>();
  private readonly hmac: Hmac | null;
  /** Set once the signature line is read: the bytes before it are all hashed. */
  private signature: string | null = null;

  constructor(secret: string | null) {
    this.hmac = secret === null ? null : createHmac("sha256", secret);
  }

  /** Bytes the signature covers (everything before the signature line). */
  hash(bytes: Buffer) {
    if (this.signature === null) this.hmac?.update(bytes);
  }

  signed(): boolean {
    if (!this.hmac || this.signature === null || !this.signature.startsWith(SIGNATURE_PREFIX)) return false;
    const expected = this.hmac.digest();
    const given = Buffer.from(this.signature.slice(SIGNATURE_PREFIX.length), "hex");
    return given.length === expected.length && timingSafeEqual(given, expected);
  }

  *feed(chunk: Buffer): Generator<RowsBatch> {
    let start = 0;
    let hashed = 0;
    let newline = chunk.indexOf(NEWLINE);
    if (newline !== -1 && this.carry.length > 0) {
      const first = Buffer.concat([...this.carry, chunk.subarray(0, newline)]);
      // After the tables' end, the line is the signature's: not hashed.
      if (!this.tablesClosed) {
        this.hash(first);
        this.hash(chunk.subarray(newline, newline + 1));
      }
      this.carry = [];
      this.carryBytes = 0;
      start = hashed = newline + 1;
      yield* this.take(first);
      newline = chunk.indexOf(NEWLINE, start);
    }
    for (; newline !== -1; newline = chunk.indexOf(NEWLINE, start)) {
      const line = chunk.subarray(start, newline);
      // The signature line is not hashed: hash up to it before reading it.
      if (this.signature === null && this.tablesClosed) {
        this.hash(chunk.subarray(hashed, start));
        hashed = start;
      }
      yield* this.take(line);
      start = newline + 1;
    }
    this.hash(chunk.subarray(hashed, start));
    if (start < chunk.length) {
      const rest = chunk.subarray(start);
      this.carry.push(rest);
      this.carryBytes += rest.length;
      if (this.carryBytes > LINE_MAX_BYTES)
        throw unprocessable(
          `The backup has a line longer than ${inMegabytes(LINE_MAX_BYTES)} at line ${this.line + 1}; this site restores lines (rows) up to that size.`,
        );
    }
  }

  *end(): Generator<RowsBatch> {
    const last = this.carry.length > 0 ? Buffer.concat(this.carry) : null;
    this.carry = [];
    // A last line inside a table is cut off (a whole file ends with its closing brackets).
    if (last && this.table === null) yield* this.take(last);
    if (!this.ended)
      throw unprocessable(
        `The backup file is incomplete: it ends ${this.table ? `inside the rows of ${this.table}` : "before its closing brackets"}.`,
      );
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
    const row = line.subarray(0, end);
    if (nestsDeeperThan(row, READ_LIMITS.rowDepth)) throw nestedTooDeep(`line ${this.line} (a row of ${this.table})`);
    const count = (this.rowsOfTable.get(this.table) ?? 0) + 1;
    if (count > READ_LIMITS.rowsPerTable) throw tooManyRows(this.table);
    this.rowsOfTable.set(this.table, count);
    this.rows.push(row);
    this.rowBytes += row.length;
    if (this.rows.length >= BATCH_ROWS || this.rowBytes >= READ_LIMITS.batchBytes) yield* this.flush();
    if (closesTable) {
      yield* this.flush();
      this.table = null;
    }
  }

  private takeOutsideTable(text: string) {
    if (this.tablesClosed) {
      const signature = SIGNATURE_LINE.exec(text);
      if (!signature) throw this.refusal("a line that is not the backup's signature");
      this.signature = signature[1]!;
      this.ended = true;
      return;
    }
    if (text === "}}") {
      this.ended = true;
      return;
    }
    if (text === "},") {
      this.tablesClosed = true;
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
    const rows = this.rows;
    this.rows = [];
    this.rowBytes = 0;
    yield { type: "rows", table: this.table!, count: rows.length, json: Buffer.concat(parts).toString("utf8") };
  }

  private refusal(what: string) {
    return unprocessable(`The backup file could not be read: line ${this.line} holds ${what}.`);
  }
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPENERS = [0x7b, 0x5b];

/**
 * Whether a row's text nests objects and lists deeper than `limit`. Most rows hold a handful of brackets:
 * when they are fewer than the limit (counted with the native indexOf) they cannot nest deeper, and the
 * row is not scanned byte by byte.
 */
function nestsDeeperThan(row: Buffer, limit: number): boolean {
  let openers = 0;
  for (const opener of OPENERS) {
    for (let at = row.indexOf(opener); at !== -1 && openers <= limit; at = row.indexOf(opener, at + 1)) openers += 1;
  }
  if (openers <= limit) return false;
  let depth = 0;
  let inString = false;
  for (let at = 0; at < row.length; at += 1) {
    const byte = row[at]!;
    if (inString) {
      if (byte === BACKSLASH) at += 1;
      else if (byte === QUOTE) inString = false;
    } else if (byte === QUOTE) inString = true;
    else if (byte === 0x7b || byte === 0x5b) {
      depth += 1;
      if (depth > limit) return true;
    } else if (byte === 0x7d || byte === 0x5d) depth -= 1;
  }
  return false;
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
