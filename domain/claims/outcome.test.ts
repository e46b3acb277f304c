import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../db/client";
import { warrantyClaimEvents, warrantyClaims } from "../../db/schema/after-sale";
import { notifications } from "../../db/schema/notifications";
import { orders } from "../../db/schema/orders";
import { payments } from "../../db/schema/payments";
import { DAY_MS as DAY } from "../../lib/lagos-time";
import { TEST_ENGINES, createDatabaseFor } from "../../tests/support/database";
import { insertListing, insertPerson, insertVendor, recordingMailer } from "../../tests/support/rows";
import { refusalOf } from "../../tests/support/refusal";
import { canEscalate, claimStage } from "./rules";
import { type ClaimRefunds, buyerClaims, listClaimsForAdmin, confirmReturnReceived, escalateClaim, refundAcceptedClaim, returnRepairedPhone, shipReturn } from "./service";
import { CLAIM_TEXTS } from "./texts";
import { claimReceiptSchema, claimRefundSchema, escalateClaimSchema, repairReturnSchema, returnShipmentSchema } from "./validation";

describe("the forms of an accepted claim's steps", () => {
  const claimId = "4f7c2a52-52b4-4c4e-9a3c-2d7f4f0c1b11";
  it("take a listed courier with a number of its format, or 'Other' with its name", () => {
    expect(returnShipmentSchema.parse({ claimId, carrier: "GIG Logistics", trackingNumber: "GIGL-5501234" })).toEqual({ claimId, carrier: "GIG Logistics", trackingNumber: "GIGL-5501234" });
    expect(repairReturnSchema.parse({ claimId, carrier: "Other", carrierName: "Bolt Send", trackingNumber: "BS 123" })).toMatchObject({ carrier: "Bolt Send" });
    const errors = (values: Record<string, string>) => returnShipmentSchema.safeParse({ claimId, ...values }).error?.flatten().fieldErrors;
    expect(errors({ trackingNumber: "GIGL-5501234" })).toEqual({ carrier: [CLAIM_TEXTS.carrier] });
    expect(errors({ carrier: "DHL Nigeria", trackingNumber: "12345" })).toEqual({ trackingNumber: ["DHL Nigeria tracking numbers are 10 digits, e.g. 1234567890"] });
    expect(errors({ carrier: "Other", trackingNumber: "ABC123" })).toEqual({ carrierName: [CLAIM_TEXTS.carrierName] });
    expect(errors({ carrier: "Sendbox" })).toEqual({ trackingNumber: [CLAIM_TEXTS.trackingRequired] });
    expect(errors({ carrier: "Other", carrierName: "Bolt", trackingNumber: "<script>" })).toEqual({ trackingNumber: [CLAIM_TEXTS.trackingFormat] });
  });

  it("ask for the tick before a refund", () => {
    expect(claimRefundSchema.safeParse({ claimId }).error?.flatten().fieldErrors).toEqual({ confirm: [CLAIM_TEXTS.confirmRefund] });
    expect(claimRefundSchema.parse({ claimId, confirm: "yes" })).toEqual({ claimId });
  });

  it("let the buyer escalate an accepted claim only once its next step is late", () => {
    const now = new Date("2026-12-10T12:00:00Z");
    const accepted = { status: "accepted" as const, answerDueAt: "2026-12-01T12:00:00Z" };
    expect(canEscalate({ ...accepted, outcomeDueAt: null }, now)).toBe(false);
    expect(canEscalate({ ...accepted, outcomeDueAt: "2026-12-11T12:00:00Z" }, now)).toBe(false);
    expect(canEscalate({ ...accepted, outcomeDueAt: "2026-12-09T12:00:00Z" }, now)).toBe(true);
    expect(canEscalate({ status: "resolved", answerDueAt: accepted.answerDueAt, outcomeDueAt: "2026-12-09T12:00:00Z" }, now)).toBe(false);
    expect(claimStage({ returnShippedAt: null, receivedAt: null })).toBe("awaiting_return");
    expect(claimStage({ returnShippedAt: "x", receivedAt: null })).toBe("return_shipped");
    expect(claimStage({ returnShippedAt: "x", receivedAt: "y" })).toBe("received");
  });
});

describe.each(TEST_ENGINES)("carrying out an accepted claim (%s)", (engine) => {
  let database: DatabaseHandle;
  const mailer = recordingMailer();
  const publicUrl = "https://tokunbo.example";
  const deps = () => ({ db: database.db, mailer, publicUrl });
  const buyer = { userId: `outcome-buyer-${engine}` };
  const otherBuyer = { userId: `outcome-other-buyer-${engine}` };
  const seller = { userId: `outcome-seller-${engine}` };
  const otherSeller = { userId: `outcome-other-seller-${engine}` };
  const admin = { userId: `outcome-admin-${engine}` };
  let vendorId: string;
  let phone: string;
  const issued: Array<Parameters<ClaimRefunds["issue"]>[1]> = [];
  const refunds: ClaimRefunds = {
    refundable: async () => 250_000_00,
    issue: async (_by, input) => {
      issued.push(input);
      return { status: "pending" };
    },
  };

  beforeAll(async () => {
    database = await createDatabaseFor(engine);
    const db = database.db;
    for (const person of [buyer, otherBuyer]) await insertPerson(db, person.userId);
    await insertPerson(db, seller.userId, "vendor");
    await insertPerson(db, otherSeller.userId, "vendor");
    await insertPerson(db, admin.userId, "admin");
    vendorId = (await insertVendor(db, seller.userId, `Outcome Hub ${engine}`)).id;
    await insertVendor(db, otherSeller.userId, `Other Outcome Hub ${engine}`);
    phone = await insertListing(db, vendorId, "iPhone 12");
  });
  afterAll(async () => {
    await database?.close();
  });

  /** A delivered, paid order of the buyer with a claim the vendor accepted with `outcome`. */
  async function acceptedClaim(outcome: "repair" | "refund" | "replacement", now = new Date()): Promise<{ claimId: string; orderId: string }> {
    const db = database.db;
    const [payment] = await db
      .insert(payments)
      .values({ customerId: buyer.userId, paymentReference: `pay_outcome_${Math.random().toString(36).slice(2)}`, amount: 250_000_00, status: "successful", paidAt: now })
      .returning({ id: payments.id });
    const [order] = await db
      .insert(orders)
      .values({
        customerId: buyer.userId, productId: phone, vendorId, paymentId: payment!.id, customerName: "Ada Obi", customerEmail: `${buyer.userId}@example.ng`,
        customerPhone: "+2348031234567", shippingAddress: "12 Allen Avenue", city: "Ikeja", state: "Lagos", quantity: 1, unitPrice: 250_000_00,
        totalAmount: 250_000_00, status: "delivered", warrantyDays: 30, deliveredAt: new Date(now.getTime() - 2 * DAY),
      })
      .returning({ id: orders.id });
    const [claim] = await db
      .insert(warrantyClaims)
      .values({
        orderId: order!.id, customerId: buyer.userId, vendorId, reason: "battery_performance", status: "accepted", vendorOutcome: outcome,
        returnInstructions: "Send it to Shop 4, Computer Village.", description: "The battery drains within two hours of light use.", answerDueAt: now,
      })
      .returning({ id: warrantyClaims.id });
    return { claimId: claim!.id, orderId: order!.id };
  }
  const parcel = (claimId: string) => ({ claimId, carrier: "Red Star Express", trackingNumber: "RSX-7788123" });
  const rowOf = async (claimId: string) => (await database.db.select().from(warrantyClaims).where(eq(warrantyClaims.id, claimId)))[0]!;
  const kindsOf = async (claimId: string) =>
    (await database.db.select({ kind: warrantyClaimEvents.kind }).from(warrantyClaimEvents).where(eq(warrantyClaimEvents.claimId, claimId)).orderBy(warrantyClaimEvents.id)).map((e) => e.kind);

  it("repair: the phone goes back with tracking, is received for repair, comes back with the vendor's tracking, and the claim is resolved", async () => {
    const { claimId } = await acceptedClaim("repair");
    // Not before the phone arrived.
    const early = await refusalOf(() => returnRepairedPhone(deps(), seller, repairReturnSchema.parse(parcel(claimId))));
    expect(early).toMatchObject({ code: "conflict", message: CLAIM_TEXTS.repairNotReceived });

    await shipReturn(deps(), buyer, returnShipmentSchema.parse(parcel(claimId)));
    const shipped = await rowOf(claimId);
    expect(shipped).toMatchObject({ status: "accepted", returnCarrier: "Red Star Express", returnTrackingNumber: "RSX-7788123" });
    expect(shipped.outcomeDueAt!.getTime()).toBeGreaterThan(shipped.returnShippedAt!.getTime());
    expect(await database.db.select().from(notifications).where(eq(notifications.title, "Claim phone on its way back"))).not.toHaveLength(0);

    await confirmReturnReceived(deps(), seller, claimReceiptSchema.parse({ claimId }));
    await returnRepairedPhone(deps(), seller, repairReturnSchema.parse({ claimId, carrier: "DHL Nigeria", trackingNumber: "1234567890" }));
    expect(await rowOf(claimId)).toMatchObject({ status: "resolved", backCarrier: "DHL Nigeria", backTrackingNumber: "1234567890", outcomeDueAt: null });
    expect(await kindsOf(claimId)).toEqual(["return_shipped", "received_for_repair", "returned_to_buyer", "completed"]);
    const mail = mailer.sent.find((m) => m.subject.startsWith("Your repaired phone is on its way"));
    expect(mail!.text).toContain("dhl.com");

    const view = (await buyerClaims(database.db, buyer.userId)).claims;
    expect(Object.values(view).find((c) => c.id === claimId)).toMatchObject({ status: "resolved", backTrackingNumber: "1234567890", returnTrackingNumber: "RSX-7788123" });
  });

  it("refuses the wrong person and the wrong state at each step", async () => {
    const { claimId } = await acceptedClaim("refund");
    expect(await refusalOf(() => shipReturn(deps(), otherBuyer, returnShipmentSchema.parse(parcel(claimId))))).toMatchObject({ code: "not_found", message: CLAIM_TEXTS.notFound });
    expect(await refusalOf(() => shipReturn(deps(), seller, returnShipmentSchema.parse(parcel(claimId))))).toMatchObject({ code: "not_found" });
    expect(await refusalOf(() => confirmReturnReceived(deps(), otherSeller, claimReceiptSchema.parse({ claimId })))).toMatchObject({ code: "not_found" });
    expect(await refusalOf(() => confirmReturnReceived(deps(), buyer, claimReceiptSchema.parse({ claimId })))).toMatchObject({ code: "not_found" });
    // A refund before the phone is back pays nothing.
    const early = await refusalOf(() => refundAcceptedClaim({ ...deps(), refunds }, seller, claimRefundSchema.parse({ claimId, confirm: "yes" })));
    expect(early).toMatchObject({ code: "conflict", message: CLAIM_TEXTS.refundBeforeReceipt });
    expect(issued.filter((r) => r.claimId === claimId)).toEqual([]);
    // A repair step on a refund claim.
    await shipReturn(deps(), buyer, returnShipmentSchema.parse(parcel(claimId)));
    await confirmReturnReceived(deps(), seller, claimReceiptSchema.parse({ claimId }));
    expect(await refusalOf(() => returnRepairedPhone(deps(), seller, repairReturnSchema.parse(parcel(claimId))))).toMatchObject({ code: "conflict", message: CLAIM_TEXTS.notRepairOutcome });
    // An open claim is not carried out.
    await database.db.update(warrantyClaims).set({ status: "open" }).where(eq(warrantyClaims.id, claimId));
    expect(await refusalOf(() => refundAcceptedClaim({ ...deps(), refunds }, seller, claimRefundSchema.parse({ claimId, confirm: "yes" })))).toMatchObject({ code: "conflict", message: CLAIM_TEXTS.notAccepted });
    expect(await refusalOf(() => confirmReturnReceived(deps(), seller, claimReceiptSchema.parse({ claimId })))).toMatchObject({ code: "conflict", message: CLAIM_TEXTS.notAccepted });
  });

  it("lets the buyer escalate an accepted claim whose vendor has not confirmed the receipt in time, the way a declined one goes", async () => {
    const sent = new Date("2026-11-02T10:00:00Z"); // a Monday
    const { claimId } = await acceptedClaim("refund", sent);
    const note = { claimId, note: "The vendor has had my phone for two weeks and says nothing." };
    expect(await refusalOf(() => escalateClaim(deps(), buyer, escalateClaimSchema.parse(note), sent))).toMatchObject({ code: "conflict", message: CLAIM_TEXTS.cannotEscalate });
    await shipReturn(deps(), buyer, returnShipmentSchema.parse(parcel(claimId)), sent);
    expect((await rowOf(claimId)).outcomeDueAt).toEqual(new Date("2026-11-09T10:00:00Z"));
    expect(await refusalOf(() => escalateClaim(deps(), buyer, escalateClaimSchema.parse(note), new Date("2026-11-06T10:00:00Z")))).toMatchObject({ code: "conflict" });
    const overdueFor = async (at: string) => (await listClaimsForAdmin(database.db, { ...admin, email: "a@example.ng", role: "admin" }, { filter: "overdue" }, new Date(at))).items.map((c) => c.id);
    expect(await overdueFor("2026-11-06T10:00:00Z")).not.toContain(claimId);
    expect(await overdueFor("2026-11-10T10:00:00Z")).toContain(claimId);
    await escalateClaim(deps(), buyer, escalateClaimSchema.parse(note), new Date("2026-11-10T10:00:00Z"));
    expect(await rowOf(claimId)).toMatchObject({ status: "escalated" });
    expect((await kindsOf(claimId)).at(-1)).toBe("escalated");
  });
});
