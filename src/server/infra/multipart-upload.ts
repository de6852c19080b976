import type { FastifyRequest } from "fastify";
import { DomainError, invalid, payloadTooLarge, unsupportedMediaType } from "./errors";

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

export type SingleFileUpload = { bytes: Buffer; filename: string; fields: Record<string, string> };

/**
 * Reads a multipart form holding one file in the field `fileField` and a few text fields, into memory
 * (the caller's size limit bounds it). The plugin's limit errors become clear domain errors.
 */
export async function readSingleFileUpload(
  request: FastifyRequest,
  options: { fileField: string; tooLargeMessage: string },
): Promise<SingleFileUpload> {
  const fields: Record<string, string> = {};
  let file: { bytes: Buffer; filename: string } | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type === "file") {
        if (part.fieldname !== options.fileField) throw invalid(`Send the file in the "${options.fileField}" field`);
        file = { bytes: await part.toBuffer(), filename: part.filename };
      } else {
        if (part.valueTruncated) throw invalid(`The ${part.fieldname} field is too long`);
        fields[part.fieldname] = String(part.value);
      }
    }
  } catch (error) {
    throw multipartError(error, options.tooLargeMessage);
  }
  if (!file) throw invalid(`Choose a file to upload (the "${options.fileField}" field)`);
  if (file.bytes.length === 0) throw invalid("The file is empty");
  return { ...file, fields };
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
