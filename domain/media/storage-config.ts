import { type S3Settings, createS3Storage } from "./s3-storage";
import { type FileStorage, createLocalStorage } from "./storage";

export interface StorageSettings {
  /** Local uploads folder (DATA_DIR/uploads). */
  uploadsDir: string;
  /** When set, files go to this S3-compatible bucket instead. */
  s3?: S3Settings;
}

const chosen = new WeakMap<StorageSettings, FileStorage>();

/** The storage the configuration asks for: the S3 bucket when configured, the local folder otherwise. One per configuration. */
export function fileStorageFor(settings: StorageSettings): FileStorage {
  let storage = chosen.get(settings);
  if (!storage) {
    storage = settings.s3 ? createS3Storage(settings.s3) : createLocalStorage(settings.uploadsDir);
    chosen.set(settings, storage);
  }
  return storage;
}
