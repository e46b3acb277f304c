/** The built app as its own process, the way `npm start` runs it in production, for the load to hit. */
import { spawnSync } from "node:child_process";
import path from "node:path";
import { type AppProcess, startAppProcess } from "../tests/support/app-process";

export type RunningApp = AppProcess;

const ROOT = path.resolve(import.meta.dirname, "..");
export const BENCH_AUTH_SECRET = "benchmark-secret-of-at-least-32-characters";

/** Production, payments in test mode against the built-in Paystack stand-in, no demo data. */
export function startApp(options: { port: number; dataDir: string; databaseUrl?: string; logFile: string; env?: Record<string, string> }): Promise<RunningApp> {
  return startAppProcess({ ...options, env: { AUTH_SECRET: BENCH_AUTH_SECRET, LOG_LEVEL: "info", ...options.env } });
}

/** A production build into BUILD_DIR (default build/) when it is missing or older than the sources. */
export function buildIfNeeded(): void {
  const result = spawnSync(path.join(ROOT, "node_modules/.bin/tsx"), ["scripts/build-if-needed.ts"], { cwd: ROOT, encoding: "utf8" });
  if (result.status !== 0) throw new Error(`The build failed:\n${result.stdout}${result.stderr}`);
}
