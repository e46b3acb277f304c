/**
 * How long a checkout's phones stay reserved: 30 minutes from when the orders were placed,
 * however many times the buyer pressed 'Pay now' in between. The orders' payment holds the
 * reservation until it is paid, released or replaced.
 */
import { and, inArray, isNull } from "drizzle-orm";
import { LIMITS } from "../../lib/constants";
import { payments } from "../../db/schema/payments";

export const RESERVATION_MS = LIMITS.reservationMinutes * 60_000;

export const reservationEndsAt = (placedAt: Date): Date => new Date(placedAt.getTime() + RESERVATION_MS);

/** A payment still holding its orders' phones: not paid, not released, not replaced by 'Pay now'. */
export const holdsReservation = and(inArray(payments.status, ["pending", "failed"]), isNull(payments.releasedAt), isNull(payments.replacedById));
