import { randomBytes } from "node:crypto";
import type { Request, RequestHandler } from "express";
import type { Config } from "./config";

/** Per-request CSP nonce and the security headers every response carries. */
export function securityHeaders(config: Config, { devServer }: { devServer: boolean }): RequestHandler {
  const formActions = formActionOrigins(config);
  return (_req, res, next) => {
    const nonce = randomBytes(16).toString("base64");
    res.locals.cspNonce = nonce;
    res.setHeader("X-Content-Type-Options", "nosniff");
    res.setHeader("Referrer-Policy", "strict-origin-when-cross-origin");
    res.setHeader("X-Frame-Options", "DENY");
    res.setHeader("Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=()");
    if (config.env === "production") {
      res.setHeader("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
    }
    // Vite's dev server injects inline scripts and a websocket; the policy applies to built assets only.
    if (!devServer) res.setHeader("Content-Security-Policy", contentSecurityPolicy(nonce, formActions));
    next();
  };
}

/** Paystack's hosted checkout: the checkout form's answer redirects there. */
export const PAYSTACK_CHECKOUT_ORIGIN = "https://checkout.paystack.com";

/** Other sites a page's forms may post to or be redirected to. */
export function formActionOrigins(config: Pick<Config, "payments">): string[] {
  return config.payments.mode === "paystack" ? [PAYSTACK_CHECKOUT_ORIGIN] : [];
}

/**
 * `formActionOrigins`: other sites a form post may end up on. Chrome applies form-action to the
 * redirect after a post too, so the checkout form needs Paystack's checkout when it redirects there.
 */
export function contentSecurityPolicy(nonce: string, formActionOrigins: readonly string[] = []): string {
  return policyAllowingScripts([`'nonce-${nonce}'`], formActionOrigins);
}

/**
 * The policy with these inline-script sources (a nonce, or the hashes of a kept page's scripts)
 * besides the site's own script files.
 */
export function policyAllowingScripts(inlineScriptSources: readonly string[], formActionOrigins: readonly string[] = []): string {
  return [
    "default-src 'self'",
    ["script-src 'self'", ...inlineScriptSources].join(" "),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    ["form-action 'self'", ...formActionOrigins].join(" "),
    "frame-ancestors 'none'",
  ].join("; ");
}

/** Uploaded files are data, never documents that run script. */
export const UPLOAD_HEADERS = {
  "Content-Security-Policy": "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; frame-ancestors 'none'; sandbox",
  "X-Content-Type-Options": "nosniff",
  "Cross-Origin-Resource-Policy": "same-origin",
} as const;

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Refuses state-changing requests sent by another site (CSRF). Browsers send Origin on every
 * POST; Sec-Fetch-Site covers the rest. Requests without either come from programs, not
 * from a page in someone's browser, and carry no victim's cookie.
 */
export function refuseCrossSiteWrites(config: Pick<Config, "publicUrl">): RequestHandler {
  const trusted = new URL(config.publicUrl).origin;
  return (req, res, next) => {
    if (SAFE_METHODS.has(req.method) || isSameSite(req, trusted)) return next();
    const message = "Cross-site request refused.";
    if (req.path.startsWith("/api/")) res.status(403).json({ error: message });
    else res.status(403).type("text/plain").send(message);
  };
}

function isSameSite(req: Request, trusted: string): boolean {
  const origin = req.get("origin");
  if (origin) return origin === trusted || origin === `${req.protocol}://${req.get("host")}`;
  const site = req.get("sec-fetch-site");
  return !site || site === "same-origin" || site === "none";
}

/** Largest page form bodies: plain forms are small; multipart carries uploaded photos. */
export const PAGE_BODY_LIMITS = { form: 1_000_000, multipart: 25_000_000 } as const;

/**
 * Refuses an oversized page form before React Router reads it into memory. React Router reads
 * the whole body, so a body must declare its length: browsers always do for forms, and a
 * chunked body without one could otherwise grow past any limit.
 */
export function limitPageBodies(): RequestHandler {
  return (req, res, next) => {
    if (SAFE_METHODS.has(req.method)) return next();
    const declared = req.get("content-length");
    if (declared === undefined && req.get("transfer-encoding")) {
      return void res.status(411).type("text/plain").send("The request must state its length.");
    }
    const multipart = req.is("multipart/form-data") === "multipart/form-data";
    const limit = multipart ? PAGE_BODY_LIMITS.multipart : PAGE_BODY_LIMITS.form;
    if (Number(declared ?? 0) > limit) return void res.status(413).type("text/plain").send("The request is too large.");
    next();
  };
}

/** The methods pages, uploads, assets and /api answer: every change of state is a POST. */
export const ALLOWED_METHODS = {
  pages: ["GET", "HEAD", "POST", "OPTIONS"],
  api: ["GET", "HEAD", "POST", "OPTIONS"],
} as const;

/**
 * Answers any other method (TRACE, PUT, PROPFIND…) 405 with an Allow header, before it reaches
 * a handler that does not expect it (React Router answered TRACE with an error).
 */
export function refuseUnknownMethods(): RequestHandler {
  return (req, res, next) => {
    const api = req.path === "/api" || req.path.startsWith("/api/");
    const allowed: readonly string[] = api ? ALLOWED_METHODS.api : ALLOWED_METHODS.pages;
    if (allowed.includes(req.method)) return next();
    res.setHeader("Allow", allowed.join(", "));
    const message = "Method not allowed.";
    if (api) res.status(405).json({ error: message });
    else res.status(405).type("text/plain").send(message);
  };
}
