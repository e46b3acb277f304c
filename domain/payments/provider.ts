import { Refusal } from "../core/refusal";
/**
 * What the shop needs from a card payment provider. Paystack's client implements it over HTTP,
 * whether it talks to Paystack itself or to our stand-in. Amounts are kobo.
 */

export interface InitializePayment {
  email: string;
  /** Kobo. */
  amount: number;
  reference: string;
  callbackUrl: string;
  metadata: Record<string, unknown>;
}

export interface InitializedPayment {
  authorizationUrl: string;
  accessCode: string;
  reference: string;
}

/** Paystack's transaction statuses; only "success" means the money was taken. */
export type ProviderTransactionStatus = "success" | "failed" | "abandoned" | "ongoing" | "pending" | "processing" | "queued" | "reversed";

export interface ProviderTransaction {
  id: number;
  reference: string;
  status: ProviderTransactionStatus | (string & {});
  /** Kobo. */
  amount: number;
  currency: string;
  channel: string | null;
  gatewayResponse: string | null;
  paidAt: string | null;
  metadata: Record<string, unknown>;
}

export interface ListTransactions {
  perPage?: number;
  page?: number;
  status?: "success" | "failed" | "abandoned" | "reversed";
  from?: string;
  to?: string;
}

export interface RefundRequest {
  /** The transaction reference or id. */
  transaction: string;
  /** Kobo; the whole amount when left out. */
  amount?: number;
}

export interface Refund {
  id: number;
  status: string;
  /** Kobo. */
  amount: number;
  currency: string;
  transactionReference: string;
}

/** A refund as the provider lists it (GET /refund, GET /refund/:id). */
export interface ProviderRefund {
  id: number;
  /** Kobo. */
  amount: number;
  /** Paystack says pending, processing, processed, failed or needs-attention. */
  status: string;
  /** Paystack's words on the refund (why it failed), when it gives any. */
  reason?: string | null;
}

/** A Nigerian bank as Paystack lists it (GET /bank?country=nigeria). */
export interface Bank {
  /** Paystack's id of the bank: what a refund retry names the buyer's bank by. */
  id: number;
  name: string;
  /** The code Paystack's other endpoints take (058 for GTBank). */
  code: string;
}

/** GET /bank/resolve: the name on the account, or a PaymentProviderError (422) when it does not resolve. */
export interface ResolvedAccount {
  accountNumber: string;
  accountName: string;
}

export interface CreateTransferRecipient {
  name: string;
  accountNumber: string;
  bankCode: string;
  /** Ours, kept by Paystack with the recipient. */
  metadata?: Record<string, unknown>;
}

export interface TransferRequest {
  /** Kobo. */
  amount: number;
  recipientCode: string;
  /** Ours (lowercase letters, digits, - and _, 16 to 50 characters): asking twice with one reference pays once. */
  reference: string;
  reason: string;
}

/** Paystack's transfer statuses: pending, otp, received, success, failed, reversed, abandoned, blocked, rejected. */
export interface ProviderTransfer {
  reference: string;
  transferCode: string;
  status: string;
  /** Kobo. */
  amount: number;
  failureReason: string | null;
}

export interface PaymentProvider {
  /** Test mode (a `sk_test_` key, which the built-in stand-in's key is too): no real money (docs/payments.md). */
  readonly testMode?: boolean;
  initialize(input: InitializePayment): Promise<InitializedPayment>;
  /** The transaction, or null when the provider has never heard of the reference. */
  verify(reference: string): Promise<ProviderTransaction | null>;
  listTransactions(query?: ListTransactions): Promise<ProviderTransaction[]>;
  refund(input: RefundRequest): Promise<Refund>;
  fetchRefund(id: number): Promise<ProviderRefund>;
  /** The refunds of one transaction, by its id. */
  listRefunds(transactionId: number): Promise<ProviderRefund[]>;
  /**
   * POST /refund/retry_with_customer_details/{id}: a refund in `needs-attention` (Paystack cannot
   * send it back the way the buyer paid) goes to the buyer's bank account instead.
   */
  retryRefundToAccount(refundId: number, account: { accountNumber: string; bankId: number }): Promise<ProviderRefund>;
  /** Nigerian banks that take NUBAN transfers. */
  listBanks(): Promise<Bank[]>;
  resolveAccount(accountNumber: string, bankCode: string): Promise<ResolvedAccount>;
  /** POST /transferrecipient (type nuban, currency NGN); returns the recipient code. */
  createTransferRecipient(input: CreateTransferRecipient): Promise<string>;
  /** POST /transfer (source balance). A reference Paystack has seen answers with that transfer, not a second one. */
  transfer(input: TransferRequest): Promise<ProviderTransfer>;
  /** POST /transfer/bulk: one answer per transfer, in the order asked. */
  bulkTransfer(transfers: readonly TransferRequest[]): Promise<ProviderTransfer[]>;
  /** GET /transfer/verify/{reference}; null when Paystack has never heard of the reference. */
  verifyTransfer(reference: string): Promise<ProviderTransfer | null>;
  /** POST /transfer/finalize_transfer: the OTP Paystack sent the business lets a transfer in status `otp` go on. */
  finalizeTransfer(transferCode: string, otp: string): Promise<ProviderTransfer>;
  /** POST /transfer/resend_otp: a new OTP for a transfer in status `otp`. */
  resendTransferOtp(transferCode: string): Promise<void>;
}

/** The provider refused or could not be reached; `message` is the provider's own words when it gave any. */
export class PaymentProviderError extends Error {
  constructor(
    message: string,
    /** The HTTP status the provider answered with, or null when it could not be reached. */
    readonly httpStatus: number | null,
  ) {
    super(message);
    this.name = "PaymentProviderError";
  }

  /**
   * Recognised by its name, not by which copy of this module made it: the server builds the
   * provider's client, the pages' bundle has its own copy of this class, and `instanceof` must
   * hold across both.
   */
  static override [Symbol.hasInstance](value: unknown): boolean {
    return value instanceof Error && value.name === "PaymentProviderError" && "httpStatus" in value;
  }
}

/**
 * Paystack's refusal as the shop's: 'unavailable' with `unreachable` when Paystack could not be
 * reached or failed (5xx), else 'invalid' with `refused`, shown on `field`. Anything else is
 * handed back unchanged, to be thrown as it was.
 */
export function providerRefusal(error: unknown, texts: { unreachable: string; refused: string; field: string }): unknown {
  if (!(error instanceof PaymentProviderError)) return error;
  if (error.httpStatus === null || error.httpStatus >= 500) return new Refusal("unavailable", texts.unreachable, { cause: error });
  return new Refusal("invalid", texts.refused, { cause: error, fieldErrors: { [texts.field]: texts.refused } });
}
