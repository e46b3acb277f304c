import { data } from "react-router";
import { z } from "zod";
import { isPreapprovalDocumentKey, readStoredDocument } from "../../../domain/media/private-uploads";
import { contentTypeOf } from "../../../domain/media/s3-storage";
import { fileStorageFor } from "../../../domain/media/storage-config";
import { UPLOAD_HEADERS } from "../../../server/security";
import { requireBackOffice } from "../../server/admin-forms.server";
import type { Route } from "./+types/admin.preapproval-documents.$";

const documentKeySchema = z.string().refine(isPreapprovalDocumentKey);

/**
 * GET /admin/preapproval-documents/preapproval/<file>: a vendor's pre-approval document, for
 * admins only. Never cached, and sandboxed like every upload (nosniff is set on every response
 * by server/security.ts).
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  await requireBackOffice(context);
  const key = documentKeySchema.safeParse(params["*"]);
  const bytes = key.success ? await readStoredDocument(fileStorageFor(context.config), key.data) : null;
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
