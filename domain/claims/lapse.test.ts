import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../db/client";
import { warrantyClaimEvents, warrantyClaims } from "../../db/schema/after-sale";
import { notifications } from "../../db/schema/notifications";
import { orders } from "../../db/schema/orders";
import { payments } from "../../db/schema/payments";
import { CLAIM_BUYER_BUSINESS_DAYS } from "../../lib/constants";
import { DAY_MS, formatLagosDate } from "../../lib/lagos-time";
import { TEST_ENGINES, createDatabaseFor } from "../../tests/support/database";
import { insertListing, insertPerson, insertVendor, recordingMailer } from "../../tests/support/rows";
import { createLocalStorage } from "../media/storage";
import { addBusinessDays } from "./business-days";
import { answerClaim, buyerClaims, closeLapsedClaims, escalateClaim, openClaim, shipReturn } from "./service";
import { escalateClaimSchema, openClaimSchema, returnShipmentSchema, vendorAnswerSchema } from "./validation";

describe.each(TEST_ENGINES)("claims whose buyer lets their step lapse (%s)", (engine) => {
  let database: DatabaseHandle;
  const mailer = recordingMailer();
  const deps = () => ({ db: database.db, mailer, publicUrl: "https://tokunbo.example", storage: createLocalStorage("/nonexistent") });
  const buyer = { userId: `lapse-buyer-${engine}` };
  const seller = { userId: `lapse-seller-${engine}` };
  let vendorId: string;
  let phone: string;

  async function claimOnDeliveredOrder(): Promise<{ orderId: string; claimId: string }> {
    const [payment] = await database.db
      .insert(payments)
      .values({ customerId: buyer.userId, paymentReference: `pay_lapse_${Math.random().toString(36).slice(2)}`, amount: 250_000_00, status: "successful", paidAt: new Date() })
      .returning({ id: payments.id });
    const [order] = await database.db
      .insert(orders)
      .values({
        customerId: buyer.userId, productId: phone, vendorId, paymentId: payment!.id, customerName: "Ada Obi", customerEmail: `${buyer.userId}@example.ng`,
        customerPhone: "+2348031234567", shippingAddress: "12 Allen Avenue", city: "Ikeja", state: "Lagos", quantity: 1, unitPrice: 250_000_00,
        totalAmount: 250_000_00, status: "delivered", warrantyDays: 30, deliveredAt: new Date(Date.now() - 2 * DAY_MS),
      })
      .returning({ id: orders.id });
    const description = "The screen flickers and goes dark after a few minutes of use.";
    const { claimId } = await openClaim(deps(), buyer, openClaimSchema.parse({ orderId: order!.id, reason: "hardware_malfunction", description }), []);
    return { orderId: order!.id, claimId };
  }

  const accept = (claimId: string) =>
    answerClaim(deps(), seller, vendorAnswerSchema.parse({ claimId, answer: "accept", outcome: "repair", returnInstructions: "Send it to 4 Broad Street, Lagos Island, by GIG." }));
  const decline = (claimId: string) => answerClaim(deps(), seller, vendorAnswerSchema.parse({ claimId, answer: "decline", declineReason: "The phone shows water damage inside the SIM tray." }));
  const statusOf = async (claimId: string) => (await database.db.select({ status: warrantyClaims.status }).from(warrantyClaims).where(eq(warrantyClaims.id, claimId)))[0]!.status;
  const lastEvent = async (claimId: string) => (await database.db.select().from(warrantyClaimEvents).where(eq(warrantyClaimEvents.claimId, claimId))).at(-1)!;

  beforeAll(async () => {
    database = await createDatabaseFor(engine);
    await insertPerson(database.db, buyer.userId);
    await insertPerson(database.db, seller.userId, "vendor");
    vendorId = (await insertVendor(database.db, seller.userId, `Lapse Hub ${engine}`)).id;
    phone = await insertListing(database.db, vendorId, "Galaxy S21");
  });

  afterAll(async () => {
    await database?.close();
  });

  it("tells the buyer the date, and closes an accepted claim whose phone never came back once that date has passed, telling both sides", async () => {
    const { orderId, claimId } = await claimOnDeliveredOrder();
    await accept(claimId);
    const due = addBusinessDays((await database.db.select().from(warrantyClaims).where(eq(warrantyClaims.id, claimId)))[0]!.answeredAt!, CLAIM_BUYER_BUSINESS_DAYS);
    const view = (await buyerClaims(database.db, buyer.userId)).claims[orderId]!;
    expect(view.buyerDueAt).toBe(due.toISOString());
    expect(mailer.sent.at(-1)!.text).toContain(`Please send it back by ${formatLagosDate(due)}`);

    expect(await closeLapsedClaims(deps(), new Date(due.getTime() - 60_000))).toBe(0);
    expect(await statusOf(claimId)).toBe("accepted");

    expect(await closeLapsedClaims(deps(), new Date(due.getTime() + 60_000))).toBe(1);
    expect(await statusOf(claimId)).toBe("rejected");
    expect(await lastEvent(claimId)).toMatchObject({ kind: "lapsed", actorRole: "system", note: `The phone was not sent back by ${formatLagosDate(due)}, so the vendor's offer has lapsed.` });
    const told = await database.db.select({ userId: notifications.userId, title: notifications.title }).from(notifications).where(eq(notifications.title, "Warranty claim closed"));
    expect(told.map((n) => n.userId).sort()).toEqual([buyer.userId, seller.userId].sort());
    expect(mailer.sent.at(-1)).toMatchObject({ to: `${buyer.userId}@example.ng`, subject: expect.stringContaining("is closed") });

    expect(await closeLapsedClaims(deps(), new Date(due.getTime() + 30 * DAY_MS))).toBe(0);
  });

  it("closes a declined claim the buyer never took to our support team, and keeps one they did", async () => {
    const lapsing = await claimOnDeliveredOrder();
    await decline(lapsing.claimId);
    const taken = await claimOnDeliveredOrder();
    await decline(taken.claimId);
    await escalateClaim(deps(), buyer, escalateClaimSchema.parse({ claimId: taken.claimId, note: "The phone was never near water; the tray sticker is intact." }));

    const later = new Date(Date.now() + 20 * DAY_MS);
    expect(await closeLapsedClaims(deps(), later)).toBe(1);
    expect(await statusOf(lapsing.claimId)).toBe("rejected");
    expect((await lastEvent(lapsing.claimId)).note).toMatch(/^The vendor's answer stands: the claim was not sent to our support team by /);
    expect(await statusOf(taken.claimId)).toBe("escalated");
  });

  it("keeps an accepted claim whose phone is on its way back", async () => {
    const { claimId } = await claimOnDeliveredOrder();
    await accept(claimId);
    await shipReturn(deps(), buyer, returnShipmentSchema.parse({ claimId, carrier: "GIG Logistics", trackingNumber: "GIGL-5501234" }));
    expect(await closeLapsedClaims(deps(), new Date(Date.now() + 40 * DAY_MS))).toBe(0);
    expect(await statusOf(claimId)).toBe("accepted");
  });
});
