import { createHash, randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import { mapLimited } from "./map-limited";
import {
  assertContentType,
  assertStorageKey,
  assertStoragePrefix,
  isStorageKey,
  type ObjectStorage,
  type StoredObject,
  type StoredObjectInfo,
  StorageUnavailableError,
} from "./object-storage";

/** Below this much free space the status banner reports storage as degraded. */
export const STORAGE_MIN_FREE_BYTES = 512 * 1024 * 1024;

/**
 * Each object is one file: a fixed-size header (content type and ETag as padded JSON), then the bytes.
 * Keeping the header inside the file means one rename replaces type, ETag and bytes together, so a reader
 * never pairs new bytes with an old type the way a sidecar file written by a second rename could.
 */
const HEADER_BYTES = 512;
const FORMAT = "lab-object/1";
type Header = { format: typeof FORMAT; contentType: string; etag: string };

/** Temp files carry a `~`, which no key may hold, so listing (which skips non-keys) never mistakes one for an object. */
const TEMP_MARK = "~";

const gigabytes = (bytes: number) => `${(bytes / 1024 ** 3).toFixed(1)} GB`;

function encodeHeader(header: Header): Buffer {
  const json = JSON.stringify(header);
  if (Buffer.byteLength(json) >= HEADER_BYTES) throw new Error("The object header is too long");
  return Buffer.from(json.padEnd(HEADER_BYTES - 1, " ") + "\n");
}

function decodeHeader(bytes: Buffer, file: string): Header {
  try {
    const header = JSON.parse(bytes.toString("utf8")) as Partial<Header>;
    if (header.format === FORMAT && typeof header.contentType === "string" && typeof header.etag === "string") {
      return header as Header;
    }
  } catch {
    // Reported below with the file's name.
  }
  throw new Error(`${file} is not a stored object (its header is missing or damaged)`);
}

/** An error of the file system itself (no room, no rights, a broken disk), as opposed to one of the caller's body. */
const isFileSystemError = (error: unknown): error is NodeJS.ErrnoException => typeof (error as NodeJS.ErrnoException).syscall === "string";

const isMissing = (error: unknown) => {
  const code = (error as NodeJS.ErrnoException).code;
  return code === "ENOENT" || code === "ENOTDIR" || code === "EISDIR";
};

export type LocalStorageOptions = {
  /** The folder that holds the objects, such as `${DATA_DIR}/storage`. */
  root: string;
  minFreeBytes?: number;
};

export function createLocalStorage({ root, minFreeBytes = STORAGE_MIN_FREE_BYTES }: LocalStorageOptions): ObjectStorage {
  const unavailable = (action: string, error: NodeJS.ErrnoException) =>
    new StorageUnavailableError(`Storage (local folder ${root}) could not ${action}: ${error.message}`, { cause: error });

  const fileOf = (key: string) => {
    assertStorageKey(key);
    return path.join(root, ...key.split("/"));
  };

  async function readInfo(handle: fs.FileHandle, key: string, file: string): Promise<StoredObjectInfo> {
    const stat = await handle.stat();
    if (!stat.isFile()) throw Object.assign(new Error(`${file} is not a file`), { code: "EISDIR" });
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(HEADER_BYTES), 0, HEADER_BYTES, 0);
    const header = decodeHeader(buffer.subarray(0, bytesRead), file);
    return { key, size: stat.size - HEADER_BYTES, contentType: header.contentType, etag: header.etag, lastModified: stat.mtime };
  }

  /** Opens the object's file, or null when the key holds nothing. */
  async function open(key: string): Promise<{ handle: fs.FileHandle; info: StoredObjectInfo } | null> {
    const file = fileOf(key);
    let handle: fs.FileHandle;
    try {
      handle = await fs.open(file, "r");
    } catch (error) {
      if (isMissing(error)) return null;
      throw isFileSystemError(error) ? unavailable(`read ${key}`, error) : error;
    }
    try {
      return { handle, info: await readInfo(handle, key, file) };
    } catch (error) {
      await handle.close();
      if (isMissing(error)) return null;
      throw error;
    }
  }

  /** Creates the temp file beside the target; retries if a concurrent delete pruned the folder meanwhile. */
  async function openTemp(key: string, file: string): Promise<{ handle: fs.FileHandle; temp: string }> {
    await fs.mkdir(root, { recursive: true });
    for (let attempt = 1; ; attempt += 1) {
      await fs.mkdir(path.dirname(file), { recursive: true }).catch((error: NodeJS.ErrnoException) => {
        // S3 lets `a` and `a/b` both be objects; a folder tree cannot.
        if (error.code === "EEXIST" || error.code === "ENOTDIR")
          throw new Error(`Cannot store ${key}: a folder on its path is already an object`, { cause: error });
        throw error;
      });
      const temp = `${file}${TEMP_MARK}${randomBytes(6).toString("hex")}.tmp`;
      try {
        return { handle: await fs.open(temp, "wx"), temp };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== "ENOENT" || attempt >= 3) throw error;
      }
    }
  }

  async function head(key: string): Promise<StoredObjectInfo | null> {
    const opened = await open(key);
    if (!opened) return null;
    await opened.handle.close();
    return opened.info;
  }

  async function syncFolder(folder: string) {
    const handle = await fs.open(folder, "r");
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
  }

  /** Temp file in the target's folder, synced, then renamed over the target: readers see the old file or the new one. */
  async function writeAtomically(key: string, file: string, body: Readable | Buffer, contentType: string): Promise<StoredObjectInfo> {
    const { handle, temp } = await openTemp(key, file);
    try {
      const hash = createHash("md5");
      let position = HEADER_BYTES;
      const chunks: AsyncIterable<Buffer | string> | Buffer[] = Buffer.isBuffer(body) ? [body] : (body as Readable);
      for await (const chunk of chunks) {
        const bytes = typeof chunk === "string" ? Buffer.from(chunk) : chunk;
        hash.update(bytes);
        await handle.write(bytes, 0, bytes.length, position);
        position += bytes.length;
      }
      const etag = `"${hash.digest("hex")}"`;
      await handle.write(encodeHeader({ format: FORMAT, contentType, etag }), 0, HEADER_BYTES, 0);
      await handle.sync();
      const stat = await handle.stat();
      await handle.close();
      await fs.rename(temp, file).catch((error: NodeJS.ErrnoException) => {
        if (error.code === "EISDIR") throw new Error(`Cannot store ${key}: it is a folder of other objects`, { cause: error });
        throw error;
      });
      await syncFolder(path.dirname(file));
      return { key, size: position - HEADER_BYTES, contentType, etag, lastModified: stat.mtime };
    } catch (error) {
      await handle.close().catch(() => undefined);
      await fs.rm(temp, { force: true });
      throw error;
    }
  }

  /** Removes folders the last object of which was deleted, up to the root. */
  async function pruneEmptyFolders(folder: string) {
    while (folder.startsWith(root + path.sep)) {
      try {
        await fs.rmdir(folder);
      } catch {
        return; // not empty (or already gone): stop climbing
      }
      folder = path.dirname(folder);
    }
  }

  async function walk(folder: string, prefix: string, found: string[]) {
    let entries;
    try {
      entries = await fs.readdir(folder, { withFileTypes: true });
    } catch (error) {
      if (isMissing(error)) return;
      throw isFileSystemError(error) ? unavailable(`list ${prefix || "the folder"}`, error) : error;
    }
    for (const entry of entries) {
      const key = path.relative(root, path.join(folder, entry.name)).split(path.sep).join("/");
      if (entry.isDirectory()) {
        if (key.startsWith(prefix) || prefix.startsWith(`${key}/`)) await walk(path.join(folder, entry.name), prefix, found);
      } else if (entry.isFile() && key.startsWith(prefix) && isStorageKey(key)) {
        found.push(key);
      }
    }
  }

  return {
    driver: "local",

    async put(key, body, { contentType }) {
      const file = fileOf(key);
      assertContentType(contentType);
      try {
        return await writeAtomically(key, file, body, contentType);
      } catch (error) {
        throw isFileSystemError(error) ? unavailable(`write ${key}`, error) : error;
      }
    },

    async get(key): Promise<StoredObject | null> {
      const opened = await open(key);
      if (!opened) return null;
      // The stream reads from the open file, so a concurrent overwrite (a rename) cannot change its bytes.
      const body = opened.handle.createReadStream({ start: HEADER_BYTES, autoClose: true });
      return { ...opened.info, body };
    },

    head,

    async delete(key) {
      const file = fileOf(key);
      await fs.rm(file, { force: true }).catch((error: unknown) => {
        throw isFileSystemError(error) ? unavailable(`delete ${key}`, error) : error;
      });
      await pruneEmptyFolders(path.dirname(file));
    },

    async list(prefix) {
      assertStoragePrefix(prefix);
      const folder = path.join(root, ...prefix.split("/").slice(0, -1));
      const keys: string[] = [];
      await walk(folder, prefix, keys);
      const infos = await mapLimited(keys.sort(), 16, head);
      return infos.filter((info): info is StoredObjectInfo => info !== null);
    },

    async probe() {
      await fs.mkdir(root, { recursive: true });
      const probe = path.join(root, `${TEMP_MARK}write-check-${process.pid}-${randomBytes(4).toString("hex")}`);
      await fs.writeFile(probe, "ok");
      await fs.rm(probe, { force: true });
      const { bavail, bsize } = await fs.statfs(root);
      const free = bavail * bsize;
      if (free < minFreeBytes) throw new Error(`Only ${gigabytes(free)} free on the data disk`);
      return `${gigabytes(free)} free on the data disk`;
    },
  };
}
