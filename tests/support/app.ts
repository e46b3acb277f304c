import { mkdtemp, rm } from "node:fs/promises";
import { createServer } from "node:http";
import type { Express } from "express";
import { tmpdir } from "node:os";
import path from "node:path";
import { UNSAFE_decodeViaTurboStream as decodeViaTurboStream } from "react-router";
import type { DatabaseHandle } from "../../db/client";
import { type AppServices, createApp, createServices } from "../../server/app";
import { type Config, loadConfig } from "../../server/config";
import { createLogger } from "../../server/logger";

export const TEST_AUTH_SECRET = "a-test-secret-that-is-at-least-32-characters";

export interface TestApp {
  base: string;
  /** The Express app, for tests that inspect its routes. */
  app: Express;
  config: Config;
  services: AppServices;
  close(): Promise<void>;
}

/**
 * The whole HTTP app on a free port, over the given database (which the caller closes);
 * `replaced` stands in for some of its services, such as the payment provider with a fake.
 */
export async function startTestApp(database: DatabaseHandle, env: Record<string, string> = {}, replaced: Partial<Pick<AppServices, "payments">> = {}): Promise<TestApp> {
  const dataDir = await mkdtemp(path.join(tmpdir(), "tokunbo-app-"));
  // Listening first, so that the shop's public address is where the tests reach it, unless a test names another.
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: "silent", AUTH_SECRET: TEST_AUTH_SECRET, PUBLIC_URL: base, ...env });
  // A pretend public address (https://shop.tokunbo.test) is not where the tests reach the server.
  config.redirectToPublicHost = config.publicUrl === base;
  const logger = createLogger(config);
  const services = { ...createServices({ config, database, logger }), ...replaced };
  const app = createApp({ config, database, logger }, services);
  server.on("request", app);
  services.listeningOn(server);
  return {
    base,
    app,
    config,
    services,
    async close() {
      await services.live.close();
      await services.pageCache.close();
      await new Promise((resolve) => server.close(resolve));
      await services.mailer.idle();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** Cookie header value from a response's Set-Cookie lines (name=value pairs only). */
export function cookiesFrom(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((line) => line.split(";")[0])
    .filter((pair) => !pair!.endsWith("="))
    .join("; ");
}

/**
 * Posts a form the way a browser without scripts would; redirects are not followed. A field the
 * form sends more than once (several images) is given as URLSearchParams.
 */
export function postForm(base: string, path: string, fields: Record<string, string> | URLSearchParams, init: { cookie?: string; origin?: string } = {}) {
  const headers: Record<string, string> = { "Content-Type": "application/x-www-form-urlencoded" };
  if (init.cookie) headers.Cookie = init.cookie;
  if (init.origin) headers.Origin = init.origin;
  return fetch(`${base}${path}`, { method: "POST", headers, body: new URLSearchParams(fields), redirect: "manual" });
}

/** The toast a redirect carries in its flash cookie, if any. */
export function flashOf(response: Response): { kind: string; title: string; description?: string } | null {
  const value = response.headers.getSetCookie().find((line) => line.startsWith("tokunbo_flash="))?.slice("tokunbo_flash=".length).split(";")[0];
  return value ? JSON.parse(Buffer.from(decodeURIComponent(value), "base64").toString("utf8")) : null;
}

/** A `.data` answer, read whole first: a connection cut midway fails here instead of leaving the decoder waiting. */
async function decodeAnswer(response: Response): Promise<unknown> {
  const body = new Response(await response.arrayBuffer()).body!;
  const decoded = await decodeViaTurboStream(body, globalThis);
  await decoded.done;
  return decoded.value;
}

/** What a page action answered a script: its data and status, or where it redirected. */
export interface ActionAnswer<T> {
  status: number;
  data: T;
  redirect?: string;
}

/**
 * Posts to a page's action the way its script does (a fetcher: React Router's `.data` request)
 * and decodes the answer.
 */
export async function postAction<T = Record<string, unknown>>(
  base: string,
  path: string,
  fields: Record<string, string> | URLSearchParams | FormData,
  cookie?: string,
): Promise<ActionAnswer<T>> {
  const url = new URL(path, base);
  url.pathname = `${url.pathname === "/" ? "/_root" : url.pathname}.data`;
  const body = fields instanceof FormData || fields instanceof URLSearchParams ? fields : new URLSearchParams(fields);
  const response = await fetch(url, { method: "POST", headers: cookie ? { Cookie: cookie } : {}, body, redirect: "manual" });
  if (!(response.headers.get("content-type") ?? "").includes("x-script")) return { status: response.status, data: (await response.text()) as T };
  const value = (await decodeAnswer(response)) as Record<string, unknown>;
  if (typeof value.redirect === "string") return { status: value.status as number, data: undefined as T, redirect: value.redirect };
  return { status: response.status, data: ("data" in value ? value.data : value.error) as T };
}

/** A route's loader data as the page's script reads it (React Router's `.data` request); `routeId` as in app/routes.ts ("root", "checkout/routes/cart"). */
export async function loaderData<T = Record<string, unknown>>(base: string, path: string, routeId: string, cookie?: string): Promise<T> {
  const url = new URL(path, base);
  url.pathname = `${url.pathname === "/" ? "/_root" : url.pathname}.data`;
  url.searchParams.set("_routes", routeId);
  const response = await fetch(url, { headers: cookie ? { Cookie: cookie } : {}, redirect: "manual" });
  const value = (await decodeAnswer(response)) as Record<string, { data?: T; error?: unknown }>;
  const answer = value[routeId];
  if (!answer || !("data" in answer)) throw new Error(`${path} gave no data for ${routeId} (${response.status})`);
  return answer.data as T;
}

/** Signs in through /auth and returns the session cookie. */
export async function signInAs(base: string, email: string, password: string): Promise<string> {
  const response = await postForm(base, "/auth", { intent: "signin", email, password });
  if (response.status !== 302) throw new Error(`Sign-in of ${email} answered ${response.status}`);
  return cookiesFrom(response)
    .split("; ")
    .filter((pair) => pair.includes("session_token"))
    .join("; ");
}
