import type { StorageConfig } from "../../config";
import { createLocalStorage } from "./local-storage";
import type { ObjectStorage } from "./object-storage";
import { createS3Storage } from "./s3-storage";

export { assertStorageKey, StorageInputError, StorageUnavailableError } from "./object-storage";
export type { ObjectStorage, StoredObject, StoredObjectInfo } from "./object-storage";

export function createObjectStorage(config: StorageConfig): ObjectStorage {
  switch (config.driver) {
    case "local":
      return createLocalStorage({ root: config.root });
    case "s3":
      return createS3Storage(config);
  }
}
