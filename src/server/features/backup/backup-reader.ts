import type { Readable } from "node:stream";
import Assembler from "stream-json/assembler.js";
import { parser } from "stream-json/parser.js";
import { BACKUP_FORMAT, BACKUP_FORMAT_VERSION } from "../../../common/backup";
import { DomainError, unprocessable } from "../../infra/errors";
import type { BackupMeta } from "./backup-writer";

export type BackupRow = Record<string, unknown>;
export type BackupFileEvent = { type: "meta"; meta: BackupMeta } | { type: "rows"; table: string; rows: BackupRow[] };

/** Rows handed on at once: one INSERT each on restore. */
const BATCH_ROWS = 1_000;

const NOT_A_BACKUP = "This file is not a backup of this site (expected a brand-backup-....json file made by Backup Data).";

type Token = { name: string; value?: unknown };

/**
 * Reads a backup file as it streams in (stream-json tokens; only one batch of rows is in memory at a time):
 * first its meta, after checking the format and version, then its rows by table in batches. Throws a
 * 422 with a clear message for a file of another kind or version, or a broken one.
 */
export async function* readBackupFile(source: Readable): AsyncGenerator<BackupFileEvent> {
  const tokens = source.pipe(parser.asStream({ packValues: true, streamValues: false }));
  source.on("error", (error) => tokens.destroy(error));
  const header: { format?: unknown; version?: unknown } = {};
  let meta: BackupMeta | null = null;
  // Where we are: the root object's key, the table whose array we are in, the row being assembled.
  let depth = 0;
  let rootKey: string | null = null;
  let table: string | null = null;
  let rows: BackupRow[] = [];
  let assembler: Assembler | null = null;

  try {
    for await (const token of tokens as AsyncIterable<Token>) {
      if (assembler) {
        assembler.consume(token as never);
        if (!assembler.done) continue;
        const value = assembler.current;
        assembler = null;
        if (depth === 1) {
          // The meta, or a field this version does not know (skipped).
          if (rootKey === "meta") {
            meta = checkedMeta(header, value);
            yield { type: "meta", meta };
          }
        } else {
          if (!isObject(value)) throw unprocessable(`A row of ${table} is not an object`);
          rows.push(value);
          if (rows.length >= BATCH_ROWS) {
            yield { type: "rows", table: table!, rows };
            rows = [];
          }
        }
        continue;
      }
      switch (token.name) {
        case "startObject":
        case "startArray":
          if (depth === 0 && token.name !== "startObject") throw unprocessable(NOT_A_BACKUP);
          if ((depth === 1 && rootKey !== "tables") || depth === 3) {
            assembler = new Assembler();
            assembler.consume(token as never);
            continue;
          }
          if (depth === 1 && rootKey === "tables" && token.name !== "startObject") throw unprocessable(NOT_A_BACKUP);
          if (depth === 2 && token.name !== "startArray") throw unprocessable(`The rows of ${table} must be a list`);
          if (depth === 1 && rootKey === "tables" && !meta) throw unprocessable(NOT_A_BACKUP);
          depth += 1;
          break;
        case "endObject":
        case "endArray":
          depth -= 1;
          if (depth === 2 && rows.length > 0) {
            yield { type: "rows", table: table!, rows };
            rows = [];
          }
          break;
        case "keyValue":
          if (depth === 1) rootKey = String(token.value);
          if (depth === 2 && rootKey === "tables") table = String(token.value);
          break;
        case "stringValue":
        case "numberValue":
        case "trueValue":
        case "falseValue":
        case "nullValue":
          if (depth === 1 && (rootKey === "format" || rootKey === "version")) header[rootKey] = token.value;
          if (depth === 3) throw unprocessable(`A row of ${table} is not an object`);
          break;
      }
    }
  } catch (error) {
    if (error instanceof Error && !(error instanceof DomainError)) throw unprocessable(`The backup file could not be read: ${error.message}`);
    throw error;
  }
  if (!meta) throw unprocessable(NOT_A_BACKUP);
}

function checkedMeta(header: { format?: unknown; version?: unknown }, value: unknown): BackupMeta {
  if (header.format !== BACKUP_FORMAT) throw unprocessable(NOT_A_BACKUP);
  const version = Number(header.version);
  if (version !== BACKUP_FORMAT_VERSION) {
    throw unprocessable(
      `This backup file has schema version ${String(header.version)}; this site restores version ${BACKUP_FORMAT_VERSION} backups only. Restore it with the version of the site that made it.`,
    );
  }
  if (!isObject(value) || !Array.isArray(value.categories) || !isObject(value.counts)) throw unprocessable(NOT_A_BACKUP);
  return value as unknown as BackupMeta;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);
