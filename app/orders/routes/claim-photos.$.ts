import { data } from "react-router";
import { z } from "zod";
import { mayViewClaimPhoto } from "../../../domain/claims/service";
import { isClaimPhotoKey, readStoredDocument } from "../../../domain/media/private-uploads";
import { contentTypeOf } from "../../../domain/media/s3-storage";
import { fileStorageFor } from "../../../domain/media/storage-config";
import { UPLOAD_HEADERS } from "../../../server/security";
import { requireUser } from "../../server/access.server";
import type { Route } from "./+types/claim-photos.$";

const photoKeySchema = z.string().refine(isClaimPhotoKey);

/**
 * GET /claim-photos/claims/<file>: a warranty claim's photo, for the claim's buyer, the order's
 * vendor and admins only; anyone else gets 'Not found'. Never cached, sandboxed like every upload.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const viewer = await requireUser(context);
  const key = photoKeySchema.safeParse(params["*"]);
  const allowed = key.success && (await mayViewClaimPhoto(context.db, viewer, key.data));
  const bytes = key.success && allowed ? await readStoredDocument(fileStorageFor(context.config), key.data) : null;
  if (!key.success || !bytes) throw data({ error: "Not found" }, { status: 404 });
  return new Response(new Uint8Array(bytes), {
    headers: {
      "Content-Type": contentTypeOf(key.data),
      "Content-Disposition": "inline",
      "Cache-Control": "private, no-store",
      "Content-Security-Policy": UPLOAD_HEADERS["Content-Security-Policy"],
      "Cross-Origin-Resource-Policy": UPLOAD_HEADERS["Cross-Origin-Resource-Policy"],
    },
  });
}
