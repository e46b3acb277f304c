import { randomBytes } from "node:crypto";
import { access, mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { PUBLIC_UPLOADS_PREFIX } from "./image-urls";

/** Where uploaded and generated files live; keys are relative paths like "products/abc.webp". */
export interface FileStorage {
  /** Stores the bytes under key (replacing any previous file) and returns the public URL. */
  put(key: string, data: Buffer): Promise<string>;
  exists(key: string): Promise<boolean>;
  /** The stored bytes; rejects when there is no file under key. */
  read(key: string): Promise<Buffer>;
  /** Removes the file under key; a key with no file is not an error. */
  delete(key: string): Promise<void>;
}

const SAFE_KEY = /^[a-z0-9_.-]+(\/[a-z0-9_.-]+)*$/;

export class InvalidStorageKeyError extends Error {
  constructor(key: string) {
    super(`Invalid storage key: ${JSON.stringify(key)}`);
  }
}

/** Throws unless key is a plain relative path of lower-case letters, digits, "/", "_", "." and "-". */
export function assertValidKey(key: string): void {
  const segments = key.split("/");
  if (!SAFE_KEY.test(key) || segments.some((s) => s === "." || s.includes(".."))) {
    throw new InvalidStorageKeyError(key);
  }
}

export function publicUrlFor(key: string): string {
  assertValidKey(key);
  return PUBLIC_UPLOADS_PREFIX + key;
}

export function createLocalStorage(uploadsDir: string): FileStorage {
  const root = path.resolve(uploadsDir);
  const fileFor = (key: string) => {
    assertValidKey(key);
    return path.join(root, ...key.split("/"));
  };

  return {
    async put(key, data) {
      const target = fileFor(key);
      await mkdir(path.dirname(target), { recursive: true });
      // Readers never see a half-written file: write beside the target, then rename over it.
      const temp = `${target}.${randomBytes(6).toString("hex")}.tmp`;
      try {
        await writeFile(temp, data);
        await rename(temp, target);
      } catch (error) {
        await rm(temp, { force: true });
        throw error;
      }
      return publicUrlFor(key);
    },
    async exists(key) {
      try {
        await access(fileFor(key));
        return true;
      } catch {
        return false;
      }
    },
    read(key) {
      return readFile(fileFor(key));
    },
    async delete(key) {
      await rm(fileFor(key), { force: true });
    },
  };
}
