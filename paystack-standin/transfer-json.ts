import { createHash } from "node:crypto";
import { type StandinBank, bankByCode } from "./banks";
import { MERCHANT_NAME } from "./hosted-page";
import { INTEGRATION_ID } from "./paystack-json";
import type { StandinRecipient, StandinTransfer } from "./store";

/**
 * Banks, recipients and transfers in Paystack's JSON shapes, with every field Paystack's OpenAPI
 * description marks required; see contract.test.ts.
 */

/** When Paystack's bank list says the banks were added; the stand-in's list never changes. */
const BANKS_LISTED_AT = "2016-07-14T10:04:29.000Z";

/** One item of GET /bank. */
export function bankJson(bank: StandinBank) {
  return {
    id: bank.id,
    name: bank.name,
    slug: bank.slug,
    code: bank.code,
    longcode: bank.longcode,
    gateway: bank.gateway,
    pay_with_bank: bank.payWithBank,
    supports_transfer: true,
    available_for_direct_debit: false,
    active: true,
    is_deleted: false,
    country: "Nigeria",
    currency: "NGN",
    type: "nuban",
    createdAt: BANKS_LISTED_AT,
    updatedAt: BANKS_LISTED_AT,
  };
}

/** The `data` of POST /transferrecipient, and a transfer's `recipient`. */
export function recipientJson(recipient: StandinRecipient) {
  return {
    active: true,
    createdAt: recipient.createdAt,
    currency: "NGN",
    // Paystack's description types these two as strings, not nullable.
    description: "",
    domain: "test",
    email: "",
    id: recipient.id,
    integration: INTEGRATION_ID,
    metadata: recipient.metadata,
    name: recipient.name,
    recipient_code: recipient.recipientCode,
    type: "nuban",
    updatedAt: recipient.createdAt,
    is_deleted: false,
    isDeleted: false,
    details: {
      authorization_code: null,
      account_number: recipient.accountNumber,
      account_name: recipient.accountName,
      bank_code: recipient.bankCode,
      bank_name: bankByCode(recipient.bankCode)?.name ?? "",
    },
  };
}

/** Paystack's fee for a transfer, in kobo: ₦10 up to ₦5,000, ₦25 up to ₦50,000, ₦50 above. */
function transferFee(amountKobo: number): number {
  if (amountKobo <= 500_000) return 1_000;
  return amountKobo <= 5_000_000 ? 2_500 : 5_000;
}

const APPROVED = "Approved or completed successfully";

/** Paystack's id of the request that made the transfer: a number derived from the reference. */
const requestIdOf = (transfer: StandinTransfer) => Number.parseInt(createHash("sha256").update(transfer.reference).digest("hex").slice(0, 8), 16) % 100_000_000;

/**
 * The `data` of GET /transfer/verify/:reference and GET /transfer/:code, and one item of GET /transfer.
 * A failed or reversed transfer says why in `failures` and `gateway_response` (Paystack's samples
 * leave `failures` null; the shop reads it when it is there).
 */
export function transferJson(transfer: StandinTransfer, recipient: StandinRecipient) {
  return {
    amount: transfer.amount,
    createdAt: transfer.createdAt,
    currency: transfer.currency,
    domain: "test",
    failures: transfer.failureReason,
    id: transfer.id,
    integration: INTEGRATION_ID,
    reason: transfer.reason,
    reference: transfer.reference,
    source: "balance",
    source_details: null,
    status: transfer.status,
    titan_code: null,
    transfer_code: transfer.transferCode,
    request: requestIdOf(transfer),
    transferred_at: transfer.transferredAt,
    updatedAt: transfer.updatedAt,
    recipient: recipientJson(recipient),
    session: { provider: null, id: null },
    fee_charged: transferFee(transfer.amount),
    fees_breakdown: null,
    gateway_response: transfer.status === "success" ? APPROVED : transfer.failureReason,
  };
}

/** The `data` of POST /transfer: as verify, but `recipient` is the recipient's id. */
export function transferCreatedJson(transfer: StandinTransfer, recipient: StandinRecipient) {
  const { session: _session, fee_charged: _fee, fees_breakdown: _breakdown, gateway_response: _response, ...created } = transferJson(transfer, recipient);
  return { transfersessionid: [], transfertrials: [], ...created, recipient: recipient.id };
}

/** One item of POST /transfer/bulk's `data`. */
export function bulkTransferJson(transfer: StandinTransfer) {
  return {
    reference: transfer.reference,
    recipient: transfer.recipientCode,
    amount: transfer.amount,
    transfer_code: transfer.transferCode,
    currency: transfer.currency,
    status: transfer.status,
  };
}

/** The `data` of a transfer.success, transfer.failed or transfer.reversed webhook, as Paystack's samples show it. */
export function transferEventJson(transfer: StandinTransfer, recipient: StandinRecipient) {
  const { createdAt, updatedAt, request: _request, ...data } = transferJson(transfer, recipient);
  return {
    ...data,
    integration: { id: INTEGRATION_ID, is_live: false, business_name: MERCHANT_NAME },
    created_at: createdAt,
    updated_at: updatedAt,
  };
}
