import { z } from "../../../lib/zod";
import { isPreapprovalDocumentKey } from "../../../domain/media/private-uploads";
import { requireBackOffice } from "../../server/admin-forms.server";
import { privateFileResponse } from "../../server/private-file.server";
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
  return privateFileResponse(context.config, key.success ? key.data : null);
}
