import { createHmac } from "node:crypto";
import path from "node:path";
import { z } from "../lib/zod";
import type { S3Settings } from "../domain/media/s3-storage";

const booleanFlag = z
  .enum(["1", "0", "true", "false", "yes", "no", "on", "off"], {
    error: "must be one of true, false, 1, 0, yes, no, on, off",
  })
  .transform((v) => ["1", "true", "yes", "on"].includes(v));

const deploymentKind = z.enum(["development", "production", "test"], { error: "must be development, production or test" });

const envSchema = z.object({
  APP_ENV: deploymentKind.optional(),
  NODE_ENV: deploymentKind.optional(),
  PORT: z.coerce
    .number({ error: "must be a whole number from 1 to 65535" })
    .int("must be a whole number from 1 to 65535")
    .min(1, "must be a whole number from 1 to 65535")
    .max(65535, "must be a whole number from 1 to 65535")
    .default(3000),
  HOST: z.string().min(1).default("0.0.0.0"),
  DATA_DIR: z.string().min(1, "must not be empty").default("./data"),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\/.+/, "must be a PostgreSQL URL such as postgres://user:password@host:5432/dbname")
    .refine((v) => URL.canParse(v), "must be a PostgreSQL URL such as postgres://user:password@host:5432/dbname")
    .optional(),
  PUBLIC_URL: z
    .url({ error: "must be an absolute http(s) URL such as https://tokunbo.ng" })
    .refine((v) => /^https?:\/\//.test(v), "must be an absolute http(s) URL such as https://tokunbo.ng")
    .optional(),
  DEMO_DATA: booleanFlag.optional(),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  AUTH_SECRET: z.string().min(32, "must be at least 32 characters (for example: openssl rand -base64 32)").optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/.+/, "must be an SMTP URL such as smtps://user:password@smtp.example.com:465")
    .refine((v) => URL.canParse(v), "must be an SMTP URL such as smtps://user:password@smtp.example.com:465")
    .optional(),
  MAIL_FROM: z.string().min(3).default("Tokunbo Phones <no-reply@tokunbo.ng>"),
  DEV_MAILBOX: booleanFlag.optional(),
  DEMO_SITE: booleanFlag.optional(),
  S3_ENDPOINT: z
    .url({ error: "must be an absolute http(s) URL such as https://s3.eu-west-2.amazonaws.com" })
    .refine((v) => /^https?:\/\//.test(v), "must be an absolute http(s) URL such as https://s3.eu-west-2.amazonaws.com")
    .optional(),
  S3_BUCKET: z.string().regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, "must be a bucket name: 3 to 63 lower-case letters, digits, dots and hyphens").optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_REGION: z.string().regex(/^[a-z0-9-]+$/, "must be a region name such as eu-west-2 or auto").default("us-east-1"),
  PAYSTACK_SECRET_KEY: z.string().regex(/^\S+$/, "must be the secret key from the Paystack dashboard (sk_live_… or sk_test_…)").optional(),
  PAYSTACK_BASE_URL: z
    .url({ error: "must be an absolute http(s) URL such as https://api.paystack.co" })
    .refine((v) => /^https?:\/\//.test(v), "must be an absolute http(s) URL such as https://api.paystack.co")
    .optional(),
  PAYMENTS_MODE: z.enum(["sandbox"], { error: 'must be "sandbox" or unset' }).optional(),
  RECONCILE_EVERY_SECONDS: z.coerce
    .number({ error: "must be a whole number of seconds from 1 to 3600" })
    .int("must be a whole number of seconds from 1 to 3600")
    .min(1, "must be a whole number of seconds from 1 to 3600")
    .max(3600, "must be a whole number of seconds from 1 to 3600")
    .default(60),
  TRUST_PROXY: z.coerce
    .number({ error: "must be the number of proxies in front of the app, from 0 to 5" })
    .int("must be the number of proxies in front of the app, from 0 to 5")
    .min(0, "must be the number of proxies in front of the app, from 0 to 5")
    .max(5, "must be the number of proxies in front of the app, from 0 to 5")
    .default(0),
});

const S3_REQUIRED = ["S3_ENDPOINT", "S3_BUCKET", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"] as const;

/** The bucket settings when all four S3 variables are set; none means local files; some is a mistake. */
function s3Settings(e: z.output<typeof envSchema>): S3Settings | undefined {
  const missing = S3_REQUIRED.filter((name) => !e[name]);
  if (missing.length === S3_REQUIRED.length) return undefined;
  if (missing.length > 0) {
    throw new ConfigError(`Invalid S3 settings: ${S3_REQUIRED.join(", ")} must be set together (missing: ${missing.join(", ")})`);
  }
  return {
    endpoint: e.S3_ENDPOINT!,
    bucket: e.S3_BUCKET!,
    region: e.S3_REGION,
    accessKeyId: e.S3_ACCESS_KEY_ID!,
    secretAccessKey: e.S3_SECRET_ACCESS_KEY!,
  };
}

export const PAYSTACK_API_URL = "https://api.paystack.co";

export interface PaymentsConfig {
  /** "paystack" with PAYSTACK_SECRET_KEY; otherwise "test": the built-in Paystack stand-in, no real money. */
  mode: "paystack" | "test";
  /**
   * The Bearer key: PAYSTACK_SECRET_KEY, or in test mode one derived from the session secret. That
   * secret may come from DATA_DIR later than this config is read: until then this is "" and
   * paymentsSecretKey() derives it.
   */
  secretKey: string;
  /** Paystack's API root in paystack mode (PAYSTACK_BASE_URL); undefined in test mode. */
  baseUrl: string | undefined;
  /** PAYMENTS_MODE=sandbox: test mode is allowed in production. */
  sandbox: boolean;
}

export interface Config {
  /** APP_ENV (NODE_ENV when unset): a production shop has real customers; see deploymentOf. */
  env: "development" | "production" | "test";
  port: number;
  host: string;
  dataDir: string;
  uploadsDir: string;
  pgliteDir: string;
  databaseUrl: string | undefined;
  publicUrl: string;
  /**
   * Page requests at another host name go to PUBLIC_URL's (server/public-address.ts). Always on
   * for the shop; tests that pretend to a public address while reaching 127.0.0.1 turn it off.
   */
  redirectToPublicHost: boolean;
  /** undefined: seed only when the database is empty and not in production. */
  demoData: boolean | undefined;
  logLevel: string;
  /** Signs session cookies; required in production, kept in DATA_DIR otherwise (see auth-secret.ts). */
  authSecret: string | undefined;
  /** Outgoing mail server; without it mail stays in the outbox, readable at /dev/mailbox. */
  smtpUrl: string | undefined;
  mailFrom: string;
  /**
   * The /dev/mailbox page: on outside production unless DEV_MAILBOX says otherwise; in production
   * only with both DEV_MAILBOX and DEMO_SITE. Even then only admins read it (see mailbox-access.ts).
   */
  devMailbox: boolean;
  /** DEMO_SITE: the operator says this public site is a demonstration (no real customers' mail). */
  demoSite: boolean;
  /** DEV_MAILBOX was asked for in production without DEMO_SITE, so it stays off (start-up says why). */
  devMailboxRefused: boolean;
  /** Secure cookies when the site is served over HTTPS. */
  secureCookies: boolean;
  /** Uploaded files go to this S3-compatible bucket when set, to `uploadsDir` otherwise. */
  s3: S3Settings | undefined;
  /**
   * Proxies (load balancers) in front of the app whose X-Forwarded-For is believed. With none,
   * a visitor could name any address and slip past the per-address limits.
   */
  trustProxyHops: number;
  payments: PaymentsConfig;
  /** How often payment reconciliation runs (RECONCILE_EVERY_SECONDS); see docs/payments.md. */
  reconcileEveryMs: number;
}

export class ConfigError extends Error {}

/** Reads the environment; throws ConfigError with one readable line per bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const withoutBlanks = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ""));
  const parsed = envSchema.safeParse(withoutBlanks);
  if (!parsed.success) {
    const firstIssueByVariable = new Map<string, string>();
    for (const issue of parsed.error.issues) {
      const name = String(issue.path[0] ?? "environment");
      if (!firstIssueByVariable.has(name)) firstIssueByVariable.set(name, issue.message);
    }
    const lines = [...firstIssueByVariable].map(([name, message]) => `Invalid ${name}=${JSON.stringify(env[name] ?? "")}: ${message}`);
    throw new ConfigError(lines.join("\n"));
  }
  const e = parsed.data;
  const kind = deploymentOf(e);
  if (kind === "production" && !e.AUTH_SECRET) {
    throw new ConfigError('Invalid AUTH_SECRET="": must be set in production (at least 32 characters, for example: openssl rand -base64 32)');
  }
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, "");
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    env: kind,
    port: e.PORT,
    host: e.HOST,
    dataDir,
    uploadsDir: path.join(dataDir, "uploads"),
    pgliteDir: path.join(dataDir, "db"),
    databaseUrl: e.DATABASE_URL,
    publicUrl,
    redirectToPublicHost: true,
    demoData: e.DEMO_DATA,
    logLevel: e.LOG_LEVEL,
    authSecret: e.AUTH_SECRET,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    ...mailboxSettings(e, kind),
    secureCookies: publicUrl.startsWith("https://"),
    s3: s3Settings(e),
    trustProxyHops: e.TRUST_PROXY,
    payments: paymentsConfig(e),
    reconcileEveryMs: e.RECONCILE_EVERY_SECONDS * 1000,
  };
}

/**
 * What kind of shop this is: APP_ENV, or for shops configured before APP_ENV existed NODE_ENV.
 * It decides the defaults of demo data, the mailbox and test payments; which build of React
 * runs is NODE_ENV's alone, and `npm start` always runs the production one (server/main.ts).
 */
function deploymentOf(e: z.output<typeof envSchema>): Config["env"] {
  return e.APP_ENV ?? e.NODE_ENV ?? "development";
}

function mailboxSettings(e: z.output<typeof envSchema>, kind: Config["env"]): Pick<Config, "devMailbox" | "demoSite" | "devMailboxRefused"> {
  const demoSite = e.DEMO_SITE ?? false;
  if (kind !== "production") return { devMailbox: e.DEV_MAILBOX ?? true, demoSite, devMailboxRefused: false };
  const asked = e.DEV_MAILBOX ?? false;
  return { devMailbox: asked && demoSite, demoSite, devMailboxRefused: asked && !demoSite };
}

function paymentsConfig(e: z.output<typeof envSchema>): PaymentsConfig {
  const sandbox = e.PAYMENTS_MODE === "sandbox";
  if (e.PAYSTACK_SECRET_KEY) {
    return { mode: "paystack", secretKey: e.PAYSTACK_SECRET_KEY, baseUrl: (e.PAYSTACK_BASE_URL ?? PAYSTACK_API_URL).replace(/\/+$/, ""), sandbox };
  }
  return { mode: "test", secretKey: e.AUTH_SECRET ? testModeSecretKey(e.AUTH_SECRET) : "", baseUrl: undefined, sandbox };
}

/** Test mode's key for the stand-in: stable across restarts, unguessable without the session secret. */
export function testModeSecretKey(authSecret: string): string {
  return `sk_test_${createHmac("sha256", authSecret).update("tokunbo paystack stand-in secret key").digest("hex").slice(0, 40)}`;
}

/** The payments key, deriving test mode's from the session secret when loadConfig could not yet. */
export function paymentsSecretKey(config: Pick<Config, "payments" | "authSecret">): string {
  if (config.payments.secretKey) return config.payments.secretKey;
  if (!config.authSecret) throw new ConfigError("The session secret is missing (AUTH_SECRET or DATA_DIR/auth-secret).");
  return testModeSecretKey(config.authSecret);
}

/**
 * Production takes real payments: without PAYSTACK_SECRET_KEY the shop refuses to start unless
 * PAYMENTS_MODE=sandbox says test payments are meant (a demo or staging site). Checked when the
 * server starts rather than in loadConfig, so tools and tests can read a production config.
 */
export function assertPaymentsReady(config: Pick<Config, "env" | "payments">): void {
  if (config.env !== "production" || config.payments.mode === "paystack" || config.payments.sandbox) return;
  throw new ConfigError(
    'Invalid PAYSTACK_SECRET_KEY="": must be set in production, or set PAYMENTS_MODE=sandbox to take test payments with the built-in Paystack stand-in (no real money)',
  );
}
