import { createHash } from "node:crypto";
import { TRANSFER_BANK, USSD_BANK, transferAccountNumber } from "./channels";
import { type StandinRefund, type StandinTransaction, refundStatusOf } from "./store";

/**
 * The stand-in's transactions in Paystack's JSON shapes (verify, list, webhooks, refunds), with
 * every field Paystack's OpenAPI description marks required; see contract.test.ts.
 */

const digest = (text: string) => createHash("sha256").update(text).digest("hex");

/** Paystack's local card fee: 1.5% plus ₦100 (waived under ₦2,500), at most ₦2,000. */
export function paystackFee(amountKobo: number): number {
  const fee = Math.round(amountKobo * 0.015) + (amountKobo >= 250_000 ? 10_000 : 0);
  return Math.min(fee, 200_000);
}

function customerJson(email: string) {
  const hash = digest(email.toLowerCase());
  return {
    id: Number.parseInt(hash.slice(0, 8), 16) % 100_000_000,
    first_name: null,
    last_name: null,
    email,
    customer_code: `CUS_${hash.slice(0, 15)}`,
    phone: null,
    metadata: null,
    risk_action: "default",
    international_format_phone: null,
  };
}

/** A bank transfer or USSD payment's authorization, as Paystack reports one: not reusable, no card. */
function offlineAuthorizationJson(transaction: StandinTransaction) {
  const transfer = transaction.channel === "bank_transfer";
  return {
    authorization_code: `AUTH_${digest(transaction.reference).slice(0, 10)}`,
    bin: transfer ? "008XXX" : "XXXXXX",
    last4: transfer ? "X553" : "XXXX",
    exp_month: "12",
    exp_year: "9999",
    channel: transaction.channel,
    card_type: transfer ? "transfer" : "offline",
    bank: transfer ? null : USSD_BANK,
    country_code: "NG",
    brand: transfer ? "Managed Account" : "offline",
    reusable: false,
    signature: null,
    account_name: null,
    ...(transfer ? { receiver_bank: TRANSFER_BANK, receiver_bank_account_number: transferAccountNumber(transaction.reference) } : {}),
  };
}

function authorizationJson(transaction: StandinTransaction) {
  const { card } = transaction;
  const paidOffline = (transaction.channel === "bank_transfer" || transaction.channel === "ussd") && transaction.paidAt !== null;
  if (paidOffline) return offlineAuthorizationJson(transaction);
  if (!card) return {};
  return {
    authorization_code: `AUTH_${digest(transaction.reference).slice(0, 10)}`,
    bin: card.bin,
    last4: card.last4,
    exp_month: card.expMonth,
    exp_year: card.expYear,
    channel: "card",
    card_type: "visa ",
    bank: "TEST BANK",
    country_code: "NG",
    brand: "visa",
    reusable: transaction.status === "success",
    signature: `SIG_${digest(card.bin + card.last4).slice(0, 20)}`,
    account_name: null,
  };
}

/** The `data` of GET /transaction/verify/:reference and of the charge.success webhook. */
export function transactionJson(transaction: StandinTransaction) {
  const paid = transaction.status === "success" || transaction.status === "reversed";
  return {
    id: transaction.id,
    domain: "test",
    status: transaction.status,
    reference: transaction.reference,
    receipt_number: null,
    amount: transaction.amount,
    message: null,
    gateway_response: transaction.gatewayResponse,
    paid_at: transaction.paidAt,
    created_at: transaction.createdAt,
    channel: transaction.channel,
    currency: transaction.currency,
    ip_address: transaction.ipAddress ?? "",
    metadata: transaction.metadata ?? "",
    log: null,
    fees: paid ? paystackFee(transaction.amount) : null,
    fees_split: null,
    authorization: authorizationJson(transaction),
    customer: customerJson(transaction.email),
    plan: null,
    split: {},
    order_id: null,
    paidAt: transaction.paidAt,
    createdAt: transaction.createdAt,
    requested_amount: transaction.amount,
    pos_transaction_data: null,
    source: null,
    fees_breakdown: null,
    connect: null,
    transaction_date: transaction.createdAt,
    plan_object: {},
    subaccount: {},
  };
}

const NO_AUTHORIZATION = {
  authorization_code: null,
  bin: null,
  last4: null,
  exp_month: null,
  exp_year: null,
  channel: null,
  card_type: null,
  bank: null,
  country_code: null,
  brand: null,
  reusable: false,
  signature: null,
  account_name: null,
};

/** One item of GET /transaction: as verify, but every authorization field is present and plan is an object. */
export function listItemJson(transaction: StandinTransaction) {
  return { ...transactionJson(transaction), plan: {}, authorization: { ...NO_AUTHORIZATION, ...authorizationJson(transaction) } };
}

export const INTEGRATION_ID = 100_032;
const REFUNDED_BY = "test-mode@tokunbo.ng";

const merchantNoteOf = (transaction: StandinTransaction, refund: StandinRefund) =>
  refund.merchantNote || `Refund for transaction ${transaction.reference} by Tokunbo Phones`;
const customerNoteOf = (transaction: StandinTransaction, refund: StandinRefund) => refund.customerNote || `Refund for transaction ${transaction.reference}`;
const expectedAt = (refund: StandinRefund) => new Date(Date.parse(refund.createdAt) + 5 * 24 * 3600 * 1000).toISOString();

/** One refund as GET /refund lists it and GET /refund/:id fetches it (RefundListResponseArray, RefundFetchResponse). */
export function refundRecordJson(transaction: StandinTransaction, refund: StandinRefund) {
  const customer = customerJson(transaction.email);
  return {
    integration: INTEGRATION_ID,
    transaction: transaction.id,
    dispute: null,
    settlement: null,
    id: refund.id,
    domain: "test",
    currency: transaction.currency,
    amount: refund.amount,
    status: refundStatusOf(refund),
    refunded_at: refund.processedAt ?? null,
    expected_at: expectedAt(refund),
    refunded_by: REFUNDED_BY,
    customer_note: customerNoteOf(transaction, refund),
    merchant_note: merchantNoteOf(transaction, refund),
    deducted_amount: refund.amount,
    fully_deducted: 1,
    createdAt: refund.createdAt,
    bank_reference: null,
    transaction_reference: transaction.reference,
    reason: refundStatusOf(refund) === "failed" ? (refund.failureReason ?? "") : refundStatusOf(refund).toUpperCase(),
    // Paystack's description types these customer fields as strings, not nullable.
    customer: { ...customer, first_name: "", last_name: "", phone: "", metadata: "", international_format_phone: "" },
    refund_type: refund.amount === transaction.amount ? "full" : "partial",
    transaction_amount: transaction.amount,
    initiated_by: REFUNDED_BY,
    refund_channel: "card",
    session_id: null,
    collect_account_number: false,
  };
}

/**
 * The `data` of a refund.processed or refund.failed webhook, as Paystack's refund guide shows it,
 * plus the refund's `id` (Paystack's samples leave it out; the shop reads it when it is there).
 */
export function refundEventJson(transaction: StandinTransaction, refund: StandinRefund) {
  return {
    id: refund.id,
    status: refundStatusOf(refund),
    transaction_reference: transaction.reference,
    refund_reference: refundStatusOf(refund) === "processed" ? `TRF_${digest(`${transaction.reference}:${refund.id}`).slice(0, 15)}` : null,
    amount: refund.amount,
    currency: transaction.currency,
    processor: "card",
    customer: { first_name: "", last_name: "", email: transaction.email },
    integration: INTEGRATION_ID,
    domain: "test",
    ...(refundStatusOf(refund) === "failed" && { reason: refund.failureReason ?? "" }),
  };
}

/** The `data` of POST /refund. */
export function refundJson(transaction: StandinTransaction, refund: StandinRefund) {
  const authorization = authorizationJson(transaction);
  return {
    transaction: {
      id: transaction.id,
      domain: "test",
      reference: transaction.reference,
      amount: transaction.amount,
      paid_at: transaction.paidAt ?? "",
      channel: transaction.channel,
      currency: transaction.currency,
      authorization: {
        exp_month: "exp_month" in authorization ? authorization.exp_month : null,
        exp_year: "exp_year" in authorization ? authorization.exp_year : null,
        account_name: null,
      },
      customer: { international_format_phone: null },
      plan: {},
      subaccount: { currency: null },
      split: {},
      order_id: null,
      paidAt: transaction.paidAt ?? "",
      pos_transaction_data: null,
      source: null,
      fees_breakdown: null,
    },
    integration: INTEGRATION_ID,
    deducted_amount: 0,
    channel: null,
    merchant_note: merchantNoteOf(transaction, refund),
    customer_note: customerNoteOf(transaction, refund),
    status: refundStatusOf(refund),
    refunded_by: REFUNDED_BY,
    expected_at: expectedAt(refund),
    currency: transaction.currency,
    domain: "test",
    amount: refund.amount,
    fully_deducted: true,
    id: refund.id,
    createdAt: refund.createdAt,
    updatedAt: refund.createdAt,
  };
}
