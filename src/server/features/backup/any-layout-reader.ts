import type { Readable } from "node:stream";
import Assembler from "stream-json/assembler.js";
import { parser } from "stream-json/parser.js";
import { DomainError, unprocessable } from "#server/infra/errors.ts";
import {
  BATCH_ROWS,
  checkedMeta,
  inMegabytes,
  isObject,
  nestedTooDeep,
  NOT_A_BACKUP,
  READ_LIMITS,
  tooManyRows,
  valueTooLarge,
  type BackupFileEvent,
} from "./backup-file";
import type { BackupMeta } from "./backup-writer";

type BackupRow = Record<string, unknown>;

/** Batches parsed ahead while the database writes the current one; the file is paused beyond that. */
const READ_AHEAD = 2;

type Token = { name: string; value?: unknown };

/**
 * Reads a backup file of any JSON layout (one that was reformatted, say) as it streams in, with stream-json
 * tokens: only a few batches of rows are in memory at a time, and the same limits as the line reader hold
 * (READ_LIMITS): strings, keys and numbers arrive in chunks and are refused as soon as one grows past the
 * value limit, before it is held whole; rows and the head have a size limit, nesting a depth limit. Such a
 * file is never signed (a signature covers the writer's bytes, which reformatting changed). About a tenth of the speed of the layout the
 * site writes (backup-reader.ts), which is why that one has its own reader.
 *
 * Tokens are taken from 'data' events rather than an async iterator (several times faster at a million
 * rows), into a short queue that pauses the file while the consumer is behind.
 */
export async function* readAnyLayout(source: Readable): AsyncGenerator<BackupFileEvent> {
  // Values are streamed in chunks (not packed by the parser) so that their size is known before they are whole.
  const tokens = source.pipe(parser.asStream({ packValues: false, streamValues: true }));
  const queue: BackupFileEvent[] = [];
  const state = { failure: undefined as unknown, ended: false, wake: () => {} };
  const consume = tokenConsumer((event) => {
    queue.push(event);
    if (queue.length >= READ_AHEAD) tokens.pause();
    state.wake();
  });
  const fail = (error: unknown) => {
    state.failure ??=
      error instanceof DomainError
        ? error
        : unprocessable(`The backup file could not be read: ${error instanceof Error ? error.message : String(error)}`);
    tokens.destroy();
    state.wake();
  };
  source.on("error", fail);
  tokens.on("error", fail);
  tokens.on("data", (token: Token) => {
    if (state.failure) return;
    try {
      consume(token);
    } catch (error) {
      fail(error);
    }
  });
  tokens.on("end", () => {
    state.ended = true;
    state.wake();
  });

  let sawMeta = false;
  try {
    for (;;) {
      const event = queue.shift();
      if (event) {
        if (queue.length < READ_AHEAD) tokens.resume();
        sawMeta ||= event.type === "meta";
        yield event;
        continue;
      }
      if (state.failure) throw state.failure;
      if (state.ended) break;
      await new Promise<void>((resolve) => (state.wake = resolve));
    }
  } finally {
    tokens.destroy();
  }
  if (!sawMeta) throw unprocessable(NOT_A_BACKUP);
  yield { type: "end", signed: false };
}

/** Levels above a row: the file's object, its tables, the table's list. */
const LEVELS_ABOVE_ROWS = 3;

/**
 * The file's structure as a state machine over tokens: `{"format", "version", "meta": {...}, "tables":
 * {"<table>": [<row>, ...]}}`. Rows and the meta are assembled into objects; anything else is skipped.
 * Chunked values are joined here, within the limits.
 */
function tokenConsumer(emit: (event: BackupFileEvent) => void): (token: Token) => void {
  const header: { format?: unknown; version?: unknown } = {};
  let meta: BackupMeta | null = null;
  let depth = 0;
  let nesting = 0;
  let rootKey: string | null = null;
  let table: string | null = null;
  let rows: BackupRow[] = [];
  let rowsBytes = 0;
  const rowsOfTable = new Map<string, number>();
  let assembler: Assembler | null = null;
  let assembledBytes = 0;
  let pieces: string[] = [];
  let pieceBytes = 0;

  const where = () => {
    if (depth >= 3 && table !== null) return `row ${(rowsOfTable.get(table) ?? 0) + 1} of ${table}`;
    return rootKey === null ? "the start of the file" : `the file's ${JSON.stringify(rootKey)}`;
  };

  const flush = () => {
    if (rows.length === 0) return;
    emit({ type: "rows", table: table!, count: rows.length, json: JSON.stringify(rows) });
    rows = [];
    rowsBytes = 0;
  };

  const packed = (token: Token): void => {
    if (assembler) {
      assembledBytes += typeof token.value === "string" ? token.value.length + 3 : 1;
      if (depth === 1 && assembledBytes > READ_LIMITS.headBytes) {
        throw unprocessable(
          `The backup's head (${where()}) is larger than ${inMegabytes(READ_LIMITS.headBytes)}; this site restores heads up to that size.`,
        );
      }
      if (depth === 3 && assembledBytes > READ_LIMITS.valueBytes) throw valueTooLarge(where());
      assembler.consume(token as never);
      if (!assembler.done) return;
      const value = assembler.current;
      assembler = null;
      if (depth === 1) {
        // The meta, or a field this version does not know (skipped).
        if (rootKey !== "meta") return;
        meta = checkedMeta(header, value);
        emit({ type: "meta", meta, layout: "any" });
        return;
      }
      if (!isObject(value)) throw unprocessable(`A row of ${table} is not an object`);
      const count = (rowsOfTable.get(table!) ?? 0) + 1;
      if (count > READ_LIMITS.rowsPerTable) throw tooManyRows(table!);
      rowsOfTable.set(table!, count);
      rows.push(value);
      rowsBytes += assembledBytes;
      if (rows.length >= BATCH_ROWS || rowsBytes >= READ_LIMITS.batchBytes) flush();
      return;
    }
    switch (token.name) {
      case "startObject":
      case "startArray":
        if (depth === 0 && token.name !== "startObject") throw unprocessable(NOT_A_BACKUP);
        if ((depth === 1 && rootKey !== "tables") || depth === 3) {
          assembler = new Assembler();
          assembledBytes = 1;
          assembler.consume(token as never);
          return;
        }
        if (depth === 1 && (token.name !== "startObject" || !meta)) throw unprocessable(NOT_A_BACKUP);
        if (depth === 2 && token.name !== "startArray") throw unprocessable(`The rows of ${table} must be a list`);
        depth += 1;
        return;
      case "endObject":
      case "endArray":
        depth -= 1;
        if (depth === 2) flush();
        return;
      case "keyValue":
        if (depth === 1) rootKey = String(token.value);
        if (depth === 2) {
          flush();
          table = String(token.value);
        }
        return;
      default:
        // A primitive value: the format and version, or a row that is not an object.
        if (depth === 1 && (rootKey === "format" || rootKey === "version")) header[rootKey] = token.value;
        if (depth === 3) throw unprocessable(`A row of ${table} is not an object`);
    }
  };

  return (token) => {
    switch (token.name) {
      case "startKey":
      case "startString":
      case "startNumber":
        pieces = [];
        pieceBytes = 0;
        return;
      case "stringChunk":
      case "numberChunk": {
        const piece = String(token.value);
        pieceBytes += piece.length;
        if (pieceBytes > READ_LIMITS.valueBytes) throw valueTooLarge(where());
        pieces.push(piece);
        return;
      }
      case "endKey":
      case "endString":
      case "endNumber": {
        const value = pieces.join("");
        pieces = [];
        packed({ name: token.name === "endKey" ? "keyValue" : token.name === "endString" ? "stringValue" : "numberValue", value });
        return;
      }
      case "startObject":
      case "startArray":
        nesting += 1;
        if (nesting > READ_LIMITS.rowDepth + LEVELS_ABOVE_ROWS) throw nestedTooDeep(where());
        packed(token);
        return;
      case "endObject":
      case "endArray":
        nesting -= 1;
        packed(token);
        return;
      default:
        packed(token);
    }
  };
}
