import type { RequestHandler } from "express";
import type { Config } from "./config";

/**
 * Sends a page request made at another host name than PUBLIC_URL's (127.0.0.1 for localhost,
 * with or without `www`, a LAN address) to the same path and query at PUBLIC_URL, permanently.
 * Session cookies belong to one host name and Paystack returns buyers to PUBLIC_URL: without
 * this, a buyer who shopped at another name comes back from paying signed out.
 *
 * Only GET and HEAD are moved (a form's POST would lose its body); mount it after the machine
 * doors (/healthz, /api, the webhook, the stand-in), which answer at any name. The host is the
 * Host header, or X-Forwarded-Host when TRUST_PROXY trusts the proxy that set it (Express's
 * `req.host`). The scheme is not compared: a proxy that ends TLS without saying so would
 * otherwise send every request round in a loop.
 */
export function redirectToPublicHost(config: Pick<Config, "publicUrl" | "redirectToPublicHost">): RequestHandler {
  const publicUrl = new URL(config.publicUrl);
  return (req, res, next) => {
    if (!config.redirectToPublicHost) return next();
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    if (sameHost(req.host, publicUrl)) return next();
    res.redirect(308, `${publicUrl.origin}${req.originalUrl}`);
  };
}

/** Host names compare without case; a missing port is the scheme's default one. */
function sameHost(requested: string | undefined, publicUrl: URL): boolean {
  if (!requested) return true;
  const parsed = URL.canParse(`${publicUrl.protocol}//${requested}`) ? new URL(`${publicUrl.protocol}//${requested}`) : undefined;
  return parsed !== undefined && parsed.host === publicUrl.host;
}
