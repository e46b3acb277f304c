import { type AppLoadContext, data, redirect } from "react-router";
import { CLIENT_ADDRESS_HEADER } from "../../domain/accounts/auth";
import { ACCESS_TEXTS } from "../../domain/core/access";
import { type Permission, may } from "../../domain/core/access";
import type { RequestOrigin } from "../../domain/accounts/service";
import type { Viewer } from "../../domain/accounts/viewer";

/*
 * Access checks for loaders and actions; every page, action and endpoint that needs a user
 * or a role calls one of these (docs/accounts.md). Pages redirect as docs/accounts.md says;
 * actions answer 401 (no session) or 403 (wrong role).
 */

/** Admin guard: no user goes to /auth, a wrong role to / (docs/accounts.md). */
export const ADMIN_GUARD = { permission: "back_office", signedOut: "/auth", wrongRole: "/" } as const;
/** Vendor guard: no user and a wrong role both go to /vendor-auth. */
export const VENDOR_GUARD = { permission: "sell", signedOut: "/vendor-auth", wrongRole: "/vendor-auth" } as const;

interface PageGuard {
  permission: Permission;
  signedOut: string;
  wrongRole: string;
}

/** For page loaders: the viewer when allowed, otherwise a redirect. */
export async function guardPage(context: AppLoadContext, guard: PageGuard): Promise<Viewer> {
  const viewer = await context.getViewer();
  if (!viewer) throw redirect(guard.signedOut);
  if (!may(viewer, guard.permission)) throw redirect(guard.wrongRole);
  return viewer;
}

/** For actions: the signed-in viewer, or 401. */
export async function requireUser(context: AppLoadContext): Promise<Viewer> {
  const viewer = await context.getViewer();
  if (!viewer) throw data({ error: ACCESS_TEXTS.signInRequired }, { status: 401 });
  return viewer;
}

/** For actions: a viewer holding the permission, or 401 / 403. */
export async function requireRole(context: AppLoadContext, permission: Permission): Promise<Viewer> {
  const viewer = await requireUser(context);
  if (!may(viewer, permission)) throw data({ error: ACCESS_TEXTS.forbidden }, { status: 403 });
  return viewer;
}

/** The request's address and headers for the accounts services; better-auth reads the address from CLIENT_ADDRESS_HEADER, set here only. */
export function requestOrigin(request: Request, context: AppLoadContext): RequestOrigin {
  const headers = new Headers(request.headers);
  headers.delete(CLIENT_ADDRESS_HEADER);
  if (context.clientIp !== "unknown") headers.set(CLIENT_ADDRESS_HEADER, context.clientIp);
  return { ip: context.clientIp, headers };
}
