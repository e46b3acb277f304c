import { ROLES, type Role } from "../../lib/constants";
import { Refusal } from "./refusal";

/**
 * Who may do what: every 'who may' question of the app is `may(actor, permission)`, answered
 * from the table below. Roles and their ranks are defined once, in lib/constants.
 */
export { ROLES, type Role };

export const ACCESS_TEXTS = {
  signInRequired: "Please sign in to continue.",
  forbidden: "You don't have permission to do that.",
} as const;

/** Whoever acts: the signed-in user as the services see them. */
export interface Actor {
  userId: string;
  email: string;
  role: Role;
}

/** A role is all a permission looks at. */
type HasRole = Pick<Actor, "role">;

/** The roles holding each capability. */
const HOLDERS = {
  /** The admin dashboard, CMS, moderation, orders, payments, the activity log, the outbox. */
  back_office: ["admin", "super_admin"],
  /** Giving and taking the admin role. */
  manage_admins: ["super_admin"],
  /** The vendor dashboard and the vendor's own listings. */
  sell: ["vendor"],
  /** The product management page: vendors their own phones, admins every phone. */
  manage_products: ["vendor", "admin", "super_admin"],
} as const satisfies Record<string, readonly Role[]>;

export type Permission = keyof typeof HOLDERS;

/** True when the actor holds the permission; nobody signed in holds none. */
export function may(actor: HasRole | null | undefined, permission: Permission): boolean {
  return actor != null && (HOLDERS[permission] as readonly Role[]).includes(actor.role);
}

/** Services check again whatever the route in front of them did: a refusal when the actor may not. */
export function assertMay(actor: HasRole | null | undefined, permission: Permission): void {
  if (!may(actor, permission)) throw new Refusal("forbidden", ACCESS_TEXTS.forbidden);
}

/** The roles holding a permission, for queries over user_roles. */
export function holdersOf(permission: Permission): readonly Role[] {
  return HOLDERS[permission];
}

/** Whether a value read from outside is one of the roles. */
export function isRole(value: unknown): value is Role {
  return (ROLES as readonly unknown[]).includes(value);
}
