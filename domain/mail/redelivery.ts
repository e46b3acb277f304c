import type { DatabaseHandle } from "../../db/client";
import { scheduleExclusively } from "../../db/exclusive-schedule";
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
  // The schedule holds the redelivery lock around each pass.
  return scheduleExclusively(database, { lockKey: REDELIVERY.lockKey, everyMs }, async () => mailer.deliverUnsent?.(), onError);
}
