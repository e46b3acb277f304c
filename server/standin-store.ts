import path from "node:path";
import type { SeededPayment } from "../db/seed";
import { type StandinStore, createJsonFileStore, recordKnownPayments } from "../paystack-standin";
import type { Config } from "./config";

/** Test mode's Paystack stand-in keeps its transactions, recipients and transfers in this file under DATA_DIR. */
export const openStandinStore = (config: Pick<Config, "dataDir">): StandinStore =>
  createJsonFileStore(path.join(config.dataDir, "paystack-standin.json"));

/** Makes the demo shop's payments transactions of the stand-in, so refunds and reconciliation find them. */
export async function recordSeededPayments(config: Pick<Config, "dataDir">, payments: readonly SeededPayment[]): Promise<void> {
  await recordKnownPayments(
    openStandinStore(config),
    payments.map(({ providerId, ...payment }) => ({ ...payment, id: providerId })),
  );
}
