import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../../db/client";
import { seedDemoShop } from "../../../tests/support/demo-images";
import { DEMO_PASSWORD } from "../../../db/seed/demo-accounts";
import { formatNaira } from "../../../lib/money";
import { type TestApp, postForm, signInAs, startTestApp } from "../../../tests/support/app";
import { createTestDatabase } from "../../../tests/support/database";
import { checkoutForm } from "../checkout-form-data";

const CUSTOMER = "customer@tokunbo.test";

/** /checkout and /payment-success as the built app renders them, with and without a session. */
describe("checkout and payment result pages", () => {
  let database: DatabaseHandle;
  let app: TestApp;
  let cookie: string;
  let customerId: string;
  let phones: Array<{ id: string; price: number }>;

  const page = async (path: string, withSession = true) => {
    const response = await fetch(`${app.base}${path}`, { headers: withSession ? { Cookie: cookie } : {} });
    return { status: response.status, html: await response.text() };
  };
  const addToCart = (productId: string, quantity: number) =>
    fetch(`${app.base}/cart/items`, {
      method: "POST",
      headers: { Cookie: cookie, Accept: "application/json", "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ productId, quantity: String(quantity) }),
    });
  const setDeliveryFee = (kobo: number) =>
    database.query(
      "insert into admin_pricing_config (id, delivery_fee) values (1, $1) on conflict (id) do update set delivery_fee = excluded.delivery_fee",
      [kobo],
    );
  /** The opening tag of the input with this attribute (React orders attributes as it likes). */
  const inputWith = (html: string, attribute: string) => html.match(new RegExp(`<input[^>]*${attribute}[^>]*>`))?.[0] ?? "";
  const testIdText = (html: string, testId: string) => html.match(new RegExp(`data-testid="${testId}"[^>]*>([^<]*)<`))?.[1];
  const shipping = { customerName: "Chiamaka Okafor", customerPhone: "0802 345 6789", shippingAddress: "12 Admiralty Way, Lekki Phase 1", city: "Lekki", state: "Lagos" };
  const placeWithoutScripts = (fields: Record<string, string>) => postForm(app.base, "/checkout", { intent: "place", ...fields }, { cookie });

  beforeAll(async () => {
    database = await createTestDatabase();
    app = await startTestApp(database);
    await seedDemoShop(database.db, { uploadsDir: app.config.uploadsDir });
    // Most of these pages are about one fee for every state; the fees by state have their own test.
    await database.query("delete from delivery_state_fees");
    cookie = await signInAs(app.base, CUSTOMER, DEMO_PASSWORD);
    const [customer] = await database.query<{ id: string }>("select id from users where email = $1", [CUSTOMER]);
    customerId = customer!.id;
    phones = await database.query<{ id: string; price: number }>(
      `select id, coalesce(final_price, suggested_price)::int as price from products
       where status = 'approved' and is_live and stock_quantity >= 3 order by created_at limit 2`,
    );
    expect(phones).toHaveLength(2);
  });

  beforeEach(async () => {
    await database.query("delete from cart where customer_id = $1", [customerId]);
    await setDeliveryFee(0);
  });

  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it("ask a signed-out visitor to sign in, on the page itself", async () => {
    const { status, html } = await page("/checkout", false);
    expect(status).toBe(200);
    expect(html).toContain("Authentication Required");
    expect(html).toMatch(/<a[^>]*href="\/auth"[^>]*>Sign In<\/a>/);
    expect(html).toMatch(/<a[^>]*href="\/shop"[^>]*>Continue Shopping<\/a>/);
  });

  it("say 'Your cart is empty' with Continue Shopping when there is nothing to buy", async () => {
    const { html } = await page("/checkout");
    expect(html).toContain("Your cart is empty");
    expect(html).toMatch(/<a[^>]*href="\/shop"[^>]*>Continue Shopping<\/a>/);
    expect(html).not.toContain("Place Order");
  });

  it("list the cart's lines, ticked, with the shipping form: 37 states, the account's locked e-mail, the profile's name", async () => {
    await addToCart(phones[0]!.id, 2);
    await addToCart(phones[1]!.id, 1);
    const { html } = await page("/checkout");

    expect(html.match(/data-testid="checkout-line"/g)).toHaveLength(2);
    expect(html).toContain("Test mode — no real money");
    for (const phone of phones) {
      const checkbox = inputWith(html, `value="${phone.id}"`);
      expect(checkbox).toContain('type="checkbox"');
      expect(checkbox).toContain('name="productId"');
      expect(checkbox).toContain('checked=""');
    }
    expect(inputWith(html, `name="quantity:${phones[0]!.id}"`)).toContain('value="2"');
    expect(html).toContain("Place Order (3 items)");

    const states = html.match(/<select[^>]*name="state"[^>]*>([\s\S]*?)<\/select>/)?.[1] ?? "";
    expect(states.match(/<option value="[^"]+"/g)).toHaveLength(37);
    expect(states).toContain('<option value="Federal Capital Territory">');

    const email = inputWith(html, 'id="checkout-email"');
    expect(email).toContain(`value="${CUSTOMER}"`);
    expect(email).toMatch(/readOnly=""/i);
    expect(inputWith(html, 'name="customerName"')).toContain('value="Chiamaka Okafor"');
    const phone = inputWith(html, 'name="customerPhone"');
    for (const attribute of ['type="tel"', 'inputMode="tel"', 'autoComplete="tel"', 'required=""']) expect(phone).toContain(attribute);
  });

  it("show shipping as 'Free' with no delivery fee, and add the fee to the total when pricing has one", async () => {
    await addToCart(phones[0]!.id, 2);
    const subtotal = phones[0]!.price * 2;

    const free = (await page("/checkout")).html;
    expect(testIdText(free, "summary-subtotal")).toBe(formatNaira(subtotal));
    expect(testIdText(free, "summary-shipping")).toBe("Free");
    expect(testIdText(free, "summary-total")).toBe(formatNaira(subtotal));

    await setDeliveryFee(250_000);
    const charged = (await page("/checkout")).html;
    expect(testIdText(charged, "summary-shipping")).toBe("₦2,500");
    expect(testIdText(charged, "summary-total")).toBe(formatNaira(subtotal + 250_000));
  });

  it("leave the fee to the chosen state when states pay different fees, and show the state's fee when the form comes back", async () => {
    await addToCart(phones[0]!.id, 1);
    const subtotal = phones[0]!.price;
    await setDeliveryFee(400_000);
    await database.query("insert into delivery_state_fees (state, fee) values ('Lagos', 0), ('Kano', 550000)");
    try {
      const before = (await page("/checkout")).html;
      expect(testIdText(before, "summary-shipping")).toBe("Select your state");
      expect(testIdText(before, "summary-total")).toBe(`${formatNaira(subtotal)} + delivery`);
      expect(before).toContain("The delivery fee depends on your state. It is added to the total and confirmed on the next step, before you pay.");

      const refused = await placeWithoutScripts({ ...shipping, state: "Kano", customerPhone: "12345", productId: phones[0]!.id, [`quantity:${phones[0]!.id}`]: "1" });
      const html = await refused.text();
      expect(html).toContain("Shipping to Kano");
      expect(testIdText(html, "summary-shipping")).toBe("₦5,500");
      expect(testIdText(html, "summary-total")).toBe(formatNaira(subtotal + 550_000));
    } finally {
      await database.query("delete from delivery_state_fees");
      await setDeliveryFee(0);
    }
  });

  it("answer a form sent without scripts with the phone message under the field, keeping what was typed", async () => {
    await addToCart(phones[0]!.id, 1);
    const response = await placeWithoutScripts({ ...shipping, customerPhone: "12345", productId: phones[0]!.id, [`quantity:${phones[0]!.id}`]: "1" });
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toMatch(/id="checkout-customerPhone-error"[^>]*>Please enter a valid Nigerian phone number</);
    expect(inputWith(html, 'name="shippingAddress"')).toContain('value="12 Admiralty Way, Lekki Phase 1"');
    expect(inputWith(html, 'name="customerPhone"')).toContain('aria-invalid="true"');
  });

  it("place the ticked lines without scripts and send the buyer to the provider's payment page", async () => {
    await addToCart(phones[0]!.id, 2);
    await addToCart(phones[1]!.id, 1);
    await setDeliveryFee(150_000);
    const response = await placeWithoutScripts({
      ...shipping,
      productId: phones[0]!.id,
      [`quantity:${phones[0]!.id}`]: "2",
      [`quantity:${phones[1]!.id}`]: "1",
    });
    expect(response.status).toBe(302);
    const location = response.headers.get("location") ?? "";
    const [payment] = await database.query<{ access_code: string; amount: number; orders: number }>(
      `select metadata->>'access_code' as access_code, amount::int as amount, (select count(*)::int from orders o where o.payment_id = p.id) as orders
       from payments p where customer_id = $1 order by created_at desc limit 1`,
      [customerId],
    );
    expect(payment).toMatchObject({ amount: phones[0]!.price * 2 + 150_000, orders: 1 });
    expect(location).toMatch(new RegExp(`^https?://[^/]+/.*${payment!.access_code}$`));
  });

  it("refuse a form sent without scripts with nothing ticked", async () => {
    await addToCart(phones[0]!.id, 1);
    const response = await placeWithoutScripts({ ...shipping, [`quantity:${phones[0]!.id}`]: "1" });
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain("Please select at least one item to checkout");
    expect(inputWith(html, `value="${phones[0]!.id}"`)).not.toContain("checked");
  });

  it("say 'Up to 10 phones per order.' by Place Order, and refuse 11 phones, naming the limit and what to remove", async () => {
    await addToCart(phones[0]!.id, 1);
    expect((await page("/checkout")).html).toContain("Up to 10 phones per order.");
    expect((await page("/cart")).html).toContain("Up to 10 phones per order.");

    const three = await database.query<{ id: string }>(
      `update products set stock_quantity = 5 where id in (select id from products where status = 'approved' and is_live order by created_at limit 3) returning id`,
    );
    for (const [i, { id }] of three.entries()) await addToCart(id, i === 2 ? 1 : 5);
    const tooMany = "Up to 10 phones per order: you have chosen 11. Untick or remove 1 phone to place this order.";
    const checkout = (await page("/checkout")).html;
    expect(checkout).toContain(tooMany);
    expect(checkout).toMatch(/<button[^>]*disabled=""[^>]*>Place Order \(11 items\)<\/button>/);
    expect((await page("/cart")).html).toContain(tooMany);

    const before = await database.query("select id, stock_quantity from products order by id");
    const paymentsBefore = await database.query("select id from payments where customer_id = $1 order by id", [customerId]);
    const fields = checkoutForm(three.map(({ id }, i) => ({ productId: id, quantity: i === 2 ? 1 : 5 })), shipping);
    fields.set("intent", "place");
    const response = await fetch(`${app.base}/checkout`, {
      method: "POST",
      headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
      body: fields,
      redirect: "manual",
    });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain(tooMany);
    expect(await database.query("select id, stock_quantity from products order by id")).toEqual(before);
    expect(await database.query("select id from payments where customer_id = $1 order by id", [customerId])).toEqual(paymentsBefore);
  });

  it("change a line's quantity without scripts and come back to /checkout", async () => {
    await addToCart(phones[0]!.id, 1);
    const [line] = await database.query<{ id: string }>("select id from cart where customer_id = $1", [customerId]);
    // The checkout page's line forms post to the cart's action, which sends a browser without scripts back.
    const response = await fetch(`${app.base}/cart`, {
      method: "POST",
      headers: { Cookie: cookie, Accept: "text/html", Referer: `${app.base}/checkout`, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ intent: "quantity", itemId: line!.id, quantity: "2" }),
      redirect: "manual",
    });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/checkout");
    const [changed] = await database.query<{ quantity: number }>("select quantity from cart where id = $1", [line!.id]);
    expect(changed!.quantity).toBe(2);
  });

  it("say 'No payment reference found' when the return address carries no reference", async () => {
    const { status, html } = await page("/payment-success");
    expect(status).toBe(200);
    expect(html).toContain("No payment reference found");
    expect(html).not.toContain("Verifying your payment...");
  });

  it("verify from the server, never from the URL's status, and offer the check as a form without scripts", async () => {
    const { html } = await page("/payment-success?trxref=pay_1700000000000abc&status=success");
    expect(html).toContain("Verifying your payment...");
    expect(html).not.toContain("Payment Successful!");
    expect(html).toMatch(/<noscript>[\s\S]*name="reference" value="pay_1700000000000abc"[\s\S]*<\/noscript>/);
  });

  it("answer the no-script verification of an unknown reference with the failure view and its reasons", async () => {
    const response = await postForm(app.base, "/payment-success?reference=pay_unknown", { reference: "pay_unknown" }, { cookie });
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain("Payment Verification Failed");
    expect(html).toContain("We have no payment with this reference.");
    expect(html).toContain("Retry Verification");
    expect(html).not.toContain("Payment Successful!");
  });

  it("ask a signed-out visitor to sign in before verifying, keeping the reference", async () => {
    const response = await postForm(app.base, "/payment-success?reference=pay_someone", { reference: "pay_someone" });
    expect(response.status).toBe(401);
    const html = await response.text();
    expect(html).toContain("Payment Verification Failed");
    expect(html).toContain("Please sign in to verify this payment, then open this page again.");
    expect(html).toMatch(/<a[^>]*href="\/auth"[^>]*>Sign In<\/a>/);
    expect(html).toContain("pay_someone");
  });
});
