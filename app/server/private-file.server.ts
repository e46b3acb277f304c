import { data } from "react-router";
import { readStoredDocument } from "../../domain/media/private-uploads";
import { contentTypeOf } from "../../domain/media/s3-storage";
import { fileStorageFor } from "../../domain/media/storage-config";
import { UPLOAD_HEADERS } from "../../server/security";

/**
 * A privately stored upload (a pre-approval document, a claim photo) for someone the route has
 * already allowed: never cached, and sandboxed like every upload. A key that is not allowed or not
 * stored is 'Not found', so nobody learns which files exist.
 */
export async function privateFileResponse(config: Parameters<typeof fileStorageFor>[0], key: string | null): Promise<Response> {
  const bytes = key ? await readStoredDocument(fileStorageFor(config), key) : null;
  if (!key || !bytes) throw data({ error: "Not found" }, { status: 404 });
  return new Response(new Uint8Array(bytes), {
    headers: {
      "Content-Type": contentTypeOf(key),
      "Content-Disposition": "inline",
      "Cache-Control": "private, no-store",
      "Content-Security-Policy": UPLOAD_HEADERS["Content-Security-Policy"],
      "Cross-Origin-Resource-Policy": UPLOAD_HEADERS["Cross-Origin-Resource-Policy"],
    },
  });
}
