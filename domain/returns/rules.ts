/** Return rules the browser shows and the server enforces (docs/after-sale.md); plain data, no server imports. */
import { DAY_MS } from "../../lib/lagos-time";
import { CLAIM_BUYER_BUSINESS_DAYS, type ReturnStatus } from "../../lib/constants";
import { addBusinessDays } from "../claims/business-days";

/** Until when a delivered order may be returned: `windowDays` whole days after its delivery; null when returns are off or it was not delivered. */
export function returnWindowEndsAt(deliveredAt: Date | string | null, windowDays: number): Date | null {
  if (!deliveredAt || windowDays <= 0) return null;
  return new Date(new Date(deliveredAt).getTime() + windowDays * DAY_MS);
}

/** Whether a return may still be asked for at `now`: up to and including the window's last moment. */
export function withinReturnWindow(deliveredAt: Date | string | null, windowDays: number, now: Date = new Date()): boolean {
  const ends = returnWindowEndsAt(deliveredAt, windowDays);
  return ends !== null && now.getTime() <= ends.getTime();
}

/**
 * What a change-of-mind return gives back, in kobo: what the buyer paid for the phone (the order's
 * total), never the delivery fee, and never more than is left of the order's share of its payment.
 */
export function returnRefundAmount(orderTotal: number, refundable: number = Number.POSITIVE_INFINITY): number {
  return Math.max(0, Math.min(orderTotal, refundable));
}

/** Where a return waits on its vendor: for instructions, for the receipt, or for the refund after it. */
export const RETURN_VENDOR_STEPS = ["requested", "sent_back", "received"] as const satisfies readonly ReturnStatus[];
export const waitsOnVendor = (status: ReturnStatus) => (RETURN_VENDOR_STEPS as readonly ReturnStatus[]).includes(status);

/** The vendor's step (instructions, receipt, or the refund after it) was due before now. */
export function isReturnVendorLate(ret: { status: ReturnStatus; vendorDueAt: string | null }, now: Date = new Date()): boolean {
  if (!waitsOnVendor(ret.status)) return false;
  return ret.vendorDueAt !== null && Date.parse(ret.vendorDueAt) < now.getTime();
}

/** The buyer may send the return to our support team: the vendor is late, and it was not sent already. */
export function canEscalateReturn(ret: { status: ReturnStatus; vendorDueAt: string | null; escalatedAt: string | null }, now: Date = new Date()): boolean {
  return ret.escalatedAt === null && isReturnVendorLate(ret, now);
}

/** The buyer may cancel before the phone is sent. */
export const canCancelReturn = (status: ReturnStatus) => status === "requested" || status === "instructions_given";

/** Until when the buyer may send back a return whose instructions were given at `instructionsAt`; past it the return is cancelled. */
export function returnSendByAt(instructionsAt: Date | string): Date {
  return addBusinessDays(new Date(instructionsAt), CLAIM_BUYER_BUSINESS_DAYS);
}
