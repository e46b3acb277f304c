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

/**
 * Paystack's refund statuses the stand-in goes through: pending at first, then processed or
 * failed; a refund of a bank transfer or USSD payment needs the buyer's bank account first
 * (needs-attention), then goes on as pending.
 */
export type StandinRefundStatus = "pending" | "needs-attention" | "processed" | "failed";

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
  /** The buyer's account a refund that needed attention goes to. */
  account?: { accountNumber: string; bankId: number } | null;
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
  /** What initialize allowed; left out by stores written before channels, and when initialize named none: every channel. */
  channels?: string[];
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

/** A transfer recipient (POST /transferrecipient): one per account number and bank, as on Paystack. */
export interface StandinRecipient {
  id: number;
  recipientCode: string;
  /** The name the merchant gave. */
  name: string;
  accountNumber: string;
  /** The name the bank has on the account. */
  accountName: string;
  bankCode: string;
  metadata: Record<string, unknown> | null;
  createdAt: string;
}

/**
 * Paystack's transfer statuses the stand-in goes through: pending, then success or failed; a
 * success may be reversed later. A transfer that needs the business's OTP waits in `otp` first.
 */
export type StandinTransferStatus = "otp" | "pending" | "success" | "failed" | "reversed";

export interface StandinTransfer {
  id: number;
  reference: string;
  transferCode: string;
  /** Kobo. */
  amount: number;
  currency: "NGN";
  /** The merchant's narration (Paystack's `reason`). */
  reason: string;
  recipientCode: string;
  status: StandinTransferStatus;
  /** Why a failed or reversed transfer did not reach the account. */
  failureReason: string | null;
  createdAt: string;
  updatedAt: string;
  transferredAt: string | null;
}

/** Everything the stand-in remembers. */
export interface StandinData {
  transactions: StandinTransaction[];
  recipients: StandinRecipient[];
  transfers: StandinTransfer[];
}

/**
 * Saves insert or replace. Reads see a save at once (so a check followed by a save cannot
 * interleave with another request); the promise settles once it is stored.
 */
export interface StandinStore {
  byReference(reference: string): StandinTransaction | undefined;
  byAccessCode(accessCode: string): StandinTransaction | undefined;
  all(): StandinTransaction[];
  /** By reference. */
  save(transaction: StandinTransaction): Promise<void>;
  recipientByCode(recipientCode: string): StandinRecipient | undefined;
  recipients(): StandinRecipient[];
  /** By recipient code. */
  saveRecipient(recipient: StandinRecipient): Promise<void>;
  transferByReference(reference: string): StandinTransfer | undefined;
  transfers(): StandinTransfer[];
  /** By reference, all in one write: a bulk transfer is stored whole or not at all. */
  saveTransfers(transfers: readonly StandinTransfer[]): Promise<void>;
}

export function createMemoryStore(initial: Partial<StandinData> = {}): StandinStore {
  const transactions = new Map((initial.transactions ?? []).map((t) => [t.reference, t]));
  const recipients = new Map((initial.recipients ?? []).map((r) => [r.recipientCode, r]));
  const transfers = new Map((initial.transfers ?? []).map((t) => [t.reference, t]));
  return {
    byReference: (reference) => transactions.get(reference),
    byAccessCode: (accessCode) => [...transactions.values()].find((t) => t.accessCode === accessCode),
    all: () => [...transactions.values()],
    save: async (transaction) => {
      transactions.set(transaction.reference, transaction);
    },
    recipientByCode: (recipientCode) => recipients.get(recipientCode),
    recipients: () => [...recipients.values()],
    saveRecipient: async (recipient) => {
      recipients.set(recipient.recipientCode, recipient);
    },
    transferByReference: (reference) => transfers.get(reference),
    transfers: () => [...transfers.values()],
    saveTransfers: async (saved) => {
      for (const transfer of saved) transfers.set(transfer.reference, transfer);
    },
  };
}

/**
 * The memory store, written through to a JSON file after every change (temp file + rename, so a
 * crash never leaves half a file) and read back when created: transactions, recipients and
 * transfers survive a restart.
 */
export function createJsonFileStore(file: string): StandinStore {
  mkdirSync(path.dirname(file), { recursive: true });
  const memory = createMemoryStore(readStoreFile(file));
  let writes = Promise.resolve();
  const persist = () => {
    const snapshot: StandinData = { transactions: memory.all(), recipients: memory.recipients(), transfers: memory.transfers() };
    const write = writes.then(() => writeAtomically(file, `${JSON.stringify(snapshot, null, 2)}\n`));
    writes = write.catch(() => {});
    return write;
  };
  const writingThrough =
    <T>(save: (value: T) => Promise<void>) =>
    async (value: T) => {
      await save(value);
      await persist();
    };
  return {
    ...memory,
    save: writingThrough(memory.save),
    saveRecipient: writingThrough(memory.saveRecipient),
    saveTransfers: writingThrough(memory.saveTransfers),
  };
}

/** Files written before transfers were kept have only transactions. */
function readStoreFile(file: string): StandinData {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return { transactions: [], recipients: [], transfers: [] };
    throw error;
  }
  try {
    const { transactions, recipients = [], transfers = [] } = JSON.parse(text) as Partial<StandinData>;
    if (!Array.isArray(transactions) || !Array.isArray(recipients) || !Array.isArray(transfers)) throw new Error("not lists");
    return { transactions, recipients, transfers };
  } catch {
    throw new Error(`The Paystack stand-in's store ${file} is not readable: delete it to start afresh.`);
  }
}

async function writeAtomically(file: string, contents: string): Promise<void> {
  const temporary = `${file}.${process.pid}.${randomBytes(4).toString("hex")}.tmp`;
  await writeFile(temporary, contents, { mode: 0o600 });
  await rename(temporary, file);
}
