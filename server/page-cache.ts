import { createHash, randomBytes } from "node:crypto";
import { promisify } from "node:util";
import { brotliCompress, constants as zlib, gzip } from "node:zlib";
import type { Request, RequestHandler, Response } from "express";
import type { DatabaseHandle } from "../db/client";
import { createSingleFlight } from "../domain/core/single-flight";
import type { Logger } from "./logger";

/**
 * Signed-out storefront pages (home, shop with any filter, product pages) rendered once per URL
 * and kept in memory, compressed, until something they show changes. The database notifies
 * every instance at commit (migration 0010); after a lost listening connection, everything is
 * dropped. Signed-in visitors, and anyone carrying one of the shop's cookies, always get a page
 * rendered for them: their cart count and greeting never enter this cache.
 */

/** The channel the storefront triggers notify on. */
export const STOREFRONT_CHANNEL = "storefront_changed";

/**
 * The pages kept: home, shop and product pages, and the data a browser fetches to show them
 * when it moves between them without a full load (`/_root.data`, `/shop.data`, `/product/….data`).
 */
const STOREFRONT_PATH = /^\/(?:|shop|product\/[^/.]+|_root\.data|shop\.data|product\/[^/.]+\.data)$/;
const KEPT_TYPES = /^(?:text\/html|text\/x-script)\b/;
/** Longer URLs are rendered but not kept, so one visitor cannot fill the cache with junk keys. */
const MAX_URL_LENGTH = 512;

/** What a CDN in front may keep and reuse (docs/running.md); browsers revalidate with the ETag. */
export const SIGNED_OUT_CACHE_CONTROL = "public, max-age=0, s-maxage=10, stale-while-revalidate=60";
/** A page rendered for one person: no shared cache may keep it. */
export const PERSONAL_CACHE_CONTROL = "private, no-cache";

export interface PageCacheLimits {
  maxPages: number;
  maxBytes: number;
  /** Pages are rendered again after this long even without a change (relative dates, the year). */
  maxAgeMs: number;
}

const DEFAULT_LIMITS: PageCacheLimits = { maxPages: 2_000, maxBytes: 64 * 1024 * 1024, maxAgeMs: 60_000 };

/** A page as React Router answered it, read whole. */
export interface RenderedPage {
  status: number;
  headers: Headers;
  body: Buffer;
}

type Encoding = "br" | "gzip";

interface CachedPage {
  key: string;
  headers: Array<[string, string]>;
  body: Buffer;
  etag: string;
  /** Its Content-Security-Policy: the hashes of exactly the inline scripts it holds. */
  policy: string;
  storedAt: number;
  encoded: Partial<Record<Encoding, Promise<Buffer>>>;
  bytes: number;
}

export interface PageCache {
  /** Drops every kept page: what they show has changed. */
  invalidate(): void;
  /**
   * What `read` gives (site content, the pricing config), read once and kept like the pages:
   * until the storefront changes, for at most the pages' age. A failed read is not kept.
   */
  remember<T>(key: string, read: () => Promise<T>): Promise<T>;
  /** Pages kept now. */
  size(): number;
  close(): Promise<void>;
}

export interface PageCacheStore extends PageCache {
  get(key: string, now: number): CachedPage | undefined;
  generation(): number;
  put(page: Omit<CachedPage, "storedAt" | "encoded" | "bytes">, generation: number, now: number): CachedPage | undefined;
  account(page: CachedPage, addedBytes: number): void;
}

/** The in-memory store; `listenTo` makes it drop everything when the storefront changes. */
export function createPageCache(options: { listenTo?: DatabaseHandle; logger?: Logger; limits?: Partial<PageCacheLimits> } = {}): PageCacheStore {
  const limits = { ...DEFAULT_LIMITS, ...options.limits };
  const pages = new Map<string, CachedPage>();
  const values = new Map<string, { value: Promise<unknown>; readAt: number }>();
  let generation = 0;
  let bytes = 0;

  const drop = (key: string, page: CachedPage) => {
    pages.delete(key);
    bytes -= page.bytes;
  };
  const invalidate = () => {
    generation += 1;
    pages.clear();
    values.clear();
    bytes = 0;
  };
  const evict = () => {
    for (const [key, page] of pages) {
      if (pages.size <= limits.maxPages && bytes <= limits.maxBytes) break;
      drop(key, page);
    }
  };

  const listening = options.listenTo
    ?.listen(STOREFRONT_CHANNEL, { onNotify: invalidate, onReconnect: invalidate })
    .catch((error: unknown) => {
      options.logger?.error({ err: error }, "storefront cache: cannot listen for changes; pages are not kept");
      limits.maxPages = 0;
      return null;
    });

  return {
    invalidate,
    remember<T>(key: string, read: () => Promise<T>): Promise<T> {
      const now = Date.now();
      const kept = values.get(key);
      if (kept && now - kept.readAt <= limits.maxAgeMs) return kept.value as Promise<T>;
      const readIn = generation;
      const value = read();
      const entry = { value, readAt: now };
      // Kept only if no change came in while it was read; forgotten if the read fails.
      values.set(key, entry);
      value.then(
        () => readIn === generation || values.get(key) !== entry || values.delete(key),
        () => values.get(key) === entry && values.delete(key),
      );
      return value;
    },
    size: () => pages.size,
    generation: () => generation,
    get(key, now) {
      const page = pages.get(key);
      if (!page) return undefined;
      if (now - page.storedAt > limits.maxAgeMs) {
        drop(key, page);
        return undefined;
      }
      // Most recently used last: eviction takes the front of the map.
      pages.delete(key);
      pages.set(key, page);
      return page;
    },
    put(page, renderedIn, now) {
      // A change committed while the page rendered: it may show the old state; never keep it.
      if (renderedIn !== generation || limits.maxPages === 0) return undefined;
      const existing = pages.get(page.key);
      if (existing) drop(page.key, existing);
      const cached: CachedPage = { ...page, storedAt: now, encoded: {}, bytes: page.body.length };
      pages.set(page.key, cached);
      bytes += cached.bytes;
      evict();
      return cached;
    },
    account(page, addedBytes) {
      page.bytes += addedBytes;
      if (pages.get(page.key) !== page) return;
      bytes += addedBytes;
      evict();
    },
    async close() {
      const stop = await listening;
      await stop?.();
    },
  };
}

export interface PageCacheMiddlewareOptions {
  /** Renders `url` (path and query) for a signed-out visitor, with this nonce on its scripts. */
  render(url: string, nonce: string): Promise<RenderedPage>;
  /** The Content-Security-Policy header allowing these inline-script sources. */
  policy(inlineScriptSources: readonly string[]): string;
  logger: Logger;
  now?: () => number;
}

/**
 * Answers signed-out GET and HEAD requests for storefront pages from the store, rendering and
 * keeping a page on a miss (once, however many ask for it at the same moment). Everything else
 * goes on to the app, storefront pages for signed-in visitors marked private.
 */
export function servePageCache(store: PageCacheStore, options: PageCacheMiddlewareOptions): RequestHandler {
  const now = options.now ?? Date.now;
  const once = createSingleFlight();

  // Everyone asking at the same moment gets the one render: it was made for nobody in particular.
  const render = (key: string) =>
    once(key, async (): Promise<CachedPage | (RenderedPage & { nonce: string })> => {
      const renderedIn = store.generation();
      const nonce = randomBytes(16).toString("base64");
      const rendered = await options.render(key, nonce);
      const kept = isKeepable(rendered) ? store.put(toCached(key, rendered, nonce, options.policy), renderedIn, now()) : undefined;
      return kept ?? { ...rendered, nonce };
    });

  return (req, res, next) => {
    if ((req.method !== "GET" && req.method !== "HEAD") || !STOREFRONT_PATH.test(req.path) || !isDecodable(req.path)) return next();
    if (hasShopCookie(req.get("cookie"))) {
      res.setHeader("Cache-Control", PERSONAL_CACHE_CONTROL);
      return next();
    }
    const key = req.originalUrl;
    if (key.length > MAX_URL_LENGTH) return next();
    const kept = store.get(key, now());
    if (kept) return void sendCached(req, res, kept, store).catch(next);
    render(key)
      .then(async (answer) => {
        if ("etag" in answer) return sendCached(req, res, answer, store);
        // Not kept (a redirect, a 404, a change meanwhile): sent as rendered, with its own nonce.
        sendRendered(req, res, answer, options.policy([`'nonce-${answer.nonce}'`]));
      })
      .catch((error: unknown) => {
        options.logger.error({ err: error, path: req.path }, "storefront page could not be rendered");
        next(error);
      });
  };
}

/** A path the app cannot decode (`/product/%zz`) is left to the app's own 400. */
function isDecodable(path: string): boolean {
  try {
    decodeURIComponent(path);
    return true;
  } catch {
    return false;
  }
}

/** The session, the flash message and every other cookie of the shop make a page personal. */
export function hasShopCookie(cookieHeader: string | undefined): boolean {
  return Boolean(cookieHeader && /(?:^|;)\s*(?:__Secure-|__Host-)?tokunbo[._]/.test(cookieHeader));
}

function isKeepable(page: RenderedPage): boolean {
  return page.status === 200 && !page.headers.has("set-cookie") && KEPT_TYPES.test(page.headers.get("content-type") ?? "");
}

/** Headers not kept: the cache sets its own caching, length and encoding. */
const UNKEPT_HEADERS = new Set(["set-cookie", "cache-control", "etag", "content-length", "content-encoding", "transfer-encoding", "connection", "vary"]);

function toCached(
  key: string,
  page: RenderedPage,
  nonce: string,
  policy: PageCacheMiddlewareOptions["policy"],
): Omit<CachedPage, "storedAt" | "encoded" | "bytes"> {
  const headers = [...page.headers].filter(([name]) => !UNKEPT_HEADERS.has(name.toLowerCase()));
  const html = page.body.toString("utf8");
  return { key, headers, body: page.body, etag: etagOf(html, nonce), policy: policy(inlineScriptHashes(html)) };
}

/**
 * A page answered to many gets no nonce in its policy (a nonce is for one answer): the policy
 * allows the hashes of the inline scripts it was rendered with, and nothing else inline.
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const [, attributes, content] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)) {
    if (/\bsrc=/.test(attributes!)) continue;
    hashes.add(`'sha256-${createHash("sha256").update(content!).digest("base64")}'`);
  }
  return [...hashes];
}

/**
 * A hash of the page without its nonce: the same content rendered on another instance, with
 * another nonce, has the same ETag, so a browser revalidating anywhere gets 304.
 */
function etagOf(html: string, nonce: string): string {
  const content = html.replaceAll(nonce, "");
  return `W/"${createHash("sha256").update(content).digest("base64url").slice(0, 27)}"`;
}

async function sendCached(req: Request, res: Response, page: CachedPage, store: PageCacheStore): Promise<void> {
  res.setHeader("Cache-Control", SIGNED_OUT_CACHE_CONTROL);
  res.setHeader("ETag", page.etag);
  res.setHeader("Vary", "Accept-Encoding");
  if (matchesEtag(req.get("if-none-match"), page.etag)) {
    // The browser keeps the page it has, with the policy that came with it.
    res.removeHeader("Content-Security-Policy");
    res.status(304).end();
    return;
  }
  for (const [name, value] of page.headers) res.setHeader(name, value);
  res.setHeader("Content-Security-Policy", page.policy);
  const encoding = req.acceptsEncodings("br", "gzip");
  let body = page.body;
  if (encoding === "br" || encoding === "gzip") {
    body = await encoded(page, encoding, store);
    res.setHeader("Content-Encoding", encoding);
  }
  res.setHeader("Content-Length", body.length);
  res.status(200);
  if (req.method === "HEAD") res.end();
  else res.end(body);
}

const compressors: Record<Encoding, (body: Buffer) => Promise<Buffer>> = {
  br: (body) => promisify(brotliCompress)(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 9, [zlib.BROTLI_PARAM_SIZE_HINT]: body.length } }),
  gzip: (body) => promisify(gzip)(body, { level: 9 }),
};

/** Each encoding is made once per kept page, when first asked for. */
function encoded(page: CachedPage, encoding: Encoding, store: PageCacheStore): Promise<Buffer> {
  let made = page.encoded[encoding];
  if (!made) {
    made = compressors[encoding](page.body);
    page.encoded[encoding] = made;
    void made.then((buffer) => store.account(page, buffer.length)).catch(() => {});
  }
  return made;
}

/**
 * Whether the browser already holds this page. Not Express's `req.fresh`: that refuses whenever
 * the request says `Cache-Control: no-cache`, which a conditional request may well carry (fetch
 * adds it to every one); an origin still answers 304 to those.
 */
function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const bare = etag.replace(/^W\//, "");
  return ifNoneMatch.split(",").some((candidate) => {
    const tag = candidate.trim();
    return tag === "*" || tag.replace(/^W\//, "") === bare;
  });
}

function sendRendered(req: Request, res: Response, page: RenderedPage, policy: string): void {
  for (const [name, value] of page.headers) {
    if (name.toLowerCase() === "set-cookie") continue;
    res.setHeader(name, value);
  }
  for (const cookie of page.headers.getSetCookie()) res.append("Set-Cookie", cookie);
  res.setHeader("Content-Security-Policy", policy);
  res.status(page.status);
  if (req.method === "HEAD") res.end();
  else res.end(page.body);
}
