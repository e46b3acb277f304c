import { mkdtemp, rm } from "node:fs/promises";
import type { Server } from "node:http";
import type { Express } from "express";
import { tmpdir } from "node:os";
import path from "node:path";
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

/** The whole HTTP app on a free port, over the given database (which the caller closes). */
export async function startTestApp(database: DatabaseHandle, env: Record<string, string> = {}): Promise<TestApp> {
  const dataDir = await mkdtemp(path.join(tmpdir(), "tokunbo-app-"));
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: "silent", AUTH_SECRET: TEST_AUTH_SECRET, ...env });
  const logger = createLogger(config);
  const services = createServices({ config, database, logger });
  const app = createApp({ config, database, logger }, services);
  const server = await new Promise<Server>((resolve) => {
    const s = app.listen(0, "127.0.0.1", () => resolve(s));
  });
  services.listeningOn(server);
  const base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  return {
    base,
    app,
    config,
    services,
    async close() {
      await services.live.close();
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

/** Posts a form the way a browser without scripts would; redirects are not followed. */
export function postForm(base: string, path: string, fields: Record<string, string>, init: { cookie?: string; origin?: string } = {}) {
  const headers: Record<string, string> = { "Content-Type": "application/x-www-form-urlencoded" };
  if (init.cookie) headers.Cookie = init.cookie;
  if (init.origin) headers.Origin = init.origin;
  return fetch(`${base}${path}`, { method: "POST", headers, body: new URLSearchParams(fields), redirect: "manual" });
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
