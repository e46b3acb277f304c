/**
 * `npm run load-test`: the production build on a throwaway PostgreSQL database with the demo
 * shop, 200 visitors browsing and 20 buyers buying for 60 seconds over loopback; then the
 * latency per kind of request and the checks that no order was lost or doubled and no phone
 * went missing. Exits non-zero when a check fails.
 */
import { setMaxListeners } from "node:events";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { z } from "../lib/zod";
import { BENCH_AUTH_SECRET, buildIfNeeded, startApp } from "../bench/app-process";
import { prepareDemoPostgres } from "../bench/databases";
import { ms } from "../bench/report";
import { signInBuyers } from "../bench/sessions";
import { createRandom } from "../db/seed/random";
import { redactUrl } from "../server/database";
import { THINK_TIME_MS, browse, warmUp } from "./load-test/browsing";
import { type Buyer, type Purchase, buy } from "./load-test/buying";
import { type Check, checkOutcome, stockUpPhones } from "./load-test/checks";
import { type KindSummary, NO_ANSWER, Recorder } from "./load-test/recorder";

const count = (max: number, fallback: number) => z.coerce.number().int().min(1).max(max).default(fallback);
const settingsSchema = z.object({
  LOAD_DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\/.+/, "must be a PostgreSQL URL such as postgres://postgres@127.0.0.1:5432/tokunbo_load")
    .default("postgres://postgres@127.0.0.1:5432/tokunbo_load"),
  LOAD_PORT: z.coerce.number().int().min(1).max(65535).default(3240),
  /** Bounded: the load always stops by itself. */
  LOAD_SECONDS: count(600, 60),
  LOAD_BROWSERS: count(1000, 200),
  LOAD_BUYERS: count(200, 20),
});

/** The phones buyers choose from, each given this much stock so the load never sells out. */
const BUYER_PHONES = 4;
const STOCK_PER_PHONE = 100_000;
/**
 * Each buyer slot takes turns between this many accounts, each from its own address: the same
 * concurrency, but no account or address places orders faster than a person would, so the
 * checkout limits (10 an account, 100 an address in 15 minutes) hold without refusing the load.
 */
const ACCOUNTS_PER_BUYER = 5;

/** An address from the IPv6 documentation range, one per account; it only ever appears in a header. */
function buyerAddress(index: number): string {
  return `2001:db8::${(index + 1).toString(16)}`;
}

/** Purchases under way when the time is up may finish within this; then every request is cut off. */
const GRACE_MS = 30_000;

async function main(): Promise<number> {
  const settings = readSettings();
  const workDir = mkdtempSync(path.join(tmpdir(), "tokunbo-load-"));
  const dataDir = path.join(workDir, "data");
  const logFile = path.join(workDir, "app.log");
  let passed = false;
  try {
    step("Building the app (production) if needed");
    buildIfNeeded();
    step(`Creating ${redactUrl(settings.LOAD_DATABASE_URL)} afresh with the demo shop`);
    await prepareDemoPostgres(settings.LOAD_DATABASE_URL, dataDir);

    const pool = new pg.Pool({ connectionString: settings.LOAD_DATABASE_URL, max: 4 });
    try {
      const before = await stockUpPhones(pool, BUYER_PHONES, STOCK_PER_PHONE);
      const productIds = await listedProducts(pool);
      const signedIn = await signInBuyers(pool, { count: settings.LOAD_BUYERS * ACCOUNTS_PER_BUYER, secret: BENCH_AUTH_SECRET, idPrefix: "load-buyer", name: "Load Buyer" });
      const accounts = signedIn.ids.map((id, i) => ({ id, cookie: signedIn.cookies[i]!, address: buyerAddress(i) }));
      const buyers = Array.from({ length: settings.LOAD_BUYERS }, (_, i) => accounts.slice(i * ACCOUNTS_PER_BUYER, (i + 1) * ACCOUNTS_PER_BUYER));

      // One proxy in front, as in production behind a load balancer: each account comes from its own address.
      const app = await startApp({ port: settings.LOAD_PORT, dataDir, databaseUrl: settings.LOAD_DATABASE_URL, logFile, env: { TRUST_PROXY: "1" } });
      step(`The app serves at ${app.base}: ${settings.LOAD_BROWSERS} visitors browsing and ${settings.LOAD_BUYERS} buyers for ${settings.LOAD_SECONDS} s`);
      let load: LoadOutcome;
      try {
        load = await runLoad(app.base, settings, productIds, buyers, [...before.phones.keys()]);
      } finally {
        await app.stop();
      }

      const serverErrors = load.recorder.count((status) => status >= 500);
      const unanswered = load.recorder.count((status) => status === NO_ANSWER);
      const checks = [
        { name: "no 5xx answers", problems: serverErrors > 0 ? [`${serverErrors} answers with 5xx`] : [] },
        { name: "every request answered", problems: unanswered > 0 ? [`${unanswered} requests got no answer`] : [] },
        { name: "no errors in the app's log", problems: loggedErrors(logFile) },
        ...(await checkOutcome(pool, signedIn.ids, load.purchases, before)),
      ];
      printReport(load, checks);
      passed = checks.every((check) => check.problems.length === 0);
    } finally {
      await pool.end();
    }
  } finally {
    if (passed) rmSync(workDir, { recursive: true, force: true });
    else console.log(`The app's log and data are kept in ${workDir}`);
  }
  return passed ? 0 : 1;
}

function readSettings(): z.output<typeof settingsSchema> {
  const parsed = settingsSchema.safeParse(Object.fromEntries(Object.entries(process.env).filter(([, v]) => v)));
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  throw new Error(`Invalid ${String(issue.path[0])}: ${issue.message}`);
}

interface LoadOutcome {
  recorder: Recorder;
  purchases: Purchase[];
  seconds: number;
  /** The machine's one-minute load average: other work on it slows the app down too. */
  loadAverage: { before: number; after: number };
}

async function runLoad(base: string, settings: z.output<typeof settingsSchema>, productIds: string[], buyers: Buyer[][], phoneIds: string[]): Promise<LoadOutcome> {
  await warmUp(base, productIds[0]!);
  const loadBefore = loadavg()[0]!;
  const stop = new AbortController();
  // Every visitor's pause and request listens to it.
  setMaxListeners(0, stop.signal);
  const started = performance.now();
  const until = started + settings.LOAD_SECONDS * 1000;
  const cutOff = setTimeout(() => stop.abort(), settings.LOAD_SECONDS * 1000 + GRACE_MS);
  const recorder = new Recorder(stop.signal);
  const purchases: Purchase[] = [];
  const visit = (seed: number) => ({ base, recorder, random: createRandom(seed), until, signal: stop.signal });
  try {
    await Promise.all([
      ...Array.from({ length: settings.LOAD_BROWSERS }, (_, i) => browse(visit(i + 1), productIds)),
      ...buyers.map((accounts, i) => buy(visit(100_000 + i), accounts, phoneIds, purchases)),
    ]);
  } finally {
    clearTimeout(cutOff);
  }
  return { recorder, purchases, seconds: (performance.now() - started) / 1000, loadAverage: { before: loadBefore, after: loadavg()[0]! } };
}

async function listedProducts(pool: pg.Pool): Promise<string[]> {
  const { rows } = await pool.query<{ id: string }>(
    "select p.id from products p join vendors v on v.id = p.vendor_id where p.status = 'approved' and p.is_live and v.status = 'approved'",
  );
  return rows.map((row) => row.id);
}

/** Lines the app logged at level error or above (pino: 50 and up). */
function loggedErrors(logFile: string): string[] {
  return readFileSync(logFile, "utf8")
    .split("\n")
    .filter((line) => /"level":(5\d|60)/.test(line))
    .slice(0, 5)
    .map((line) => line.slice(0, 300));
}

function printReport(load: LoadOutcome, checks: Check[]): void {
  const summaries = load.recorder.summaries();
  const overall = summaries.at(-1)!;
  console.log(`\n${overall.requests.toLocaleString("en-US")} requests in ${load.seconds.toFixed(1)} s: ${Math.round(overall.requests / load.seconds)} a second`);
  console.log(`${load.purchases.length} orders placed, ${load.purchases.filter((p) => p.confirmed).length} paid and confirmed`);
  console.log(`Pauses between clicks ${THINK_TIME_MS.min / 1000}–${THINK_TIME_MS.max / 1000} s; machine load average ${load.loadAverage.before.toFixed(1)} before, ${load.loadAverage.after.toFixed(1)} after (${cpus().length} cores)\n`);
  console.log(["request", "count", "p50", "p95", "p99", "not 2xx/3xx"].join(" | "));
  for (const summary of summaries) console.log(row(summary));
  for (const failure of load.recorder.failures) console.log(`  no answer: ${failure}`);
  console.log("");
  for (const check of checks) {
    console.log(`${check.problems.length === 0 ? "✓" : "✗"} ${check.name}`);
    for (const problem of check.problems.slice(0, 5)) console.log(`    ${problem}`);
    if (check.problems.length > 5) console.log(`    … and ${check.problems.length - 5} more`);
  }
}

function row(summary: KindSummary): string {
  const unexpected = [...summary.unexpected].map(([status, n]) => `${n}× ${status === 0 ? "no answer" : status}`).join(", ") || "none";
  return [summary.kind, summary.requests.toLocaleString("en-US"), ms(summary.p50), ms(summary.p95), ms(summary.p99), unexpected].join(" | ");
}

function step(message: string): void {
  console.log(`[load ${new Date().toISOString().slice(11, 19)}] ${message}`);
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`The load test stopped: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
