/**
 * Pre-approval documents (ID cards and the like) and warranty claim photos are stored with the
 * other uploads but are never public: /uploads refuses their folders. Admins read documents
 * through /admin/preapproval-documents/<key>; a claim's buyer, its vendor and admins open its
 * photos through /claim-photos/<key>.
 */
import path from "node:path";
import { PUBLIC_UPLOADS_PREFIX } from "./image-urls";
import { type FileStorage, assertValidKey } from "./storage";

export const PREAPPROVAL_FOLDER = "preapproval";
export const PREAPPROVAL_DOCUMENTS_ROUTE = "/admin/preapproval-documents/";
export const CLAIM_PHOTOS_FOLDER = "claims";
export const CLAIM_PHOTOS_ROUTE = "/claim-photos/";

const PRIVATE_FOLDERS: readonly string[] = [PREAPPROVAL_FOLDER, CLAIM_PHOTOS_FOLDER];

/**
 * True when a path under /uploads would reach a private file. The path is decoded and
 * normalised the way the static file handler reads it, so `%70reapproval/…`,
 * `products/../preapproval/…` or `//preapproval/…` are caught too; the folder name is compared
 * without case for file systems that ignore it.
 */
export function isPrivateUploadPath(requestPath: string): boolean {
  let decoded: string;
  try {
    decoded = decodeURIComponent(requestPath);
  } catch {
    return false;
  }
  const [folder = ""] = path.posix.normalize(`/${decoded}`).split("/").filter(Boolean);
  return PRIVATE_FOLDERS.includes(folder.toLowerCase());
}

/** True for a valid storage key inside the pre-approval folder. */
export function isPreapprovalDocumentKey(key: string): boolean {
  return isKeyIn(PREAPPROVAL_FOLDER, key);
}

/** True for a valid storage key inside the claim photos folder. */
export function isClaimPhotoKey(key: string): boolean {
  return isKeyIn(CLAIM_PHOTOS_FOLDER, key);
}

function isKeyIn(folder: string, key: string): boolean {
  if (!key.startsWith(`${folder}/`)) return false;
  try {
    assertValidKey(key);
    return true;
  } catch {
    return false;
  }
}

/** The storage key of a stored value (`/uploads/<folder>/…`) inside folder; null for any other value. */
function storedKeyIn(folder: string, storedValue: string): string | null {
  if (!storedValue.startsWith(PUBLIC_UPLOADS_PREFIX)) return null;
  const key = storedValue.slice(PUBLIC_UPLOADS_PREFIX.length);
  return isKeyIn(folder, key) ? key : null;
}

/** The storage key of a stored pre-approval document (`/uploads/preapproval/…`); null for any other value. */
export function preapprovalDocumentKey(storedValue: string): string | null {
  return storedKeyIn(PREAPPROVAL_FOLDER, storedValue);
}

/** The storage key of a stored claim photo (`/uploads/claims/…`); null for any other value. */
export function claimPhotoKey(storedValue: string): string | null {
  return storedKeyIn(CLAIM_PHOTOS_FOLDER, storedValue);
}

/** Where an admin opens a stored pre-approval document (`/uploads/preapproval/…`); null for any other value. */
export function preapprovalDocumentHref(storedValue: string): string | null {
  const key = preapprovalDocumentKey(storedValue);
  return key === null ? null : PREAPPROVAL_DOCUMENTS_ROUTE + key;
}

/** The stored bytes of a document, or null when nothing is stored under the key (on disk or in the bucket). */
export async function readStoredDocument(storage: FileStorage, key: string): Promise<Buffer | null> {
  try {
    return await storage.read(key);
  } catch (error) {
    const { code, status } = error as { code?: string; status?: number };
    if (code === "ENOENT" || code === "EISDIR" || status === 404) return null;
    throw error;
  }
}

/** Where a stored claim photo (`/uploads/claims/…`) opens; null for any other value. */
export function claimPhotoHref(storedValue: string): string | null {
  const key = claimPhotoKey(storedValue);
  return key === null ? null : CLAIM_PHOTOS_ROUTE + key;
}
