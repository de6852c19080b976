import type { StorageConfig } from "../../config";
import { createLocalStorage } from "./local-storage";
import type { ObjectStorage } from "./object-storage";

export { assertStorageKey, StorageInputError } from "./object-storage";
export type { ObjectStorage, StoredObject, StoredObjectInfo } from "./object-storage";

export function createObjectStorage(config: StorageConfig): ObjectStorage {
  switch (config.driver) {
    case "local":
      return createLocalStorage({ root: config.root });
    case "s3":
      throw new Error("The S3 storage driver is not built yet");
  }
}
