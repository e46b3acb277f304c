import { beforeAll, describe, expect, it } from "vitest";
import { orders } from "../db/schema";
import type { AdminOrderPage } from "../domain/orders/admin";
import { ORDER_SEARCH_LIMITS, ORDER_SEARCH_TEXTS, type OrderSearchValues } from "../domain/orders/admin-search";
import { orderNumberOf } from "../domain/orders/status";
import type { OrderStatus } from "../lib/constants";
import { loaderData, signInAs } from "../tests/support/app";
import { TEST_ENGINES } from "../tests/support/database";
import { useTestAppOn } from "../tests/support/lifecycle";
import { SHIPPING } from "../tests/support/shop";
import { WORLD_PASSWORD, addPerson, addSeller } from "../tests/security/world";

interface OrdersSection {
  tab: "orders";
  search: OrderSearchValues;
  errors: Record<string, string>;
  vendors: Array<{ id: string; businessName: string }>;
  orders: AdminOrderPage | null;
}

/** The orders the test places, by a short name: who bought, from whom, when (UTC) and in what status. */
const PLAN = {
  ngozi: { name: "Ngozi Adeyemi", email: "ngozi.adeyemi@mail.ng", phone: "+2348035550142", seller: "first", at: "2026-03-01T10:00:00Z", status: "paid" },
  // 23:30 UTC on 1 March is 00:30 on 2 March in Lagos.
  emeka: { name: "Emeka O'Brien", email: "emeka@shop.ng", phone: "+2348091112233", seller: "second", at: "2026-03-01T23:30:00Z", status: "delivered" },
  tunde: { name: "Tunde 100%_Real", email: "tunde_real@mail.ng", phone: "+2347012223344", seller: "first", at: "2026-03-05T12:00:00Z", status: "shipped" },
  bisi: { name: "Bisi Ngozika", email: "bisi@example.ng", phone: "+2348035550999", seller: "second", at: "2026-03-10T08:00:00Z", status: "paid" },
} as const satisfies Record<string, { name: string; email: string; phone: string; seller: "first" | "second"; at: string; status: OrderStatus }>;

type Planned = keyof typeof PLAN;

/** The Orders tab's search from the outside: the loader, the page, the export and who may use them. */
describe.each(TEST_ENGINES)("admins find orders (%s)", (engine) => {
  const { database, app } = useTestAppOn(engine);
  const cookie = { admin: "", customer: "", vendor: "" };
  const ids = {} as Record<Planned, string>;
  const sellers = {} as Record<"first" | "second", { vendorId: string; businessName: string }>;
  const nameOf = new Map<string, Planned>();

  const tab = async (query: string) => loaderData<{ section: OrdersSection }>(app().base, `/admin?tab=orders&${query}`, "admin/routes/admin", cookie.admin);
  const found = async (query: string) => {
    const { section } = await tab(query);
    expect(section.errors).toEqual({});
    return (section.orders?.items ?? []).map((order) => nameOf.get(order.id) ?? order.id).sort();
  };
  const csv = (query: string, who = cookie.admin) => fetch(`${app().base}/admin/export/orders${query ? `?${query}` : ""}`, { headers: { Cookie: who } });
  const csvNames = async (query: string) => {
    const response = await csv(query);
    expect(response.status).toBe(200);
    const lines = (await response.text()).trimEnd().split("\r\n").slice(1);
    return lines.map((line) => nameOf.get(line.slice(0, 36)) ?? line.slice(0, 36)).sort();
  };

  beforeAll(async () => {
    const admin = await addPerson(database().db, "searchadmin", "admin");
    const customer = await addPerson(database().db, "searchcustomer");
    sellers.first = await addSeller(database().db, "Lekki", "search");
    sellers.second = await addSeller(database().db, "Yaba", "search");
    const vendor = await addPerson(database().db, "searchvendor", "vendor");
    for (const [key, plan] of Object.entries(PLAN) as Array<[Planned, (typeof PLAN)[Planned]]>) {
      const seller = plan.seller === "first" ? sellers.first : sellers.second;
      const productId = (seller as { productId?: string }).productId!;
      const [row] = await database().db
        .insert(orders)
        .values({
          ...SHIPPING,
          customerId: customer.userId,
          customerName: plan.name,
          customerEmail: plan.email,
          customerPhone: plan.phone,
          productId,
          vendorId: seller.vendorId,
          quantity: 1,
          unitPrice: 250_000_00,
          totalAmount: 250_000_00,
          status: plan.status,
          createdAt: new Date(plan.at),
        })
        .returning({ id: orders.id });
      ids[key] = row!.id;
      nameOf.set(row!.id, key);
    }
    cookie.admin = await signInAs(app().base, admin.email, WORLD_PASSWORD);
    cookie.customer = await signInAs(app().base, customer.email, WORLD_PASSWORD);
    cookie.vendor = await signInAs(app().base, vendor.email, WORLD_PASSWORD);
  });

  it("lists every order with its count when nothing is asked, and the vendors by business name", async () => {
    const { section } = await tab("");
    expect(section.orders?.total).toBe(4);
    expect(section.vendors.map((v) => v.businessName)).toEqual([sellers.first.businessName, sellers.second.businessName].sort());
  });

  it("finds an order by its number, with or without '#', in any case", async () => {
    const number = orderNumberOf(ids.tunde);
    expect(await found(`q=${number}`)).toEqual(["tunde"]);
    expect(await found(`q=${encodeURIComponent(`#${number.toUpperCase()}`)}`)).toEqual(["tunde"]);
    expect(await found(`q=${encodeURIComponent(` # ${number} `)}`)).toEqual(["tunde"]);
  });

  it("finds by the buyer's name or e-mail, in part and in any case", async () => {
    expect(await found("q=ngozi")).toEqual(["bisi", "ngozi"]);
    expect(await found("q=ADEYEMI")).toEqual(["ngozi"]);
    expect(await found(`q=${encodeURIComponent("o'brien")}`)).toEqual(["emeka"]);
    expect(await found(`q=${encodeURIComponent("EMEKA@SHOP.NG")}`)).toEqual(["emeka"]);
    expect(await found("q=nobody-here")).toEqual([]);
  });

  it("takes % and _ in the search literally", async () => {
    expect(await found(`q=${encodeURIComponent("%")}`)).toEqual(["tunde"]);
    expect(await found(`q=${encodeURIComponent("100%_")}`)).toEqual(["tunde"]);
    expect(await found(`q=${encodeURIComponent("tunde_")}`)).toEqual(["tunde"]);
    expect(await found(`q=${encodeURIComponent("_")}`)).toEqual(["tunde"]);
    expect(await found(`q=${encodeURIComponent("\\")}`)).toEqual([]);
  });

  it("finds a Nigerian phone number typed 080…, +23480… or 23480…, with or without spaces", async () => {
    for (const typed of ["08035550142", "+2348035550142", "2348035550142", "0803 555 0142", "+234 803-555-0142"]) {
      expect(await found(`q=${encodeURIComponent(typed)}`), typed).toEqual(["ngozi"]);
    }
    expect(await found(`q=${encodeURIComponent("0803555")}`)).toEqual(["bisi", "ngozi"]);
  });

  it("filters by Lagos dates, both days included", async () => {
    expect(await found("from=2026-03-01&to=2026-03-01")).toEqual(["ngozi"]);
    expect(await found("from=2026-03-02&to=2026-03-02")).toEqual(["emeka"]);
    expect(await found("from=2026-03-02")).toEqual(["bisi", "emeka", "tunde"]);
    expect(await found("to=2026-03-05")).toEqual(["emeka", "ngozi", "tunde"]);
  });

  it("filters by status and by vendor, and combines every filter", async () => {
    expect(await found("status=paid")).toEqual(["bisi", "ngozi"]);
    expect(await found(`vendor=${sellers.second.vendorId}`)).toEqual(["bisi", "emeka"]);
    expect(await found(`vendor=${sellers.first.vendorId.toUpperCase()}`)).toEqual(["ngozi", "tunde"]);
    expect(await found(`q=ngozi&status=paid&vendor=${sellers.first.vendorId}&from=2026-03-01&to=2026-03-09`)).toEqual(["ngozi"]);
    expect(await found(`q=ngozi&status=delivered`)).toEqual([]);
    const { section } = await tab(`q=0803&vendor=${sellers.second.vendorId}&from=2026-03-01`);
    expect(section.orders?.total).toBe(1);
    expect(section.search).toMatchObject({ q: "0803", vendor: sellers.second.vendorId, from: "2026-03-01", to: "" });
  });

  it("refuses bad values beside their fields with 400, lists nothing and never answers 500", async () => {
    const cases: Array<[string, Record<string, string>]> = [
      ["from=2026-02-30", { from: ORDER_SEARCH_TEXTS.badDate }],
      ["from=yesterday", { from: ORDER_SEARCH_TEXTS.badDate }],
      ["to=1999-12-31", { to: ORDER_SEARCH_TEXTS.dateOutOfRange }],
      ["from=2026-03-10&to=2026-03-01", { to: ORDER_SEARCH_TEXTS.fromAfterTo }],
      [`q=${"a".repeat(ORDER_SEARCH_LIMITS.textMax + 1)}`, { q: ORDER_SEARCH_TEXTS.textTooLong }],
      ["q=a%00b", { q: ORDER_SEARCH_TEXTS.textControl }],
      ["status=lost", { status: ORDER_SEARCH_TEXTS.badStatus }],
      ["vendor=not-a-vendor", { vendor: ORDER_SEARCH_TEXTS.badVendor }],
      ["vendor=00000000-0000-4000-8000-000000000000", { vendor: ORDER_SEARCH_TEXTS.badVendor }],
    ];
    for (const [query, errors] of cases) {
      const { section } = await tab(query);
      expect(section.errors, query).toEqual(errors);
      expect(section.orders, query).toBeNull();
      const page = await fetch(`${app().base}/admin?tab=orders&${query}`, { headers: { Cookie: cookie.admin } });
      expect(page.status, query).toBe(400);
      const html = await page.text();
      expect(html).toContain(Object.values(errors)[0]!.replace(/'/g, "&#x27;"));
      expect(html).toContain(ORDER_SEARCH_TEXTS.fixToSee);
    }
  });

  it("shows the count, 'no match' for an empty search result, and keeps the search in the pages and the export link", async () => {
    const match = await fetch(`${app().base}/admin?tab=orders&status=paid`, { headers: { Cookie: cookie.admin } });
    const matchHtml = await match.text();
    expect(matchHtml).toContain(ORDER_SEARCH_TEXTS.count(2, true));
    expect(matchHtml).toContain('href="/admin/export/orders?status=paid"');
    expect(matchHtml).toContain(ORDER_SEARCH_TEXTS.clear);
    const none = await (await fetch(`${app().base}/admin?tab=orders&q=nobody`, { headers: { Cookie: cookie.admin } })).text();
    expect(none).toContain(ORDER_SEARCH_TEXTS.noMatch);
    expect(none).toContain(ORDER_SEARCH_TEXTS.count(0, true));
    const all = await (await fetch(`${app().base}/admin?tab=orders`, { headers: { Cookie: cookie.admin } })).text();
    expect(all).toContain(ORDER_SEARCH_TEXTS.count(4, false));
    expect(all).not.toContain(ORDER_SEARCH_TEXTS.clear);
  });

  it("exports only the orders the search finds, under a name that says so", async () => {
    expect(await csvNames("")).toEqual(["bisi", "emeka", "ngozi", "tunde"]);
    expect(await csvNames(`q=${encodeURIComponent("EMEKA@shop.ng")}`)).toEqual(["emeka"]);
    expect(await csvNames(`q=${orderNumberOf(ids.bisi)}`)).toEqual(["bisi"]);
    expect(await csvNames(`vendor=${sellers.first.vendorId}&from=2026-03-02`)).toEqual(["tunde"]);
    expect(await csvNames("status=paid&q=08035550")).toEqual(["bisi", "ngozi"]);
    expect(await csvNames("q=nobody")).toEqual([]);
    expect((await csv("")).headers.get("content-disposition")).toMatch(/filename="tokunbo-orders-\d{4}-\d{2}-\d{2}\.csv"/);
    expect((await csv("status=paid")).headers.get("content-disposition")).toMatch(/filename="tokunbo-orders-filtered-\d{4}-\d{2}-\d{2}\.csv"/);
  });

  it("refuses an export with a bad search with 400 and a readable message, before any row", async () => {
    const cases: Array<[string, string]> = [
      ["from=2026-13-01", ORDER_SEARCH_TEXTS.badDate],
      ["from=2026-03-10&to=2026-03-01", ORDER_SEARCH_TEXTS.fromAfterTo],
      [`q=${"x".repeat(500)}`, ORDER_SEARCH_TEXTS.textTooLong],
      ["status=gone", ORDER_SEARCH_TEXTS.badStatus],
      ["vendor=00000000-0000-4000-8000-000000000000", ORDER_SEARCH_TEXTS.badVendor],
    ];
    for (const [query, message] of cases) {
      const response = await csv(query);
      expect(response.status, query).toBe(400);
      expect(response.headers.get("content-type") ?? "", query).toContain("json");
      expect(((await response.json()) as { error: string }).error, query).toBe(message);
    }
  });

  it("keeps the search in the pages: the next page's link carries it, and every page counts all the orders found", async () => {
    await database().query(
      `insert into orders (customer_id, customer_name, customer_email, customer_phone, shipping_address, city, state, product_id, vendor_id,
         quantity, unit_price, total_amount, status)
       select customer_id, 'Paging Buyer ' || n, customer_email, customer_phone, shipping_address, city, state, product_id, vendor_id,
         quantity, unit_price, total_amount, status
       from orders, generate_series(1, 21) n where id = $1`,
      [ids.ngozi],
    );
    const first = await (await fetch(`${app().base}/admin?tab=orders&q=paging+buyer&status=paid`, { headers: { Cookie: cookie.admin } })).text();
    expect(first).toContain(ORDER_SEARCH_TEXTS.count(21, true));
    expect(first).toContain('href="/admin?tab=orders&amp;q=paging+buyer&amp;status=paid&amp;page=2"');
    const { section } = await tab("q=paging+buyer&status=paid&page=2");
    expect(section.orders?.items).toHaveLength(1);
    expect(section.orders?.total).toBe(21);
    expect(section.orders?.page).toBe(2);
  });

  it("keeps the search and the export to admins: customers and vendors are refused, whatever the query", async () => {
    for (const who of [cookie.customer, cookie.vendor]) {
      const page = await fetch(`${app().base}/admin?tab=orders&q=ngozi`, { headers: { Cookie: who }, redirect: "manual" });
      expect(page.status).toBe(302);
      expect(page.headers.get("location")).toBe("/");
      expect((await csv("q=ngozi", who)).status).toBe(403);
      expect((await csv("status=lost", who)).status).toBe(403);
    }
    expect((await csv("q=ngozi", "")).status).toBe(401);
  });
});
