import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { NIGERIAN_STATES } from "../../lib/constants";
import { TEST_ENGINES } from "../../tests/support/database";
import { insertPerson } from "../../tests/support/rows";
import { SHIPPING, buyerWithCart, useShopWithPayments } from "../../tests/support/shop";
import { confirmPayment } from "../flows/confirm-payment";
import { PAYMENT_CHANNELS } from "../payments/paystack-client";
import { type DeliveryFees, type NigerianState, deliveryFeeFor } from "../pricing/delivery-fees";
import { getDeliveryFees, updateStateDeliveryFees } from "../pricing/delivery";
import { PRICING_TEXTS, stateFeeField, stateFeesSchema } from "../pricing/validation";
import type { Actor } from "../core/access";
import { placeOrder } from "../flows/place-order";

const state = fc.constantFrom(...NIGERIAN_STATES);
/** Kobo within the admin form's bounds (₦0 to ₦50,000). */
const fee = fc.integer({ min: 0, max: 5_000_000 });
const config = fc.record({
  defaultFeeKobo: fee,
  byState: fc.dictionary(state, fee, { maxKeys: 12 }) as fc.Arbitrary<Partial<Record<NigerianState, number>>>,
});

const stateFeesInput = (fees: DeliveryFees) =>
  Object.fromEntries(NIGERIAN_STATES.map((s) => [s, fees.byState[s] ?? null])) as Record<NigerianState, number | null>;

describe.each(TEST_ENGINES)("the delivery fee charged at checkout (%s)", (engine) => {
  const { database, provider, standin, shop, q, deps } = useShopWithPayments(engine);
  let admin: Actor;
  let buyers = 0;

  beforeAll(async () => {
    const person = await insertPerson(database().db, `fees-admin-${engine}`, "admin");
    admin = { userId: person.userId, email: person.email, role: "admin" };
  });

  const setFees = async (fees: DeliveryFees) => {
    await q("insert into admin_pricing_config (id, delivery_fee) values (1, $1) on conflict (id) do update set delivery_fee = excluded.delivery_fee", [fees.defaultFeeKobo]);
    await updateStateDeliveryFees(database().db, admin, stateFeesInput(fees));
  };
  const buy = async (chosen: NigerianState) => {
    const [phone] = shop().phones;
    await q("update products set stock_quantity = 3 where id = $1", [phone]);
    const n = ++buyers;
    const buyer = { ...(await buyerWithCart(database().db, `fees-${engine}-${n}`, [])), clientIp: `198.51.${Math.floor(n / 250)}.${n % 250}` };
    return placeOrder(deps(), buyer, { items: [{ productId: phone, quantity: 1 }], shipping: { ...SHIPPING, state: chosen } });
  };
  const paymentOf = async (reference: string) =>
    (await q<{ amount: string; delivery_fee: string; method: string | null; status: string }>(
      "select amount, delivery_fee, payment_method as method, status from payments where payment_reference = $1",
      [reference],
    ))[0]!;

  it("is always the chosen state's fee in the config at order time, and stays so when the config changes afterwards", async () => {
    const price = Number((await q<{ p: string }>("select final_price p from products where id = $1", [shop().phones[0]]))[0]!.p);
    await fc.assert(
      fc.asyncProperty(config, state, config, async (before, chosen, after) => {
        await setFees(before);
        const placed = await buy(chosen);
        const expected = deliveryFeeFor(before, chosen);
        await setFees(after);
        const payment = await paymentOf(placed.reference);
        expect(Number(payment.delivery_fee)).toBe(expected);
        expect(Number(payment.amount)).toBe(price + expected);
        expect(placed.amount).toBe(price + expected);
        expect((await provider().verify(placed.reference))?.amount).toBe(price + expected);
      }),
      { numRuns: 12 },
    );
  });

  it("saves every state's own fee at once and logs it like other pricing changes", async () => {
    await setFees({ defaultFeeKobo: 500_000, byState: { Lagos: 0, Oyo: 250_000 } });
    expect(await getDeliveryFees(database().db)).toEqual({ defaultFeeKobo: 500_000, byState: { Lagos: 0, Oyo: 250_000 } });
    const [logged] = await q<{ description: string }>("select activity_description as description from user_activities where activity_type = 'pricing_updated' order by created_at desc limit 1");
    expect(logged!.description).toBe("Set delivery fees by state: Lagos ₦0, Oyo ₦2,500; other states the default ₦5,000");
  });

  it("refuses a bad state fee with the field's message", () => {
    const form = (value: string) => ({ [stateFeeField("Kano")]: value });
    for (const bad of ["-1", "50000.01", "abc", "1.234", "5e3"]) {
      const parsed = stateFeesSchema.safeParse(form(bad));
      expect(parsed.success, bad).toBe(false);
      expect(parsed.error?.issues[0]?.message).toBe("Delivery fee for Kano must be from ₦0 to ₦50,000, with at most two decimals, or blank for the default");
      expect(parsed.error?.issues[0]?.message).toBe(PRICING_TEXTS.stateDeliveryFee("Kano"));
    }
    const parsed = stateFeesSchema.parse({ ...form(" ₦4,000.50 "), [stateFeeField("Lagos")]: "0", [stateFeeField("Oyo")]: "" });
    expect([parsed.Kano, parsed.Lagos, parsed.Oyo, parsed.Sokoto]).toEqual([400_050, 0, null, null]);
  });

  it("asks Paystack for card, bank transfer and USSD", async () => {
    const placed = await buy("Lagos");
    expect(PAYMENT_CHANNELS).toEqual(["card", "bank_transfer", "ussd"]);
    expect(standin().store.byReference(placed.reference)?.channels).toEqual(["card", "bank_transfer", "ussd"]);
  });

  it.each([
    ["bank_transfer", "transfer_sent"],
    ["ussd", "ussd_done"],
  ])("a payment by %s on the stand-in's page is verified and stored with its channel", async (channel, action) => {
    await setFees({ defaultFeeKobo: 400_000, byState: { Kano: 550_000 } });
    const placed = await buy("Kano");
    const page = await fetch(`${placed.authorizationUrl}?channel=${channel}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain(channel === "ussd" ? `*737*000*${placed.amount / 100}#` : "I've sent the money");
    const paid = await fetch(placed.authorizationUrl, { method: "POST", body: new URLSearchParams({ action }), redirect: "manual" });
    expect(paid.status).toBe(303);
    expect(paid.headers.get("location")).toContain(`reference=${placed.reference}`);

    const buyer = (await q<{ id: string }>("select customer_id id from payments where payment_reference = $1", [placed.reference]))[0]!.id;
    expect(await confirmPayment(deps(), buyer, placed.reference)).toMatchObject({ status: "successful", amount: placed.amount });
    expect(await paymentOf(placed.reference)).toMatchObject({ method: channel, delivery_fee: expect.anything() });
    expect(Number((await paymentOf(placed.reference)).delivery_fee)).toBe(550_000);
    expect((await provider().verify(placed.reference))?.channel).toBe(channel);
  });
});
