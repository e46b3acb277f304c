import { beforeAll, describe, expect, it } from "vitest";
import { DEMO_PASSWORD } from "../db/seed/demo-accounts";
import { CHECKOUT_TEXTS } from "../domain/checkout/texts";
import { PAYMENT_TEXTS } from "../domain/payments/texts";
import { SHIPPING, payOnHostedPage } from "../tests/support/shop";
import { signWebhook } from "../domain/payments/webhook-signature";
import { checkoutForm } from "../app/checkout/checkout-form-data";
import { postAction, signInAs } from "../tests/support/app";
import { TEST_ENGINES } from "../tests/support/database";
import { useDemoApp } from "../tests/support/demo-app";
import { paymentsSecretKey } from "./config";

const BUYER = "customer@tokunbo.test";

/** Checkout, the return page's verification and the Paystack webhook, over real HTTP against the app in test mode. */
describe.each(TEST_ENGINES)("payments over HTTP (%s)", (engine) => {
  const { database, app } = useDemoApp(engine);
  let buyer: string;
  let stranger: string;
  let phone: { id: string; name: string };

  const q = <T = Record<string, unknown>>(text: string, params: unknown[] = []) => database().query<T>(text, params);
  const post = (url: string, body: unknown, cookie?: string, headers: Record<string, string> = {}) =>
    fetch(`${app().base}${url}`, {
      method: "POST",
      headers: { "Content-Type": "application/json", ...(cookie ? { Cookie: cookie } : {}), ...headers },
      body: typeof body === "string" ? body : JSON.stringify(body),
    });
  /** Places an order through the checkout page's action: the provider's page it sends the browser to, and the payment's reference. */
  const checkout = async (cookie: string, quantity = 1) => {
    const placed = await postAction(app().base, "/checkout", checkoutForm([{ productId: phone.id, quantity }], SHIPPING), cookie);
    expect(placed.status).toBe(302);
    const [latest] = await q<{ reference: string }>("select payment_reference reference from payments order by created_at desc limit 1");
    return { reference: latest!.reference, authorizationUrl: placed.redirect! };
  };
  const verify = async (reference: string, cookie?: string) => (await postAction<{ check?: Record<string, unknown> }>(app().base, "/payment-success", { reference }, cookie)).data.check;
  const statusesOf = async (reference: string) =>
    (await q<{ status: string }>("select o.status from orders o join payments p on p.id = o.payment_id where p.payment_reference = $1", [reference])).map((r) => r.status);
  const paidActivities = (reference: string) =>
    q("select id from user_activities where activity_type = 'order_paid' and metadata->>'payment_reference' = $1", [reference]);
  const chargeSuccess = async (reference: string) => {
    const transaction = (await app().services.payments.verify(reference))!;
    return JSON.stringify({
      event: "charge.success",
      data: { id: transaction.id, reference, status: transaction.status, amount: transaction.amount, currency: transaction.currency, channel: "card", gateway_response: "Successful", paid_at: transaction.paidAt },
    });
  };
  const sendWebhook = (body: string, signature: string) => post("/api/webhooks/paystack", body, undefined, { "x-paystack-signature": signature });

  beforeAll(async () => {
    buyer = await signInAs(app().base, BUYER, DEMO_PASSWORD);
    const strangerEmail = (await q<{ email: string }>("select email from users where email like '%@tokunbo.test' and email not in ($1, 'admin@tokunbo.test', 'superadmin@tokunbo.test') and id not in (select user_id from vendors) order by email limit 1", [BUYER]))[0]!.email;
    stranger = await signInAs(app().base, strangerEmail, DEMO_PASSWORD);
    phone = (await q<{ id: string; name: string }>("update products set stock_quantity = 20 where id = (select id from products where status = 'approved' and is_live order by id limit 1) returning id, name"))[0]!;
  });

  it("refuses checkout and verification when signed out", async () => {
    const placed = await postAction(app().base, "/checkout", checkoutForm([{ productId: phone.id, quantity: 1 }], SHIPPING));
    expect(placed.redirect).toBe("/auth");
    expect((await postAction(app().base, "/payment-success", { reference: "pay_1" })).status).toBe(401);
  });

  it("answers bad input with the schema's message and writes nothing", async () => {
    const before = await q("select count(*)::int n from orders");
    const cases: [URLSearchParams, string][] = [
      [checkoutForm([], SHIPPING), CHECKOUT_TEXTS.selectAtLeastOne],
      [checkoutForm([{ productId: phone.id, quantity: "1" }], { ...SHIPPING, customerPhone: "12345" }), CHECKOUT_TEXTS.phoneInvalid],
      [checkoutForm([{ productId: phone.id, quantity: -3 }], SHIPPING), CHECKOUT_TEXTS.quantityInvalid],
      [checkoutForm([{ productId: phone.id, quantity: "1" }], { ...SHIPPING, state: "Atlantis" }), CHECKOUT_TEXTS.stateRequired],
    ];
    for (const [form, message] of cases) {
      const response = await postAction<{ ok: boolean; message: string }>(app().base, "/checkout", form, buyer);
      expect(response.status).toBe(400);
      expect(response.data).toMatchObject({ ok: false, message });
    }
    expect(await q("select count(*)::int n from orders")).toEqual(before);
  });

  it("pays through the stand-in's page; the webhook and the return page fulfil it once", async () => {
    const { reference, authorizationUrl } = await checkout(buyer);
    expect(authorizationUrl.startsWith(`${app().config.publicUrl}/paystack-standin/pay/`)).toBe(true);
    const pageUrl = authorizationUrl.replace(app().config.publicUrl, app().base);
    expect(await (await fetch(pageUrl)).text()).toContain("Test mode — no real money");

    expect(await verify(reference, buyer)).toMatchObject({ status: "failed", reasons: [PAYMENT_TEXTS.reasonDeclined("The transaction was not completed")] });

    const location = new URL(await payOnHostedPage(pageUrl, "approved"));
    expect(location.pathname).toBe("/payment-success");
    await app().services.paystackStandin!.idle();
    expect(await statusesOf(reference)).toEqual(["paid"]);

    const body = await chargeSuccess(reference);
    const signature = signWebhook(body, paymentsSecretKey(app().config));
    const replies = await Promise.all(Array.from({ length: 10 }, () => sendWebhook(body, signature)));
    expect(replies.map((r) => r.status)).toEqual(Array.from({ length: 10 }, () => 200));
    expect(await verify(reference, buyer)).toMatchObject({ status: "successful", orderCount: 1, justConfirmed: false });
    expect(await paidActivities(reference)).toHaveLength(1);
  });

  it("refuses a webhook with a bad signature with 401 and changes nothing", async () => {
    const placed = await checkout(buyer);
    const body = (await chargeSuccess(placed.reference)).replace('"status":"abandoned"', '"status":"success"');
    for (const signature of ["", "deadbeef", signWebhook(body, "sk_test_someone_else")]) {
      const response = await sendWebhook(body, signature);
      expect(response.status).toBe(401);
    }
    expect(await statusesOf(placed.reference)).toEqual(["pending"]);
    expect(await q("select status from payments where payment_reference = $1", [placed.reference])).toEqual([{ status: "pending" }]);
  });

  it("never trusts the URL: an unpaid reference with status=success pays nothing", async () => {
    const placed = await checkout(buyer);
    const page = await fetch(`${app().base}/payment-success?reference=${placed.reference}&status=success`, { headers: { Cookie: buyer } });
    expect(page.status).toBe(200);
    expect(await verify(placed.reference, buyer)).toMatchObject({ status: "failed" });
    expect(await statusesOf(placed.reference)).toEqual(["pending"]);
  });

  it("tells another customer the reference is not theirs", async () => {
    const placed = await checkout(buyer);
    await payOnHostedPage(placed.authorizationUrl.replace(app().config.publicUrl, app().base), "approved");
    await app().services.paystackStandin!.idle();
    expect(await verify(placed.reference, stranger)).toEqual({ status: "failed", reference: placed.reference, reasons: [PAYMENT_TEXTS.reasonNotFound] });
  });
});
