import type { Role } from "../../lib/constants";
import { AccessDeniedError, isOneOf } from "../accounts/roles";
import type { Viewer } from "../accounts/viewer";

/** Who acts in the back office: the signed-in admin or super admin. */
export type Actor = Pick<Viewer, "userId" | "email" | "role">;

export const BACK_OFFICE_ROLES: readonly Role[] = ["admin", "super_admin"];

/** Services check the role again, whatever the route in front of them did. */
export function assertBackOffice(actor: { role: Role }): void {
  if (!isOneOf(actor.role, BACK_OFFICE_ROLES)) throw new AccessDeniedError();
}
