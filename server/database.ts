import { type DatabaseHandle, DatabaseInUseError, openDatabase } from "../db/client";
import { migrate } from "../db/migrate";
import { type SeededPayment, completeDemoImages, isDatabaseEmpty, seedDemoData } from "../db/seed";
import { randomDemoPasswords } from "../db/seed/demo-accounts";
import type { Config } from "./config";
import type { Logger } from "./logger";
import { recordSeededPayments } from "./standin-store";

export class StartupError extends Error {}

/** Opens the configured database, applies migrations and, when wanted, fills an empty one with demo data. */
export async function prepareDatabase(config: Config, logger: Logger): Promise<DatabaseHandle> {
  const handle = await open(config);
  try {
    await migrate(handle);
    await seedIfWanted(handle, config, logger);
    return handle;
  } catch (error) {
    await handle.close().catch(() => {});
    throw error;
  }
}

async function open(config: Config): Promise<DatabaseHandle> {
  if (!config.databaseUrl) {
    try {
      return await openDatabase({ pgliteDir: config.pgliteDir });
    } catch (error) {
      if (error instanceof DatabaseInUseError) throw new StartupError(error.message);
      throw error;
    }
  }
  try {
    return await openDatabase({ databaseUrl: config.databaseUrl });
  } catch (error) {
    throw new StartupError(`Cannot connect to PostgreSQL at ${redactUrl(config.databaseUrl)}: ${describeError(error)}`);
  }
}

async function seedIfWanted(handle: DatabaseHandle, config: Config, logger: Logger): Promise<void> {
  const wanted = config.demoData ?? config.env !== "production";
  if (!wanted) return;
  if (!(await isDatabaseEmpty(handle.db))) {
    // A shop seeded by an older version may lack image renditions its pages now ask for.
    const written = await completeDemoImages(handle.db, config.uploadsDir);
    if (written > 0) logger.info({ written }, "demo image renditions completed");
    return;
  }
  const started = performance.now();
  // The published demo password must never open accounts on a public site.
  const passwords = config.env === "production" ? randomDemoPasswords() : undefined;
  // In test mode the demo's payments become the stand-in's transactions: refunds and reconciliation find them.
  const recordPayments = config.payments.mode === "test" ? (seeded: readonly SeededPayment[]) => recordSeededPayments(config, seeded) : undefined;
  const summary = await seedDemoData(handle.db, { uploadsDir: config.uploadsDir, passwords, recordPayments });
  logger.info({ ...summary, ms: Math.round(performance.now() - started) }, "demo data seeded");
  if (passwords && summary.users > 0) {
    const lines = [...passwords.byEmail].map(([email, password]) => `${email}  ${password}`);
    logger.warn(
      { demoAccounts: Object.fromEntries(passwords.byEmail) },
      `DEMO ACCOUNTS SEEDED IN PRODUCTION with random passwords, shown only this once (the published demo password does not work here):\n${lines.join("\n")}`,
    );
  }
}

export function redactUrl(databaseUrl: string): string {
  const url = new URL(databaseUrl);
  if (url.password) url.password = "***";
  return url.toString();
}

export function describeError(error: unknown): string {
  if (error instanceof AggregateError && error.errors.length > 0) return describeError(error.errors[0]);
  if (error instanceof Error) {
    const code = (error as NodeJS.ErrnoException).code;
    const message = error.message.split("\n")[0] || code || error.name;
    return code && !message.includes(code) ? `${message} (${code})` : message;
  }
  return String(error);
}
