import type { NextFunction, Request, Response } from "express";
import { type Permission, may } from "../domain/core/access";
import { ACCESS_TEXTS } from "../domain/accounts/texts";
import type { Viewer } from "../domain/accounts/viewer";

/*
 * Who may call an /api endpoint, decided on the server for every call:
 * no session → 401, a session with the wrong role → 403.
 */

type Check = (viewer: Viewer) => boolean;

function guard(check: Check) {
  return async (req: Request, res: Response, next: NextFunction) => {
    try {
      const viewer = await res.locals.getViewer();
      if (!viewer) return void res.status(401).json({ error: ACCESS_TEXTS.signInRequired });
      if (!check(viewer)) return void res.status(403).json({ error: ACCESS_TEXTS.forbidden });
      res.locals.viewer = viewer;
      next();
    } catch (error) {
      next(error);
    }
  };
}

export const requireApiUser = () => guard(() => true);
export const requireApiRole = (permission: Permission) => guard((viewer) => may(viewer, permission));

/** The viewer a guard let through. */
export function viewerOf(res: Response): Viewer {
  const viewer = res.locals.viewer as Viewer | undefined;
  if (!viewer) throw new Error("viewerOf() used on a route without a guard");
  return viewer;
}
