import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, formatLagosDateTime, lagosToday } from "../lib/lagos-time";
import type { DatabaseHandle } from "../db/client";
import { ACCESS_TEXTS } from "../domain/core/access";
import { ADMIN_MANAGEMENT_TEXTS } from "../domain/accounts/admin-management-validation";
import { PREAPPROVAL_TEXTS } from "../domain/vendors/preapproval-field-validation";
import { CMS_TEXTS } from "../domain/cms/validation";
import { ORDER_STATUS_TEXTS } from "../domain/orders/status";
import { MANUAL_PAYMENT_TEXTS } from "../domain/payments/manual-validation";
import { MODERATION_TEXTS } from "../domain/catalog/moderation-validation";
import { PRICING_TEXTS } from "../domain/pricing/validation";
import { FORM_TEXTS } from "../app/server/forms.server";
import { formatNaira } from "../lib/money";
import { INSPECTION_POINTS, ORDER_STATUSES, type OrderStatus, PAYMENT_FAILED_LABEL } from "../lib/constants";
import { TEST_ENGINES } from "../tests/support/database";
import { postForm } from "../tests/support/app";
import { type DemoApp, signInDemoAccounts, startDemoApp } from "../tests/support/demo-app";

/**
 * The admin order menu, written out here independently of the code: docs/admin.md without
 * 'Paid' (only a payment pays, docs/admin.md) and without processing an unpaid order.
 */
const SPEC_MENU: Record<OrderStatus, readonly OrderStatus[]> = {
  pending: [],
  paid: [],
  processing: ["paid"],
  shipped: ["paid", "processing"],
  delivered: ["shipped"],
  cancelled: ["pending", "paid", "processing", "shipped"],
  refunded: [],
};

/** A valid pricing form: each bad-input case changes one field. */
const PRICING_FORM = { markupPercentage: "5", commissionRate: "10", deliveryFeeNaira: "0", warrantyDays: "30", autoDeliverAfterDays: "14", returnWindowDays: "7", payoutWeekday: "5", payoutMinimumNaira: "5000" };

const inDays = (days: number) => addDays(lagosToday(), days);

/** Admin, CMS and super admin from the outside: real HTTP requests against the whole app. */
describe.each(TEST_ENGINES)("operations (%s)", (engine) => {
  let database: DatabaseHandle;
  let app: DemoApp;
  const session: Record<"customer" | "vendor" | "admin" | "superAdmin", string> = { customer: "", vendor: "", admin: "", superAdmin: "" };

  const one = async <T>(sql: string, params: unknown[] = []) => (await database.query<T>(sql, params))[0] as T;
  const activityCount = async (type: string) =>
    (await one<{ n: number }>("select count(*)::int n from user_activities where activity_type = $1", [type])).n;
  const post = (url: string, fields: Record<string, string>, cookie?: string) =>
    fetch(`${app.base}${url}`, {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Accept: "application/json", ...(cookie ? { Cookie: cookie } : {}) },
      body: new URLSearchParams(fields),
    });
  const postMultipart = (url: string, form: FormData, cookie: string) =>
    fetch(`${app.base}${url}`, { method: "POST", redirect: "manual", headers: { Cookie: cookie }, body: form });

  beforeAll(async () => {
    app = await startDemoApp(engine);
    database = app.database;
    Object.assign(session, await signInDemoAccounts(app.base));
  });
  afterAll(() => app?.close());

  describe("access", () => {
    const actions = async () => {
      const order = await one<{ id: string }>("select id from orders where status = 'paid' limit 1");
      const vendor = await one<{ id: string }>("select id from vendors where status = 'pending' limit 1");
      const product = await one<{ id: string }>("select id from products where status = 'pending' limit 1");
      const review = await one<{ id: string }>("select id from reviews limit 1");
      const field = await one<{ id: string }>("select id from vendor_preapproval_fields limit 1");
      const adminRole = await one<{ id: string }>("select id from user_roles where role = 'admin' limit 1");
      return [
        ["/admin/vendors", { vendorId: vendor.id, status: "approved" }],
        ["/admin/products", { productId: product.id, decision: "approve" }],
        ["/admin/orders", { orderId: order.id, status: "processing" }],
        ["/admin/reviews", { reviewId: review.id, decision: "approve" }],
        ["/admin/preapproval-fields", { intent: "add", fieldName: "sneaky_field", fieldLabel: "Sneaky", fieldType: "text", fieldOrder: "1" }],
        ["/admin/preapproval-fields", { intent: "toggle", fieldId: field.id, active: "false" }],
        ["/admin/preapproval-fields", { intent: "delete", fieldId: field.id }],
        ["/admin/pricing", { markupPercentage: "50", commissionRate: "10", deliveryFeeNaira: "0", warrantyDays: "30", autoDeliverAfterDays: "14", returnWindowDays: "7", payoutWeekday: "5", payoutMinimumNaira: "5000" }],
        ["/cms?tab=top_banner", { section: "top_banner", text: "Hacked", background_color: "#000000", text_color: "#ffffff" }],
        ["/super-admin?tab=admins", { intent: "remove", roleId: adminRole.id }],
      ] as const;
    };
    const unchanged = async () => ({
      activities: (await one<{ n: number }>("select count(*)::int n from user_activities")).n,
      pricing: await one<{ m: number }>("select default_markup_percentage::float m from admin_pricing_config"),
      fields: (await one<{ n: number }>("select count(*)::int n from vendor_preapproval_fields where active")).n,
    });

    it("answers 403 to a customer and a vendor on every admin and CMS action, 401 when signed out, and changes nothing", async () => {
      const before = await unchanged();
      for (const [url, fields] of await actions()) {
        for (const who of ["customer", "vendor"] as const) {
          const response = await post(url, fields, session[who]);
          expect(response.status, `${who} ${url}`).toBe(403);
          expect(await response.text()).toContain(url.startsWith("/cms") || url.startsWith("/super") ? "" : ACCESS_TEXTS.forbidden);
        }
        expect((await post(url, fields)).status, `signed out ${url}`).toBe(401);
      }
      // Admin management is the super admin's alone.
      const [, removal] = (await actions()).at(-1)!;
      expect((await post("/super-admin?tab=admins", removal, session.admin)).status).toBe(403);
      expect(await unchanged()).toEqual(before);
    });

    it("keeps the pages and exports to admins: others are sent away, and the exports answer 401/403", async () => {
      for (const page of ["/admin", "/cms"]) {
        const signedOut = await fetch(`${app.base}${page}`, { redirect: "manual" });
        expect(signedOut.headers.get("location")).toBe("/auth");
        for (const who of ["customer", "vendor"] as const) {
          const response = await fetch(`${app.base}${page}`, { redirect: "manual", headers: { Cookie: session[who] } });
          expect(response.headers.get("location"), `${who} ${page}`).toBe("/");
        }
        expect((await fetch(`${app.base}${page}`, { headers: { Cookie: session.admin } })).status).toBe(200);
      }
      for (const kind of ["orders", "payments"]) {
        expect((await fetch(`${app.base}/admin/export/${kind}`)).status).toBe(401);
        expect((await fetch(`${app.base}/admin/export/${kind}`, { headers: { Cookie: session.vendor } })).status).toBe(403);
      }
      const page = await fetch(`${app.base}/super-admin`, { headers: { Cookie: session.admin } });
      expect(page.status).toBe(403);
      expect(await page.text()).toContain("You don&#x27;t have permission to access this page.");
    });
  });

  describe("order status menu", () => {
    it("allows exactly the moves of the menu, for every from × to pair, even when called directly; 'Paid' never", async () => {
      const order = await one<{ id: string; customer_id: string }>("select id, customer_id from orders where status = 'paid' order by id limit 1");
      const counts = async () =>
        one<{ notes: number; events: number }>(
          `select (select count(*)::int from notifications where user_id = $1) notes,
                  (select count(*)::int from live_events where user_id = $1 and kind = 'order.updated') events`,
          [order.customer_id],
        );
      for (const from of ORDER_STATUSES) {
        for (const to of ORDER_STATUSES) {
          await database.query("update orders set status = $1 where id = $2", [from, order.id]);
          const before = await counts();
          const response = await post(
            "/admin/orders",
            { intent: "status", orderId: order.id, status: to, carrier: "GIG Logistics", trackingNumber: "GIGL-1234567", estimatedDeliveryDate: inDays(3), confirmCancel: "yes" },
            session.admin,
          );
          const allowed = SPEC_MENU[to].includes(from);
          const body = (await response.json()) as { ok: boolean; message: string; detail?: string };
          const { status } = await one<{ status: string }>("select status from orders where id = $1", [order.id]);
          const after = await counts();
          if (allowed) {
            expect(response.status, `${from} → ${to}`).toBe(200);
            expect(body.message).toBe(`Order status updated to ${to}`);
            expect(status).toBe(to);
            expect(after).toEqual({ notes: before.notes + 1, events: before.events + 1 });
          } else if (to === "paid") {
            expect(response.status, `${from} → ${to}`).toBe(400);
            expect(body.detail).toBe(ORDER_STATUS_TEXTS.paidByPaymentOnly);
            expect(status).toBe(from);
            expect(after).toEqual(before);
          } else {
            expect(response.status, `${from} → ${to}`).toBe(409);
            expect(body.detail).toBe(ORDER_STATUS_TEXTS.refused(from, to));
            expect(status).toBe(from);
            expect(after).toEqual(before);
          }
        }
      }
    });

    it("needs a tracking number and a delivery date to mark shipped, and tells the buyer both", async () => {
      const order = await one<{ id: string; customer_id: string }>("select id, customer_id from orders where status = 'processing' order by id limit 1");
      const refused = await post("/admin/orders", { orderId: order.id, status: "shipped" }, session.admin);
      expect(refused.status).toBe(400);
      expect(await refused.json()).toMatchObject({ fieldErrors: { carrier: ORDER_STATUS_TEXTS.carrierRequired, trackingNumber: ORDER_STATUS_TEXTS.trackingRequired, estimatedDeliveryDate: ORDER_STATUS_TEXTS.deliveryDateRequired } });
      const past = await post("/admin/orders", { orderId: order.id, status: "shipped", carrier: "Red Star Express", trackingNumber: "RSX-7788", estimatedDeliveryDate: inDays(-2) }, session.admin);
      expect((await past.json()).fieldErrors.estimatedDeliveryDate).toBe(ORDER_STATUS_TEXTS.deliveryDatePast);
      expect((await post("/admin/orders", { orderId: "not-an-id", status: "shipped" }, session.admin)).status).toBe(400);

      const eta = inDays(4);
      const shipped = await post("/admin/orders", { orderId: order.id, status: "shipped", carrier: "Other", carrierName: "Ikeja Dispatch", trackingNumber: "RSX-7788", estimatedDeliveryDate: eta }, session.admin);
      expect(shipped.status).toBe(200);
      expect(await one("select status, carrier, tracking_number, estimated_delivery_date::text eta, shipped_at is not null shipped from orders where id = $1", [order.id])).toEqual({
        status: "shipped",
        carrier: "Ikeja Dispatch",
        tracking_number: "RSX-7788",
        eta,
        shipped: true,
      });
      const note = await one<{ title: string; message: string }>(
        "select title, message from notifications where user_id = $1 order by created_at desc limit 1",
        [order.customer_id],
      );
      expect(note.title).toBe("Order shipped");
      expect(note.message).toContain("RSX-7788");
      const event = await one<{ payload: { orderId: string; status: string } }>(
        "select payload from live_events where user_id = $1 and kind = 'order.updated' order by id desc limit 1",
        [order.customer_id],
      );
      expect(event.payload).toEqual({ orderId: order.id, status: "shipped" });
    });

    it("gives a cancelled order's phones back to the stock and flags money already taken for a refund", async () => {
      const order = await one<{ id: string; product_id: string; quantity: number; payment_id: string }>(
        "select o.id, o.product_id, o.quantity, o.payment_id from orders o join payments p on p.id = o.payment_id where o.status = 'paid' and p.status = 'successful' order by o.id desc limit 1",
      );
      const stock = async () => (await one<{ s: number }>("select stock_quantity s from products where id = $1", [order.product_id])).s;
      const before = await stock();
      const unconfirmed = await post("/admin/orders", { orderId: order.id, status: "cancelled" }, session.admin);
      expect(unconfirmed.status).toBe(400);
      expect(await unconfirmed.json()).toMatchObject({ fieldErrors: { confirmCancel: ORDER_STATUS_TEXTS.confirmCancel } });
      expect(await stock()).toBe(before);
      expect((await post("/admin/orders", { orderId: order.id, status: "cancelled", confirmCancel: "yes" }, session.admin)).status).toBe(200);
      expect(await stock()).toBe(before + order.quantity);
      expect(await one("select flagged_for_refund f from payments where id = $1", [order.payment_id])).toEqual({ f: true });
    });
  });

  describe("payments received outside Paystack", () => {
    it("records one for an unpaid order: paid once, the admin named in the log; wrong amounts, methods and intents are refused", async () => {
      const order = await one<{ id: string; total: number }>("select id, total_amount::int total from orders where status = 'pending' order by id limit 1");
      const fields = { intent: "record-payment", orderId: order.id, method: "pos", reference: "POS-889", amountNaira: String(order.total / 100), note: "Paid at the counter" };
      const before = await activityCount("manual_payment_recorded");

      const wrong = await post("/admin/orders", { ...fields, amountNaira: String(order.total / 100 + 1) }, session.admin);
      expect(wrong.status).toBe(400);
      const amountNotTotal = MANUAL_PAYMENT_TEXTS.amountNotTotal(formatNaira(order.total));
      expect(await wrong.json()).toMatchObject({ message: MANUAL_PAYMENT_TEXTS.failed, detail: amountNotTotal, fieldErrors: { amountNaira: amountNotTotal } });
      const method = await post("/admin/orders", { ...fields, method: "card" }, session.admin);
      expect(method.status).toBe(400);
      expect(await method.json()).toMatchObject({ fieldErrors: { method: MANUAL_PAYMENT_TEXTS.method } });
      const unknown = await post("/admin/orders", { ...fields, intent: "pay" }, session.admin);
      expect(unknown.status).toBe(400);
      expect(await unknown.json()).toMatchObject({ detail: FORM_TEXTS.unknownIntent });
      expect(await one("select status from orders where id = $1", [order.id])).toEqual({ status: "pending" });

      const recorded = await post("/admin/orders", fields, session.admin);
      expect(recorded.status).toBe(200);
      expect(await recorded.json()).toMatchObject({ ok: true, message: MANUAL_PAYMENT_TEXTS.recorded(order.id.slice(-8)) });
      expect(await one("select o.status, p.payment_gateway, p.payment_method, p.gateway_reference, p.note from orders o join payments p on p.id = o.payment_id where o.id = $1", [order.id]))
        .toEqual({ status: "paid", payment_gateway: "manual", payment_method: "pos", gateway_reference: "POS-889", note: "Paid at the counter" });
      expect(await activityCount("manual_payment_recorded")).toBe(before + 1);
      const admin = await one<{ name: string }>("select p.full_name name from profiles p join users u on u.id = p.user_id where u.email = 'admin@tokunbo.test'");
      expect(await one("select activity_description d from user_activities where activity_type = 'manual_payment_recorded' order by created_at desc limit 1"))
        .toEqual({ d: `${admin.name} recorded a POS payment of ${formatNaira(order.total)} for order #${order.id.slice(-8)} (reference POS-889)` });

      const again = await post("/admin/orders", fields, session.admin);
      expect(again.status).toBe(409);
      expect(await activityCount("manual_payment_recorded")).toBe(before + 1);
      const payments = await (await fetch(`${app.base}/admin?tab=payments`, { headers: { Cookie: session.admin } })).text();
      expect(payments).toContain(MANUAL_PAYMENT_TEXTS.recordedBy(admin.name));
      expect(payments).toContain("Paid at the counter");
    });
  });

  describe("test money and failed payments", () => {
    it("labels test payments and their orders 'Test', in the tabs, the sales summary and both exports, and shows 'Payment failed'", async () => {
      const order = await one<{ id: string; payment_id: string; total: number }>(
        `select o.id, o.payment_id, o.total_amount::int total from orders o join payments p on p.id = o.payment_id
         where o.status = 'paid' and p.payment_gateway = 'paystack' and o.created_at > now() - interval '25 days' order by o.created_at desc limit 1`);
      await database.query("update payments set is_test = true where id = $1", [order.payment_id]);
      const failed = await one<{ id: string; payment_id: string }>("select id, payment_id from orders where status = 'pending' and payment_id is not null order by created_at desc limit 1");
      // Demo payments are test payments: this one is made a real one, so its row shows no 'Test'.
      await database.query("update payments set status = 'failed', is_test = false where id = $1", [failed.payment_id]);
      const page = async (query: string) => (await fetch(`${app.base}/admin?${query}`, { headers: { Cookie: session.admin } })).text();

      const summary = await page("tab=orders&status=paid");
      expect(/>Test<\/span> (<!-- -->)?₦[\d,.]+(<!-- -->)? of the revenue was paid in test mode\./.test(summary), "the sales summary marks test money").toBe(true);
      expect(summary).toContain(">Test</span>");
      expect(await page("tab=payments")).toContain(">Test</span>");
      const pending = await page("tab=orders&status=pending");
      expect(pending).toContain(`>${PAYMENT_FAILED_LABEL}</span>`);

      const orders = await (await fetch(`${app.base}/admin/export/orders`, { headers: { Cookie: session.admin } })).text();
      expect(orders.split("\r\n").find((line) => line.startsWith(order.id))).toMatch(/,Successful,Test,paystack,/);
      expect(orders.split("\r\n").find((line) => line.startsWith(failed.id))).toContain(`,${PAYMENT_FAILED_LABEL},,paystack,`);
      const payments = await (await fetch(`${app.base}/admin/export/payments`, { headers: { Cookie: session.admin } })).text();
      expect(payments.split("\r\n").find((line) => line.startsWith(order.payment_id))).toMatch(/,Test,,$/);
      await database.query("update payments set is_test = false where id = $1", [order.payment_id]);
    });
  });

  describe("inspection and the approved comparison price", () => {
    it("marks a listing inspected only with the whole checklist ticked, and approves with the comparison price chosen", async () => {
      const product = await one<{ id: string; name: string }>("select id, name from products where status = 'approved' and not admin_inspected order by id limit 1");
      const inspect = (points: readonly string[]) =>
        fetch(`${app.base}/admin/products`, {
          method: "POST",
          headers: { "Content-Type": "application/x-www-form-urlencoded", Accept: "application/json", Cookie: session.admin },
          body: new URLSearchParams([["intent", "inspect"], ["productId", product.id], ...points.map((point) => ["point", point])]),
        });
      const partial = await inspect(INSPECTION_POINTS.slice(0, 10));
      expect(partial.status).toBe(400);
      expect(await partial.json()).toMatchObject({ message: MODERATION_TEXTS.inspectFailed, detail: MODERATION_TEXTS.incomplete(10, 15) });
      expect(await one("select admin_inspected from products where id = $1", [product.id])).toEqual({ admin_inspected: false });
      const before = await activityCount("product_inspected");
      const whole = await inspect(INSPECTION_POINTS);
      expect(whole.status).toBe(200);
      expect(await whole.json()).toMatchObject({ ok: true, message: MODERATION_TEXTS.inspected });
      expect(await one("select p.admin_inspected, u.email from products p join users u on u.id = p.inspected_by where p.id = $1", [product.id]))
        .toEqual({ admin_inspected: true, email: "admin@tokunbo.test" });
      expect(await activityCount("product_inspected")).toBe(before + 1);

      const pending = await one<{ id: string; suggested: number }>("select id, suggested_price::int suggested from products where status = 'pending' order by id desc limit 1");
      const low = await post("/admin/products", { intent: "decide", productId: pending.id, decision: "approve", compareSource: "custom", comparePriceNaira: "1" }, session.admin);
      expect(low.status).toBe(400);
      const badPrice = await post("/admin/products", { intent: "decide", productId: pending.id, decision: "approve", finalPriceNaira: "0" }, session.admin);
      expect(badPrice.status).toBe(400);
      expect(await badPrice.json()).toMatchObject({ detail: MODERATION_TEXTS.finalPrice });
      expect(await one("select status from products where id = $1", [pending.id])).toEqual({ status: "pending" });
      const finalNaira = Math.floor(pending.suggested / 100) - 6_000;
      const approved = await post("/admin/products", { intent: "decide", productId: pending.id, decision: "approve", finalPriceNaira: finalNaira.toLocaleString("en-NG") }, session.admin);
      expect(approved.status).toBe(200);
      expect(await one("select status, final_price::int, compare_price from products where id = $1", [pending.id]))
        .toEqual({ status: "approved", final_price: finalNaira * 100, compare_price: null });
    });
  });

  describe("every admin action writes an activity", () => {
    const expectRecorded = async (type: string, act: () => Promise<Response>, status = 200) => {
      const before = await activityCount(type);
      const response = await act();
      expect(response.status, type).toBe(status);
      expect(await activityCount(type), type).toBe(before + 1);
      return response;
    };

    it("vendors, products, reviews, pricing, pre-approval fields, CMS and admin roles", async () => {
      const vendor = await one<{ id: string }>("select id from vendors where status = 'pending' limit 1");
      await expectRecorded("vendor_approved", () => post("/admin/vendors", { vendorId: vendor.id, status: "approved" }, session.admin));
      expect(await one("select v.verified, (select role from user_roles r where r.user_id = v.user_id order by assigned_at desc limit 1) role from vendors v where v.id = $1", [vendor.id]))
        .toEqual({ verified: true, role: "vendor" });

      const pricing = await expectRecorded("pricing_updated", () =>
        post("/admin/pricing", {
          markupPercentage: "12.5", commissionRate: "8", deliveryFeeNaira: "2,500", warrantyDays: "90", autoDeliverAfterDays: "21", returnWindowDays: "10", payoutWeekday: "2", payoutMinimumNaira: "₦7,500.50",
        }, session.admin));
      expect(await pricing.json()).toMatchObject({ ok: true, message: PRICING_TEXTS.updated });
      expect(await one(`select default_markup_percentage::float m, default_commission_rate::float c, delivery_fee::int d, warranty_days w, auto_deliver_after_days a,
        return_window_days r, payout_weekday pw, payout_minimum::int pm from admin_pricing_config`))
        .toEqual({ m: 12.5, c: 8, d: 250_000, w: 90, a: 21, r: 10, pw: 2, pm: 750_050 });
      expect(await one("select activity_description d from user_activities where activity_type = 'pricing_updated' order by created_at desc limit 1"))
        .toEqual({ d: "Set markup 12.5%, commission 8%, delivery fee ₦2,500, warranty 90 days, delivered automatically 21 days after shipping, returns within 10 days of delivery, payout day Tuesday, minimum payout ₦7,500.5" });

      const [pending, other] = await database.query<{ id: string; suggested_price: number }>(
        "select id, suggested_price::int suggested_price from products where status = 'pending' order by id limit 2",
      );
      await expectRecorded("product_approved", () => post("/admin/products", { productId: pending!.id, decision: "approve" }, session.admin));
      expect(await one("select status, final_price::int final from products where id = $1", [pending!.id]))
        .toEqual({ status: "approved", final: Math.floor(pending!.suggested_price * 1.125 + 0.5) });
      await expectRecorded("product_rejected", () => post("/admin/products", { productId: other!.id, decision: "reject", reason: "Photos do not match the grade" }, session.admin));

      const review = await one<{ id: string; product_id: string }>("select id, product_id from reviews where not approved limit 1");
      const rating = () => one<{ count: number }>("select review_count count from products where id = $1", [review.product_id]);
      const ratingBefore = await rating();
      await expectRecorded("review_approved", () => post("/admin/reviews", { reviewId: review.id, decision: "approve" }, session.admin));
      expect((await rating()).count).toBe(ratingBefore.count + 1);
      await expectRecorded("review_rejected", () => post("/admin/reviews", { reviewId: review.id, decision: "reject" }, session.admin));
      expect((await rating()).count).toBe(ratingBefore.count);

      const added = await expectRecorded("preapproval_field_added", () =>
        post("/admin/preapproval-fields", { intent: "add", fieldName: "store_photo", fieldLabel: "Photo of your store", fieldType: "file", fieldOrder: "9", required: "on" }, session.admin));
      expect(await added.json()).toMatchObject({ message: PREAPPROVAL_TEXTS.added });
      const field = await one<{ id: string }>("select id from vendor_preapproval_fields where field_name = 'store_photo'");
      const toggled = await expectRecorded("preapproval_field_deactivated", () =>
        post("/admin/preapproval-fields", { intent: "toggle", fieldId: field.id, active: "false" }, session.admin));
      expect(await toggled.json()).toMatchObject({ message: PREAPPROVAL_TEXTS.deactivated });
      const deleted = await expectRecorded("preapproval_field_deleted", () =>
        post("/admin/preapproval-fields", { intent: "delete", fieldId: field.id }, session.admin));
      expect(await deleted.json()).toMatchObject({ message: PREAPPROVAL_TEXTS.deleted });

      const banner = await expectRecorded("cms_updated", () =>
        postForm(app.base, "/cms?tab=top_banner", { section: "top_banner", enabled: "on", text: "Naija deals all week", preset: "Success", background_color: "#000000", text_color: "#000000", link_url: "/shop", link_text: "Shop", dismissible: "on" }, { cookie: session.admin }));
      expect(await banner.text()).toContain(CMS_TEXTS.topBannerUpdated);
      expect(await one("select content->>'text' t, content->>'background_color' bg from cms_content where section = 'top_banner'"))
        .toEqual({ t: "Naija deals all week", bg: "#15803d" });
      expect(await (await fetch(`${app.base}/`)).text()).toContain("Naija deals all week");

      const assigned = await expectRecorded("admin_role_assigned", () =>
        postForm(app.base, "/super-admin?tab=admins", { intent: "assign", identifier: "emeka.nwosu@tokunbo.test" }, { cookie: session.superAdmin }));
      expect(await assigned.text()).toContain(ADMIN_MANAGEMENT_TEXTS.assigned);
      const role = await one<{ id: string }>("select r.id from user_roles r join users u on u.id = r.user_id where u.email = 'emeka.nwosu@tokunbo.test' and r.role = 'admin'");
      const removed = await expectRecorded("admin_role_removed", () =>
        postForm(app.base, "/super-admin?tab=admins", { intent: "remove", roleId: role.id }, { cookie: session.superAdmin }));
      expect(await removed.text()).toContain(ADMIN_MANAGEMENT_TEXTS.removed);
    });

    it("refuses bad input with 4xx and a message, writing nothing", async () => {
      const before = (await one<{ n: number }>("select count(*)::int n from user_activities")).n;
      const cases: Array<[string, Record<string, string>, string]> = [
        ["/admin/pricing", { ...PRICING_FORM, markupPercentage: "101" }, PRICING_TEXTS.markup],
        ["/admin/pricing", { ...PRICING_FORM, markupPercentage: "" }, PRICING_TEXTS.markup],
        ["/admin/pricing", { ...PRICING_FORM, commissionRate: "51" }, PRICING_TEXTS.commission],
        ["/admin/pricing", { ...PRICING_FORM, deliveryFeeNaira: "-1" }, PRICING_TEXTS.deliveryFee],
        ...["0", "366", "7.5", "", "thirty"].map((days): [string, Record<string, string>, string] =>
          ["/admin/pricing", { ...PRICING_FORM, warrantyDays: days }, PRICING_TEXTS.warrantyDays]),
        ["/admin/pricing", { markupPercentage: "5", commissionRate: "10", deliveryFeeNaira: "0" }, PRICING_TEXTS.warrantyDays],
        ...["0", "61", "2.5", ""].map((days): [string, Record<string, string>, string] =>
          ["/admin/pricing", { ...PRICING_FORM, autoDeliverAfterDays: days }, PRICING_TEXTS.autoDeliverAfterDays]),
        ...["-1", "31", "3.5", "", "seven"].map((days): [string, Record<string, string>, string] =>
          ["/admin/pricing", { ...PRICING_FORM, returnWindowDays: days }, PRICING_TEXTS.returnWindowDays]),
        ...["7", "-1", "1.5", "", "Friday"].map((day): [string, Record<string, string>, string] =>
          ["/admin/pricing", { ...PRICING_FORM, payoutWeekday: day }, PRICING_TEXTS.payoutWeekday]),
        ...["99.99", "1000000.01", "0", "", "5000.001", "five thousand"].map((naira): [string, Record<string, string>, string] =>
          ["/admin/pricing", { ...PRICING_FORM, payoutMinimumNaira: naira }, PRICING_TEXTS.payoutMinimum]),
        ["/admin/preapproval-fields", { intent: "add", fieldName: "Bad Name", fieldLabel: "x", fieldType: "text", fieldOrder: "1" }, PREAPPROVAL_TEXTS.fieldName],
        ["/admin/preapproval-fields", { intent: "add", fieldName: "ok_name", fieldLabel: "", fieldType: "text", fieldOrder: "1" }, PREAPPROVAL_TEXTS.fieldLabel],
        ["/admin/preapproval-fields", { intent: "add", fieldName: "cac_registration_number", fieldLabel: "Again", fieldType: "text", fieldOrder: "1" }, PREAPPROVAL_TEXTS.duplicate],
        ["/admin/reviews", { reviewId: "00000000-0000-4000-8000-000000000000", decision: "approve" }, "Review not found"],
      ];
      for (const [url, fields, message] of cases) {
        const response = await post(url, fields, session.admin);
        expect(response.status, `${url} ${message}`).toBeGreaterThanOrEqual(400);
        expect(response.status).toBeLessThan(500);
        expect(((await response.json()) as { detail: string }).detail).toBe(message);
      }
      const cms = await postForm(app.base, "/cms?tab=home_banner", { section: "home_banner", autoplay_seconds: "31", "slides.0.title": "Hi" }, { cookie: session.admin });
      expect(cms.status).toBe(400);
      expect(await cms.text()).toContain(CMS_TEXTS.seconds);
      const colour = await postForm(app.base, "/cms?tab=branding", { section: "branding", site_name: "Shop", primary_color: "red" }, { cookie: session.admin });
      expect(colour.status).toBe(400);
      expect((await one<{ n: number }>("select count(*)::int n from user_activities")).n).toBe(before);
    });
  });

  describe("branding", () => {
    it("stores an SVG logo without its script, served as an image that cannot run script", async () => {
      const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10" onload="alert(1)"><script>alert(document.cookie)</script><circle cx="5" cy="5" r="4" fill="#FF4500"/><a href="javascript:alert(2)"><rect width="1" height="1"/></a></svg>`;
      const form = new FormData();
      form.set("section", "branding");
      form.set("site_name", "Lagos Phone Hub");
      form.set("primary_color", "#0a7d33");
      form.set("whatsapp_number", "+2348031234567");
      form.set("logo_url", "");
      form.set("logo_url__file", new Blob([svg], { type: "image/png" }), "logo.png");
      const response = await postMultipart("/cms?tab=branding", form, session.admin);
      expect(response.status).toBe(200);
      const { url } = await one<{ url: string }>("select content->>'logo_url' url from cms_content where section = 'branding'");
      expect(url).toMatch(/^\/uploads\/cms\/branding\/[a-f0-9]{32}\.svg$/);
      const served = await fetch(`${app.base}${url}`);
      expect(served.headers.get("content-type")).toContain("image/svg+xml");
      expect(served.headers.get("content-security-policy")).toContain("sandbox");
      const stored = await served.text();
      expect(stored).toContain("<circle");
      expect(stored.toLowerCase()).not.toContain("script");
      expect(stored).not.toContain("onload");
      expect(stored).not.toContain("javascript:");

      const home = await (await fetch(`${app.base}/`)).text();
      expect(home).toContain("Lagos Phone Hub");
      expect(home).toContain("--color-brand:#0a7d33");
    });

    it("refuses a logo that is not JPEG, PNG or SVG, or is over 2,097,152 bytes", async () => {
      const upload = async (bytes: Uint8Array<ArrayBuffer> | string) => {
        const form = new FormData();
        form.set("section", "branding");
        form.set("site_name", "Lagos Phone Hub");
        form.set("primary_color", "#0a7d33");
        form.set("logo_url__file", new Blob([bytes]), "logo.svg");
        return postMultipart("/cms?tab=branding", form, session.admin);
      };
      const gif = await upload("GIF89a not really");
      expect(gif.status).toBe(400);
      expect(await gif.text()).toContain(CMS_TEXTS.logoType);
      const big = new Uint8Array(2_097_153);
      big.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
      const tooBig = await upload(big);
      expect(tooBig.status).toBe(400);
      expect(await tooBig.text()).toContain(CMS_TEXTS.logoSize);
    });
  });

  describe("CSV export", () => {
    it("exports every order with escaping and formula guarding", async () => {
      const order = await one<{ id: string }>("select id from orders order by created_at desc limit 1");
      await database.query(`update orders set customer_name = $1, delivery_notes = 'x' where id = $2`, ['=HYPERLINK("http://evil","Click"), "Ade"', order.id]);
      const started = performance.now();
      const response = await fetch(`${app.base}/admin/export/orders`, { headers: { Cookie: session.admin } });
      const bytes = Buffer.from(await response.arrayBuffer());
      const ms = performance.now() - started;
      expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const csv = bytes.toString("utf8").replace(/^\uFEFF/, "");
      expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
      expect(response.headers.get("content-disposition")).toMatch(/^attachment; filename="tokunbo-orders-\d{4}-\d{2}-\d{2}\.csv"$/);
      const lines = csv.trimEnd().split("\r\n");
      const { n } = await one<{ n: number }>("select count(*)::int n from orders");
      expect(lines).toHaveLength(n + 1);
      expect(lines[0]).toMatch(/^Order ID,Order number,Placed at,Status/);
      // Placed at as the screens show it, in Lagos time.
      const newest = await one<{ id: string; created_at: Date }>("select id, created_at from orders order by created_at desc, id desc limit 1");
      expect(lines[1]).toMatch(new RegExp(`^${newest.id},\\w+,"${formatLagosDateTime(newest.created_at)}",`));
      expect(lines[0]).toMatch(/,Warranty,.*,Payment reference,Payment status,Test,Payment gateway,Payment method,Manual payment reference,Recorded by,Payment note$/);
      expect(csv).toMatch(/,30-day warranty,/);
      expect(csv).not.toContain("basic_48hr");
      expect(lines.some((line) => /,manual,POS,POS-889,[^,]+,Paid at the counter$/.test(line))).toBe(true);
      expect(csv).toContain(`"'=HYPERLINK(""http://evil"",""Click""), ""Ade"""`);
      console.info(`orders CSV: ${n} rows in ${Math.round(ms)} ms (${engine})`);

      const payments = await fetch(`${app.base}/admin/export/payments`, { headers: { Cookie: session.admin } });
      const paymentLines = (await payments.text()).trimEnd().split("\r\n");
      expect(paymentLines).toHaveLength((await one<{ n: number }>("select count(*)::int n from payments")).n + 1);
      expect(paymentLines[0]).toMatch(/,Flagged for refund,Refund reason,Test,Recorded by,Note$/);
      expect(paymentLines.some((line) => /,manual,POS,POS-889,false,,,[^,]+,Paid at the counter$/.test(line))).toBe(true);
      expect((await fetch(`${app.base}/admin/export/users`, { headers: { Cookie: session.admin } })).status).toBe(404);
    });
  });
});
