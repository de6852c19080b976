import type { StorageConfig } from "#server/config.ts";
import { createLocalStorage } from "./local-storage";
import type { ObjectStorage } from "./object-storage";

export { assertStorageKey, StorageInputError, StorageUnavailableError } from "./object-storage";
export type { ObjectStorage, StoredObject, StoredObjectInfo } from "./object-storage";

/**
 * The S3 driver and its SDK (about 25 MB of resident memory) load only when S3 is configured: the local
 * driver's server stays within its memory budget.
 */
export async function createObjectStorage(config: StorageConfig): Promise<ObjectStorage> {
  switch (config.driver) {
    case "local":
      return createLocalStorage({ root: config.root });
    case "s3": {
      const { createS3Storage } = await import("./s3-storage");
      return createS3Storage(config);
    }
  }
}
