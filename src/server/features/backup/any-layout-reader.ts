import type { Readable } from "node:stream";
import Assembler from "stream-json/assembler.js";
import { parser } from "stream-json/parser.js";
import { DomainError, unprocessable } from "../../infra/errors";
import { BATCH_ROWS, checkedMeta, isObject, NOT_A_BACKUP, type BackupFileEvent } from "./backup-file";
import type { BackupMeta } from "./backup-writer";

type BackupRow = Record<string, unknown>;

/** Batches parsed ahead while the database writes the current one; the file is paused beyond that. */
const READ_AHEAD = 2;

type Token = { name: string; value?: unknown };

/**
 * Reads a backup file of any JSON layout (one that was reformatted, say) as it streams in, with stream-json
 * tokens: only a few batches of rows are in memory at a time. About a tenth of the speed of the layout the
 * site writes (backup-reader.ts), which is why that one has its own reader.
 *
 * Tokens are taken from 'data' events rather than an async iterator (several times faster at a million
 * rows), into a short queue that pauses the file while the consumer is behind.
 */
export async function* readAnyLayout(source: Readable): AsyncGenerator<BackupFileEvent> {
  const tokens = source.pipe(parser.asStream({ packValues: true, streamValues: false }));
  const queue: BackupFileEvent[] = [];
  const state = { failure: undefined as unknown, ended: false, wake: () => {} };
  const consume = tokenConsumer((event) => {
    queue.push(event);
    if (queue.length >= READ_AHEAD) tokens.pause();
    state.wake();
  });
  const fail = (error: unknown) => {
    state.failure ??= error instanceof DomainError ? error : unprocessable(`The backup file could not be read: ${error instanceof Error ? error.message : String(error)}`);
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
}

/**
 * The file's structure as a state machine over tokens: `{"format", "version", "meta": {...}, "tables":
 * {"<table>": [<row>, ...]}}`. Rows and the meta are assembled into objects; anything else is skipped.
 */
function tokenConsumer(emit: (event: BackupFileEvent) => void): (token: Token) => void {
  const header: { format?: unknown; version?: unknown } = {};
  let meta: BackupMeta | null = null;
  let depth = 0;
  let rootKey: string | null = null;
  let table: string | null = null;
  let rows: BackupRow[] = [];
  let assembler: Assembler | null = null;

  const flush = () => {
    if (rows.length === 0) return;
    emit({ type: "rows", table: table!, count: rows.length, json: JSON.stringify(rows) });
    rows = [];
  };

  return (token) => {
    if (assembler) {
      assembler.consume(token as never);
      if (!assembler.done) return;
      const value = assembler.current;
      assembler = null;
      if (depth === 1) {
        // The meta, or a field this version does not know (skipped).
        if (rootKey !== "meta") return;
        meta = checkedMeta(header, value);
        emit({ type: "meta", meta });
        return;
      }
      if (!isObject(value)) throw unprocessable(`A row of ${table} is not an object`);
      rows.push(value);
      if (rows.length >= BATCH_ROWS) flush();
      return;
    }
    switch (token.name) {
      case "startObject":
      case "startArray":
        if (depth === 0 && token.name !== "startObject") throw unprocessable(NOT_A_BACKUP);
        if ((depth === 1 && rootKey !== "tables") || depth === 3) {
          assembler = new Assembler();
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
        if (depth === 2) table = String(token.value);
        return;
      default:
        // A primitive value: the format and version, or a row that is not an object.
        if (depth === 1 && (rootKey === "format" || rootKey === "version")) header[rootKey] = token.value;
        if (depth === 3) throw unprocessable(`A row of ${table} is not an object`);
    }
  };
}
