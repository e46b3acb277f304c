import { randomUUID } from "node:crypto";
import { existsSync, readdirSync } from "node:fs";
import type { Server } from "node:http";
import path from "node:path";
import { createRequestHandler } from "@react-router/express";
import compression from "compression";
import express, { type Express } from "express";
import React from "react";
import { type ServerBuild, createRequestHandler as createRouterHandler } from "react-router";
import type { ViteDevServer } from "vite";
import type { Database, DatabaseHandle } from "../db/client";
import { type Auth, createAuth } from "../domain/accounts/auth";
import { type Mailer, createMailer } from "../domain/mail/mailer";
import { createPaystackClient } from "../domain/payments/paystack-client";
import { type PaystackStandinRouter, createPaystackStandin } from "../paystack-standin";
import type { PaymentProvider } from "../domain/payments/provider";
import { createApiRouter } from "./api";
import { type Config, paymentsSecretKey } from "./config";
import type { AppContext } from "./context";
import { type LiveHub, createLiveHub } from "./live-hub";
import { type ListingCache, createListingCache } from "../domain/catalog/listing-cache";
import { type Logger, serveLogsWith } from "./logger";
import { runInRequest } from "./request-context";
import { type PageCacheStore, type RenderedPage, createPageCache, servePageCache } from "./page-cache";
import { createPaystackWebhook } from "./paystack-webhook";
import { standinPageAccess } from "./standin-pages";
import { redirectToPublicHost } from "./public-address";
import { formActionOrigins, policyAllowingScripts, limitPageBodies, refuseCrossSiteWrites, refuseUnknownMethods, securityHeaders } from "./security";
import { openStandinStore } from "./standin-store";
import { serveFavicon } from "./favicon";
import { serveUploads } from "./uploads";
import { attachViewer } from "./viewer";

/** Where `react-router build` wrote the app; BUILD_DIR lets parallel test runs keep separate builds. */
export const BUILD_DIR = path.resolve(import.meta.dirname, "..", process.env.BUILD_DIR ?? "build");

interface AppOptions {
  config: Config;
  database: DatabaseHandle;
  logger: Logger;
  /** In development, pages are compiled on demand by Vite instead of read from build/. */
  vite?: ViteDevServer;
}

/** Where test mode mounts the Paystack stand-in: its API at this path, its payment pages at PATH/pay/:accessCode. */
export const PAYSTACK_STANDIN_PATH = "/paystack-standin";
export const PAYSTACK_WEBHOOK_PATH = "/api/webhooks/paystack";

/** The parts of the app that outlive a request. */
export interface AppServices {
  auth: Auth;
  mailer: Mailer;
  live: LiveHub;
  payments: PaymentProvider;
  /** Shop pages remembered per query while the catalogue is unchanged. */
  listingCache: ListingCache;
  /** Signed-out storefront pages, rendered and compressed once per change (page-cache.ts). */
  pageCache: PageCacheStore;
  /** Test mode only: the Paystack stand-in, mounted by createApp at PAYSTACK_STANDIN_PATH. */
  paystackStandin: PaystackStandinRouter | undefined;
  /**
   * Tells the services where the server listens, once it does (tests listen on port 0). Test mode's
   * client and the stand-in's webhooks reach the app over loopback at that address.
   */
  listeningOn(server: Server): void;
}

export function createServices({ config, database, logger }: Omit<AppOptions, "vite">): AppServices {
  if (!config.authSecret) throw new Error("The session secret is missing (AUTH_SECRET or DATA_DIR/auth-secret).");
  const mailer = createMailer({
    db: database.db,
    from: config.mailFrom,
    smtpUrl: config.smtpUrl,
    onError: (error, id) => logger.error({ err: error, emailId: id }, "e-mail delivery failed"),
  });
  const auth = createAuth({
    db: database.db,
    secret: config.authSecret,
    publicUrl: config.publicUrl,
    secureCookies: config.secureCookies,
    mailer,
  });
  return {
    auth,
    mailer,
    live: createLiveHub(database, logger),
    listingCache: createListingCache(),
    pageCache: createPageCache({ listenTo: database, logger }),
    ...createPayments(config, logger, database.db),
  };
}

type Payments = Pick<AppServices, "payments" | "paystackStandin" | "listeningOn">;

function createPayments(config: Config, logger: Logger, db: Database): Payments {
  const secretKey = paymentsSecretKey(config);
  if (config.payments.mode === "paystack") {
    return { payments: createPaystackClient({ baseUrl: config.payments.baseUrl!, secretKey }), paystackStandin: undefined, listeningOn: () => {} };
  }
  let loopback: string | undefined;
  const paystackStandin = createPaystackStandin({
    secretKey,
    publicBaseUrl: `${config.publicUrl}${PAYSTACK_STANDIN_PATH}`,
    webhookUrl: () => loopback && `${loopback}${PAYSTACK_WEBHOOK_PATH}`,
    store: openStandinStore(config),
    onError: (error) => logger.error({ err: error }, "paystack stand-in"),
    pageAccess: standinPageAccess(db),
  });
  const standinApi = () => {
    if (!loopback) throw new Error("the app is not listening yet");
    return `${loopback}${PAYSTACK_STANDIN_PATH}`;
  };
  return {
    payments: createPaystackClient({ baseUrl: standinApi, secretKey }),
    paystackStandin,
    listeningOn: (server) => {
      loopback = loopbackUrl(server);
    },
  };
}

/** Which build of React this process loaded: only the development build has `act`. */
export function reactBuild(): "production" | "development" {
  return typeof (React as { act?: unknown }).act === "function" ? "development" : "production";
}

/** http://host:port to reach this server from this machine; a wildcard address becomes the loopback one. */
export function loopbackUrl(server: Server): string {
  const address = server.address();
  if (!address || typeof address === "string") throw new Error("The server is not listening on a TCP port");
  const host = address.address === "0.0.0.0" ? "127.0.0.1" : address.address === "::" ? "::1" : address.address;
  return `http://${host.includes(":") ? `[${host}]` : host}:${address.port}`;
}

export function createApp(options: AppOptions, services: AppServices = createServices(options)): Express {
  const { config, database, logger, vite } = options;
  const { auth, mailer, live, payments, paystackStandin, listingCache } = services;
  const accounts = { db: database.db, auth };
  serveLogsWith(logger);
  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", config.trustProxyHops);
  app.use(requestLogging(logger));
  app.use(compression());
  app.use(securityHeaders(config, { devServer: Boolean(vite) }));
  app.use(refuseUnknownMethods());
  app.use(refuseCrossSiteWrites(config));
  // Asked for by browsers on every site, with the visitor's cookies: answered before the session is read.
  app.get("/favicon.ico", serveFavicon);
  app.use(attachViewer(accounts, logger));

  app.get("/healthz", async (_req, res) => {
    const healthy = await isDatabaseHealthy(database);
    res.status(healthy ? 200 : 503).json({ status: healthy ? "ok" : "unavailable" });
  });
  // Before /api and the pages, whose catch-alls would answer their paths, and before /api's JSON
  // parser: the webhook's signature is over the raw body.
  if (paystackStandin) app.use(PAYSTACK_STANDIN_PATH, paystackStandin);
  app.use(createPaystackWebhook({ db: database.db, mailer, publicUrl: config.publicUrl, secretKey: paymentsSecretKey(config), logger }));
  app.use("/api", createApiRouter({ logger, accounts, live, listingCache }));
  // After the machine doors above, which answer at any host name: pages only.
  app.use(redirectToPublicHost(config));
  app.use("/uploads", ...serveUploads(config));

  if (vite) {
    app.use(vite.middlewares);
  } else {
    const clientDir = path.join(BUILD_DIR, "client");
    app.use("/assets", ...serveBuiltAssets(path.join(clientDir, "assets")));
    app.use(express.static(clientDir, { maxAge: "1h", index: false }));
  }

  // The built app never changes under a running server: imported once, not looked up per request.
  // eslint-disable-next-line local/boundaries -- the built bundle, outside the source tree
  const builtApp = vite ? undefined : (import(pathToBuild()) as Promise<ServerBuild>);
  // A missing build is reported by the page requests that need it, not as an unhandled rejection.
  builtApp?.catch(() => {});
  const build = vite ? () => vite.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild> : () => builtApp!;
  const mode = vite ? "development" : "production";
  const loadContext = (cspNonce: string, clientIp: string, getViewer: AppContext["getViewer"]): AppContext => ({
    db: database.db,
    config,
    cspNonce,
    auth,
    mailer,
    payments,
    paymentsMode: config.payments.mode,
    listingCache,
    storefront: services.pageCache,
    clientIp,
    getViewer,
  });
  app.use(limitPageBodies());
  if (!vite) {
    const renderSignedOut = createRouterHandler(build, mode);
    app.use(
      servePageCache(services.pageCache, {
        render: async (url, nonce): Promise<RenderedPage> => {
          const request = new Request(new URL(url, config.publicUrl), { headers: { accept: "text/html" } });
          const response = await renderSignedOut(request, loadContext(nonce, "storefront-cache", async () => null));
          return { status: response.status, headers: response.headers, body: Buffer.from(await response.arrayBuffer()) };
        },
        policy: (inlineScriptSources) => policyAllowingScripts(inlineScriptSources, formActionOrigins(config)),
        logger,
      }),
    );
  }
  app.all(
    "*splat",
    createRequestHandler({
      build,
      mode,
      getLoadContext: (req, res) => loadContext(res.locals.cspNonce, req.ip ?? "unknown", res.locals.getViewer),
    }),
  );
  app.use(finalErrorHandler(logger));
  return app;
}

/**
 * Built assets have content hashes in their names: browsers keep them for a year. The build
 * writes a brotli and a gzip copy beside each (vite.config.ts); a browser that accepts one gets
 * it, compressed once at the highest level instead of on every request.
 */
function serveBuiltAssets(assetsDir: string): express.RequestHandler[] {
  const files = new Set(existsSync(assetsDir) ? readdirSync(assetsDir) : []);
  const serve = express.static(assetsDir, { immutable: true, maxAge: "1y", index: false });
  const precompressed: express.RequestHandler = (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const name = req.path.slice(1);
    const encoding = (["br", "gzip"] as const).find((candidate) => req.acceptsEncodings(candidate) && files.has(`${name}${SUFFIXES[candidate]}`));
    if (!encoding) return next();
    res.vary("Accept-Encoding");
    res.setHeader("Content-Encoding", encoding);
    res.type(path.extname(name));
    req.url = `/${name}${SUFFIXES[encoding]}`;
    serve(req, res, next);
  };
  return [precompressed, serve];
}

const SUFFIXES = { br: ".br", gzip: ".gz" } as const;

const ERROR_TEXTS: Record<number, string> = {
  400: "Bad request.",
  403: "Forbidden.",
  404: "Not found.",
  405: "Method not allowed.",
  413: "The request is too large.",
};

/** Whatever fails outside the pages and /api answers briefly: no stack traces or file paths. */
function finalErrorHandler(logger: Logger): express.ErrorRequestHandler {
  return (error, req, res, next) => {
    if (res.headersSent) return next(error);
    const status = Number.isInteger(error?.status) && error.status >= 400 && error.status < 500 ? error.status : 500;
    if (status === 500) logger.error({ err: error, path: req.path }, "request failed");
    res.status(status).type("text/plain").send(ERROR_TEXTS[status] ?? (status === 500 ? "Something went wrong. Please try again." : "Request refused."));
  };
}

async function isDatabaseHealthy(database: DatabaseHandle): Promise<boolean> {
  try {
    await database.query("select 1");
    return true;
  } catch {
    return false;
  }
}

function pathToBuild(): string {
  return path.join(BUILD_DIR, "server/index.js");
}

function requestLogging(logger: Logger): express.RequestHandler {
  return (req, res, next) => {
    const requestId = req.get("x-request-id")?.slice(0, 64) || randomUUID();
    res.setHeader("X-Request-Id", requestId);
    const started = performance.now();
    // Read before any mounted router strips its prefix from req.path.
    const fullPath = req.path;
    res.on("finish", () => {
      const level = isStaticFile(fullPath) ? "debug" : "info";
      logger[level]({ requestId, method: req.method, path: fullPath, status: res.statusCode, ms: Math.round(performance.now() - started) }, "request");
    });
    // Every line logged while serving it carries the id, whichever code writes it.
    runInRequest({ requestId }, next);
  };
}

/** Built assets, uploaded files and the client build's other files: logged only when debugging. */
export function isStaticFile(pathname: string): boolean {
  return pathname.startsWith("/assets/") || pathname.startsWith("/uploads/") || /^\/[^/]+\.(?:ico|png|svg|webmanifest|js|css|map|woff2?)$/.test(pathname);
}
