import express, { type ErrorRequestHandler, type Request, type RequestHandler, type Response, type Router } from "express";
import { closedPage, finishedPage, notFoundPage, PAGE_TEXTS, paymentPage, refundsPage } from "./hosted-page";
import { isPlainObject, listRequestOf, pageOf, parseMetadata, randomCode, refuse, refuseInvalid, sendHtml, wholeKobo, withinDates } from "./http";
import { listItemJson, refundEventJson, refundJson, refundRecordJson, transactionJson } from "./paystack-json";
import { type StandinRefund, type StandinStore, type StandinTransaction, refundableOf, refundStatusOf, unpaidState } from "./store";
import { REFUND_FAILURE_REASON, checkCard, disputeOutcomeFor, refundFailsFor } from "./test-cards";
import { disputeLater } from "./disputes";
import { TRANSFER_MESSAGES, addTransferRoutes } from "./transfers";
import { NIGERIAN_BANKS } from "./banks";
import { testAccountByNumber } from "./test-accounts";
import { type StandinPageAccess, hasSecretKey, pageGuard } from "./page-access";
import { type StandinChannel, allowedChannels, isStandinChannel, parseChannels } from "./channels";
import { DEFAULT_WEBHOOK_RETRY_DELAYS_MS, deliverWebhook } from "./webhooks";

export { createJsonFileStore, createMemoryStore } from "./store";
export { type KnownPayment, recordKnownPayments } from "./known-payments";
export type { StandinRecipient, StandinStore, StandinTransaction, StandinTransfer } from "./store";
export { REFUND_FAILURE_REASON, TEST_CARDS } from "./test-cards";
export { TEST_ACCOUNTS, TRANSFER_FAILURE_REASON, TRANSFER_OTP, TRANSFER_REVERSAL_REASON, type TestAccount } from "./test-accounts";
export { NIGERIAN_BANKS } from "./banks";
export { TRANSFER_MESSAGES } from "./transfers";
export { PAGE_TEXTS, TEST_MODE_BANNER, TRANSFERS_PAGE_TEXTS } from "./hosted-page";
export { PAGE_ACCESS_TEXTS, type StandinPage, type StandinPageAccess } from "./page-access";
export { CHANNEL_LABELS, STANDIN_CHANNELS, TRANSFER_BANK, transferAccountNumber, ussdCode } from "./channels";

/**
 * A stand-in for Paystack that speaks its HTTP API (initialize, verify, list, refunds; banks,
 * transfer recipients and transfers) and serves a hosted test checkout page at /pay/:accessCode,
 * a page of a transaction's refunds at /refunds?reference=… and a page of transfers at /transfers,
 * so the shop runs end to end without Paystack.
 */
export interface PaystackStandinOptions {
  /** The Bearer key callers must present. */
  secretKey: string;
  /** Where browsers reach this router: authorization_url = publicBaseUrl + "/pay/" + accessCode. */
  publicBaseUrl: string | (() => string);
  /** Where charge.success, refund and transfer webhooks go; none are sent while it returns undefined. */
  webhookUrl?: () => string | undefined;
  store: StandinStore;
  /** The stand-in's own failures (a webhook that could not be delivered, an unexpected error). */
  onError?: (error: unknown) => void;
  webhookRetryDelaysMs?: readonly number[];
  /** How long a refund stays pending before it is processed (or fails) and its webhook is sent. */
  refundDelayMs?: number;
  /**
   * How long a transfer stays pending before it succeeds (or fails) and its webhook is sent; a
   * transfer to the reversing test account is reversed this long after that. Transfers a
   * restarted stand-in finds still on their way take their next step this long after the start.
   */
  transferDelayMs?: number;
  /** How long each step of a test card's dispute takes: created, reminded, resolved (disputes.ts). */
  disputeDelayMs?: number;
  fetch?: typeof fetch;
  /**
   * Who may read the pages of transfers and refunds besides a caller with the secret key (the
   * shop's admins, say); without it only the key. They show amounts and whose money it is.
   */
  pageAccess?: StandinPageAccess;
}

export type PaystackStandinRouter = Router & {
  /** Settles once every pending refund and transfer is settled and every webhook under way delivered or given up. */
  idle(): Promise<void>;
};

/** Paystack's own words, as its API answers them. */
export const STANDIN_MESSAGES = {
  invalidKey: "Invalid key",
  initialized: "Authorization URL created",
  duplicateReference: "Duplicate Transaction Reference",
  invalidEmail: "Invalid Email Address Passed",
  invalidAmount: "Invalid Amount Sent",
  unsupportedCurrency: "Currency not supported by merchant",
  invalidReference: "Invalid transaction reference: only -, ., =, _ and alphanumeric characters are allowed",
  invalidCallbackUrl: "Invalid callback_url: it must be an absolute http(s) URL",
  invalidChannels: "Invalid channels: give a list with at least one of card, bank_transfer, ussd",
  referenceNotFound: "Transaction reference not found",
  verified: "Verification successful",
  listed: "Transactions retrieved",
  refundQueued: "Refund has been queued for processing",
  transactionRequired: "Transaction reference or id is required",
  transactionNotFound: "Transaction not found",
  refundUnpaid: "Cannot refund a transaction that was not successful",
  fullyReversed: "Transaction has been fully reversed",
  refundTooLarge: "Refund amount cannot be greater than the amount left to refund",
  refundsListed: "Refunds retrieved",
  refundFetched: "Refund retrieved",
  refundNotFound: "Refund not found",
  refundNotAwaitingAccount: "Refund does not need customer details",
  refundAccountRequired: "refund_account_details with currency NGN, account_number and bank_id is required",
  refundRetried: "Refund has been queued for processing",
  badRequestBody: "Invalid request body",
  notFound: "Not found",
  internalError: "An error occurred. Please try again",
} as const;

const FIRST_TRANSACTION_ID = 4_100_000_001;
const FIRST_REFUND_ID = 12_000_001;
const BODY_LIMIT = "100kb";
const DEFAULT_REFUND_DELAY_MS = 500;
const DEFAULT_TRANSFER_DELAY_MS = 500;
const DEFAULT_DISPUTE_DELAY_MS = 1_000;

export function createPaystackStandin(options: PaystackStandinOptions): PaystackStandinRouter {
  const { store } = options;
  const onError = options.onError ?? (() => {});
  const deliveries = new Set<Promise<void>>();
  const router = express.Router();
  const api = [requireSecretKey(options.secretKey), express.json({ limit: BODY_LIMIT }), express.urlencoded({ extended: false, limit: BODY_LIMIT })];
  const mayReadPage = pageGuard(options.secretKey, options.pageAccess);

  router.post("/transaction/initialize", ...api, async (req, res) => {
    const input = parseInitialize(req.body ?? {});
    if ("problem" in input) return refuse(res, 400, input.problem);
    if (store.byReference(input.reference)) {
      const nextStep = "Try and create the Transaction or Charge with a new reference";
      return refuseInvalid(res, { message: STANDIN_MESSAGES.duplicateReference, nextStep, code: "duplicate_reference" });
    }
    const transaction = newTransaction(input, store);
    await store.save(transaction);
    const authorizationUrl = `${resolve(options.publicBaseUrl).replace(/\/+$/, "")}/pay/${transaction.accessCode}`;
    res.json({
      status: true,
      message: STANDIN_MESSAGES.initialized,
      data: { authorization_url: authorizationUrl, access_code: transaction.accessCode, reference: transaction.reference },
    });
  });

  router.get("/transaction/verify/:reference", ...api, (req, res) => {
    const transaction = store.byReference(String(req.params.reference));
    if (!transaction) {
      const nextStep = "Ensure that you're passing the reference of a transaction that exists on this integration";
      return refuseInvalid(res, { message: STANDIN_MESSAGES.referenceNotFound, nextStep, code: "transaction_not_found" });
    }
    res.json({ status: true, message: STANDIN_MESSAGES.verified, data: transactionJson(transaction) });
  });

  router.get("/transaction", ...api, (req, res) => {
    res.json(listTransactions(store, req.query as Record<string, unknown>));
  });

  router.post("/refund", ...api, async (req, res) => {
    const body = (req.body ?? {}) as Record<string, unknown>;
    const key = typeof body.transaction === "number" ? String(body.transaction) : body.transaction;
    if (typeof key !== "string" || !key) return refuse(res, 400, STANDIN_MESSAGES.transactionRequired);
    const transaction = findTransaction(store, key);
    if (!transaction) return refuse(res, 404, STANDIN_MESSAGES.transactionNotFound);
    const left = refundableOf(transaction);
    if (transaction.status === "reversed" && left <= 0) return refuse(res, 400, STANDIN_MESSAGES.fullyReversed);
    if (transaction.status !== "success" && transaction.status !== "reversed") return refuse(res, 400, STANDIN_MESSAGES.refundUnpaid);
    const amount = body.amount === undefined || body.amount === "" ? left : wholeKobo(body.amount);
    if (amount === undefined) return refuse(res, 400, STANDIN_MESSAGES.invalidAmount);
    if (body.currency !== undefined && body.currency !== transaction.currency) return refuse(res, 400, STANDIN_MESSAGES.unsupportedCurrency);
    if (amount > left) return refuse(res, 400, STANDIN_MESSAGES.refundTooLarge);
    const refund: StandinRefund = {
      id: nextRefundId(store),
      amount,
      createdAt: new Date().toISOString(),
      status: "pending",
      processedAt: null,
      customerNote: note(body.customer_note),
      merchantNote: note(body.merchant_note),
    };
    // Paystack shows the transaction as a reversal while a refund of it is pending.
    const reversed: StandinTransaction = { ...transaction, status: "reversed", refunds: [...transaction.refunds, refund] };
    await store.save(reversed);
    res.json({ status: true, message: STANDIN_MESSAGES.refundQueued, data: refundJson(reversed, refund) });
    settleLater(reversed.reference, refund.id);
  });

  router.post("/refund/retry_with_customer_details/:id", ...api, async (req, res) => {
    const found = findRefund(store, String(req.params.id));
    if (!found) return refuse(res, 404, STANDIN_MESSAGES.refundNotFound);
    if (refundStatusOf(found.refund) !== "needs-attention") return refuse(res, 400, STANDIN_MESSAGES.refundNotAwaitingAccount);
    const account = refundAccountOf((req.body ?? {}) as Record<string, unknown>);
    if ("problem" in account) return refuse(res, account.status, account.problem);
    const retried: StandinRefund = { ...found.refund, status: "pending", account };
    await store.save({ ...found.transaction, refunds: found.transaction.refunds.map((r) => (r.id === retried.id ? retried : r)) });
    res.json({ status: true, message: STANDIN_MESSAGES.refundRetried, data: refundRecordJson(found.transaction, retried) });
    settleLater(found.transaction.reference, retried.id);
  });

  router.get("/refund", ...api, (req, res) => {
    res.json(listRefunds(store, req.query as Record<string, unknown>));
  });

  router.get("/refund/:id", ...api, (req, res) => {
    const found = findRefund(store, String(req.params.id));
    if (!found) return refuse(res, 404, STANDIN_MESSAGES.refundNotFound);
    res.json({ status: true, message: STANDIN_MESSAGES.refundFetched, data: refundRecordJson(found.transaction, found.refund) });
  });

  /** Test mode's window on the refunds of one transaction, as a person would look them up on Paystack's dashboard. */
  router.get("/refunds", async (req, res) => {
    const reference = typeof req.query.reference === "string" ? req.query.reference : "";
    if (!(await mayReadPage(req, res, { kind: "refunds", reference }))) return;
    const transaction = reference ? store.byReference(reference) : undefined;
    if (!transaction) return sendHtml(res, 404, notFoundPage());
    sendHtml(res, 200, refundsPage(transaction));
  });

  router.get("/pay/:accessCode", (req, res) => {
    const transaction = store.byAccessCode(String(req.params.accessCode));
    if (!transaction) return sendHtml(res, 404, notFoundPage());
    if (!isPayable(transaction)) return sendHtml(res, 200, closedPage(transaction));
    sendHtml(res, 200, paymentPage(transaction, { channel: chosenChannel(transaction, req.query.channel) }));
  });

  router.post("/pay/:accessCode", express.urlencoded({ extended: false, limit: BODY_LIMIT }), async (req, res) => {
    const transaction = store.byAccessCode(String(req.params.accessCode));
    if (!transaction) return sendHtml(res, 404, notFoundPage());
    if (!isPayable(transaction)) return sendHtml(res, 409, closedPage(transaction));
    const form = formFields(req.body);
    if (form.action === "cancel") {
      return finish(res, { ...transaction, closed: true, gatewayResponse: "The transaction was not completed" });
    }
    if (form.action === "transfer_sent" || form.action === "ussd_done") {
      const channel: StandinChannel = form.action === "transfer_sent" ? "bank_transfer" : "ussd";
      if (!allowedChannels(transaction).includes(channel)) return sendHtml(res, 400, paymentPage(transaction));
      return payOffline(req, res, transaction, channel);
    }
    if (!allowedChannels(transaction).includes("card")) return sendHtml(res, 400, paymentPage(transaction));
    const check = checkCard(form);
    if (check.outcome === "invalid") {
      const message = { card_number: PAGE_TEXTS.unknownCard, expiry: PAGE_TEXTS.badExpiry, cvv: PAGE_TEXTS.badCvv }[check.field];
      return sendHtml(res, 400, paymentPage(transaction, { error: { field: check.field, message }, cardNumber: form.cardNumber, expiry: form.expiry }));
    }
    const approved = check.outcome === "approved";
    const finished: StandinTransaction = {
      ...transaction,
      closed: true,
      status: approved ? "success" : "failed",
      gatewayResponse: approved ? "Successful" : "Declined",
      paidAt: approved ? new Date().toISOString() : null,
      channel: "card",
      card: check.card,
      ipAddress: req.ip ?? null,
    };
    await finish(res, finished);
    if (!approved) return;
    sendChargeSuccess(finished);
    const dispute = disputeOutcomeFor(check.card);
    if (dispute) disputeLater({ delayMs: options.disputeDelayMs ?? DEFAULT_DISPUTE_DELAY_MS, sendWebhook, track, onError }, finished, dispute);
  });

  addTransferRoutes(router, { store, api, mayReadPage, delayMs: options.transferDelayMs ?? DEFAULT_TRANSFER_DELAY_MS, sendWebhook, track, onError });

  router.use((_req, res) => refuse(res, 404, STANDIN_MESSAGES.notFound));
  router.use(errorHandler(onError));

  /** A transfer received or a USSD payment approved: paid, as Paystack reports it, with the channel used. */
  async function payOffline(req: Request, res: Response, transaction: StandinTransaction, channel: StandinChannel): Promise<void> {
    const paid: StandinTransaction = {
      ...transaction,
      closed: true,
      status: "success",
      gatewayResponse: "Approved",
      paidAt: new Date().toISOString(),
      channel,
      card: null,
      ipAddress: req.ip ?? null,
    };
    await finish(res, paid);
    sendChargeSuccess(paid);
  }

  async function finish(res: Response, transaction: StandinTransaction): Promise<void> {
    await store.save(transaction);
    if (!transaction.callbackUrl) return sendHtml(res, 200, finishedPage(transaction));
    const target = new URL(transaction.callbackUrl);
    target.searchParams.set("trxref", transaction.reference);
    target.searchParams.set("reference", transaction.reference);
    res.redirect(303, target.toString());
  }

  function sendChargeSuccess(transaction: StandinTransaction): void {
    sendWebhook("charge.success", transactionJson(transaction));
  }

  /** A queued refund is processed (or, for the refund-failing test card, fails) after a while, then its webhook goes. */
  function settleLater(reference: string, refundId: number): void {
    const settling = new Promise<void>((resolve) => setTimeout(resolve, options.refundDelayMs ?? DEFAULT_REFUND_DELAY_MS).unref())
      .then(() => settleRefund(reference, refundId))
      .catch(onError);
    track(settling);
  }

  async function settleRefund(reference: string, refundId: number): Promise<void> {
    const transaction = store.byReference(reference);
    const refund = transaction?.refunds.find((r) => r.id === refundId);
    if (!transaction || !refund || refundStatusOf(refund) !== "pending") return;
    if (needsAccount(transaction, refund)) return holdForAccount(transaction, refund);
    const fails = refundFailsFor(transaction.card);
    const settled: StandinRefund = fails
      ? { ...refund, status: "failed", failureReason: REFUND_FAILURE_REASON }
      : { ...refund, status: "processed", processedAt: new Date().toISOString() };
    const refunds = transaction.refunds.map((r) => (r.id === refundId ? settled : r));
    // A failed refund gives the transaction back its 'success' unless another refund still stands.
    const status = refunds.some((r) => refundStatusOf(r) !== "failed") ? "reversed" : "success";
    const updated: StandinTransaction = { ...transaction, status, refunds };
    await store.save(updated);
    sendWebhook(fails ? "refund.failed" : "refund.processed", refundEventJson(updated, settled));
  }

  /** Paystack cannot push money back to a one-time transfer account or a USSD payment: it asks for the buyer's account. */
  async function holdForAccount(transaction: StandinTransaction, refund: StandinRefund): Promise<void> {
    const held: StandinRefund = { ...refund, status: "needs-attention" };
    const updated: StandinTransaction = { ...transaction, refunds: transaction.refunds.map((r) => (r.id === refund.id ? held : r)) };
    await store.save(updated);
    sendWebhook("refund.needs-attention", refundEventJson(updated, held));
  }

  function sendWebhook(event: string, data: unknown): void {
    let url: string | undefined;
    try {
      url = options.webhookUrl?.();
    } catch (error) {
      return onError(error);
    }
    if (!url) return;
    const delivery = deliverWebhook({
      url,
      event,
      data,
      secretKey: options.secretKey,
      retryDelaysMs: options.webhookRetryDelaysMs ?? DEFAULT_WEBHOOK_RETRY_DELAYS_MS,
      fetch: options.fetch ?? fetch,
    }).catch(onError);
    track(delivery);
  }

  function track(work: Promise<void>): void {
    deliveries.add(work);
    void work.finally(() => deliveries.delete(work));
  }

  return Object.assign(router, {
    idle: async () => {
      while (deliveries.size > 0) await Promise.all(deliveries);
    },
  });
}

interface InitializeInput {
  email: string;
  amount: number;
  reference: string;
  callbackUrl: string | null;
  metadata: unknown;
  channels: StandinChannel[] | undefined;
}

function parseInitialize(body: Record<string, unknown>): InitializeInput | { problem: string } {
  const email = typeof body.email === "string" ? body.email.trim() : "";
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) return { problem: STANDIN_MESSAGES.invalidEmail };
  const amount = wholeKobo(body.amount);
  if (amount === undefined) return { problem: STANDIN_MESSAGES.invalidAmount };
  if (body.currency !== undefined && body.currency !== "NGN") return { problem: STANDIN_MESSAGES.unsupportedCurrency };
  const reference = body.reference === undefined || body.reference === "" ? randomCode(12) : body.reference;
  // Paystack's documentation allows only -, . and = besides letters and digits; the shop's pay_ references need _.
  if (typeof reference !== "string" || !/^[A-Za-z0-9\-.=_]{1,100}$/.test(reference)) return { problem: STANDIN_MESSAGES.invalidReference };
  const callbackUrl = body.callback_url === undefined || body.callback_url === "" ? null : body.callback_url;
  if (callbackUrl !== null && !(typeof callbackUrl === "string" && /^https?:\/\//.test(callbackUrl) && URL.canParse(callbackUrl))) {
    return { problem: STANDIN_MESSAGES.invalidCallbackUrl };
  }
  const channels = parseChannels(body.channels);
  if (channels === null) return { problem: STANDIN_MESSAGES.invalidChannels };
  return { email, amount, reference, callbackUrl, metadata: parseMetadata(body.metadata), channels };
}

function newTransaction(input: InitializeInput, store: StandinStore): StandinTransaction {
  const ids = store.all().map((t) => t.id);
  return {
    id: Math.max(FIRST_TRANSACTION_ID - 1, ...ids) + 1,
    reference: input.reference,
    accessCode: randomCode(15),
    amount: input.amount,
    currency: "NGN",
    email: input.email,
    callbackUrl: input.callbackUrl,
    metadata: input.metadata,
    ...unpaidState(),
    ...(input.channels ? { channels: input.channels } : {}),
    createdAt: new Date().toISOString(),
  };
}

function findTransaction(store: StandinStore, key: string): StandinTransaction | undefined {
  return store.byReference(key) ?? store.all().find((t) => String(t.id) === key);
}

const needsAccount = (transaction: StandinTransaction, refund: StandinRefund) =>
  (transaction.channel === "bank_transfer" || transaction.channel === "ussd") && !refund.account;

/** The buyer's account of a retry: a listed bank's id and an account number that resolves (test-accounts.ts). */
function refundAccountOf(body: Record<string, unknown>): { accountNumber: string; bankId: number } | { status: number; problem: string } {
  const details = isPlainObject(body.refund_account_details) ? body.refund_account_details : {};
  const bankId = Number(details.bank_id);
  const accountNumber = typeof details.account_number === "string" ? details.account_number : "";
  if ((details.currency !== undefined && details.currency !== "NGN") || !Number.isInteger(bankId) || !/^\d{10}$/.test(accountNumber)) {
    return { status: 400, problem: STANDIN_MESSAGES.refundAccountRequired };
  }
  if (!NIGERIAN_BANKS.some((bank) => bank.id === bankId) || !testAccountByNumber(accountNumber)) return { status: 422, problem: TRANSFER_MESSAGES.cannotResolve };
  return { accountNumber, bankId };
}

function findRefund(store: StandinStore, id: string): { transaction: StandinTransaction; refund: StandinRefund } | undefined {
  for (const transaction of store.all()) {
    const refund = transaction.refunds.find((r) => String(r.id) === id);
    if (refund) return { transaction, refund };
  }
  return undefined;
}

const note = (value: unknown) => (typeof value === "string" && value.trim() ? value.trim().slice(0, 500) : null);

/** GET /refund: newest first; `transaction` (a reference or id) keeps one transaction's refunds. */
function listRefunds(store: StandinStore, query: Record<string, unknown>) {
  const request = listRequestOf(query);
  const transactionKey = typeof query.transaction === "string" && query.transaction ? query.transaction : undefined;
  const transactions = transactionKey === undefined ? store.all() : [findTransaction(store, transactionKey)].filter((t) => t !== undefined);
  const matching = transactions
    .flatMap((transaction) => transaction.refunds.map((refund) => ({ transaction, refund })))
    .filter(({ refund }) => withinDates(request, refund.createdAt))
    .sort((a, b) => b.refund.id - a.refund.id);
  const { items, meta } = pageOf(matching, request);
  return {
    status: true,
    message: STANDIN_MESSAGES.refundsListed,
    data: items.map(({ transaction, refund }) => refundRecordJson(transaction, refund)),
    meta: {
      ...meta,
      // Paystack's description types this one as a string.
      perPage: String(meta.perPage),
      failedRefundCount: matching.filter(({ refund }) => refundStatusOf(refund) === "failed").length,
    },
  };
}

function nextRefundId(store: StandinStore): number {
  const ids = store.all().flatMap((t) => t.refunds.map((r) => r.id));
  return Math.max(FIRST_REFUND_ID - 1, ...ids) + 1;
}

function listTransactions(store: StandinStore, query: Record<string, unknown>) {
  const request = listRequestOf(query);
  const matching = store
    .all()
    .filter((t) => !query.status || t.status === query.status)
    .filter((t) => withinDates(request, t.createdAt))
    .sort((a, b) => b.id - a.id);
  const { items, meta: { total, ...paging } } = pageOf(matching, request);
  return {
    status: true,
    message: STANDIN_MESSAGES.listed,
    data: items.map(listItemJson),
    meta: {
      total,
      total_volume: matching.filter((t) => t.status === "success").reduce((sum, t) => sum + t.amount, 0),
      ...paging,
    },
  };
}

/** `?channel=` when the transaction allows it, else its first channel. */
function chosenChannel(transaction: StandinTransaction, asked: unknown): StandinChannel {
  const allowed = allowedChannels(transaction);
  return isStandinChannel(asked) && allowed.includes(asked) ? asked : allowed[0]!;
}

function isPayable(transaction: StandinTransaction): boolean {
  return !transaction.closed && transaction.status === "abandoned";
}

function formFields(body: unknown) {
  const fields = (body ?? {}) as Record<string, unknown>;
  const text = (name: string) => (typeof fields[name] === "string" ? (fields[name] as string) : "");
  return { action: text("action"), cardNumber: text("card_number"), expiry: text("expiry"), cvv: text("cvv") };
}

function requireSecretKey(secretKey: string): RequestHandler {
  return (req, res, next) => {
    if (hasSecretKey(req, secretKey)) return next();
    refuse(res, 401, STANDIN_MESSAGES.invalidKey);
  };
}

function errorHandler(onError: (error: unknown) => void): ErrorRequestHandler {
  return (error, req: Request, res, next) => {
    if (res.headersSent) return next(error);
    const status = typeof error?.status === "number" && error.status >= 400 && error.status < 500 ? error.status : 500;
    if (status === 500) onError(error);
    if (req.path.startsWith("/pay/")) {
      res.status(status).type("text/plain").send(status === 500 ? STANDIN_MESSAGES.internalError : STANDIN_MESSAGES.badRequestBody);
      return;
    }
    refuse(res, status, status === 500 ? STANDIN_MESSAGES.internalError : STANDIN_MESSAGES.badRequestBody);
  };
}

const resolve = (value: string | (() => string)) => (typeof value === "function" ? value() : value);
