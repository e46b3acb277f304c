import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync } from "node:fs";
import { rename, writeFile } from "node:fs/promises";
import path from "node:path";

export interface StandinCard {
  bin: string;
  last4: string;
  expMonth: string;
  expYear: string;
}

/** Paystack's refund statuses the stand-in goes through: pending at first, then processed or failed. */
export type StandinRefundStatus = "pending" | "processed" | "failed";

export interface StandinRefund {
  id: number;
  /** Kobo. */
  amount: number;
  createdAt: string;
  /** Left out by stores written before refunds were processed asynchronously: those count as processed. */
  status?: StandinRefundStatus;
  processedAt?: string | null;
  customerNote?: string | null;
  merchantNote?: string | null;
  failureReason?: string | null;
}

/** A refund's status, reading refunds stored before it was kept as processed. */
export const refundStatusOf = (refund: StandinRefund): StandinRefundStatus => refund.status ?? "processed";

/** What is still refundable of a transaction: its amount less every refund that has not failed. */
export function refundableOf(transaction: StandinTransaction): number {
  return transaction.amount - transaction.refunds.filter((r) => refundStatusOf(r) !== "failed").reduce((sum, r) => sum + r.amount, 0);
}

/** One transaction as the stand-in remembers it; Paystack-shaped JSON is built from it on the way out. */
export interface StandinTransaction {
  id: number;
  reference: string;
  accessCode: string;
  /** Kobo. */
  amount: number;
  currency: "NGN";
  email: string;
  callbackUrl: string | null;
  metadata: unknown;
  status: "abandoned" | "success" | "failed" | "reversed";
  gatewayResponse: string;
  /** The customer finished on the payment page (paid, was declined or cancelled): the page is closed. */
  closed: boolean;
  channel: string;
  card: StandinCard | null;
  ipAddress: string | null;
  paidAt: string | null;
  createdAt: string;
  refunds: StandinRefund[];
}

type UnpaidState = Pick<StandinTransaction, "status" | "gatewayResponse" | "closed" | "channel" | "card" | "ipAddress" | "paidAt" | "refunds">;

/** A transaction nobody has paid yet; Paystack reports it as abandoned, not pending. */
export function unpaidState(): UnpaidState {
  return {
    status: "abandoned",
    gatewayResponse: "The transaction was not completed",
    closed: false,
    channel: "card",
    card: null,
    ipAddress: null,
    paidAt: null,
    refunds: [],
  };
}

export interface StandinStore {
  byReference(reference: string): StandinTransaction | undefined;
  byAccessCode(accessCode: string): StandinTransaction | undefined;
  all(): StandinTransaction[];
  /**
   * Inserts or replaces the transaction with this reference. Reads see it at once (so a check
   * followed by a save cannot interleave with another request); the promise settles once it is stored.
   */
  save(transaction: StandinTransaction): Promise<void>;
}

export function createMemoryStore(initial: StandinTransaction[] = []): StandinStore {
  const byReference = new Map(initial.map((t) => [t.reference, t]));
  return {
    byReference: (reference) => byReference.get(reference),
    byAccessCode: (accessCode) => [...byReference.values()].find((t) => t.accessCode === accessCode),
    all: () => [...byReference.values()],
    save: async (transaction) => {
      byReference.set(transaction.reference, transaction);
    },
  };
}

interface StoreFile {
  transactions: StandinTransaction[];
}

/**
 * The memory store, written through to a JSON file after every change (temp file + rename, so a
 * crash never leaves half a file) and read back when created: transactions survive a restart.
 */
export function createJsonFileStore(file: string): StandinStore {
  mkdirSync(path.dirname(file), { recursive: true });
  const memory = createMemoryStore(readStoreFile(file).transactions);
  let writes = Promise.resolve();
  const persist = () => {
    const snapshot: StoreFile = { transactions: memory.all() };
    const write = writes.then(() => writeAtomically(file, `${JSON.stringify(snapshot, null, 2)}\n`));
    writes = write.catch(() => {});
    return write;
  };
  return {
    ...memory,
    save: async (transaction) => {
      await memory.save(transaction);
      await persist();
    },
  };
}

function readStoreFile(file: string): StoreFile {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return { transactions: [] };
    throw error;
  }
  try {
    const parsed = JSON.parse(text) as Partial<StoreFile>;
    if (!Array.isArray(parsed.transactions)) throw new Error("no transactions list");
    return { transactions: parsed.transactions };
  } catch {
    throw new Error(`The Paystack stand-in's store ${file} is not readable: delete it to start afresh.`);
  }
}

async function writeAtomically(file: string, contents: string): Promise<void> {
  const temporary = `${file}.${process.pid}.${randomBytes(4).toString("hex")}.tmp`;
  await writeFile(temporary, contents, { mode: 0o600 });
  await rename(temporary, file);
}
