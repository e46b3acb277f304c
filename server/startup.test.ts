import { spawn } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { verifyPassword } from "better-auth/crypto";
import pino from "pino";
import { describe, expect, it } from "vitest";
import { copyDemoImages } from "../tests/support/demo-images";
import { useTempDir } from "../tests/support/lifecycle";
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from "../db/seed/demo-accounts";
import { loadConfig } from "./config";
import { prepareDatabase } from "./database";
import { createLogger } from "./logger";

const root = path.resolve(import.meta.dirname, "..");

function start(env: Record<string, string>): Promise<{ code: number | null; stderr: string; stdout: string }> {
  return new Promise((resolve) => {
    const child = spawn(path.join(root, "node_modules/.bin/tsx"), ["server/main.ts"], {
      cwd: root,
      env: { PATH: process.env.PATH, HOME: process.env.HOME, LOG_LEVEL: "warn", ...env },
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk) => (stdout += chunk));
    child.stderr.on("data", (chunk) => (stderr += chunk));
    const timer = setTimeout(() => child.kill("SIGKILL"), 60_000);
    child.on("exit", (code) => {
      clearTimeout(timer);
      resolve({ code, stderr, stdout });
    });
  });
}

describe("starting the server", () => {
  const dataDir = useTempDir("tokunbo-start-");

  it("with a bad PORT prints one clear line and exits non-zero", async () => {
    const result = await start({ PORT: "shop", DATA_DIR: dataDir() });
    expect(result.code).toBe(1);
    expect(result.stderr).toBe('Invalid PORT="shop": must be a whole number from 1 to 65535\n');
  });

  it("with a malformed DATABASE_URL prints one clear line and exits non-zero", async () => {
    const result = await start({ DATABASE_URL: "localhost:5432/shop", DATA_DIR: dataDir() });
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(
      'Invalid DATABASE_URL="localhost:5432/shop": must be a PostgreSQL URL such as postgres://user:password@host:5432/dbname\n',
    );
  });

  it("with an unreachable database prints one clear line, without the password, and exits non-zero", async () => {
    const result = await start({ DATABASE_URL: "postgres://shop:secret@127.0.0.1:1/shop", DATA_DIR: dataDir() });
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/^Cannot connect to PostgreSQL at postgres:\/\/shop:\*\*\*@127\.0\.0\.1:1\/shop: .*ECONNREFUSED.*\n$/);
    expect(result.stderr).not.toContain("secret");
  });

  it("on a port already in use prints one clear line and exits non-zero", async () => {
    const blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, "127.0.0.1", resolve));
    const port = (blocker.address() as { port: number }).port;
    try {
      const result = await start({ PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir(), DEMO_DATA: "false" });
      expect(result.code).toBe(1);
      expect(result.stderr).toBe(`Port ${port} is already in use: stop the other program or set PORT to a free port.\n`);
    } finally {
      blocker.close();
    }
  });
});

/** Starts the server and returns its log once `until` appears in it (then stops it). */
function logUntil(env: Record<string, string>, until: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(path.join(root, "node_modules/.bin/tsx"), ["server/main.ts"], {
      cwd: root,
      env: { PATH: process.env.PATH, HOME: process.env.HOME, LOG_LEVEL: "warn", ...env },
    });
    let log = "";
    const timer = setTimeout(() => child.kill("SIGKILL"), 60_000);
    const collect = (chunk: Buffer) => {
      log += chunk;
      if (log.includes(until)) child.kill("SIGTERM");
    };
    child.stdout.on("data", collect);
    child.stderr.on("data", collect);
    child.on("error", reject);
    child.on("exit", () => {
      clearTimeout(timer);
      resolve(log);
    });
  });
}


/** A free port on the loopback interface. */
function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

describe("npm start", () => {
  const dataDir = useTempDir("tokunbo-react-build-");

  it("serves React's production build for a shop with demo data, the mailbox and test payments on by default", async () => {
    const log = await logUntil(
      { DATA_DIR: dataDir(), DEMO_DATA: "false", HOST: "127.0.0.1", PORT: String(await freePort()), LOG_LEVEL: "info" },
      "Tokunbo is serving",
    );
    const serving = log.split("\n").map((line) => (line.startsWith("{") ? JSON.parse(line) : {})).find((entry) => entry.msg?.startsWith("Tokunbo is serving"));
    expect(serving).toMatchObject({ react: "production", shop: "development", payments: "test" });
  }, 120_000);
});

describe("a production site with the mailbox on", () => {
  const dataDir = useTempDir("tokunbo-demo-site-");

  it("turns the mailbox on only with the demo-site flag, and then warns loudly", async () => {
    const port = await freePort();
    const env = {
      NODE_ENV: "production",
      AUTH_SECRET: "a-production-secret-of-at-least-32-chars",
      PAYMENTS_MODE: "sandbox",
      DATA_DIR: dataDir(),
      DEMO_DATA: "false",
      HOST: "127.0.0.1",
      PORT: String(port),
      DEV_MAILBOX: "true",
    };
    const refused = await logUntil(env, "Payments are in test mode");
    expect(refused).toContain("DEV_MAILBOX is set but the mailbox stays off in production: set DEMO_SITE=true as well");
    expect(refused).not.toContain("DEMO SITE");
    const demo = await logUntil({ ...env, DEMO_SITE: "true" }, "Payments are in test mode");
    expect(demo).toContain(`DEMO SITE: the mailbox at http://localhost:${port}/dev/mailbox is ON in production.`);
  }, 120_000);
});

describe("preparing the embedded database", () => {
  it("refuses a data folder another running process holds", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "tokunbo-lock-"));
    const config = loadConfig({ DATA_DIR: dir, LOG_LEVEL: "silent", DEMO_DATA: "false" });
    const holder = await prepareDatabase(config, createLogger(config));
    try {
      const other = spawn("sleep", ["30"]);
      await writeFile(`${config.pgliteDir}.lock`, String(other.pid));
      const result = await start({ DATA_DIR: dir, DEMO_DATA: "false" });
      other.kill();
      expect(result.code).toBe(1);
      expect(result.stderr).toBe(
        `The embedded database in ${config.pgliteDir} is in use by another process (pid ${other.pid}): stop it or set DATA_DIR to another folder.\n`,
      );
    } finally {
      await holder.close();
      await rm(dir, { recursive: true, force: true });
    }
  });

  const dataDir = useTempDir("tokunbo-seed-");

  const countProducts = async () => {
    const config = loadConfig({ DATA_DIR: dataDir(), LOG_LEVEL: "silent" });
    await copyDemoImages(config.uploadsDir);
    const handle = await prepareDatabase(config, createLogger(config));
    try {
      const [row] = await handle.query<{ products: number; users: number }>(
        "select (select count(*)::int from products) products, (select count(*)::int from users) users",
      );
      return row;
    } finally {
      await handle.close();
    }
  };

  it("fills an empty database with the demo catalogue once, however often it starts", async () => {
    const first = await countProducts();
    expect(first?.products).toBeGreaterThanOrEqual(120);
    const second = await countProducts();
    expect(second).toEqual(first);
  });

  it("seeds demo accounts in production only with random passwords, printed once to the log", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "tokunbo-demo-prod-"));
    const lines: string[] = [];
    const config = loadConfig({ DATA_DIR: dir, NODE_ENV: "production", AUTH_SECRET: "a-production-secret-of-at-least-32-chars", DEMO_DATA: "true" });
    const logger = pino({ level: "info" }, { write: (line: string) => void lines.push(line) });
    await copyDemoImages(config.uploadsDir);
    const handle = await prepareDatabase(config, logger);
    try {
      const warning = lines.map((line) => JSON.parse(line) as { msg: string; demoAccounts?: Record<string, string> }).find((entry) => entry.demoAccounts);
      expect(warning?.msg).toContain("random passwords");
      const passwords = warning!.demoAccounts!;
      expect(Object.keys(passwords)).toEqual(DEMO_ACCOUNTS.map((account) => account.email));
      const hashes = await handle.query<{ email: string; password: string }>(
        "select u.email, a.password from users u join accounts a on a.user_id = u.id where u.email = any($1::text[])",
        [[...Object.keys(passwords), "ngozi.eze@tokunbo.test"]],
      );
      expect(hashes).toHaveLength(DEMO_ACCOUNTS.length + 1);
      for (const { email, password: hash } of hashes) {
        expect(await verifyPassword({ hash, password: DEMO_PASSWORD }), email).toBe(false);
        if (passwords[email]) expect(await verifyPassword({ hash, password: passwords[email] }), email).toBe(true);
      }
    } finally {
      await handle.close();
      await rm(dir, { recursive: true, force: true });
    }
  }, 120_000);

  it("does not seed when DEMO_DATA is off or in production", async () => {
    for (const env of [{ DEMO_DATA: "false" }, { NODE_ENV: "production", AUTH_SECRET: "a-production-secret-of-at-least-32-chars" }]) {
      const emptyDir = await mkdtemp(path.join(tmpdir(), "tokunbo-empty-"));
      const config = loadConfig({ DATA_DIR: emptyDir, LOG_LEVEL: "silent", ...env });
      const handle = await prepareDatabase(config, createLogger(config));
      const [row] = await handle.query<{ n: number }>("select count(*)::int n from products");
      await handle.close();
      await rm(emptyDir, { recursive: true, force: true });
      expect(row?.n).toBe(0);
    }
  });
});
