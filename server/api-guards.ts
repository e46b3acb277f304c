import type { NextFunction, Request, Response } from "express";
import { ACCESS_TEXTS } from "../domain/core/access";
import type { Viewer } from "../domain/accounts/viewer";

/** For an /api endpoint of the signed-in user (the event stream): no session → 401, checked on every call. */
export function requireApiUser() {
  return async (_req: Request, res: Response, next: NextFunction) => {
    try {
      const viewer = await res.locals.getViewer();
      if (!viewer) return void res.status(401).json({ error: ACCESS_TEXTS.signInRequired });
      res.locals.viewer = viewer;
      next();
    } catch (error) {
      next(error);
    }
  };
}

/** The viewer a guard let through. */
export function viewerOf(res: Response): Viewer {
  const viewer = res.locals.viewer as Viewer | undefined;
  if (!viewer) throw new Error("viewerOf() used on a route without a guard");
  return viewer;
}
