import type { Database } from "../../db/client";
import { countUses, secondsUntilAllowed } from "../accounts/rate-limit";
import { refusedUpload } from "./uploads";

/**
 * Images one person may upload (product photos, documents, site content) in a window. Only
 * stored images count: a refused file costs little, a stored one is decoded and re-encoded.
 */
export const UPLOAD_RATE_LIMIT = { max: 100, windowMinutes: 60 } as const;

export function tooManyUploads(seconds: number): string {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return `You have uploaded a lot of images. Please try again in ${minutes} ${minutes === 1 ? "minute" : "minutes"}.`;
}

/**
 * Runs `store` (which stores `count` images) when the user is within the upload limit, and counts
 * them once stored. Throws a `rate_limited` refusal when the user has uploaded too many.
 */
export async function withinUploadAllowance<T>(db: Database, userId: string, count: number, store: () => Promise<T>): Promise<T> {
  const key = `upload:user:${userId}`;
  const wait = await secondsUntilAllowed(db, key, UPLOAD_RATE_LIMIT);
  if (wait > 0) throw refusedUpload(tooManyUploads(wait), "rate_limited");
  const stored = await store();
  if (count > 0) await countUses(db, key, UPLOAD_RATE_LIMIT, count);
  return stored;
}
