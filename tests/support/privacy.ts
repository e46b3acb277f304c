/** A buyer who has used every part of the shop, with distinctive personal values to look for after deleting the account. */
import { hashPassword } from "better-auth/crypto";
import type { Database } from "../../db/client";
import {
  accounts, cart, emailOutbox, notifications, orders, payments, profiles, rateLimits, refunds, reviews, savedAddresses, sessions, stockAlerts,
  userActivities, users, verifications, warrantyClaimEvents, warrantyClaims, wishlistItems,
} from "../../db/schema";
import { recordOrderStatus } from "../../domain/orders/history";
import { creditSales, debitRefund } from "../../domain/ledger/ledger";
import type { Shop } from "./shop";

export const PRIVATE_PASSWORD = "Quokka-Lantern-4812";

/** The person's details: each value appears nowhere else in the database. */
export function markersOf(tag: string) {
  const digits = String([...tag].reduce((h, c) => (h * 31 + c.charCodeAt(0)) % 1_000_000, 7)).padStart(6, "0");
  return {
    name: `Zebulonia Quarrington ${tag}`,
    email: `zebulonia.quarrington.${tag}@example.ng`,
    phone: `+2349098${digits}`,
    address: `41 Marmalade Crescent ${tag}`,
    city: `Quillborough ${tag}`,
    notes: `Ring the green bell twice ${tag}`,
    addressee: `Ophelia Quarrington ${tag}`,
    addressPhone: `0907${digits}2`,
    savedAddress: `9 Pumpernickel Close ${tag}`,
    review: `Zebulonia loved it ${tag}`,
    claim: `Screen cracked at 41 Marmalade ${tag}`,
  };
}

export type Markers = ReturnType<typeof markersOf>;

async function credentialFor(db: Database, userId: string): Promise<void> {
  await db.insert(accounts).values({ id: `acc-${userId}`, accountId: userId, providerId: "credential", userId, password: await hashPassword(PRIVATE_PASSWORD) });
}

/**
 * A buyer of `shop` with a profile, password, session, saved address, wish, stock alert, cart
 * line, notifications, e-mails, activity, two delivered paid orders (one with a resolved claim and
 * a processed refund), a review, and the vendor's ledger entries those orders made.
 */
export async function buildPrivateBuyer(db: Database, shop: Shop, tag: string) {
  const m = markersOf(tag);
  const userId = `private-${tag}`;
  await db.insert(users).values({ id: userId, name: m.name, email: m.email, emailVerified: true });
  await db.insert(profiles).values({ userId, fullName: m.name, phone: m.phone });
  await credentialFor(db, userId);
  await db.insert(sessions).values({ id: `ses-${userId}`, token: `tok-${userId}`, userId, expiresAt: new Date(Date.now() + 86_400_000), ipAddress: "192.0.2.7", userAgent: "Test" });
  await db.insert(verifications).values({ id: `ver-${userId}`, identifier: `reset-password:abc-${tag}`, value: userId, expiresAt: new Date(Date.now() + 3_600_000) });
  await db.insert(rateLimits).values({ id: `rl-${userId}`, key: `sign-in:email:${m.email}`, count: 1, lastRequest: Date.now() });
  await db.insert(savedAddresses).values({ userId, label: "Home", fullName: m.addressee, phone: m.addressPhone, address: m.savedAddress, city: m.city, state: "Lagos", isDefault: true });
  await db.insert(wishlistItems).values({ userId, productId: shop.phones[0], lastSeenPrice: 300_000_00 });
  await db.insert(stockAlerts).values({ userId, productId: shop.phones[1] });
  await db.insert(cart).values({ customerId: userId, productId: shop.phones[1], quantity: 1 });
  await db.insert(notifications).values([
    { userId, title: "Welcome", message: `Hello ${m.name}` },
    { userId, title: "Order update", message: "Your order was delivered", type: "order" },
  ]);
  await db.insert(emailOutbox).values({ toAddress: m.email, subject: `Thank you, ${m.name}`, textBody: `Delivering to ${m.address}`, htmlBody: `<p>${m.phone}</p>` });
  await db.insert(userActivities).values({ userId, userType: "buyer", activityType: "sign_up", activityDescription: `${m.email} signed up`, metadata: { email: m.email } });

  const [payment] = await db
    .insert(payments)
    .values({
      customerId: userId, paymentReference: `pay_private_${tag}`, amount: 450_000_00 + 2_500_00, deliveryFee: 2_500_00, status: "successful", paidAt: new Date(),
      metadata: { customer_id: userId, customer_name: m.name, customer_phone: m.phone, shipping_address: `${m.address}, ${m.city}, Lagos`, note: `for ${m.email}` },
    })
    .returning({ id: payments.id });
  const delivery = { customerName: m.name, customerEmail: m.email, customerPhone: m.phone, shippingAddress: m.address, city: m.city, state: "Lagos", deliveryNotes: m.notes };
  const placed = await db
    .insert(orders)
    .values([300_000_00, 150_000_00].map((total, i) => ({
      ...delivery, customerId: userId, productId: shop.phones[i]!, vendorId: shop.vendorId, paymentId: payment!.id, quantity: 1, unitPrice: total, totalAmount: total,
      status: "delivered" as const, deliveredAt: new Date(),
    })))
    .returning({ id: orders.id });
  const orderIds = placed.map((o) => o.id);
  await recordOrderStatus(db, orderIds.flatMap((orderId) => [
    { orderId, status: "paid" as const },
    { orderId, status: "delivered" as const, note: `Handed to ${m.name} at ${m.address}` },
  ]));
  await db.transaction((tx) => creditSales(tx, orderIds));

  await db.insert(reviews).values({ productId: shop.phones[0], customerId: userId, orderId: orderIds[0], rating: 5, comment: m.review, approved: true });
  const [claim] = await db
    .insert(warrantyClaims)
    .values({
      orderId: orderIds[1]!, customerId: userId, vendorId: shop.vendorId, reason: "hardware_malfunction", description: m.claim, photos: [`claims/${tag}-photo.jpg`],
      status: "resolved", answerDueAt: new Date(), adminNote: `Called ${m.phone}`,
    })
    .returning({ id: warrantyClaims.id });
  await db.insert(warrantyClaimEvents).values([
    { claimId: claim!.id, actorId: userId, actorRole: "buyer", kind: "opened", note: `Please call ${m.phone}` },
    { claimId: claim!.id, actorRole: "admin", kind: "refunded", note: `Refunded ${m.name}` },
  ]);
  const [refund] = await db
    .insert(refunds)
    .values({ paymentId: payment!.id, orderId: orderIds[1], claimId: claim!.id, amount: 10_000_00, reason: `Partial refund for ${m.name}`, status: "processed", processedAt: new Date(), idempotencyKey: `private-${tag}` })
    .returning({ id: refunds.id });
  await db.transaction((tx) => debitRefund(tx, refund!.id));
  return { userId, markers: m, paymentId: payment!.id, orderIds, claimId: claim!.id };
}
