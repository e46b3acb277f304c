import { fromNodeHeaders } from "better-auth/node";
import type { Request, RequestHandler, Response } from "express";
import type { AccountsContext } from "../domain/accounts/service";
import { type Viewer, loadViewer } from "../domain/accounts/viewer";
import type { Logger } from "./logger";

declare module "express-serve-static-core" {
  interface Locals {
    /** The signed-in user of this request, looked up once and only when asked for. */
    getViewer: () => Promise<Viewer | null>;
  }
}

/** Gives every request a lazy, memoized viewer lookup; a refreshed session cookie goes on the response. */
export function attachViewer(accounts: AccountsContext, logger: Logger): RequestHandler {
  return (req, res, next) => {
    let lookup: Promise<Viewer | null> | undefined;
    res.locals.getViewer = () => (lookup ??= lookUp(accounts, logger, req, res));
    next();
  };
}

async function lookUp(accounts: AccountsContext, logger: Logger, req: Request, res: Response): Promise<Viewer | null> {
  const { viewer, setCookies } = await loadViewer(accounts, fromNodeHeaders(req.headers), (error) =>
    logger.warn({ err: error }, "role lookup failed; treating the user as a customer"),
  );
  if (!res.headersSent) for (const cookie of setCookies) res.append("Set-Cookie", cookie);
  return viewer;
}
