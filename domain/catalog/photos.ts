/**
 * Who uploaded each catalogue photo (docs/vendors.md): a listing may show only photos uploaded
 * by its own vendor, or by the admin adding or editing it. Photos already on a listing stay
 * usable on that listing, so nothing a listing showed before becomes unsaveable.
 */
import { and, inArray } from "drizzle-orm";
import type { Database } from "../../db/client";
import { uploadedImages } from "../../db/schema/media";
import { Refusal } from "../core/refusal";
import { PRODUCT_TEXTS } from "./management-validation";

/** Records photos just stored by the upload endpoint as `ownerId`'s. */
export async function recordUploadedImages(db: Database, ownerId: string, urls: readonly string[]): Promise<void> {
  if (urls.length === 0) return;
  await db
    .insert(uploadedImages)
    .values(urls.map((url) => ({ url, ownerId })))
    .onConflictDoNothing();
}

/**
 * Refuses (400, nothing written) any photo that is neither already on the listing nor uploaded
 * by one of `owners`. Returns the photos in the order given, without repeats.
 */
export async function ownedImages(
  db: Database,
  wanted: readonly string[],
  owners: readonly string[],
  alreadyOnListing: readonly string[] = [],
): Promise<string[]> {
  const unique = [...new Set(wanted)];
  const added = unique.filter((url) => !alreadyOnListing.includes(url));
  if (added.length === 0) return unique;
  const rows = await db
    .select({ url: uploadedImages.url })
    .from(uploadedImages)
    .where(and(inArray(uploadedImages.url, added), inArray(uploadedImages.ownerId, [...owners])));
  const owned = new Set(rows.map((row) => row.url));
  if (added.some((url) => !owned.has(url))) {
    throw new Refusal("invalid", PRODUCT_TEXTS.imageNotOwned, { fieldErrors: { images: PRODUCT_TEXTS.imageNotOwned } });
  }
  return unique;
}
