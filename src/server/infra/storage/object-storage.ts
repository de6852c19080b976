import type { Readable } from "node:stream";

/**
 * Where the site keeps files (uploaded images, site assets, backups): a local folder under DATA_DIR by
 * default, or an S3-compatible bucket. Keys are relative, slash-separated paths such as
 * `images/<userId>/<imageId>/full.webp`; a driver refuses any other shape (see assertStorageKey).
 */
export type StoredObjectInfo = {
  key: string;
  size: number;
  contentType: string;
  /** Quoted, as sent in the ETag header. */
  etag: string;
  lastModified: Date;
};

export type StoredObject = StoredObjectInfo & { body: Readable };

export type ObjectStorage = {
  readonly driver: "local" | "s3";
  /** Writes the whole stream under the key, replacing what was there; readers never see half a file. */
  put(key: string, body: Readable | Buffer, options: { contentType: string }): Promise<StoredObjectInfo>;
  /** The object and a stream of its bytes, or null when there is none. */
  get(key: string): Promise<StoredObject | null>;
  head(key: string): Promise<StoredObjectInfo | null>;
  /** Removes the object; removing a missing key is no error. */
  delete(key: string): Promise<void>;
  /** Every object whose key starts with the prefix, in key order. */
  list(prefix: string): Promise<StoredObjectInfo[]>;
  /** For the status banner: the storage answers and accepts a write. Throws with the reason otherwise. */
  probe(): Promise<string>;
};

/** The storage service failed or could not be reached; the message says which storage and why. */
export class StorageUnavailableError extends Error {}

/** A key, prefix or content type that no driver accepts: a bug in the caller, never a storage outage. */
export class StorageInputError extends Error {}

const MAX_KEY_LENGTH = 512;
const KEY_SEGMENT = /^[A-Za-z0-9._-]+$/;

/**
 * Refuses any key that is not a relative, slash-separated path of plain segments, so that no key can
 * climb out of the storage folder or mean different objects on different drivers. Callers build keys
 * from ids they made; this is the last guard.
 */
export function assertStorageKey(key: string): void {
  if (typeof key !== "string" || key.length === 0) throw new StorageInputError("A storage key must not be empty");
  if (key.length > MAX_KEY_LENGTH) throw new StorageInputError(`A storage key must be at most ${MAX_KEY_LENGTH} characters`);
  const bad = (reason: string) => new StorageInputError(`Refused storage key ${JSON.stringify(key)}: ${reason}`);
  if (key.startsWith("/")) throw bad("it must be relative (no leading slash)");
  if (key.includes("\\")) throw bad("backslashes are not allowed");
  for (const segment of key.split("/")) {
    if (segment === "") throw bad("it has an empty segment");
    if (segment === "." || segment === "..") throw bad("`.` and `..` segments are not allowed");
    if (!KEY_SEGMENT.test(segment)) throw bad("segments may hold only letters, digits, `.`, `_` and `-`");
  }
}

/** Whether the name could have been written through a driver; listing skips what something else put there. */
export function isStorageKey(key: string): boolean {
  try {
    assertStorageKey(key);
    return true;
  } catch {
    return false;
  }
}

/** A list prefix: empty (everything) or the start of a key, possibly ending with a slash. */
export function assertStoragePrefix(prefix: string): void {
  if (prefix === "") return;
  assertStorageKey(prefix.endsWith("/") ? prefix.slice(0, -1) : prefix);
}

const CONTENT_TYPE = /^[A-Za-z0-9!#$&^_.+-]+\/[A-Za-z0-9!#$&^_.+-]+(\s*;\s*[A-Za-z0-9!#$&^_.+-]+=[A-Za-z0-9!#$&^_.+-]+)*$/;

/** A content type is stored and later sent as a header: it must be a plain media type of sane length. */
export function assertContentType(contentType: string): void {
  if (contentType.length > 200 || !CONTENT_TYPE.test(contentType)) {
    throw new StorageInputError(
      `Refused content type ${JSON.stringify(contentType.slice(0, 60))}: expected a media type such as image/webp`,
    );
  }
}
