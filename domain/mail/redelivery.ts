import type { DatabaseHandle } from "../../db/client";
import { type Mailer, REDELIVERY, type RedeliveryReport } from "./mailer";

type Exclusive = Pick<DatabaseHandle, "exclusively">;

/**
 * One redelivery pass, on whichever instance takes the lock, so two instances never send the
 * same message twice. Resolves undefined when there is no SMTP or another instance runs the pass.
 */
export async function redeliverUnsent(database: Exclusive, mailer: Mailer, now?: Date): Promise<RedeliveryReport | undefined> {
  if (!mailer.deliverUnsent) return undefined;
  const deliverUnsent = mailer.deliverUnsent.bind(mailer);
  return database.exclusively(REDELIVERY.lockKey, () => deliverUnsent(now));
}

/** Runs the pass every `everyMs` (a minute unless given); returns a function that stops it. */
export function scheduleRedelivery(
  database: Exclusive,
  mailer: Mailer,
  onError: (error: unknown) => void,
  everyMs: number = REDELIVERY.intervalMs,
): () => Promise<void> {
  let running: Promise<unknown> = Promise.resolve();
  const timer = setInterval(() => {
    running = redeliverUnsent(database, mailer).catch(onError);
  }, everyMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
