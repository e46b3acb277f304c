import type { Request, RequestHandler, Response, Router } from "express";
import type { StandinPage } from "./page-access";
import { NIGERIAN_BANKS, type StandinBank, bankByCode } from "./banks";
import { transfersPage } from "./hosted-page";
import { fieldsOf, isPlainObject, listRequestOf, pageOf, parseMetadata, positiveInteger, randomCode, refuse, refuseInvalid, sendHtml, wholeKobo, withinDates } from "./http";
import type { StandinRecipient, StandinStore, StandinTransfer, StandinTransferStatus } from "./store";
import { TRANSFER_FAILURE_REASON, TRANSFER_OTP, TRANSFER_REVERSAL_REASON, testAccountByNumber } from "./test-accounts";
import { bankJson, bulkTransferJson, recipientJson, transferCreatedJson, transferEventJson, transferJson } from "./transfer-json";

/** The stand-in's answers about banks, recipients and transfers: Paystack's words where they are known, its style elsewhere. */
export const TRANSFER_MESSAGES = {
  banksListed: "Banks retrieved",
  accountResolved: "Account number resolved",
  cannotResolve: "Could not resolve account name. Check parameters or try again.",
  unknownBankCode: "Unknown bank code",
  invalidRecipientType: "Invalid recipient type: only nuban is supported",
  nameRequired: "Name is required",
  unsupportedCurrency: "Currency not supported by merchant",
  recipientCreated: "Transfer recipient created successfully",
  invalidSource: "Invalid source: only balance is supported",
  invalidAmount: "Invalid Amount Sent",
  recipientNotFound: "Transfer recipient not found",
  invalidReference: "Invalid transfer reference: use 16 to 50 lowercase letters, digits, - and _",
  duplicateReference: "Duplicate Transfer Reference",
  transferQueued: "Transfer has been queued",
  bulkQueued: (count: number) => `${count} transfers queued.`,
  bulkSize: "transfers must be a list of 1 to 100 transfers",
  transferNotFound: "Transfer not found",
  transferRetrieved: "Transfer retrieved",
  transfersListed: "Transfers retrieved",
  otpRequired: "Transfer requires OTP to continue",
  otpOffForBulk: "You need to disable the Transfers OTP requirement to use this endpoint",
  notAwaitingOtp: "Transfer is not currently awaiting OTP",
  invalidOtp: "Invalid OTP",
  otpResent: "OTP has been resent",
  transferCodeRequired: "Transfer code is required",
} as const;

const TRANSFER_REFERENCE = /^[a-z0-9_-]{16,50}$/;
const BULK_LIMIT = 100;
const FIRST_RECIPIENT_ID = 56_000_001;
const FIRST_TRANSFER_ID = 73_000_001;

export interface TransferRoutesContext {
  store: StandinStore;
  /** The key check and body parsers every API route takes. */
  api: RequestHandler[];
  /** Lets the key, or whoever the shop allows, read a page; answers everyone else and returns false. */
  mayReadPage(req: Request, res: Response, page: StandinPage): Promise<boolean>;
  /** How long each step of a transfer takes: pending to success or failed, and success to reversed. */
  delayMs: number;
  sendWebhook(event: string, data: unknown): void;
  /** Keeps the stand-in busy (idle() waits) until the work settles. */
  track(work: Promise<void>): void;
  onError(error: unknown): void;
}

interface Refusal {
  status: number;
  problem: string;
  duplicate?: boolean;
}

const DUPLICATE_REFERENCE: Refusal = { status: 400, problem: TRANSFER_MESSAGES.duplicateReference, duplicate: true };

interface TransferInput {
  amount: number;
  recipient: StandinRecipient;
  reference: string;
  reason: string;
}

/**
 * GET /bank, GET /bank/resolve, POST /transferrecipient, POST /transfer, POST /transfer/bulk,
 * GET /transfer, GET /transfer/verify/:reference, GET /transfer/:idOrCode and the /transfers page.
 * Transfers still on their way when the stand-in starts (a restart with the file store) carry on
 * from there, each step one delay after the start.
 */
export function addTransferRoutes(router: Router, context: TransferRoutesContext): void {
  const { store, api } = context;
  const settling = transferSettlement(context);

  router.get("/bank", ...api, (req, res) => {
    res.json(listBanks(req.query as Record<string, unknown>));
  });

  router.get("/bank/resolve", ...api, (req, res) => {
    const account = resolveTestAccount(req.query.account_number, req.query.bank_code);
    if ("problem" in account) return refuse(res, account.status, account.problem);
    const data = { account_number: account.accountNumber, account_name: account.accountName, bank_id: account.bank.id };
    res.json({ status: true, message: TRANSFER_MESSAGES.accountResolved, data });
  });

  router.post("/transferrecipient", ...api, async (req, res) => {
    const input = parseRecipient(fieldsOf(req.body));
    if ("problem" in input) return refuse(res, input.status, input.problem);
    // As on Paystack, an account it already has gives back its recipient.
    const existing = store.recipients().find((r) => r.accountNumber === input.accountNumber && r.bankCode === input.bankCode);
    const recipient = existing ?? newRecipient(input, nextId(store.recipients(), FIRST_RECIPIENT_ID));
    if (!existing) await store.saveRecipient(recipient);
    res.status(201).json({ status: true, message: TRANSFER_MESSAGES.recipientCreated, data: recipientJson(recipient) });
  });

  router.post("/transfer", ...api, async (req, res) => {
    const body = fieldsOf(req.body);
    const input = sourceRefusal(body) ?? parseTransfer(body, store);
    if ("problem" in input) return refuseTransfer(res, input);
    const transfer = newTransfer(input, nextId(store.transfers(), FIRST_TRANSFER_ID));
    await store.saveTransfers([transfer]);
    const message = transfer.status === "otp" ? TRANSFER_MESSAGES.otpRequired : TRANSFER_MESSAGES.transferQueued;
    res.json({ status: true, message, data: transferCreatedJson(transfer, input.recipient) });
    if (transfer.status === "pending") settling.later(transfer.reference);
  });

  router.post("/transfer/bulk", ...api, async (req, res) => {
    const inputs = parseBulk(fieldsOf(req.body), store);
    if ("problem" in inputs) return refuseTransfer(res, inputs);
    if (inputs.some((input) => needsOtp(input.recipient))) return refuse(res, 400, TRANSFER_MESSAGES.otpOffForBulk);
    const firstId = nextId(store.transfers(), FIRST_TRANSFER_ID);
    const transfers = inputs.map((input, index) => newTransfer(input, firstId + index));
    await store.saveTransfers(transfers);
    res.json({ status: true, message: TRANSFER_MESSAGES.bulkQueued(transfers.length), data: transfers.map(bulkTransferJson) });
    for (const transfer of transfers) settling.later(transfer.reference);
  });

  router.post("/transfer/finalize_transfer", ...api, async (req, res) => {
    const body = fieldsOf(req.body);
    const found = awaitingOtp(store, body.transfer_code);
    if ("problem" in found) return refuse(res, found.status, found.problem);
    if (body.otp !== TRANSFER_OTP) return refuse(res, 400, TRANSFER_MESSAGES.invalidOtp);
    const finalized: StandinTransfer = { ...found.transfer, status: "pending", updatedAt: new Date().toISOString() };
    await store.saveTransfers([finalized]);
    res.json({ status: true, message: TRANSFER_MESSAGES.transferQueued, data: transferJson(finalized, found.recipient) });
    settling.later(finalized.reference);
  });

  router.post("/transfer/resend_otp", ...api, (req, res) => {
    const found = awaitingOtp(store, fieldsOf(req.body).transfer_code);
    if ("problem" in found) return refuse(res, found.status, found.problem);
    res.json({ status: true, message: TRANSFER_MESSAGES.otpResent });
  });

  router.get("/transfer", ...api, (req, res) => {
    res.json(listTransfers(store, req.query as Record<string, unknown>));
  });

  router.get("/transfer/verify/:reference", ...api, (req, res) => {
    answerTransfer(res, store, store.transferByReference(String(req.params.reference)));
  });

  router.get("/transfer/:idOrCode", ...api, (req, res) => {
    const key = String(req.params.idOrCode);
    answerTransfer(res, store, store.transfers().find((t) => t.transferCode === key || String(t.id) === key));
  });

  /** Test mode's window on the transfers, as a person would look them up on Paystack's dashboard. */
  router.get("/transfers", async (req, res) => {
    if (!(await context.mayReadPage(req, res, { kind: "transfers" }))) return;
    const newestFirst = store.transfers().sort((a, b) => b.id - a.id);
    sendHtml(res, 200, transfersPage(newestFirst.flatMap((transfer) => withRecipient(store, transfer) ?? [])));
  });

  settling.resume();
}

/**
 * A transfer moves one step per delay: pending to its account's outcome (success or failed), and
 * for the reversing test account, success to reversed. Each step sends its webhook.
 */
function transferSettlement({ store, delayMs, sendWebhook, track, onError }: TransferRoutesContext) {
  function later(reference: string): void {
    const step = new Promise<void>((resolve) => setTimeout(resolve, delayMs).unref()).then(() => settle(reference)).catch(onError);
    track(step);
  }

  async function settle(reference: string): Promise<void> {
    const found = withRecipient(store, store.transferByReference(reference));
    const status = found && nextStatusOf(found.transfer, found.recipient);
    if (!found || !status) return;
    const now = new Date().toISOString();
    const settled: StandinTransfer = {
      ...found.transfer,
      status,
      updatedAt: now,
      transferredAt: status === "success" ? now : found.transfer.transferredAt,
      failureReason: status === "failed" ? TRANSFER_FAILURE_REASON : status === "reversed" ? TRANSFER_REVERSAL_REASON : null,
    };
    await store.saveTransfers([settled]);
    sendWebhook(`transfer.${status}`, transferEventJson(settled, found.recipient));
    if (nextStatusOf(settled, found.recipient)) later(reference);
  }

  return {
    later,
    /** Transfers a restarted stand-in finds on their way. */
    resume: () => {
      for (const transfer of store.transfers()) {
        const recipient = store.recipientByCode(transfer.recipientCode);
        if (recipient && nextStatusOf(transfer, recipient)) later(transfer.reference);
      }
    },
  };
}

/** Where a transfer goes next, or undefined once it has ended. */
function nextStatusOf(transfer: StandinTransfer, recipient: StandinRecipient): StandinTransferStatus | undefined {
  const outcome = testAccountByNumber(recipient.accountNumber)?.outcome ?? "success";
  if (transfer.status === "pending") return outcome === "failed" ? "failed" : "success";
  return transfer.status === "success" && outcome === "reversed" ? "reversed" : undefined;
}

const needsOtp = (recipient: StandinRecipient) => testAccountByNumber(recipient.accountNumber)?.outcome === "otp";

/** The transfer of `transferCode` when it waits for its OTP, or why it cannot be finalized. */
function awaitingOtp(store: StandinStore, transferCode: unknown): { transfer: StandinTransfer; recipient: StandinRecipient } | Refusal {
  if (typeof transferCode !== "string" || !transferCode) return { status: 400, problem: TRANSFER_MESSAGES.transferCodeRequired };
  const found = withRecipient(store, store.transfers().find((t) => t.transferCode === transferCode));
  if (!found) return { status: 404, problem: TRANSFER_MESSAGES.transferNotFound };
  if (found.transfer.status !== "otp") return { status: 400, problem: TRANSFER_MESSAGES.notAwaitingOtp };
  return found;
}

function withRecipient(store: StandinStore, transfer: StandinTransfer | undefined) {
  const recipient = transfer && store.recipientByCode(transfer.recipientCode);
  return transfer && recipient ? { transfer, recipient } : undefined;
}

function answerTransfer(res: Response, store: StandinStore, transfer: StandinTransfer | undefined): void {
  const found = withRecipient(store, transfer);
  if (!found) return refuse(res, 404, TRANSFER_MESSAGES.transferNotFound);
  res.json({ status: true, message: TRANSFER_MESSAGES.transferRetrieved, data: transferJson(found.transfer, found.recipient) });
}

/** GET /bank: Paystack's order, a page at a time; meta.next is the cursor of the next page while there is one. */
function listBanks(query: Record<string, unknown>) {
  const perPage = positiveInteger(query.perPage ?? query.per_page) ?? 50;
  const nigerian = (query.country === undefined || String(query.country).toLowerCase() === "nigeria") && (query.currency === undefined || query.currency === "NGN");
  const banks = nigerian ? NIGERIAN_BANKS : [];
  const start = typeof query.next === "string" ? afterCursor(banks, query.next) : ((positiveInteger(query.page) ?? 1) - 1) * perPage;
  const page = banks.slice(start, start + perPage);
  const next = start + perPage < banks.length ? cursorOf(page.at(-1)!) : null;
  return { status: true, message: TRANSFER_MESSAGES.banksListed, data: page.map(bankJson), meta: { next, perPage } };
}

/** Paystack's cursors name the last bank of a page: base64 of "bank:<id>". */
const cursorOf = (bank: StandinBank) => Buffer.from(`bank:${bank.id}`).toString("base64");

/** Where the page after a cursor starts; past the end for a cursor that names no bank. */
function afterCursor(banks: readonly StandinBank[], cursor: string): number {
  const index = banks.findIndex((bank) => cursorOf(bank) === cursor);
  return index < 0 ? banks.length : index + 1;
}

/** A test account at a listed bank (any listed bank), or Paystack's refusal. */
function resolveTestAccount(accountNumber: unknown, bankCode: unknown): { bank: StandinBank; accountNumber: string; accountName: string } | Refusal {
  const bank = typeof bankCode === "string" ? bankByCode(bankCode) : undefined;
  if (!bank) return { status: 400, problem: TRANSFER_MESSAGES.unknownBankCode };
  const account = typeof accountNumber === "string" ? testAccountByNumber(accountNumber) : undefined;
  if (!account) return { status: 422, problem: TRANSFER_MESSAGES.cannotResolve };
  return { bank, accountNumber: account.number, accountName: account.name };
}

type RecipientInput = Pick<StandinRecipient, "name" | "accountNumber" | "accountName" | "bankCode" | "metadata">;

function parseRecipient(body: Record<string, unknown>): RecipientInput | Refusal {
  if (body.type !== "nuban") return { status: 400, problem: TRANSFER_MESSAGES.invalidRecipientType };
  const name = typeof body.name === "string" ? body.name.trim() : "";
  if (!name) return { status: 400, problem: TRANSFER_MESSAGES.nameRequired };
  if (body.currency !== undefined && body.currency !== "NGN") return { status: 400, problem: TRANSFER_MESSAGES.unsupportedCurrency };
  const account = resolveTestAccount(body.account_number, body.bank_code);
  if ("problem" in account) return account;
  const metadata = parseMetadata(body.metadata);
  return { name, accountNumber: account.accountNumber, accountName: account.accountName, bankCode: account.bank.code, metadata: isPlainObject(metadata) ? metadata : null };
}

function newRecipient(input: RecipientInput, id: number): StandinRecipient {
  return { ...input, id, recipientCode: `RCP_${randomCode(15)}`, createdAt: new Date().toISOString() };
}

/** POST /transfer and /transfer/bulk pay from the balance, in naira. */
function sourceRefusal(body: Record<string, unknown>): Refusal | undefined {
  if (body.source !== "balance") return { status: 400, problem: TRANSFER_MESSAGES.invalidSource };
  if (body.currency !== undefined && body.currency !== "NGN") return { status: 400, problem: TRANSFER_MESSAGES.unsupportedCurrency };
  return undefined;
}

function parseTransfer(body: Record<string, unknown>, store: StandinStore): TransferInput | Refusal {
  const amount = wholeKobo(body.amount);
  if (amount === undefined) return { status: 400, problem: TRANSFER_MESSAGES.invalidAmount };
  const recipient = typeof body.recipient === "string" ? store.recipientByCode(body.recipient) : undefined;
  if (!recipient) return { status: 400, problem: TRANSFER_MESSAGES.recipientNotFound };
  const { reference } = body;
  if (typeof reference !== "string" || !TRANSFER_REFERENCE.test(reference)) return { status: 400, problem: TRANSFER_MESSAGES.invalidReference };
  if (store.transferByReference(reference)) return DUPLICATE_REFERENCE;
  const reason = typeof body.reason === "string" ? body.reason.trim().slice(0, 100) : "";
  return { amount, recipient, reference, reason };
}

/** Every transfer of the batch, or the first refusal (with its place): a batch is taken whole or not at all. */
function parseBulk(body: Record<string, unknown>, store: StandinStore): TransferInput[] | Refusal {
  const refusal = sourceRefusal(body);
  if (refusal) return refusal;
  const { transfers } = body;
  if (!Array.isArray(transfers) || transfers.length < 1 || transfers.length > BULK_LIMIT) return { status: 400, problem: TRANSFER_MESSAGES.bulkSize };
  const inputs: TransferInput[] = [];
  for (const [index, item] of transfers.entries()) {
    const input = parseTransfer(fieldsOf(item), store);
    if ("problem" in input) return inBatch(input, index);
    if (inputs.some((earlier) => earlier.reference === input.reference)) return inBatch(DUPLICATE_REFERENCE, index);
    inputs.push(input);
  }
  return inputs;
}

const inBatch = (refusal: Refusal, index: number): Refusal => ({ ...refusal, problem: `${refusal.problem} (transfers[${index}])` });

function refuseTransfer(res: Response, refusal: Refusal): void {
  if (!refusal.duplicate) return refuse(res, refusal.status, refusal.problem);
  const nextStep = "Verify the transfer with this reference, or send a new transfer with a new reference";
  refuseInvalid(res, { message: refusal.problem, nextStep, code: "duplicate_reference" });
}

function newTransfer(input: TransferInput, id: number): StandinTransfer {
  const now = new Date().toISOString();
  return {
    id,
    reference: input.reference,
    transferCode: `TRF_${randomCode(15)}`,
    amount: input.amount,
    currency: "NGN",
    reason: input.reason,
    recipientCode: input.recipient.recipientCode,
    status: needsOtp(input.recipient) ? "otp" : "pending",
    failureReason: null,
    createdAt: now,
    updatedAt: now,
    transferredAt: null,
  };
}

const nextId = (records: { id: number }[], first: number) => records.reduce((max, record) => Math.max(max, record.id), first - 1) + 1;

/** GET /transfer: newest first; `status`, `recipient` (a recipient code), `from` and `to` narrow it. */
function listTransfers(store: StandinStore, query: Record<string, unknown>) {
  const request = listRequestOf(query);
  const matching = store
    .transfers()
    .filter((t) => !query.status || t.status === query.status)
    .filter((t) => !query.recipient || t.recipientCode === query.recipient)
    .filter((t) => withinDates(request, t.createdAt))
    .sort((a, b) => b.id - a.id);
  const { items, meta } = pageOf(matching, request);
  const data = items.flatMap((transfer) => {
    const found = withRecipient(store, transfer);
    return found ? [transferJson(found.transfer, found.recipient)] : [];
  });
  return { status: true, message: TRANSFER_MESSAGES.transfersListed, data, meta };
}
