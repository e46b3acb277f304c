import { z } from "../../../lib/zod";
import { mayViewClaimPhoto } from "../../../domain/claims/service";
import { isClaimPhotoKey } from "../../../domain/media/private-uploads";
import { requireUser } from "../../server/access.server";
import { privateFileResponse } from "../../server/private-file.server";
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
  return privateFileResponse(context.config, allowed ? key.data : null);
}
