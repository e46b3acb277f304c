import { mkdtemp, rm } from "node:fs/promises";
import type { Server } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import type { DatabaseHandle } from "../../db/client";
import { type AppServices, createApp, createServices } from "../../server/app";
import { type Config, loadConfig } from "../../server/config";
import { createLogger } from "../../server/logger";

export const TEST_AUTH_SECRET = "a-test-secret-that-is-at-least-32-characters";

export interface TestApp {
  base: string;
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
  const base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  return {
    base,
    config,
    services,
    async close() {
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
