import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../db/client";
import { DEMO_PASSWORD } from "../db/seed/demo-accounts";
import { postForm, signInAs } from "../tests/support/app";
import { TEST_ENGINES } from "../tests/support/database";
import { type DemoApp, startDemoApp } from "../tests/support/demo-app";

/** A vendor's listings around an admin's decisions, over HTTP: rejected sells nothing, re-approved shows what they left switched on. */
describe.each(TEST_ENGINES)("listings of a rejected, then re-approved vendor (%s)", (engine) => {
  let database: DatabaseHandle;
  let app: DemoApp;
  let admin: string;
  let vendor: string;
  let vendorId: string;
  let product: { id: string; name: string };

  beforeAll(async () => {
    app = await startDemoApp(engine);
    database = app.database;
    admin = await signInAs(app.base, "admin@tokunbo.test", DEMO_PASSWORD);
    vendor = await signInAs(app.base, "wuse.mobile@tokunbo.test", DEMO_PASSWORD);
    const [row] = await database.query<{ id: string; name: string; vendor_id: string }>(
      `select p.id, p.name, p.vendor_id from products p join vendors v on v.id = p.vendor_id join users u on u.id = v.user_id
       where u.email = 'wuse.mobile@tokunbo.test' and p.status = 'approved' and p.is_live and p.stock_quantity > 0 order by p.id limit 1`,
    );
    product = row!;
    vendorId = row!.vendor_id;
  });
  afterAll(() => app?.close());

  const liveCount = async () =>
    (await database.query<{ n: number }>("select count(*)::int n from products where vendor_id = $1 and is_live", [vendorId]))[0]!.n;
  const switchLive = (isLive: boolean) => postForm(app.base, "/vendor-dashboard", { intent: "live", productId: product.id, isLive: String(isLive) }, { cookie: vendor });
  const shopPage = async () => (await fetch(`${app.base}/shop?search=${encodeURIComponent(product.name)}`)).text();
  const decide = (status: string) => postForm(app.base, "/admin/vendors", { vendorId, status, reason: "Stock could not be verified." }, { cookie: admin });

  it("rejecting takes every listing out of the shop, leaving the vendor's switches alone, and the dashboard switch cannot show one", async () => {
    const liveBefore = await liveCount();
    expect(liveBefore).toBeGreaterThan(0);
    expect(await shopPage()).toContain(`/product/${product.id}`);
    expect((await decide("rejected")).status).toBe(200);
    expect(await liveCount()).toBe(liveBefore);
    expect((await fetch(`${app.base}/product/${product.id}`)).status).toBe(404);
    expect(await shopPage()).not.toContain(`/product/${product.id}`);
    expect((await switchLive(true)).status).toBe(403);
    expect(await liveCount()).toBe(liveBefore);
  });

  it("approving again lists what the vendor left switched on; hiding takes it out of the shop", async () => {
    expect((await decide("approved")).status).toBe(200);
    expect((await fetch(`${app.base}/product/${product.id}`)).status).toBe(200);
    expect(await shopPage()).toContain(`/product/${product.id}`);
    expect((await switchLive(false)).status).toBe(200);
    expect((await fetch(`${app.base}/product/${product.id}`)).status).toBe(404);
    expect(await shopPage()).not.toContain(`/product/${product.id}`);
    expect((await switchLive(true)).status).toBe(200);
    expect(await shopPage()).toContain(`/product/${product.id}`);
  });
});
