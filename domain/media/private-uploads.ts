/**
 * Pre-approval documents (ID cards and the like) are stored with the other uploads but are
 * never public: /uploads refuses their folder, and admins read them through
 * /admin/preapproval-documents/<key>.
 */
import path from "node:path";
import { PUBLIC_UPLOADS_PREFIX } from "./image-urls";
import { type FileStorage, assertValidKey } from "./storage";

export const PREAPPROVAL_FOLDER = "preapproval";
export const PREAPPROVAL_DOCUMENTS_ROUTE = "/admin/preapproval-documents/";

const PRIVATE_URL_PREFIX = `${PUBLIC_UPLOADS_PREFIX}${PREAPPROVAL_FOLDER}/`;

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
  return folder.toLowerCase() === PREAPPROVAL_FOLDER;
}

/** True for a valid storage key inside the pre-approval folder. */
export function isPreapprovalDocumentKey(key: string): boolean {
  if (!key.startsWith(`${PREAPPROVAL_FOLDER}/`)) return false;
  try {
    assertValidKey(key);
    return true;
  } catch {
    return false;
  }
}

/** Where an admin opens a stored pre-approval document (`/uploads/preapproval/…`); null for any other value. */
export function preapprovalDocumentHref(storedValue: string): string | null {
  if (!storedValue.startsWith(PRIVATE_URL_PREFIX)) return null;
  const key = storedValue.slice(PUBLIC_UPLOADS_PREFIX.length);
  return isPreapprovalDocumentKey(key) ? PREAPPROVAL_DOCUMENTS_ROUTE + key : null;
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
