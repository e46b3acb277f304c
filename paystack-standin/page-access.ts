import { createHash, timingSafeEqual } from "node:crypto";
import type { Request, Response } from "express";
import { refusedPage } from "./hosted-page";
import { sendHtml } from "./http";

/** A test-mode page that shows money and accounts: every transfer, or one transaction's refunds. */
export type StandinPage = { kind: "transfers" } | { kind: "refunds"; reference: string };

/** Whether the visitor may read the page, as the shop that mounts the stand-in decides (its admins, say). */
export type StandinPageAccess = (req: Request, res: Response, page: StandinPage) => Promise<"allowed" | "signed-out" | "forbidden">;

export const PAGE_ACCESS_TEXTS = {
  signInRequired: "Sign in to the shop as an admin to see this page.",
  forbidden: "Only the shop's admins can see this page.",
} as const;

const sha256 = (text: string) => createHash("sha256").update(text).digest();

/** True when the request carries the secret key as a Bearer token, as every API call does. */
export function hasSecretKey(req: Request, secretKey: string): boolean {
  const presented = /^Bearer\s+(\S+)\s*$/i.exec(req.get("authorization") ?? "")?.[1];
  return presented !== undefined && timingSafeEqual(sha256(presented), sha256(secretKey));
}

/**
 * Lets the secret key, or whoever `access` allows, read the page; answers everyone else 401 (or
 * 403 when `access` knows them) and returns false.
 */
export function pageGuard(secretKey: string, access: StandinPageAccess | undefined) {
  return async (req: Request, res: Response, page: StandinPage): Promise<boolean> => {
    if (hasSecretKey(req, secretKey)) return true;
    const decided = access ? await access(req, res, page) : "signed-out";
    if (decided === "allowed") return true;
    const signedOut = decided === "signed-out";
    sendHtml(res, signedOut ? 401 : 403, refusedPage(signedOut ? PAGE_ACCESS_TEXTS.signInRequired : PAGE_ACCESS_TEXTS.forbidden));
    return false;
  };
}
