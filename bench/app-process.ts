/** The built app as its own process, the way `npm start` runs it in production, for the load to hit. */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { createWriteStream } from "node:fs";
import path from "node:path";

export interface RunningApp {
  base: string;
  pid: number;
  stop(): Promise<void>;
}

const ROOT = path.resolve(import.meta.dirname, "..");
export const BENCH_AUTH_SECRET = "benchmark-secret-of-at-least-32-characters";

export async function startApp(options: { port: number; dataDir: string; databaseUrl?: string; logFile: string }): Promise<RunningApp> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "production",
    PORT: String(options.port),
    HOST: "127.0.0.1",
    // The address the load reaches it at: the payment page's link and the same-origin check use it.
    PUBLIC_URL: `http://127.0.0.1:${options.port}`,
    DATA_DIR: options.dataDir,
    AUTH_SECRET: BENCH_AUTH_SECRET,
    // Payments in test mode, against the built-in Paystack stand-in.
    PAYMENTS_MODE: "sandbox",
    DEMO_DATA: "false",
    LOG_LEVEL: "info",
  };
  delete env.PAYSTACK_SECRET_KEY;
  delete env.PAYSTACK_BASE_URL;
  if (options.databaseUrl) env.DATABASE_URL = options.databaseUrl;
  else delete env.DATABASE_URL;

  const log = createWriteStream(options.logFile);
  const child = spawn(path.join(ROOT, "node_modules/.bin/tsx"), ["server/main.ts"], { cwd: ROOT, env, stdio: ["ignore", "pipe", "pipe"] });
  child.stdout!.pipe(log);
  child.stderr!.pipe(log);
  const base = `http://127.0.0.1:${options.port}`;
  await waitUntilHealthy(base, child, options.logFile);
  return { base, pid: child.pid!, stop: () => stop(child) };
}

/** A production build into BUILD_DIR (default build/) when it is missing or older than the sources. */
export function buildIfNeeded(): void {
  const result = spawnSync(path.join(ROOT, "node_modules/.bin/tsx"), ["scripts/build-if-needed.ts"], { cwd: ROOT, encoding: "utf8" });
  if (result.status !== 0) throw new Error(`The build failed:\n${result.stdout}${result.stderr}`);
}

async function waitUntilHealthy(base: string, child: ChildProcess, logFile: string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The app exited with code ${child.exitCode} before serving; see ${logFile}`);
    try {
      if ((await fetch(`${base}/healthz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  child.kill("SIGKILL");
  throw new Error(`The app did not answer ${base}/healthz within 60 s; see ${logFile}`);
}

function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
    child.once("exit", () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill("SIGTERM");
  });
}
