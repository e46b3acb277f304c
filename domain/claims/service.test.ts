import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../db/client";
import { refunds as refundRows, warrantyClaimEvents, warrantyClaims } from "../../db/schema/after-sale";
import { notifications } from "../../db/schema/notifications";
import { orders } from "../../db/schema/orders";
import { payments } from "../../db/schema/payments";
import { TEST_ENGINES, createDatabaseFor } from "../../tests/support/database";
import { insertListing, insertPerson, insertVendor, recordingMailer } from "../../tests/support/rows";
import { refusalOf } from "../../tests/support/refusal";
import { ACCESS_TEXTS } from "../core/access";
import { createLocalStorage } from "../media/storage";
import {
  type ClaimRefunds, answerClaim, buyerClaims, decideClaim, escalateClaim, flagOverdueClaims, listClaimsForAdmin, listVendorClaims, mayViewClaimPhoto,
  openClaim,
} from "./service";
import { CLAIM_TEXTS } from "./texts";
import { adminDecisionSchema, escalateClaimSchema, openClaimSchema, vendorAnswerSchema } from "./validation";
import { DAY_MS as DAY } from "../../lib/lagos-time";

const DESCRIPTION = "The battery drops from 100% to 20% within two hours of light use.";

describe.each(TEST_ENGINES)("warranty claims (%s)", (engine) => {
  let database: DatabaseHandle;
  let uploads: string;
  const mailer = recordingMailer();
  const publicUrl = "https://tokunbo.example";
  const deps = () => ({ db: database.db, mailer, publicUrl, storage: createLocalStorage(uploads) });
  const buyer = { userId: `claim-buyer-${engine}` };
  const otherBuyer = { userId: `claim-other-buyer-${engine}` };
  const seller = { userId: `claim-seller-${engine}` };
  const otherSeller = { userId: `claim-other-seller-${engine}` };
  const admin = { userId: `claim-admin-${engine}`, email: `claim-admin-${engine}@example.ng`, role: "admin" as const };
  let vendorId: string;
  let otherVendorId: string;
  let phone: string;
  let otherPhone: string;
  const issued: Array<Parameters<ClaimRefunds["issue"]>[1]> = [];
  const refunds: ClaimRefunds = {
    refundable: async () => 250_000_00 - issued.reduce((sum, refund) => sum + refund.amount, 0),
    issue: async (_by, input) => {
      issued.push(input);
      return { status: "pending" };
    },
  };

  /** A delivered order of `customer` (₦250,000, paid), delivered `daysAgo` days before `now`. */
  async function deliveredOrder(customer: { userId: string }, now: Date, daysAgo: number, productId = phone, vendor = vendorId): Promise<string> {
    const [payment] = await database.db
      .insert(payments)
      .values({ customerId: customer.userId, paymentReference: `pay_claim_${Math.random().toString(36).slice(2)}`, amount: 250_000_00, status: "successful", paidAt: now })
      .returning({ id: payments.id });
    const [order] = await database.db
      .insert(orders)
      .values({
        customerId: customer.userId, productId, vendorId: vendor, paymentId: payment!.id, customerName: "Ada Obi", customerEmail: `${customer.userId}@example.ng`,
        customerPhone: "+2348031234567", shippingAddress: "12 Allen Avenue", city: "Ikeja", state: "Lagos", quantity: 1, unitPrice: 250_000_00,
        totalAmount: 250_000_00, status: "delivered", warrantyDays: 30, deliveredAt: new Date(now.getTime() - daysAgo * DAY),
      })
      .returning({ id: orders.id });
    return order!.id;
  }

  const open = (orderId: string, now: Date, who = buyer, photos: Array<{ name: string; bytes: Buffer }> = []) =>
    openClaim(deps(), who, openClaimSchema.parse({ orderId, reason: "battery_performance", description: DESCRIPTION }), photos, now);

  beforeAll(async () => {
    database = await createDatabaseFor(engine);
    uploads = await mkdtemp(path.join(tmpdir(), "claims-"));
    const db = database.db;
    for (const person of [buyer, otherBuyer]) await insertPerson(db, person.userId);
    await insertPerson(db, seller.userId, "vendor");
    await insertPerson(db, otherSeller.userId, "vendor");
    await insertPerson(db, admin.userId, "admin");
    vendorId = (await insertVendor(db, seller.userId, `Claims Hub ${engine}`)).id;
    otherVendorId = (await insertVendor(db, otherSeller.userId, `Other Hub ${engine}`)).id;
    phone = await insertListing(db, vendorId, "iPhone 12");
    otherPhone = await insertListing(db, otherVendorId, "Pixel 6");
  });

  afterAll(async () => {
    await database?.close();
    await rm(uploads, { recursive: true, force: true });
  });

  it("refuses a claim after the warranty window with the date it ended", async () => {
    const now = new Date("2026-10-20T12:00:00Z");
    const orderId = await deliveredOrder(buyer, new Date("2026-09-12T10:00:00Z"), 0);
    const refusal = await refusalOf(() => open(orderId, now));
    expect(refusal.code).toBe("conflict");
    expect(refusal.message).toBe("The 30-day warranty on this order ended on Oct 12, 2026.");
    expect((await buyerClaims(database.db, buyer.userId, now)).warranties[orderId]).toMatchObject({ open: false, endedMessage: refusal.message });
    expect(await database.db.select().from(warrantyClaims).where(eq(warrantyClaims.orderId, orderId))).toHaveLength(0);
  });

  it("opens a claim with private photos, due in three business days, and tells the vendor in the same transaction", async () => {
    const now = new Date("2026-11-27T14:00:00Z"); // a Friday, 15:00 in Lagos
    const orderId = await deliveredOrder(buyer, now, 5);
    const photo = await sharp({ create: { width: 80, height: 60, channels: 3, background: "#ff4500" } }).jpeg().toBuffer();
    const { claimId } = await open(orderId, now, buyer, [{ name: "battery.jpg", bytes: photo }]);

    const [claim] = await database.db.select().from(warrantyClaims).where(eq(warrantyClaims.id, claimId));
    expect(claim).toMatchObject({ status: "open", customerId: buyer.userId, vendorId, reason: "battery_performance" });
    expect(claim!.answerDueAt).toEqual(new Date("2026-12-02T14:00:00Z"));
    expect(claim!.photos).toHaveLength(1);
    expect(claim!.photos[0]).toMatch(/^\/uploads\/claims\/[0-9a-f]{32}\.webp$/);

    const key = claim!.photos[0]!.slice("/uploads/".length);
    const viewer = (userId: string, role: "customer" | "vendor" | "admin" = "customer") => ({ userId, email: `${userId}@example.ng`, role });
    expect(await mayViewClaimPhoto(database.db, viewer(buyer.userId), key)).toBe(true);
    expect(await mayViewClaimPhoto(database.db, viewer(seller.userId, "vendor"), key)).toBe(true);
    expect(await mayViewClaimPhoto(database.db, admin, key)).toBe(true);
    expect(await mayViewClaimPhoto(database.db, viewer(otherBuyer.userId), key)).toBe(false);
    expect(await mayViewClaimPhoto(database.db, viewer(otherSeller.userId, "vendor"), key)).toBe(false);

    const events = await database.db.select().from(warrantyClaimEvents).where(eq(warrantyClaimEvents.claimId, claimId));
    expect(events).toMatchObject([{ kind: "opened", actorRole: "buyer", actorId: buyer.userId }]);
    expect(await database.db.select().from(notifications).where(eq(notifications.userId, seller.userId))).toEqual([
      expect.objectContaining({ title: "New warranty claim" }),
    ]);
    const email = mailer.sent.find((m) => m.to === `${seller.userId}@shop.ng`)!;
    expect(email.subject).toBe(`New warranty claim on order #${orderId.slice(-8)}`);
    expect(email.text).toContain(`${publicUrl}/vendor-dashboard?tab=claims`);
    expect(email.html).toContain(`Order #${orderId.slice(-8)}`);

    const seen = (await buyerClaims(database.db, buyer.userId, now)).claims[orderId]!;
    expect(seen).toMatchObject({ status: "open", overdue: false, photos: [`/claim-photos/${key}`] });
  });

  it("refuses a second active claim on the same order", async () => {
    const now = new Date("2026-11-20T10:00:00Z");
    const orderId = await deliveredOrder(buyer, now, 2);
    await open(orderId, now);
    const refusal = await refusalOf(() => open(orderId, now));
    expect(refusal).toMatchObject({ code: "conflict", message: CLAIM_TEXTS.alreadyActive });
    expect(await database.db.select().from(warrantyClaims).where(eq(warrantyClaims.orderId, orderId))).toHaveLength(1);
  });

  it("refuses a claim on someone else's order as if it did not exist", async () => {
    const now = new Date("2026-11-20T10:00:00Z");
    const orderId = await deliveredOrder(otherBuyer, now, 2, otherPhone, otherVendorId);
    expect(await refusalOf(() => open(orderId, now, buyer))).toMatchObject({ code: "not_found", message: CLAIM_TEXTS.orderNotFound });
  });

  it("shows a vendor only its own claims, and another vendor's claim is 'Claim not found'", async () => {
    const now = new Date("2026-11-20T10:00:00Z");
    const orderId = await deliveredOrder(buyer, now, 2);
    const { claimId } = await open(orderId, now);
    expect((await listVendorClaims(database.db, seller.userId, now)).map((c) => c.id)).toContain(claimId);
    expect((await listVendorClaims(database.db, otherSeller.userId, now)).map((c) => c.id)).not.toContain(claimId);

    const decline = vendorAnswerSchema.parse({ claimId, answer: "decline", declineReason: "The phone shows signs of water damage." });
    expect(await refusalOf(() => answerClaim(deps(), otherSeller, decline))).toMatchObject({ code: "not_found", message: CLAIM_TEXTS.notFound });
    expect(await refusalOf(() => answerClaim(deps(), buyer, decline))).toMatchObject({ code: "not_found", message: CLAIM_TEXTS.notFound });

    const accept = vendorAnswerSchema.parse({ claimId, answer: "accept", outcome: "repair", returnInstructions: "Bring it to Shop 4, Otigba Street, Ikeja." });
    expect(await answerClaim(deps(), seller, accept)).toEqual({ status: "accepted" });
    expect(await refusalOf(() => answerClaim(deps(), seller, decline))).toMatchObject({ code: "conflict", message: CLAIM_TEXTS.notOpen });
    const email = mailer.sent.findLast((m) => m.to === `${buyer.userId}@example.ng`)!;
    expect(email.subject).toContain("accepted");
    expect(email.text).toContain(`${publicUrl}/orders?claim=${orderId}`);
  });

  it("lets the buyer escalate a declined claim, or an open one past its due date, and nothing else", async () => {
    const now = new Date("2026-11-23T10:00:00Z"); // a Monday
    const note = escalateClaimSchema.parse({ claimId: "00000000-0000-4000-8000-000000000000", note: "The vendor did not look at the photos." }).note;

    const waiting = await open(await deliveredOrder(buyer, now, 2), now);
    expect(await refusalOf(() => escalateClaim(deps(), buyer, { claimId: waiting.claimId, note }, now))).toMatchObject({ code: "conflict", message: CLAIM_TEXTS.cannotEscalate });
    const afterDue = new Date(now.getTime() + 4 * DAY);
    expect(await refusalOf(() => escalateClaim(deps(), otherBuyer, { claimId: waiting.claimId, note }, afterDue))).toMatchObject({ code: "not_found" });
    await escalateClaim(deps(), buyer, { claimId: waiting.claimId, note }, afterDue);

    const declined = await open(await deliveredOrder(buyer, now, 2), now);
    await answerClaim(deps(), seller, vendorAnswerSchema.parse({ claimId: declined.claimId, answer: "decline", declineReason: "Battery wear is normal for its age." }));
    await escalateClaim(deps(), buyer, { claimId: declined.claimId, note }, now);
    expect(await refusalOf(() => escalateClaim(deps(), buyer, { claimId: declined.claimId, note }, now))).toMatchObject({ code: "conflict" });

    const [claim] = await database.db.select().from(warrantyClaims).where(eq(warrantyClaims.id, declined.claimId));
    expect(claim).toMatchObject({ status: "escalated", escalationNote: note });
    expect(await database.db.select().from(notifications).where(eq(notifications.userId, admin.userId))).toEqual(
      expect.arrayContaining([expect.objectContaining({ title: "Warranty claim escalated" })]),
    );
    expect(mailer.sent.some((m) => m.to === admin.email && m.subject.includes("sent to support"))).toBe(true);
  });

  it("flags an open claim past its due date to every admin once, with an 'overdue' step", async () => {
    const now = new Date("2026-11-02T10:00:00Z");
    const { claimId } = await open(await deliveredOrder(buyer, now, 1), now);
    const later = new Date(now.getTime() + 10 * DAY);
    const flaggedFirst = await flagOverdueClaims(database.db, later);
    expect(flaggedFirst).toBeGreaterThanOrEqual(1);
    expect(await flagOverdueClaims(database.db, later)).toBe(0);
    expect(await flagOverdueClaims(database.db, new Date(later.getTime() + DAY))).toBe(0);
    const events = await database.db.select().from(warrantyClaimEvents).where(eq(warrantyClaimEvents.claimId, claimId));
    expect(events.filter((e) => e.kind === "overdue")).toEqual([expect.objectContaining({ actorRole: "system", actorId: null })]);
    const orderNumber = (await database.db.select({ orderId: warrantyClaims.orderId }).from(warrantyClaims).where(eq(warrantyClaims.id, claimId)))[0]!.orderId.slice(-8);
    const told = await database.db.select().from(notifications).where(eq(notifications.userId, admin.userId));
    expect(told.filter((n) => n.message.includes(`#${orderNumber}`) && n.title === "Warranty claim overdue")).toHaveLength(1);
    const page = await listClaimsForAdmin(database.db, admin, { filter: "overdue" }, later);
    expect(page.items.map((c) => c.id)).toContain(claimId);
  });

  it("lets an admin grant a partial refund up to what is left, resolving the claim once", async () => {
    const now = new Date("2026-11-20T10:00:00Z");
    const { claimId } = await open(await deliveredOrder(buyer, now, 3), now);
    const decide = (fields: Record<string, string>) => decideClaim({ ...deps(), refunds }, admin, adminDecisionSchema.parse({ claimId, confirm: "yes", ...fields }));

    const tooMuch = await refusalOf(() => decide({ decision: "partial_refund", amountNaira: "300,000" }));
    expect(tooMuch).toMatchObject({ code: "invalid", message: CLAIM_TEXTS.amountTooHigh("₦250,000") });
    expect(issued).toHaveLength(0);

    expect(await decide({ decision: "partial_refund", amountNaira: "40,000.50", note: "Battery replacement cost." })).toEqual({ status: "resolved", refunded: 40_000_50 });
    expect(issued).toEqual([expect.objectContaining({ claimId, amount: 40_000_50, idempotencyKey: `claim:${claimId}:refund` })]);
    expect(await refusalOf(() => decide({ decision: "reject", note: "Already decided once." }))).toMatchObject({ code: "conflict", message: CLAIM_TEXTS.alreadyDecided });

    const events = await database.db.select().from(warrantyClaimEvents).where(eq(warrantyClaimEvents.claimId, claimId));
    expect(events.map((e) => [e.kind, e.actorRole])).toEqual([["opened", "buyer"], ["refunded", "admin"], ["resolved", "admin"]]);
    expect(await refusalOf(() => decideClaim({ ...deps(), refunds }, { ...admin, role: "vendor" }, adminDecisionSchema.parse({ claimId, decision: "replacement", confirm: "yes" })))).toMatchObject({
      code: "forbidden",
      message: ACCESS_TEXTS.forbidden,
    });
  });

  it("leaves the claim as it was when the provider refuses the refund, and asks again under the next key", async () => {
    const now = new Date("2026-11-20T10:00:00Z");
    const { claimId } = await open(await deliveredOrder(buyer, now, 3), now);
    const keys: string[] = [];
    const refusing: ClaimRefunds = {
      refundable: async () => 250_000_00,
      issue: async (_by, input) => {
        keys.push(input.idempotencyKey);
        if (keys.length > 1) return { status: "processed" };
        await database.db.insert(refundRows).values({ ...input, status: "failed", failureReason: "Transaction has been fully reversed" });
        return { status: "failed", failureReason: "Transaction has been fully reversed" };
      },
    };
    const decide = () => decideClaim({ ...deps(), refunds: refusing }, admin, adminDecisionSchema.parse({ claimId, decision: "full_refund", confirm: "yes" }));
    expect(await refusalOf(decide)).toMatchObject({ code: "conflict", message: CLAIM_TEXTS.refundFailed("Transaction has been fully reversed") });
    expect((await database.db.select().from(warrantyClaims).where(eq(warrantyClaims.id, claimId)))[0]!.status).toBe("open");
    expect(await decide()).toEqual({ status: "resolved", refunded: 250_000_00 });
    expect(keys).toEqual([`claim:${claimId}:refund`, `claim:${claimId}:refund:2`]);
  });

  it("keeps the claim with the admins when Paystack fails its refund before the claim is resolved", async () => {
    const now = new Date("2026-11-20T10:00:00Z");
    const { claimId } = await open(await deliveredOrder(buyer, now, 3), now);
    const failingMeanwhile: ClaimRefunds = {
      refundable: async () => 250_000_00,
      issue: async (_by, input) => {
        await database.db.insert(refundRows).values({ ...input, status: "failed", failureReason: "The card issuer could not take the refund back" });
        return { status: "pending" };
      },
    };
    const decide = () => decideClaim({ ...deps(), refunds: failingMeanwhile }, admin, adminDecisionSchema.parse({ claimId, decision: "full_refund", confirm: "yes" }));
    expect(await refusalOf(decide)).toMatchObject({ code: "conflict", message: CLAIM_TEXTS.refundFailed("The card issuer could not take the refund back") });
    expect((await database.db.select().from(warrantyClaims).where(eq(warrantyClaims.id, claimId)))[0]!.status).toBe("open");
  });

  it("checks the forms: description length, a reason to decline, a note to reject, a confirmation", () => {
    const orderId = "00000000-0000-4000-8000-000000000001";
    expect(openClaimSchema.safeParse({ orderId, reason: "battery_performance", description: "Too short." }).success).toBe(false);
    expect(openClaimSchema.safeParse({ orderId, reason: "cracked", description: DESCRIPTION }).success).toBe(false);
    expect(vendorAnswerSchema.safeParse({ claimId: orderId, answer: "decline" }).success).toBe(false);
    expect(vendorAnswerSchema.safeParse({ claimId: orderId, answer: "accept", outcome: "repair" }).success).toBe(false);
    expect(adminDecisionSchema.safeParse({ claimId: orderId, decision: "reject", confirm: "yes" }).success).toBe(false);
    expect(adminDecisionSchema.safeParse({ claimId: orderId, decision: "replacement" }).success).toBe(false);
    expect(adminDecisionSchema.safeParse({ claimId: orderId, decision: "partial_refund", amountNaira: "0", confirm: "yes" }).success).toBe(false);
  });
});
