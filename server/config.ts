import path from "node:path";
import { z } from "zod";

const booleanFlag = z
  .enum(["1", "0", "true", "false", "yes", "no", "on", "off"], {
    error: "must be one of true, false, 1, 0, yes, no, on, off",
  })
  .transform((v) => ["1", "true", "yes", "on"].includes(v));

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"], { error: "must be development, production or test" }).default("development"),
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
});

export interface Config {
  env: "development" | "production" | "test";
  port: number;
  host: string;
  dataDir: string;
  uploadsDir: string;
  pgliteDir: string;
  databaseUrl: string | undefined;
  publicUrl: string;
  /** undefined: seed only when the database is empty and not in production. */
  demoData: boolean | undefined;
  logLevel: string;
  /** Signs session cookies; required in production, kept in DATA_DIR otherwise (see auth-secret.ts). */
  authSecret: string | undefined;
  /** Outgoing mail server; without it mail stays in the outbox, readable at /dev/mailbox. */
  smtpUrl: string | undefined;
  mailFrom: string;
  /** The /dev/mailbox page: on outside production unless DEV_MAILBOX says otherwise. */
  devMailbox: boolean;
  /** Secure cookies when the site is served over HTTPS. */
  secureCookies: boolean;
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
  if (e.NODE_ENV === "production" && !e.AUTH_SECRET) {
    throw new ConfigError('Invalid AUTH_SECRET="": must be set in production (at least 32 characters, for example: openssl rand -base64 32)');
  }
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, "");
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir,
    uploadsDir: path.join(dataDir, "uploads"),
    pgliteDir: path.join(dataDir, "db"),
    databaseUrl: e.DATABASE_URL,
    publicUrl,
    demoData: e.DEMO_DATA,
    logLevel: e.LOG_LEVEL,
    authSecret: e.AUTH_SECRET,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    devMailbox: e.DEV_MAILBOX ?? e.NODE_ENV !== "production",
    secureCookies: publicUrl.startsWith("https://"),
  };
}
