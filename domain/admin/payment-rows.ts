import { eq } from "drizzle-orm";
import type { SelectedFields } from "drizzle-orm/pg-core";
import { paymentOrderColumns, paymentRecordColumns, recorder } from "../orders/columns";
import type { Database } from "../../db/client";
import { profiles, users } from "../../db/schema/accounts";
import { payments } from "../../db/schema/payments";

/**
 * Payments with their buyer (`users`, `profiles`), their orders and the admin who recorded a
 * manual one, as the back office's payment list and its export both read them: the shared
 * columns and the caller's own.
 */
export function selectAdminPayments<Extra extends SelectedFields>(db: Database, extra: Extra) {
  return db
    .select({
      id: payments.id,
      paymentReference: payments.paymentReference,
      amount: payments.amount,
      status: payments.status,
      flaggedForRefund: payments.flaggedForRefund,
      refundReason: payments.refundReason,
      createdAt: payments.createdAt,
      ...paymentOrderColumns,
      ...paymentRecordColumns,
      ...extra,
    })
    .from(payments)
    .innerJoin(users, eq(users.id, payments.customerId))
    .leftJoin(profiles, eq(profiles.userId, payments.customerId))
    .leftJoin(recorder, eq(recorder.userId, payments.recordedBy));
}
