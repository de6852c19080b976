import { randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { FastifyRequest } from "fastify";
import { DomainError, invalid, payloadTooLarge, unsupportedMediaType } from "./errors";
import { keepWhileBytesArrive } from "./request-deadline";

/** The multipart limits of a one-file form: the file's size is the caller's, the text fields stay small. */
export const singleFileLimits = (maxFileBytes: number) => ({
  files: 1,
  fileSize: maxFileBytes,
  fields: 8,
  fieldSize: 16 * 1024,
  fieldNameSize: 100,
  parts: 10,
  headerPairs: 20,
});

/**
 * Where uploads wait on disk while they are checked and re-encoded: under DATA_DIR, beside the data. A server
 * killed meanwhile leaves its files there; the spool sweeper (upload-spool-sweeper.ts) removes them.
 */
export const uploadSpoolDir = (dataDir: string) => path.join(dataDir, "tmp", "uploads");
/** The ending of every spooled file's name (the sweeper removes nothing else). */
export const SPOOL_FILE_SUFFIX = ".upload";

export type SpooledUpload = {
  /** The received file on disk; removed by `discard`. */
  path: string;
  size: number;
  filename: string;
  fields: Record<string, string>;
  /** Reads the file (again), first marking it in use, so that the spool sweeper leaves it alone. */
  open(): Promise<Readable>;
  discard(): Promise<void>;
};

/**
 * Reads a multipart form holding one file in the field `fileField` and a few text fields. The file is
 * written to a temp file in `spoolDir` as it arrives, not held in memory: uploads waiting for their turn
 * at image work then cost disk, not RAM. The plugin's limit errors become clear domain errors; the caller
 * calls `discard` when done (on failure the temp file is already gone). Call it once the sender is allowed
 * to upload: from then on the body may take as long as it keeps arriving (keepWhileBytesArrive).
 */
export async function spoolSingleFileUpload(
  request: FastifyRequest,
  options: { fileField: string; tooLargeMessage: string; spoolDir: string },
): Promise<SpooledUpload> {
  keepWhileBytesArrive(request);
  const fields: Record<string, string> = {};
  let file: { path: string; size: number; filename: string } | undefined;
  const spooled: string[] = [];
  const discard = async () => {
    await Promise.all(spooled.map((file) => fs.promises.rm(file, { force: true })));
  };
  try {
    for await (const part of request.parts()) {
      if (part.type === "file") {
        if (part.fieldname !== options.fileField) throw invalid(`Send the file in the "${options.fileField}" field`);
        await fs.promises.mkdir(options.spoolDir, { recursive: true });
        const target = path.join(options.spoolDir, `${randomUUID()}${SPOOL_FILE_SUFFIX}`);
        spooled.push(target);
        await pipeline(part.file, fs.createWriteStream(target));
        if (part.file.truncated) throw payloadTooLarge(options.tooLargeMessage);
        file = { path: target, size: (await fs.promises.stat(target)).size, filename: part.filename };
      } else {
        if (part.valueTruncated) throw invalid(`The ${part.fieldname} field is too long`);
        fields[part.fieldname] = String(part.value);
      }
    }
    if (!file) throw invalid(`Choose a file to upload (the "${options.fileField}" field)`);
    if (file.size === 0) throw invalid("The file is empty");
  } catch (error) {
    await discard();
    throw multipartError(error, options.tooLargeMessage);
  }
  const { path: spooledPath } = file;
  const open = async () => {
    const now = new Date();
    await fs.promises.utimes(spooledPath, now, now);
    return fs.createReadStream(spooledPath);
  };
  return { ...file, fields, open, discard };
}

function multipartError(error: unknown, tooLargeMessage: string): unknown {
  if (error instanceof DomainError) return error;
  switch ((error as { code?: unknown }).code) {
    case "FST_REQ_FILE_TOO_LARGE":
      return payloadTooLarge(tooLargeMessage);
    case "FST_FILES_LIMIT":
      return invalid("Send one file per request");
    case "FST_FIELDS_LIMIT":
    case "FST_PARTS_LIMIT":
      return invalid("The form has too many fields");
    case "FST_INVALID_MULTIPART_CONTENT_TYPE":
      return unsupportedMediaType("Send the file as multipart/form-data");
    default:
      return error;
  }
}
