/**
 * The built app as its own production process (server/main.ts, as `npm start` runs it), which
 * a test can kill with SIGKILL and start again on the same database and data folder.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { createWriteStream } from "node:fs";
import path from "node:path";
import { TEST_AUTH_SECRET } from "./app";

const ROOT = path.resolve(import.meta.dirname, "../..");
const HEALTHY_WITHIN_MS = 60_000;

export interface AppProcessOptions {
  port: number;
  dataDir: string;
  /** PostgreSQL; the embedded database under dataDir when unset. */
  databaseUrl?: string;
  /** Every start appends its output here; app.log in dataDir when unset. */
  logFile?: string;
  /** More variables, over the defaults (production, test-mode payments, no demo data). */
  env?: Record<string, string>;
}

export interface AppProcess {
  base: string;
  pid: number;
  /** SIGKILL: no shutdown code runs. Resolves once the process is gone. */
  kill(): Promise<void>;
  /** SIGTERM, the orderly shutdown (SIGKILL after 10 s). */
  stop(): Promise<void>;
}

export async function startAppProcess(options: AppProcessOptions): Promise<AppProcess> {
  const base = `http://127.0.0.1:${options.port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "production",
    PORT: String(options.port),
    HOST: "127.0.0.1",
    PUBLIC_URL: base,
    DATA_DIR: options.dataDir,
    AUTH_SECRET: TEST_AUTH_SECRET,
    PAYMENTS_MODE: "sandbox",
    DEMO_DATA: "false",
    LOG_LEVEL: "warn",
  };
  for (const name of ["PAYSTACK_SECRET_KEY", "PAYSTACK_BASE_URL", "DATABASE_URL", "SMTP_URL"]) delete env[name];
  if (options.databaseUrl) env.DATABASE_URL = options.databaseUrl;
  Object.assign(env, options.env);

  const logFile = options.logFile ?? path.join(options.dataDir, "app.log");
  const log = createWriteStream(logFile, { flags: "a" });
  // Node itself with tsx's loader, not the tsx command: that runs the server in a child process a SIGKILL would not reach.
  const child = spawn(process.execPath, ["--import", "tsx", "server/main.ts"], { cwd: ROOT, env, stdio: ["ignore", "pipe", "pipe"] });
  child.stdout!.pipe(log);
  child.stderr!.pipe(log);
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  await waitUntilHealthy(base, child, logFile);
  return {
    base,
    pid: child.pid!,
    kill: () => signal(child, exited, "SIGKILL"),
    stop: () => signal(child, exited, "SIGTERM"),
  };
}

async function waitUntilHealthy(base: string, child: ChildProcess, logFile: string): Promise<void> {
  const deadline = Date.now() + HEALTHY_WITHIN_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The app exited with code ${child.exitCode} before serving; see ${logFile}`);
    const healthy = await fetch(`${base}/healthz`).then((r) => r.ok, () => false);
    if (healthy) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill("SIGKILL");
  throw new Error(`The app did not answer ${base}/healthz within ${HEALTHY_WITHIN_MS / 1000} s; see ${logFile}`);
}

async function signal(child: ChildProcess, exited: Promise<void>, name: "SIGKILL" | "SIGTERM"): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill(name);
  const fallback = name === "SIGTERM" ? setTimeout(() => child.kill("SIGKILL"), 10_000) : undefined;
  await exited;
  clearTimeout(fallback);
}
