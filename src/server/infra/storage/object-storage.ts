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
