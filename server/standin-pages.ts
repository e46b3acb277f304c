import type { Request, Response } from "express";
import type { Database } from "../db/client";
import type { Viewer } from "../domain/accounts/viewer";
import { may } from "../domain/core/access";
import { isOwnPayment } from "../domain/payments/confirmation";

/** The stand-in's page, as it names it (server/app.ts hands this to the stand-in). */
interface StandinPage {
  kind: "transfers" | "refunds";
  reference?: string;
}

type Access = "allowed" | "signed-out" | "forbidden";

/**
 * Who may read the test-mode stand-in's pages of transfers and refunds (docs/payments.md): the
 * shop's admins; a transaction's refunds also its own buyer. Everyone else is refused.
 */
export function standinPageAccess(db: Database): (req: Request, res: Response, page: StandinPage) => Promise<Access> {
  return async (_req, res, page) => {
    const viewer = await (res.locals.getViewer as () => Promise<Viewer | null>)();
    if (!viewer) return "signed-out";
    if (may(viewer, "back_office")) return "allowed";
    if (page.kind === "refunds" && page.reference && (await isOwnPayment(db, viewer.userId, page.reference))) return "allowed";
    return "forbidden";
  };
}
