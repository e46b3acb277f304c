import { ACCESS_TEXTS } from "../../../domain/core/access";
import { PRODUCT_TEXTS } from "../../../domain/catalog/management-validation";
import { recordUploadedImages } from "../../../domain/catalog/photos";
import { fileStorageFor } from "../../../domain/media/storage-config";
import { UPLOAD_TEXTS, filesFromForm, storeUploadedImages } from "../../../domain/media/uploads";
import { withinUploadAllowance } from "../../../domain/media/upload-allowance";
import { findVendorByUser } from "../../../domain/catalog/vendor-listings";
import { Refusal } from "../../../domain/core/refusal";
import { may } from "../../../domain/core/access";
import type { Route } from "./+types/products.images";

const json = (body: unknown, status: number) => Response.json(body, { status, headers: { "Cache-Control": "no-store" } });

/**
 * POST /products/images: product photos for the Add Product and edit forms, sent by the
 * uploader one file per request ("images"). Vendors with an approved vendor record and admins
 * only. Answers 201 {images: [{url, width, height}]}, or 4xx {error} with nothing stored. Each
 * photo is recorded as the uploader's: only their listings (or an admin's edit) may use it.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await context.getViewer();
  if (!viewer) return json({ error: ACCESS_TEXTS.signInRequired }, 401);
  if (!may(viewer, "manage_products")) return json({ error: ACCESS_TEXTS.forbidden }, 403);
  if (may(viewer, "sell")) {
    const vendor = await findVendorByUser(context.db, viewer.userId);
    if (vendor?.status !== "approved") return json({ error: PRODUCT_TEXTS.vendorNotFound }, 403);
  }
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    return json({ error: UPLOAD_TEXTS.noFile }, 400);
  }
  try {
    const files = await filesFromForm(form, "images");
    const stored = await withinUploadAllowance(context.db, viewer.userId, files.length, () => storeUploadedImages(fileStorageFor(context.config), "products", files));
    // Who uploaded each photo decides which listings may show it (docs/vendors.md).
    await recordUploadedImages(context.db, viewer.userId, stored.map((image) => image.url));
    return json({ images: stored.map(({ url, width, height }) => ({ url, width, height })) }, 201);
  } catch (error) {
    if (error instanceof Refusal) return json({ error: error.message }, error.status);
    throw error;
  }
}

export function loader() {
  return json({ error: "Send images with POST." }, 405);
}
