import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_PASSWORD } from "../db/seed/demo-accounts";
import { ORDER_STATUS_TEXTS } from "../domain/orders/status";
import { postAction, signInAs } from "../tests/support/app";
import { TEST_ENGINES } from "../tests/support/database";
import { type DemoApp, startDemoApp } from "../tests/support/demo-app";

/** Delivery is the buyer's word or the automatic step, over HTTP: a vendor cannot declare it. */
describe.each(TEST_ENGINES)("a vendor marking its own order delivered (%s)", (engine) => {
  let app: DemoApp;
  let vendor: string;
  let orderId: string;

  beforeAll(async () => {
    app = await startDemoApp(engine);
    vendor = await signInAs(app.base, "wuse.mobile@tokunbo.test", DEMO_PASSWORD);
    const [row] = await app.database.query<{ id: string }>(
      `select o.id from orders o join vendors v on v.id = o.vendor_id join users u on u.id = v.user_id
       where u.email = 'wuse.mobile@tokunbo.test' and o.status in ('paid', 'processing', 'shipped') order by o.id limit 1`,
    );
    orderId = row!.id;
    await app.database.query("update orders set status = 'shipped', shipped_at = now() where id = $1", [orderId]);
  });
  afterAll(() => app?.close());

  it("is refused with 403 and why, and the order stays shipped", async () => {
    const answer = await postAction<{ message?: string }>(app.base, "/vendor-dashboard?tab=orders", { intent: "move", orderId, status: "delivered" }, vendor);
    expect(answer.status).toBe(403);
    expect(JSON.stringify(answer.data)).toContain(ORDER_STATUS_TEXTS.vendorCannotDeliver);
    const [order] = await app.database.query<{ status: string; delivered_at: Date | null }>("select status, delivered_at from orders where id = $1", [orderId]);
    expect(order).toEqual({ status: "shipped", delivered_at: null });
  });
});
