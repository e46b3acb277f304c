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
