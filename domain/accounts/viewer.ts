import type { Database } from "../../db/client";
import type { Auth } from "./auth";
import { getFullName } from "./profiles";
import type { Role } from "../../lib/constants";
import { resolveRole } from "./roles";

/** The signed-in user as the server sees them; the role always comes from user_roles. */
export interface Viewer {
  userId: string;
  email: string;
  fullName: string | null;
  role: Role;
}

/** Full name, else the part of the e-mail before the @, else 'User' (docs/accounts.md). */
export function displayName(viewer: Pick<Viewer, "fullName" | "email"> | null): string {
  return viewer?.fullName?.trim() || viewer?.email?.split("@")[0]?.trim() || "User";
}

/**
 * Reads the session cookie and checks the session in the database. Returns the Set-Cookie
 * values of a refreshed session too, so an active user stays signed in.
 */
export async function loadViewer(
  { db, auth }: { db: Database; auth: Auth },
  headers: Headers,
  onRoleLookupError?: (error: unknown) => void,
): Promise<{ viewer: Viewer | null; setCookies: string[] }> {
  if (!headers.get("cookie")) return { viewer: null, setCookies: [] };
  const { headers: responseHeaders, response: session } = await auth.api.getSession({ headers, returnHeaders: true });
  const setCookies = responseHeaders?.getSetCookie() ?? [];
  if (!session) return { viewer: null, setCookies };
  const [role, fullName] = await Promise.all([
    resolveRole(db, session.user.id, onRoleLookupError),
    getFullName(db, session.user.id).catch(() => null),
  ]);
  return { viewer: { userId: session.user.id, email: session.user.email, fullName, role }, setCookies };
}
