/** Bank accounts and ledger money for payout tests. */
import { and, eq, isNull } from "drizzle-orm";
import type { Database } from "../../db/client";
import { vendorBankAccounts, vendorLedgerEntries } from "../../db/schema/payouts";
import type { PaymentProvider } from "../../domain/payments/provider";
import { TEST_ACCOUNTS } from "../../paystack-standin";
import { orders } from "../../db/schema/orders";
import { payments } from "../../db/schema/payments";
import { recordOrderStatus } from "../../domain/orders/history";
import { creditSales } from "../../domain/ledger/ledger";
import { SHIPPING } from "./shipping";

/** Guaranty Trust Bank's Paystack code. */
export const GTBANK = { code: "058", name: "Guaranty Trust Bank" } as const;

/** Which of the stand-in's test accounts (docs/payouts.md, test mode). */
export type TestAccount = keyof typeof TEST_ACCOUNTS;

/** Gives the vendor a current bank account with a real transfer recipient at the provider (no hold), replacing any other. */
export async function giveBankAccount(db: Database, provider: PaymentProvider, vendorId: string, account: TestAccount): Promise<string> {
  const { number, name } = TEST_ACCOUNTS[account];
  const recipientCode = await provider.createTransferRecipient({ name, accountNumber: number, bankCode: GTBANK.code });
  return db.transaction(async (tx) => {
    await tx
      .update(vendorBankAccounts)
      .set({ replacedAt: new Date() })
      .where(and(eq(vendorBankAccounts.vendorId, vendorId), isNull(vendorBankAccounts.replacedAt)));
    const [row] = await tx
      .insert(vendorBankAccounts)
      .values({ vendorId, bankCode: GTBANK.code, bankName: GTBANK.name, accountNumber: number, accountName: name, recipientCode, isTest: true })
      .returning({ id: vendorBankAccounts.id });
    return row!.id;
  });
}

/** Money an admin credits the vendor (an adjustment): available at once. */
export async function creditAvailable(db: Database, vendorId: string, amount: number, note = "Opening balance"): Promise<void> {
  await db.insert(vendorLedgerEntries).values({ vendorId, kind: "adjustment", bucket: "available", amount, note });
}

/**
 * A paid order of the vendor's listing, delivered `daysAgo` days ago (past its warranty by
 * default) and credited to the vendor as pending, as fulfilment does: the next run releases it.
 */
export async function deliveredSale(db: Database, sale: { vendorId: string; productId: string; buyerId: string; reference: string; total: number; daysAgo?: number }): Promise<string> {
  const [payment] = await db
    .insert(payments)
    .values({ customerId: sale.buyerId, paymentReference: sale.reference, amount: sale.total, status: "successful", paidAt: new Date() })
    .returning({ id: payments.id });
  const deliveredAt = new Date(Date.now() - (sale.daysAgo ?? 40) * 86_400_000);
  const [order] = await db
    .insert(orders)
    .values({
      ...SHIPPING, customerId: sale.buyerId, customerEmail: "buyer@example.ng", productId: sale.productId, vendorId: sale.vendorId, paymentId: payment!.id,
      quantity: 1, unitPrice: sale.total, totalAmount: sale.total, commissionRate: 10, status: "delivered", deliveredAt,
    })
    .returning({ id: orders.id });
  await recordOrderStatus(db, [{ orderId: order!.id, status: "paid" }]);
  await db.transaction((tx) => creditSales(tx, [order!.id]));
  return order!.id;
}
