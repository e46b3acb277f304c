import { beforeAll, describe, expect, it } from "vitest";
import { DEMO_PASSWORD } from "../db/seed/demo-accounts";
import { listCustomerOrders } from "../domain/orders/customer";
import { cookiesFrom, flashOf, postAction, postForm, signInAs } from "../tests/support/app";
import { TEST_ENGINES } from "../tests/support/database";
import { useDemoApp } from "../tests/support/demo-app";

const DEMO_CUSTOMER = "customer@tokunbo.test";
const NOT_FOUND = "Order not found";
const SUBMITTED = "Thank you for your review! It will appear on the product page after approval.";

/** My Orders from the outside: the page and its review form, over real HTTP. */
describe.each(TEST_ENGINES)("my orders over HTTP (%s)", (engine) => {
  const { database, app } = useDemoApp(engine);
  let customer: string;
  let other: string;
  let otherEmail: string;

  const one = async <T>(sql: string, params: unknown[] = []) => (await database().query<T>(sql, params))[0] as T;
  const get = (url: string, cookie?: string) => fetch(`${app().base}${url}`, { redirect: "manual", headers: cookie ? { Cookie: cookie } : {} });
  const userIdOf = async (email: string) => (await one<{ id: string }>("select id from users where email = $1", [email])).id;
  const orderIdsOf = async (email: string) =>
    (await database().query<{ id: string }>("select o.id from orders o join users u on u.id = o.customer_id where u.email = $1 order by o.created_at desc, o.id desc", [email])).map((r) => r.id);

  /** A delivered order of the demo customer for a phone they have not reviewed, as tests may insert. */
  async function unreviewedDeliveredOrder(): Promise<string> {
    const row = await one<{ id: string }>(
      `insert into orders (customer_id, product_id, vendor_id, customer_name, customer_email, customer_phone, shipping_address, city, state,
         quantity, unit_price, total_amount, status)
       select u.id, p.id, p.vendor_id, 'Chiamaka Okafor', u.email, '+2348031234567', '5 Admiralty Way', 'Lekki', 'Lagos', 1, p.final_price, p.final_price, 'delivered'
       from users u, products p
       where u.email = $1 and p.status = 'approved'
         and not exists (select 1 from reviews r where r.customer_id = u.id and r.product_id = p.id)
         and not exists (select 1 from orders o where o.product_id = p.id and o.status = 'delivered')
       order by p.id limit 1 returning id`,
      [DEMO_CUSTOMER],
    );
    await database().query("insert into order_status_history (order_id, status) values ($1, 'pending'), ($1, 'delivered')", [row.id]);
    return row.id;
  }

  beforeAll(async () => {
    otherEmail = (await one<{ email: string }>(
      `select u.email from users u join orders o on o.customer_id = u.id where u.email <> $1 group by u.email order by count(*) desc, u.email limit 1`,
      [DEMO_CUSTOMER],
    )).email;
    customer = await signInAs(app().base, DEMO_CUSTOMER, DEMO_PASSWORD);
    other = await signInAs(app().base, otherEmail, DEMO_PASSWORD);
  });

  describe("the page", () => {
    it("sends a signed-out visitor to /auth", async () => {
      const response = await get("/orders");
      expect(response.status).toBe(302);
      expect(response.headers.get("location")).toBe("/auth");
      const posted = await postForm(app().base, "/orders", { intent: "review", orderId: (await orderIdsOf(DEMO_CUSTOMER))[0]!, rating: "5" });
      expect(posted.headers.get("location")).toBe("/auth");
    });

    it("shows the signed-in buyer their own order numbers and nobody else's, with the tab counts", async () => {
      const own = await orderIdsOf(DEMO_CUSTOMER);
      const others = (await database().query<{ id: string }>("select o.id from orders o join users u on u.id = o.customer_id where u.email <> $1", [DEMO_CUSTOMER])).map((r) => r.id);
      expect(own.length).toBeGreaterThan(5);
      expect(others.length).toBeGreaterThan(5);
      const response = await get("/orders", customer);
      expect(response.status).toBe(200);
      const html = await response.text();
      expect(html).toContain("My Orders");
      for (const id of own) expect(html).toContain(`Order #${id.slice(-8)}`);
      for (const id of others) expect(html).not.toContain(id.slice(-8));
      const counts = await one<{ all: number; active: number; delivered: number }>(
        `select count(*)::int "all", count(*) filter (where status not in ('delivered', 'cancelled', 'refunded'))::int active,
           count(*) filter (where status = 'delivered')::int delivered
         from orders o join users u on u.id = o.customer_id where u.email = $1`,
        [DEMO_CUSTOMER],
      );
      expect(html).toContain(`All (${counts.all})`);
      expect(html).toContain(`Active (${counts.active})`);
      expect(html).toContain(`Delivered (${counts.delivered})`);
      expect(html).toContain("Successful");
      expect(html).toContain("Payment confirmed, preparing your order");
    });

    it("opens a dialog from the address only for the buyer's own order", async () => {
      const delivered = await one<{ id: string; tracking: string }>(
        "select o.id, o.tracking_number tracking from orders o join users u on u.id = o.customer_id where u.email = $1 and o.status = 'delivered' limit 1",
        [DEMO_CUSTOMER],
      );
      const track = await (await get(`/orders?track=${delivered.id}`, customer)).text();
      expect(track).toContain("Track Order");
      expect(track).toContain(`Tracking number ${delivered.tracking}`);
      expect(track).toContain("Payment Confirmed");
      const details = await (await get(`/orders?details=${delivered.id}`, customer)).text();
      expect(details).toContain("Order Details");
      expect(details).toContain(delivered.id);
      const someoneElses = await (await get(`/orders?details=${delivered.id}`, other)).text();
      expect(someoneElses).not.toContain("Order Details");
      expect(someoneElses).not.toContain(delivered.id.slice(-8));
    });

    it("takes a review from the form without scripts, and answers a bad rating with its message", async () => {
      const orderId = await unreviewedDeliveredOrder();
      const form = await (await get(`/orders?review=${orderId}`, customer)).text();
      expect(form).toContain('name="rating"');
      const bad = await postForm(app().base, `/orders?review=${orderId}`, { intent: "review", orderId, rating: "9", comment: "Great" }, { cookie: customer });
      expect(bad.status).toBe(400);
      expect(await bad.text()).toContain("Choose a rating from 1 to 5 stars");
      const sent = await postForm(app().base, `/orders?review=${orderId}`, { intent: "review", orderId, rating: "4", comment: "  Neat phone.  " }, { cookie: customer });
      expect(sent.status).toBe(302);
      expect(sent.headers.get("location")).toBe("/orders");
      const landing = await (await get("/orders", `${customer}; ${cookiesFrom(sent)}`)).text();
      expect(landing).toContain(SUBMITTED);
      const review = await one<{ rating: number; comment: string; approved: boolean }>("select rating, comment, approved from reviews where order_id = $1", [orderId]);
      expect(review).toEqual({ rating: 4, comment: "Neat phone.", approved: false });
      expect(await (await get("/orders", customer)).text()).toContain("Already Reviewed");
    });
  });

  it("shows 'Unable to Load Orders' with Try Again when the orders cannot be read", async () => {
    await database().query("alter table order_status_history rename to order_status_history_away");
    try {
      const response = await get("/orders", customer);
      expect(response.status).toBe(500);
      const html = await response.text();
      expect(html).toContain("Unable to Load Orders");
      expect(html).toContain("Try Again");
    } finally {
      await database().query("alter table order_status_history_away rename to order_status_history");
    }
    expect((await get("/orders", customer)).status).toBe(200);
  });

  describe("the page's data and review action, as its script uses them", () => {
    it("lists the buyer's own orders newest first with consistent counts and histories", async () => {
      const { orders, counts } = await listCustomerOrders(database().db, await userIdOf(DEMO_CUSTOMER));
      expect(orders.map((o) => o.id)).toEqual(await orderIdsOf(DEMO_CUSTOMER));
      expect(counts).toEqual({
        all: orders.length,
        active: orders.filter((o) => !["delivered", "cancelled", "refunded"].includes(o.status)).length,
        delivered: orders.filter((o) => o.status === "delivered").length,
      });
      for (const order of orders) {
        expect(order.orderNumber).toBe(order.id.slice(-8));
        expect(order.history.at(-1)?.status).toBe(order.status);
      }
    });

    it("takes a review of a delivered order once, refusing other orders with their reasons", async () => {
      const orderId = await unreviewedDeliveredOrder();
      const pending = (await one<{ id: string }>("select o.id from orders o join users u on u.id = o.customer_id where u.email = $1 and o.status = 'pending' limit 1", [DEMO_CUSTOMER])).id;
      const review = (fields: Record<string, string>, cookie = customer) => postAction(app().base, "/orders", { intent: "review", ...fields }, cookie);
      const bad = await review({ orderId, rating: "0" });
      expect(bad.status).toBe(400);
      expect(JSON.stringify(bad.data)).toContain("Choose a rating from 1 to 5 stars");
      expect((await review({ orderId, rating: "5", comment: "x".repeat(1001) })).status).toBe(400);
      const refusal = async (fields: Record<string, string>, cookie?: string) => flashOf(await postForm(app().base, "/orders", { intent: "review", ...fields }, { cookie: cookie ?? customer }));
      expect(await refusal({ orderId, rating: "5" }, other)).toMatchObject({ kind: "error", description: NOT_FOUND });
      expect((await review({ orderId: "nope", rating: "5" })).status).toBe(400);
      expect(await refusal({ orderId: pending, rating: "5" })).toMatchObject({ kind: "error", description: "You can review an order once it has been delivered." });

      const sent = await postForm(app().base, "/orders", { intent: "review", orderId, rating: "5", comment: "Battery still strong." }, { cookie: customer });
      expect(flashOf(sent)).toMatchObject({ kind: "success", title: SUBMITTED });
      expect(await refusal({ orderId, rating: "3" })).toMatchObject({ kind: "error", description: "You have already reviewed this product." });
      const activity = await one<{ n: number }>("select count(*)::int n from user_activities where activity_type = 'review_submitted' and metadata ->> 'order_id' = $1", [orderId]);
      expect(activity.n).toBe(1);
      const listed = (await listCustomerOrders(database().db, await userIdOf(DEMO_CUSTOMER))).orders.find((order) => order.id === orderId);
      expect(listed?.reviewed).toBe(true);
    });
  });
});
