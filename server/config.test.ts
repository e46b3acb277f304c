import { type ChildProcessWithoutNullStreams, spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Response } from "express";
import { describe, expect, it } from "vitest";
import { ConfigError, assertPaymentsReady, loadConfig, paymentsSecretKey, testModeSecretKey } from "./config";
import { contentSecurityPolicy, securityHeaders } from "./security";

describe("loadConfig", () => {
  it("uses the documented defaults", () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.dataDir).toBe(path.resolve("./data"));
    expect(config.pgliteDir).toBe(path.resolve("./data/db"));
    expect(config.uploadsDir).toBe(path.resolve("./data/uploads"));
    expect(config.databaseUrl).toBeUndefined();
    expect(config.publicUrl).toBe("http://localhost:3000");
    expect(config.demoData).toBeUndefined();
    expect(config.env).toBe("development");
    expect(config.trustProxyHops).toBe(0);
  });

  it("takes the kind of shop from APP_ENV, else from NODE_ENV", () => {
    const secret = "a-production-secret-of-at-least-32-chars";
    expect(loadConfig({ APP_ENV: "production", AUTH_SECRET: secret })).toMatchObject({ env: "production", devMailbox: false });
    expect(loadConfig({ NODE_ENV: "production", AUTH_SECRET: secret }).env).toBe("production");
    expect(loadConfig({ APP_ENV: "development", NODE_ENV: "production" })).toMatchObject({ env: "development", devMailbox: true });
    expect(() => loadConfig({ APP_ENV: "production" })).toThrow('Invalid AUTH_SECRET="": must be set in production');
    expect(() => loadConfig({ APP_ENV: "staging" })).toThrow('Invalid APP_ENV="staging": must be development, production or test');
  });

  it("believes X-Forwarded-For only from the number of proxies it is told of", () => {
    expect(loadConfig({ TRUST_PROXY: "1" }).trustProxyHops).toBe(1);
    for (const bad of ["-1", "6", "yes", "1.5"]) {
      expect(() => loadConfig({ TRUST_PROXY: bad })).toThrow(`Invalid TRUST_PROXY="${bad}": must be the number of proxies in front of the app, from 0 to 5`);
    }
  });

  it("reconciles payments every minute unless RECONCILE_EVERY_SECONDS says otherwise", () => {
    expect(loadConfig({}).reconcileEveryMs).toBe(60_000);
    expect(loadConfig({ RECONCILE_EVERY_SECONDS: "5" }).reconcileEveryMs).toBe(5_000);
    for (const bad of ["0", "3601", "1.5", "often"]) {
      expect(() => loadConfig({ RECONCILE_EVERY_SECONDS: bad })).toThrow(`Invalid RECONCILE_EVERY_SECONDS="${bad}": must be a whole number of seconds from 1 to 3600`);
    }
  });

  it("reads every variable", () => {
    const config = loadConfig({
      PORT: "8080",
      DATA_DIR: "/srv/tokunbo",
      DATABASE_URL: "postgres://shop:secret@db.internal:5432/tokunbo",
      PUBLIC_URL: "https://tokunbo.ng/",
      DEMO_DATA: "false",
      NODE_ENV: "production",
      AUTH_SECRET: "a-production-secret-of-at-least-32-chars",
      SMTP_URL: "smtps://shop:secret@smtp.example.com:465",
      MAIL_FROM: "Tokunbo <orders@tokunbo.ng>",
    });
    expect(config).toMatchObject({
      port: 8080,
      dataDir: "/srv/tokunbo",
      uploadsDir: "/srv/tokunbo/uploads",
      databaseUrl: "postgres://shop:secret@db.internal:5432/tokunbo",
      publicUrl: "https://tokunbo.ng",
      demoData: false,
      env: "production",
      authSecret: "a-production-secret-of-at-least-32-chars",
      smtpUrl: "smtps://shop:secret@smtp.example.com:465",
      mailFrom: "Tokunbo <orders@tokunbo.ng>",
      devMailbox: false,
      secureCookies: true,
    });
  });

  it("opens the dev mailbox outside production, and in production only on a site declared a demo", () => {
    expect(loadConfig({}).devMailbox).toBe(true);
    expect(loadConfig({ DEV_MAILBOX: "false" }).devMailbox).toBe(false);
    const secret = "a-production-secret-of-at-least-32-chars";
    expect(loadConfig({ NODE_ENV: "production", AUTH_SECRET: secret })).toMatchObject({ devMailbox: false, devMailboxRefused: false, demoSite: false });
    expect(loadConfig({ NODE_ENV: "production", AUTH_SECRET: secret, DEV_MAILBOX: "true" })).toMatchObject({ devMailbox: false, devMailboxRefused: true });
    expect(loadConfig({ NODE_ENV: "production", AUTH_SECRET: secret, DEMO_SITE: "true" }).devMailbox).toBe(false);
    expect(loadConfig({ NODE_ENV: "production", AUTH_SECRET: secret, DEV_MAILBOX: "true", DEMO_SITE: "true" })).toMatchObject({ devMailbox: true, demoSite: true });
    expect(() => loadConfig({ DEMO_SITE: "maybe" })).toThrow('Invalid DEMO_SITE="maybe": must be one of true, false, 1, 0, yes, no, on, off');
  });

  it("requires a session secret in production", () => {
    expect(() => loadConfig({ NODE_ENV: "production" })).toThrowError(
      'Invalid AUTH_SECRET="": must be set in production (at least 32 characters, for example: openssl rand -base64 32)',
    );
  });

  it("treats empty variables as unset", () => {
    expect(loadConfig({ PORT: "", DATABASE_URL: "" }).port).toBe(3000);
  });

  it.each([
    [{ PORT: "eighty" }, 'Invalid PORT="eighty": must be a whole number from 1 to 65535'],
    [{ PORT: "70000" }, 'Invalid PORT="70000": must be a whole number from 1 to 65535'],
    [{ PORT: "30.5" }, 'Invalid PORT="30.5": must be a whole number from 1 to 65535'],
    [
      { DATABASE_URL: "mysql://root@localhost/shop" },
      'Invalid DATABASE_URL="mysql://root@localhost/shop": must be a PostgreSQL URL such as postgres://user:password@host:5432/dbname',
    ],
    [{ PUBLIC_URL: "tokunbo.ng" }, 'Invalid PUBLIC_URL="tokunbo.ng": must be an absolute http(s) URL such as https://tokunbo.ng'],
    [{ DEMO_DATA: "maybe" }, 'Invalid DEMO_DATA="maybe": must be one of true, false, 1, 0, yes, no, on, off'],
    [{ AUTH_SECRET: "short" }, 'Invalid AUTH_SECRET="short": must be at least 32 characters (for example: openssl rand -base64 32)'],
    [{ SMTP_URL: "mail.example.com" }, 'Invalid SMTP_URL="mail.example.com": must be an SMTP URL such as smtps://user:password@smtp.example.com:465'],
  ])("rejects %o with one readable line", (env, message) => {
    expect(() => loadConfig(env)).toThrowError(new ConfigError(message));
  });

  it("lists every bad variable, one per line", () => {
    expect(() => loadConfig({ PORT: "0", DEMO_DATA: "sometimes" })).toThrowError(
      'Invalid PORT="0": must be a whole number from 1 to 65535\nInvalid DEMO_DATA="sometimes": must be one of true, false, 1, 0, yes, no, on, off',
    );
  });
});

describe("payments settings", () => {
  const authSecret = "a-production-secret-of-at-least-32-chars";
  const production = { NODE_ENV: "production", AUTH_SECRET: authSecret };
  const refusal =
    'Invalid PAYSTACK_SECRET_KEY="": must be set in production, or set PAYMENTS_MODE=sandbox to take test payments with the built-in Paystack stand-in (no real money)';

  it("talk to Paystack with a secret key, at api.paystack.co unless PAYSTACK_BASE_URL says otherwise", () => {
    expect(loadConfig({ PAYSTACK_SECRET_KEY: "sk_live_abc" }).payments).toEqual({
      mode: "paystack",
      secretKey: "sk_live_abc",
      baseUrl: "https://api.paystack.co",
      sandbox: false,
    });
    expect(loadConfig({ PAYSTACK_SECRET_KEY: "sk_test_abc", PAYSTACK_BASE_URL: "http://127.0.0.1:4010/" }).payments.baseUrl).toBe("http://127.0.0.1:4010");
  });

  it("without a key use test mode, with a key derived from the session secret", () => {
    const payments = loadConfig({ AUTH_SECRET: authSecret }).payments;
    expect(payments).toEqual({ mode: "test", secretKey: testModeSecretKey(authSecret), baseUrl: undefined, sandbox: false });
    expect(payments.secretKey).toMatch(/^sk_test_[0-9a-f]{40}$/);
    expect(loadConfig({ AUTH_SECRET: authSecret }).payments.secretKey).toBe(payments.secretKey);
    expect(testModeSecretKey(`${authSecret}!`)).not.toBe(payments.secretKey);
    expect(loadConfig({ AUTH_SECRET: authSecret, PAYSTACK_BASE_URL: "https://api.paystack.co" }).payments.baseUrl).toBeUndefined();
  });

  it("derive test mode's key once the session secret is known, when it comes from DATA_DIR", () => {
    const config = loadConfig({});
    expect(config.payments.secretKey).toBe("");
    expect(paymentsSecretKey({ ...config, authSecret })).toBe(testModeSecretKey(authSecret));
    expect(() => paymentsSecretKey(config)).toThrowError(new ConfigError("The session secret is missing (AUTH_SECRET or DATA_DIR/auth-secret)."));
    expect(paymentsSecretKey(loadConfig({ PAYSTACK_SECRET_KEY: "sk_live_abc" }))).toBe("sk_live_abc");
  });

  it.each([
    [{ PAYSTACK_BASE_URL: "api.paystack.co" }, 'Invalid PAYSTACK_BASE_URL="api.paystack.co": must be an absolute http(s) URL such as https://api.paystack.co'],
    [{ PAYSTACK_BASE_URL: "ftp://api.paystack.co" }, 'Invalid PAYSTACK_BASE_URL="ftp://api.paystack.co": must be an absolute http(s) URL such as https://api.paystack.co'],
    [{ PAYMENTS_MODE: "live" }, 'Invalid PAYMENTS_MODE="live": must be "sandbox" or unset'],
    [{ PAYSTACK_SECRET_KEY: "sk_live abc" }, 'Invalid PAYSTACK_SECRET_KEY="sk_live abc": must be the secret key from the Paystack dashboard (sk_live_… or sk_test_…)'],
  ])("reject %o with one readable line", (env, message) => {
    expect(() => loadConfig(env)).toThrowError(new ConfigError(message));
  });

  it("refuse test mode in production unless PAYMENTS_MODE=sandbox", () => {
    expect(() => assertPaymentsReady(loadConfig(production))).toThrowError(new ConfigError(refusal));
    expect(() => assertPaymentsReady(loadConfig({ ...production, PAYMENTS_MODE: "sandbox" }))).not.toThrow();
    expect(loadConfig({ ...production, PAYMENTS_MODE: "sandbox" }).payments).toMatchObject({ mode: "test", sandbox: true });
    expect(() => assertPaymentsReady(loadConfig({ ...production, PAYSTACK_SECRET_KEY: "sk_live_abc" }))).not.toThrow();
    expect(() => assertPaymentsReady(loadConfig({}))).not.toThrow();
  });

  it("let forms post towards Paystack's checkout only in paystack mode", () => {
    expect(contentSecurityPolicy("n")).toContain("; form-action 'self'; frame-ancestors 'none'");
    expect(contentSecurityPolicy("n", ["https://checkout.paystack.com"])).toContain("; form-action 'self' https://checkout.paystack.com; frame-ancestors 'none'");
    const policyFor = (env: Record<string, string>) => {
      const headers: Record<string, string> = {};
      const res = { locals: {}, setHeader: (name: string, value: string) => (headers[name] = value) } as unknown as Response;
      securityHeaders(loadConfig(env), { devServer: false })({} as never, res, () => {});
      return headers["Content-Security-Policy"]!.replace(/'nonce-[^']+'/, "'nonce-n'");
    };
    expect(policyFor({ PAYSTACK_SECRET_KEY: "sk_live_abc" })).toBe(contentSecurityPolicy("n", ["https://checkout.paystack.com"]));
    expect(policyFor({})).toBe(contentSecurityPolicy("n"));
  });
});

describe("starting in production without a Paystack key", () => {
  const root = path.resolve(import.meta.dirname, "..");
  const launch = (env: Record<string, string>): ChildProcessWithoutNullStreams =>
    spawn(path.join(root, "node_modules/.bin/tsx"), ["server/main.ts"], {
      cwd: root,
      env: { PATH: process.env.PATH, HOME: process.env.HOME, BUILD_DIR: process.env.BUILD_DIR ?? "build", NODE_ENV: "production", AUTH_SECRET: "a-production-secret-of-at-least-32-chars", ...env },
    });
  const output = (child: ChildProcessWithoutNullStreams) => {
    const seen = { stdout: "", stderr: "" };
    child.stdout.on("data", (chunk) => (seen.stdout += chunk));
    child.stderr.on("data", (chunk) => (seen.stderr += chunk));
    return seen;
  };
  const exited = (child: ChildProcessWithoutNullStreams) => new Promise<number | null>((resolve) => child.on("exit", resolve));

  it("refuses with one readable line", async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), "tokunbo-payments-"));
    try {
      const child = launch({ DATA_DIR: dataDir });
      const seen = output(child);
      expect(await exited(child)).toBe(1);
      expect(seen.stderr).toBe(
        'Invalid PAYSTACK_SECRET_KEY="": must be set in production, or set PAYMENTS_MODE=sandbox to take test payments with the built-in Paystack stand-in (no real money)\n',
      );
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it("starts with PAYMENTS_MODE=sandbox and serves the stand-in", async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), "tokunbo-payments-"));
    const port = await freePort();
    const child = launch({ DATA_DIR: dataDir, PAYMENTS_MODE: "sandbox", PORT: String(port), HOST: "127.0.0.1", LOG_LEVEL: "info" });
    const seen = output(child);
    const exit = exited(child);
    try {
      // Besides the JSON log, a plain line says the shop is ready (README.md). The JSON log is
      // written asynchronously, so its lines may reach the pipe after the plain one.
      await expect.poll(() => seen.stdout, { timeout: 60_000, interval: 200 }).toMatch(/^Tokunbo is ready at http:\/\/localhost:\d+$/m);
      await expect.poll(() => seen.stdout, { timeout: 10_000, interval: 100 }).toContain("Payments are in test mode (no real money): the Paystack stand-in is at http://localhost:");
      await expect.poll(() => seen.stdout, { timeout: 10_000, interval: 100 }).toContain("Tokunbo is serving at");
      const answer = await fetch(`http://127.0.0.1:${port}/paystack-standin/transaction`);
      expect(answer.status).toBe(401);
      expect(await answer.json()).toEqual({ status: false, message: "Invalid key" });
    } finally {
      child.kill("SIGTERM");
      await exit;
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}
