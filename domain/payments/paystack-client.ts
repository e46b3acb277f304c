import { z } from "../../lib/zod";
import {
  type Bank, type CreateTransferRecipient, type InitializePayment, type InitializedPayment, type ListTransactions, type PaymentProvider,
  PaymentProviderError, type ProviderRefund, type ProviderTransaction, type ProviderTransfer, type Refund, type RefundRequest,
  type ResolvedAccount, type TransferRequest,
} from "./provider";

export const PAYSTACK_BASE_URL = "https://api.paystack.co";
const DEFAULT_TIMEOUT_MS = 10_000;

export interface PaystackClientOptions {
  /** Paystack's API root, or a function giving it when it is known only later (the in-app stand-in). */
  baseUrl: string | (() => string);
  secretKey: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
}

/** Paystack's answers are `{status, message, data}`, lists with `meta`; extra fields are ignored, missing ones refused. */
const envelopeSchema = z.object({ status: z.boolean(), message: z.string(), data: z.unknown().optional(), meta: z.unknown().optional() });
type Envelope = z.infer<typeof envelopeSchema>;

const initializedSchema = z.object({ authorization_url: z.string(), access_code: z.string(), reference: z.string() });

const transactionSchema = z.object({
  id: z.number(),
  reference: z.string(),
  status: z.string(),
  amount: z.number(),
  currency: z.string(),
  channel: z.string().nullish(),
  gateway_response: z.string().nullish(),
  paid_at: z.string().nullish(),
  paidAt: z.string().nullish(),
  metadata: z.unknown().optional(),
});

const refundSchema = z.object({
  id: z.number(),
  status: z.string(),
  amount: z.number(),
  currency: z.string(),
  transaction: z.union([z.object({ reference: z.string() }), z.number(), z.string()]).optional(),
});

const listedRefundSchema = z.object({ id: z.number(), amount: z.number(), status: z.string(), reason: z.string().nullish() });
const toProviderRefund = (data: z.infer<typeof listedRefundSchema>): ProviderRefund => ({ id: data.id, amount: data.amount, status: data.status, reason: data.reason?.trim() || null });

const REFERENCE_NOT_FOUND = /transaction reference not found/i;

type Send = (method: "GET" | "POST", path: string, body?: unknown) => Promise<Answer>;

const bankSchema = z.object({ id: z.number(), name: z.string(), code: z.string(), active: z.boolean() });
/** Where the next page of banks is: a cursor (`next`), or a page number short of `pageCount`. */
const bankPagingSchema = z.object({ next: z.string().nullish(), page: z.number().optional(), pageCount: z.number().optional() });
const BANK_QUERY = { country: "nigeria", currency: "NGN", perPage: "100" };
/** Far more pages than Paystack's few hundred banks fill: a list that goes on is a fault, not banks. */
const MAX_BANK_PAGES = 20;

const resolvedAccountSchema = z.object({ account_number: z.string(), account_name: z.string() });
const recipientSchema = z.object({ recipient_code: z.string() });

/** A transfer as Paystack writes it (POST /transfer, verify, an item of POST /transfer/bulk, transfer webhooks). */
const transferSchema = z.object({
  reference: z.string(),
  transfer_code: z.string(),
  status: z.string(),
  amount: z.number(),
  reason: z.string().nullish(),
  failures: z.unknown().optional(),
  gateway_response: z.string().nullish(),
});

/** How buyers may pay on Paystack's page (docs/payments.md): card, a bank transfer to a one-time account, or USSD. */
export const PAYMENT_CHANNELS = ["card", "bank_transfer", "ussd"] as const;

const TRANSFER_NOT_FOUND = /transfer.*not found/i;
const DUPLICATE_TRANSFER_REFERENCE = /duplicate.*reference/i;

/** The shop's PaymentProvider over Paystack's HTTP API (or anything that speaks it, such as our stand-in). */
export function createPaystackClient(options: PaystackClientOptions): PaymentProvider {
  const send: Send = (method, path, body) => request(options, method, path, body);

  return {
    testMode: options.secretKey.startsWith("sk_test_"),

    async initialize(input: InitializePayment): Promise<InitializedPayment> {
      const answer = await send("POST", "/transaction/initialize", {
        email: input.email,
        amount: input.amount,
        reference: input.reference,
        callback_url: input.callbackUrl,
        currency: "NGN",
        channels: [...PAYMENT_CHANNELS],
        metadata: input.metadata,
      });
      const data = dataOf(answer, initializedSchema, "initialize");
      return { authorizationUrl: data.authorization_url, accessCode: data.access_code, reference: data.reference };
    },

    async verify(reference: string): Promise<ProviderTransaction | null> {
      const answer = await send("GET", `/transaction/verify/${encodeURIComponent(reference)}`);
      const unknown = (answer.httpStatus === 400 || answer.httpStatus === 404) && REFERENCE_NOT_FOUND.test(answer.envelope.message);
      if (unknown) return null;
      return toTransaction(dataOf(answer, transactionSchema, "verify"));
    },

    async listTransactions(query: ListTransactions = {}): Promise<ProviderTransaction[]> {
      const params = new URLSearchParams();
      // Paystack's API documentation names the page size perPage (its OpenAPI file says per_page).
      if (query.perPage !== undefined) params.set("perPage", String(query.perPage));
      if (query.page !== undefined) params.set("page", String(query.page));
      if (query.status) params.set("status", query.status);
      if (query.from) params.set("from", query.from);
      if (query.to) params.set("to", query.to);
      const search = params.size > 0 ? `?${params}` : "";
      const answer = await send("GET", `/transaction${search}`);
      return dataOf(answer, z.array(transactionSchema), "list").map(toTransaction);
    },

    async refund(input: RefundRequest): Promise<Refund> {
      const answer = await send("POST", "/refund", { transaction: input.transaction, ...(input.amount !== undefined && { amount: input.amount }) });
      const data = dataOf(answer, refundSchema, "refund");
      const reference = typeof data.transaction === "object" ? data.transaction.reference : input.transaction;
      return { id: data.id, status: data.status, amount: data.amount, currency: data.currency, transactionReference: reference };
    },

    async fetchRefund(id: number): Promise<ProviderRefund> {
      const answer = await send("GET", `/refund/${encodeURIComponent(String(id))}`);
      return toProviderRefund(dataOf(answer, listedRefundSchema, "fetch refund"));
    },

    async listRefunds(transactionId: number): Promise<ProviderRefund[]> {
      const answer = await send("GET", `/refund?${new URLSearchParams({ transaction: String(transactionId), perPage: "100" })}`);
      return dataOf(answer, z.array(listedRefundSchema), "list refunds").map(toProviderRefund);
    },

    async retryRefundToAccount(refundId: number, account: { accountNumber: string; bankId: number }): Promise<ProviderRefund> {
      const answer = await send("POST", `/refund/retry_with_customer_details/${refundId}`, {
        refund_account_details: { currency: "NGN", account_number: account.accountNumber, bank_id: String(account.bankId) },
      });
      return toProviderRefund(dataOf(answer, listedRefundSchema, "retry refund"));
    },

    ...transferCalls(send),
  };
}

type TransferCalls = Pick<
  PaymentProvider,
  "listBanks" | "resolveAccount" | "createTransferRecipient" | "transfer" | "bulkTransfer" | "verifyTransfer" | "finalizeTransfer" | "resendTransferOtp"
>;

/** Paying vendors out: banks, account names, recipients and transfers (source balance, NGN). */
function transferCalls(send: Send): TransferCalls {
  const verifyTransfer = async (reference: string): Promise<ProviderTransfer | null> => {
    const answer = await send("GET", `/transfer/verify/${encodeURIComponent(reference)}`);
    const unknown = (answer.httpStatus === 400 || answer.httpStatus === 404) && TRANSFER_NOT_FOUND.test(answer.envelope.message);
    return unknown ? null : toTransfer(dataOf(answer, transferSchema, "verify transfer"));
  };

  return {
    async listBanks(): Promise<Bank[]> {
      const banks: Bank[] = [];
      let query: URLSearchParams | undefined = new URLSearchParams(BANK_QUERY);
      for (let pages = 1; query; pages++) {
        const answer = await send("GET", `/bank?${query}`);
        const listed = dataOf(answer, z.array(bankSchema), "bank list");
        banks.push(...listed.filter((bank) => bank.active).map(({ id, name, code }) => ({ id, name, code })));
        query = nextBankPage(answer.envelope.meta);
        if (query && pages === MAX_BANK_PAGES) throw new PaymentProviderError(`Paystack's bank list goes on past ${MAX_BANK_PAGES} pages`, answer.httpStatus);
      }
      return banks;
    },

    async resolveAccount(accountNumber: string, bankCode: string): Promise<ResolvedAccount> {
      const answer = await send("GET", `/bank/resolve?${new URLSearchParams({ account_number: accountNumber, bank_code: bankCode })}`);
      const data = dataOf(answer, resolvedAccountSchema, "resolve account");
      return { accountNumber: data.account_number, accountName: data.account_name };
    },

    async createTransferRecipient(input: CreateTransferRecipient): Promise<string> {
      const answer = await send("POST", "/transferrecipient", {
        type: "nuban",
        currency: "NGN",
        name: input.name,
        account_number: input.accountNumber,
        bank_code: input.bankCode,
        metadata: input.metadata,
      });
      return dataOf(answer, recipientSchema, "create transfer recipient").recipient_code;
    },

    /** Paystack refuses a reference it has seen: the transfer it has is the answer, so asking twice pays once. */
    async transfer(input: TransferRequest): Promise<ProviderTransfer> {
      const answer = await send("POST", "/transfer", { source: "balance", currency: "NGN", ...transferItem(input) });
      const duplicate = !answer.envelope.status && DUPLICATE_TRANSFER_REFERENCE.test(answer.envelope.message);
      const existing = duplicate ? await verifyTransfer(input.reference) : null;
      return existing ?? toTransfer(dataOf(answer, transferSchema, "transfer"));
    },

    async bulkTransfer(transfers: readonly TransferRequest[]): Promise<ProviderTransfer[]> {
      if (transfers.length === 0) return [];
      const answer = await send("POST", "/transfer/bulk", { source: "balance", currency: "NGN", transfers: transfers.map(transferItem) });
      const queued = dataOf(answer, z.array(transferSchema), "bulk transfer").map(toTransfer);
      return transfers.map(({ reference }) => {
        const found = queued.find((transfer) => transfer.reference === reference);
        if (!found) throw new PaymentProviderError(`Paystack's bulk transfer answer has no transfer with reference ${reference}`, answer.httpStatus);
        return found;
      });
    },

    verifyTransfer,

    async finalizeTransfer(transferCode: string, otp: string): Promise<ProviderTransfer> {
      const answer = await send("POST", "/transfer/finalize_transfer", { transfer_code: transferCode, otp });
      return toTransfer(dataOf(answer, transferSchema, "finalize transfer"));
    },

    async resendTransferOtp(transferCode: string): Promise<void> {
      dataOf(await send("POST", "/transfer/resend_otp", { transfer_code: transferCode, reason: "transfer" }), z.unknown(), "resend transfer OTP");
    },
  };
}

const transferItem = (input: TransferRequest) => ({ amount: input.amount, recipient: input.recipientCode, reference: input.reference, reason: input.reason });

/** The query of the bank list's next page, when its meta says there is one. */
function nextBankPage(meta: unknown): URLSearchParams | undefined {
  const paging = bankPagingSchema.safeParse(meta);
  if (!paging.success) return undefined;
  const { next, page, pageCount } = paging.data;
  if (next) return new URLSearchParams({ ...BANK_QUERY, use_cursor: "true", next });
  if (page !== undefined && pageCount !== undefined && page < pageCount) return new URLSearchParams({ ...BANK_QUERY, page: String(page + 1) });
  return undefined;
}

interface Answer {
  httpStatus: number;
  envelope: Envelope;
}

async function request(options: PaystackClientOptions, method: string, path: string, body?: unknown): Promise<Answer> {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  let url = "";
  let response: Response;
  let text: string;
  try {
    url = `${(typeof options.baseUrl === "function" ? options.baseUrl() : options.baseUrl).replace(/\/+$/, "")}${path}`;
    response = await (options.fetch ?? fetch)(url, {
      method,
      headers: {
        Authorization: `Bearer ${options.secretKey}`,
        Accept: "application/json",
        ...(body !== undefined && { "Content-Type": "application/json" }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutMs),
    });
    text = await response.text();
  } catch (error) {
    throw unreachable(error, url, timeoutMs);
  }
  return { httpStatus: response.status, envelope: parseEnvelope(text, response.status) };
}

function parseEnvelope(text: string, httpStatus: number): Envelope {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new PaymentProviderError(`Paystack answered HTTP ${httpStatus} with something other than JSON`, httpStatus);
  }
  const parsed = envelopeSchema.safeParse(json);
  if (!parsed.success) throw new PaymentProviderError(`Paystack answered HTTP ${httpStatus} without its {status, message} envelope`, httpStatus);
  return parsed.data;
}

/** The answer's data when Paystack said yes; its own message as the error when it said no. */
function dataOf<T>(answer: Answer, schema: z.ZodType<T>, operation: string): T {
  const { httpStatus, envelope } = answer;
  if (httpStatus < 200 || httpStatus >= 300 || !envelope.status) throw new PaymentProviderError(envelope.message, httpStatus);
  const parsed = schema.safeParse(envelope.data);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.length ? ` at data.${issue.path.join(".")}` : "";
    throw new PaymentProviderError(`Paystack's ${operation} answer is not in the expected shape${where}: ${issue?.message}`, httpStatus);
  }
  return parsed.data;
}

function unreachable(error: unknown, url: string, timeoutMs: number): PaymentProviderError {
  const place = URL.canParse(url) ? ` at ${new URL(url).origin}` : "";
  if (error instanceof Error && error.name === "TimeoutError") {
    return new PaymentProviderError(`Paystack did not answer within ${timeoutMs / 1000} seconds${place}`, null);
  }
  return new PaymentProviderError(`Paystack could not be reached${place}: ${describeFailure(error)}`, null);
}

/** fetch says only "fetch failed"; the reason (ECONNREFUSED, ENOTFOUND…) is in its cause. */
function describeFailure(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause as (Error & { code?: string }) | undefined;
  return cause?.message || cause?.code || error.message;
}

/** A transaction as Paystack writes it (verify, list, and the data of a charge.success event); null when it is not one. */
export function parsePaystackTransaction(data: unknown): ProviderTransaction | null {
  const parsed = transactionSchema.safeParse(data);
  return parsed.success ? toTransaction(parsed.data) : null;
}

function toTransaction(data: z.infer<typeof transactionSchema>): ProviderTransaction {
  return {
    id: data.id,
    reference: data.reference,
    status: data.status,
    amount: data.amount,
    currency: data.currency,
    channel: data.channel ?? null,
    gatewayResponse: data.gateway_response ?? null,
    paidAt: data.paid_at ?? data.paidAt ?? null,
    metadata: metadataObject(data.metadata),
  };
}

/** Paystack returns metadata as an object, as stringified JSON, or as "" when there is none. */
function metadataObject(metadata: unknown): Record<string, unknown> {
  let value = metadata;
  if (typeof value === "string") {
    try {
      value = JSON.parse(value);
    } catch {
      return {};
    }
  }
  return value !== null && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

/** A transfer as Paystack writes it (verify, bulk, and the data of transfer.success, .failed and .reversed); null when it is not one. */
export function parsePaystackTransfer(data: unknown): ProviderTransfer | null {
  const parsed = transferSchema.safeParse(data);
  return parsed.success ? toTransfer(parsed.data) : null;
}

function toTransfer(data: z.infer<typeof transferSchema>): ProviderTransfer {
  const ended = data.status === "failed" || data.status === "reversed";
  return {
    reference: data.reference,
    transferCode: data.transfer_code,
    status: data.status,
    amount: data.amount,
    failureReason: ended ? failureTextOf(data) : null,
  };
}

/** Why a transfer failed or was reversed: Paystack's `failures` when it is text, its gateway response, or its `reason`. */
function failureTextOf(data: z.infer<typeof transferSchema>): string | null {
  const failures = typeof data.failures === "string" ? data.failures : null;
  return [failures, data.gateway_response, data.reason].map((text) => text?.trim()).find(Boolean) ?? null;
}
