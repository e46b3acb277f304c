import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../db/client";
import { DEMO_PASSWORD } from "../db/seed/demo-accounts";
import { PRODUCT_TEXTS } from "../domain/catalog/management-validation";
import { startFakeBucket } from "../tests/support/fake-s3";
import { type DemoApp, startDemoApp } from "../tests/support/demo-app";
import { filesUnder } from "../tests/support/files";
import { VENDOR_TEXTS } from "../domain/vendors/texts";
import { postForm, signInAs } from "../tests/support/app";
import { TEST_ENGINES } from "../tests/support/database";

const photo = (format: "jpeg" | "png", colour: string, width = 1600, height = 1200) =>
  sharp({ create: { width, height, channels: 3, background: colour } })[format]().toBuffer();

/** A multipart POST the way a browser sends a form with files; redirects are not followed. */
function postMultipart(base: string, url: string, cookie: string, fields: Record<string, string | string[]>, files: Array<[string, Buffer, string]> = []) {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) for (const one of [value].flat()) body.append(name, one);
  for (const [name, bytes, filename] of files) body.append(name, new Blob([new Uint8Array(bytes)]), filename);
  return fetch(`${base}${url}`, { method: "POST", headers: { Cookie: cookie, Accept: "application/json" }, body, redirect: "manual" });
}

const productFields = (extra: Record<string, string | string[]> = {}) => ({
  name: "iPhone 13 Pro",
  brand: "Apple",
  model: "iPhone 13 Pro",
  storage: "256GB",
  grade: "A",
  suggestedPrice: "520000",
  stockQuantity: "2",
  color: "Graphite",
  description: "Battery health 91%, no scratches.",
  ...extra,
});

/** Vendors, their products, orders and uploads from the outside: real HTTP requests against the whole app. */
describe.each(TEST_ENGINES)("vendors and product management over HTTP (%s)", (engine) => {
  let database: DatabaseHandle;
  let app: DemoApp;
  let vendorA: string;
  let vendorB: string;
  let admin: string;
  let customer: string;
  let productOfB: { id: string; name: string; suggested: number };

  beforeAll(async () => {
    app = await startDemoApp(engine);
    database = app.database;
    vendorA = await signInAs(app.base, "vendor@tokunbo.test", DEMO_PASSWORD);
    vendorB = await signInAs(app.base, "wuse.mobile@tokunbo.test", DEMO_PASSWORD);
    admin = await signInAs(app.base, "admin@tokunbo.test", DEMO_PASSWORD);
    customer = await signInAs(app.base, "customer@tokunbo.test", DEMO_PASSWORD);
    const [row] = await database.query<{ id: string; name: string; suggested: number }>(
      `select p.id, p.name, p.suggested_price::int suggested from products p join vendors v on v.id = p.vendor_id join users u on u.id = v.user_id
       where u.email = 'wuse.mobile@tokunbo.test' order by p.id limit 1`,
    );
    productOfB = row!;
  });
  afterAll(() => app?.close());

  const productRow = async (id: string) =>
    (await database.query<{ name: string; status: string; final_price: string | null; vendor_id: string; images: string[] }>(
      "select name, status, final_price::text, vendor_id, images from products where id = $1",
      [id],
    ))[0];

  describe("one vendor's products are out of another's reach", () => {
    it("vendor A editing or deleting vendor B's product gets 404, and nothing changes", async () => {
      const before = await productRow(productOfB.id);
      const edit = await postForm(app.base, `/products?edit=${productOfB.id}`, { intent: "update", productId: productOfB.id, ...productFields({ stockQuantity: "0" }) }, { cookie: vendorA });
      expect(edit.status).toBe(404);
      expect(await edit.text()).toContain(PRODUCT_TEXTS.notFound);
      const remove = await postForm(app.base, `/products?delete=${productOfB.id}`, { intent: "delete", productId: productOfB.id }, { cookie: vendorA });
      expect(remove.status).toBe(404);
      expect(await productRow(productOfB.id)).toEqual(before);
      const peek = await fetch(`${app.base}/products?edit=${productOfB.id}`, { headers: { Cookie: vendorA } });
      expect(await peek.text()).not.toContain(`Edit ${productOfB.name}`);
    });

    it("a vendor setting final_price or status is refused on the server, even on their own product", async () => {
      const [own] = await database.query<{ id: string }>(
        `select p.id from products p join vendors v on v.id = p.vendor_id join users u on u.id = v.user_id
         where u.email = 'vendor@tokunbo.test' and p.status = 'pending' order by p.id limit 1`,
      );
      const before = await productRow(own!.id);
      for (const extra of [{ finalPrice: "1" }, { status: "approved" }] as Array<Record<string, string>>) {
        const response = await postForm(app.base, `/products?edit=${own!.id}`, { intent: "update", productId: own!.id, ...productFields(extra) }, { cookie: vendorA });
        expect(response.status).toBe(403);
        expect(await response.text()).toContain(PRODUCT_TEXTS.priceAndStatusAreOurs);
      }
      const added = await postForm(app.base, "/products?add=1", { intent: "create", ...productFields({ status: "approved", finalPrice: "100" }) }, { cookie: vendorA });
      expect(added.status).toBe(403);
      expect(await productRow(own!.id)).toEqual(before);
    });

    it("customers cannot add products; signed-out visitors are asked to sign in", async () => {
      expect((await postForm(app.base, "/products?add=1", { intent: "create", ...productFields() }, { cookie: customer })).status).toBe(403);
      expect((await postForm(app.base, "/products?add=1", { intent: "create", ...productFields() })).status).toBe(401);
    });
  });

  describe("image uploads", () => {
    const uploadsOf = () => filesUnder(path.join(app.config.uploadsDir, "products"));

    it("refuses a text file renamed .jpg with a clear message and stores nothing", async () => {
      const response = await postMultipart(app.base, "/products/images", vendorA, {}, [["images", Buffer.from("These are my notes, not a photo."), "phone.jpg"]]);
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ error: "phone.jpg is not a JPEG, PNG or WebP image. Please choose a photo." });
      expect(await uploadsOf()).toEqual([]);
    });

    it("refuses a sixth image, at upload and when saving the product", async () => {
      const tiny = await photo("png", "#123456", 32, 32);
      const six = Array.from({ length: 6 }, (_, i): [string, Buffer, string] => ["images", tiny, `${i}.png`]);
      const upload = await postMultipart(app.base, "/products/images", vendorA, {}, six);
      expect(upload.status).toBe(400);
      expect(await upload.json()).toEqual({ error: "Maximum 5 images allowed" });
      expect(await uploadsOf()).toEqual([]);

      const urls = Array.from({ length: 6 }, (_, i) => `/uploads/products/${String(i).repeat(32)}.webp`);
      const body = new URLSearchParams({ intent: "create", ...productFields() } as Record<string, string>);
      for (const url of urls) body.append("images", url);
      const sixSaved = await postForm(app.base, "/products?add=1", body, { cookie: vendorA });
      expect(sixSaved.status).toBe(400);
      expect(await sixSaved.text()).toContain("Maximum 5 images allowed");
    });

    it("only vendors and admins may upload", async () => {
      const image = await photo("jpeg", "#888888", 64, 64);
      expect((await postMultipart(app.base, "/products/images", customer, {}, [["images", image, "a.jpg"]])).status).toBe(403);
      const anonymous = await fetch(`${app.base}/products/images`, { method: "POST", body: new FormData() });
      expect(anonymous.status).toBe(401);
    });
  });

  describe("a vendor's listing from upload to the shop", () => {
    let urls: string[];
    let productId: string;

    it("uploads two photos, stored as WebP renditions and served as inert data", async () => {
      urls = [];
      for (const [colour, format] of [["#1d3557", "jpeg"], ["#e63946", "png"]] as const) {
        const response = await postMultipart(app.base, "/products/images", vendorA, {}, [["images", await photo(format, colour), `photo.${format}`]]);
        expect(response.status).toBe(201);
        const { images } = (await response.json()) as { images: Array<{ url: string; width: number }> };
        expect(images[0]).toMatchObject({ url: expect.stringMatching(/^\/uploads\/products\/[a-f0-9]{32}\.webp$/), width: 1600 });
        urls.push(images[0]!.url);
      }
      const served = await fetch(`${app.base}${urls[0]!.replace(".webp", "-640w.webp")}`);
      expect(served.status).toBe(200);
      expect(served.headers.get("content-type")).toBe("image/webp");
      expect(served.headers.get("content-security-policy")).toContain("sandbox");
      expect(served.headers.get("x-content-type-options")).toBe("nosniff");
      expect((await sharp(Buffer.from(await served.arrayBuffer())).metadata()).width).toBe(640);
    });

    it("adds the product pending, with no final price, whatever the form says about its vendor", async () => {
      const body = new URLSearchParams({ intent: "create", ...productFields({ vendorId: "00000000-0000-4000-8000-000000000000" }) } as Record<string, string>);
      for (const url of urls) body.append("images", url);
      const response = await postForm(app.base, "/products?add=1", body, { cookie: vendorA });
      expect(response.status).toBe(302);
      expect(response.headers.get("location")).toBe("/products");
      const [row] = await database.query<{ id: string; status: string; final_price: string | null; images: string[]; business_name: string }>(
        `select p.id, p.status, p.final_price::text, p.images, v.business_name from products p join vendors v on v.id = p.vendor_id
         where p.name = 'iPhone 13 Pro' and p.color = 'Graphite'`,
      );
      expect(row).toMatchObject({ status: "pending", final_price: null, images: urls, business_name: "Ikeja Gadget Hub" });
      productId = row!.id;
      expect((await fetch(`${app.base}/product/${productId}`)).status).toBe(404);
    });

    it("once an admin approves it, it is in the shop with its WebP images at the markup price", async () => {
      const response = await postForm(
        app.base,
        `/products?edit=${productId}`,
        { intent: "update", productId, ...productFields({ status: "approved" }), images: urls[0]! },
        { cookie: admin },
      );
      expect(response.status).toBe(302);
      const row = await productRow(productId);
      expect(row).toMatchObject({ status: "approved", final_price: "52000000" });
      const page = await (await fetch(`${app.base}/product/${productId}`)).text();
      expect(page).toContain(urls[0]!.replace(".webp", "-640w.webp"));
      const [note] = await database.query<{ title: string }>(
        "select n.title from notifications n join users u on u.id = n.user_id where u.email = 'vendor@tokunbo.test' order by n.created_at desc limit 1",
      );
      expect(note?.title).toBe("Product approved");
    });
  });

  describe("forms without scripts", () => {
    it("adds a product with photos from a plain file input, then removes one on edit", async () => {
      const files: Array<[string, Buffer, string]> = [
        ["imageFiles", await photo("jpeg", "#264653", 800, 800), "front.jpg"],
        ["imageFiles", await photo("png", "#f4a261", 800, 800), "back.png"],
      ];
      const added = await postMultipart(app.base, "/products?add=1", vendorA, { intent: "create", ...productFields({ name: "Pixel 6a no-script" }) }, files);
      expect(added.status).toBe(302);
      const [row] = await database.query<{ id: string; images: string[] }>("select id, images from products where name = 'Pixel 6a no-script'");
      expect(row?.images).toHaveLength(2);
      for (const url of row!.images) expect(url).toMatch(/^\/uploads\/products\/[a-f0-9]{32}\.webp$/);

      const edited = await postMultipart(app.base, `/products?edit=${row!.id}`, vendorA, {
        intent: "update",
        productId: row!.id,
        ...productFields({ name: "Pixel 6a no-script" }),
        images: row!.images,
        removeImages: row!.images[0]!,
      });
      expect(edited.status).toBe(302);
      expect((await productRow(row!.id))?.images).toEqual([row!.images[1]]);

      const tooMany = await postMultipart(
        app.base,
        `/products?edit=${row!.id}`,
        vendorA,
        { intent: "update", productId: row!.id, ...productFields({ name: "Pixel 6a no-script" }), images: [row!.images[1]!] },
        Array.from({ length: 5 }, (_, i): [string, Buffer, string] => ["imageFiles", files[0]![1], `${i}.jpg`]),
      );
      expect(tooMany.status).toBe(400);
      expect(await tooMany.text()).toContain("Maximum 5 images allowed");
    });
  });

  describe("the vendor dashboard", () => {
    it("shows only the vendor's own orders, with their net after commission", async () => {
      const orders = await database.query<{ id: string; email: string }>(
        `select o.id, u.email from orders o join vendors v on v.id = o.vendor_id join users u on u.id = v.user_id
         where u.email in ('vendor@tokunbo.test', 'wuse.mobile@tokunbo.test')`,
      );
      const own = orders.filter((o) => o.email === "vendor@tokunbo.test");
      const others = orders.filter((o) => o.email !== "vendor@tokunbo.test");
      expect(own.length).toBeGreaterThan(0);
      expect(others.length).toBeGreaterThan(0);
      const html = await (await fetch(`${app.base}/vendor-dashboard?tab=orders`, { headers: { Cookie: vendorA } })).text();
      for (const order of own) expect(html).toContain(`Order #${order.id.slice(-8)}`);
      for (const order of others) expect(html).not.toContain(order.id.slice(-8));
      expect(html).toContain("You receive");
      const theirs = await (await fetch(`${app.base}/vendor-dashboard?tab=orders`, { headers: { Cookie: vendorB } })).text();
      for (const order of own) expect(theirs).not.toContain(order.id.slice(-8));
    });

    it("sends a vendor no buyer contact detail of an unpaid order, in the page or its data; a paid order's are there to ship", async () => {
      const [phone] = await database.query<{ id: string; vendor_id: string }>(
        `select p.id, p.vendor_id from products p join vendors v on v.id = p.vendor_id join users u on u.id = v.user_id
         where u.email = 'vendor@tokunbo.test' and p.status = 'approved' order by p.id limit 1`,
      );
      const [buyer] = await database.query<{ id: string }>("select id from users where email = 'customer@tokunbo.test'");
      const details = (who: string) => ({
        name: `${who} Adeyemi-${engine}`, email: `${who.toLowerCase()}.${engine}@example.ng`, phone: `+23480${engine === "pglite" ? "1" : "2"}${who.length}0000${who.length}`,
        address: `${who.length} ${who} Close`, city: `${who}ville`, notes: `Ring ${who}'s bell twice`,
      });
      const unpaid = details("Unpaidbuyer");
      const paid = details("Paidbuyer");
      for (const [who, status] of [[unpaid, "pending"], [paid, "paid"]] as const) {
        await database.query(
          `insert into orders (customer_id, product_id, vendor_id, customer_name, customer_email, customer_phone, shipping_address, city, state,
             delivery_notes, quantity, unit_price, total_amount, status)
           values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, 1, 100000, 100000, $11)`,
          [buyer!.id, phone!.id, phone!.vendor_id, who.name, who.email, who.phone, who.address, who.city, "Oyo", who.notes, status],
        );
      }
      const page = await (await fetch(`${app.base}/vendor-dashboard?tab=orders`, { headers: { Cookie: vendorA } })).text();
      const data = await (await fetch(`${app.base}/vendor-dashboard.data?tab=orders`, { headers: { Cookie: vendorA } })).text();
      for (const payload of [page, data]) {
        for (const detail of Object.values(unpaid)) expect(payload).not.toContain(detail);
        for (const detail of [paid.name, paid.phone, paid.city]) expect(payload).toContain(detail);
      }
      expect(page).toContain("Buyer details appear once the order is paid");
    });

    it("a vendor's rename of an approved listing sends it back to review with the notice; a stock edit keeps it listed", async () => {
      const [listing] = await database.query<{ id: string; name: string; brand: string; model: string; storage: string; color: string | null;
        grade: string; suggested: string; stock: number; description: string | null; images: string[] }>(
        `select p.id, p.name, p.brand, p.model, p.storage, p.color, p.grade, (p.suggested_price / 100)::text as suggested, p.stock_quantity as stock,
           p.description, p.images
         from products p join vendors v on v.id = p.vendor_id join users u on u.id = v.user_id
         where u.email = 'vendor@tokunbo.test' and p.status = 'approved' and p.stock_quantity > 0 order by p.id offset 1 limit 1`,
      );
      const save = (changes: Record<string, string>) => {
        const body = new URLSearchParams({
          intent: "update", productId: listing!.id, name: listing!.name, brand: listing!.brand, model: listing!.model, storage: listing!.storage,
          color: listing!.color ?? "", grade: listing!.grade, suggestedPrice: listing!.suggested, stockQuantity: String(listing!.stock),
          description: listing!.description ?? "", ...changes,
        });
        for (const url of listing!.images) body.append("images", url);
        return fetch(`${app.base}/products?edit=${listing!.id}`, {
          method: "POST", headers: { Cookie: vendorA, "Content-Type": "application/x-www-form-urlencoded" }, body, redirect: "manual",
        });
      };
      const statusOf = async () => (await productRow(listing!.id))?.status;

      const restocked = await save({ stockQuantity: String(listing!.stock + 1) });
      expect(restocked.status).toBe(302);
      expect(await statusOf()).toBe("approved");
      const toastAfter = async (response: Response) => {
        const flash = response.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
        return (await fetch(`${app.base}/products`, { headers: { Cookie: `${vendorA}; ${flash}` } })).text();
      };
      expect(await toastAfter(restocked)).toContain(PRODUCT_TEXTS.updated);

      const renamed = await save({ name: `${listing!.name} (boxed)` });
      expect(renamed.status).toBe(302);
      expect(await statusOf()).toBe("pending");
      const html = await toastAfter(renamed);
      expect(html).toContain("Changes to an approved listing go back to review");
      expect(html).toContain("It is out of the shop until our team approves it again.");
      expect((await fetch(`${app.base}/product/${listing!.id}`)).status).toBe(404);
    });

    it("toggles only the vendor's own products' visibility, with the documented toasts", async () => {
      const [own] = await database.query<{ id: string }>(
        `select p.id from products p join vendors v on v.id = p.vendor_id join users u on u.id = v.user_id
         where u.email = 'vendor@tokunbo.test' and p.stock_quantity > 0 order by p.id limit 1`,
      );
      const hidden = await postForm(app.base, "/vendor-dashboard?tab=products", { intent: "live", productId: own!.id, isLive: "false" }, { cookie: vendorA });
      expect(hidden.status).toBe(200);
      expect(await hidden.text()).toContain(VENDOR_TEXTS.productHidden);
      const shown = await postForm(app.base, "/vendor-dashboard?tab=products", { intent: "live", productId: own!.id, isLive: "true" }, { cookie: vendorA });
      expect(await shown.text()).toContain(VENDOR_TEXTS.productVisible);
      const others = await postForm(app.base, "/vendor-dashboard?tab=products", { intent: "live", productId: productOfB.id, isLive: "false" }, { cookie: vendorA });
      expect(others.status).toBe(404);
      expect(await others.text()).toContain(VENDOR_TEXTS.visibilityFailed);
    });

    it("updates the business details, and refuses bad ones", async () => {
      const fields = { intent: "profile", businessName: "Ikeja Gadget Hub", contactEmail: "sales@ikejagadgethub.ng", contactPhone: "0803 123 4567", businessAddress: "Shop 24, Otigba Street, Ikeja" };
      const saved = await postForm(app.base, "/vendor-dashboard?tab=profile", fields, { cookie: vendorA });
      expect(saved.status).toBe(200);
      expect(await saved.text()).toContain(VENDOR_TEXTS.profileUpdated);
      const bad = await postForm(app.base, "/vendor-dashboard?tab=profile", { ...fields, contactPhone: "12" }, { cookie: vendorA });
      expect(bad.status).toBe(400);
      expect(await bad.text()).toContain(VENDOR_TEXTS.profileUpdateFailed);
      const [row] = await database.query<{ contact_phone: string; status: string }>(
        "select v.contact_phone, v.status from vendors v join users u on u.id = v.user_id where u.email = 'vendor@tokunbo.test'",
      );
      expect(row).toEqual({ contact_phone: "+2348031234567", status: "approved" });
    });

    it("sends people who are not vendors away, and pending applicants to pre-approval", async () => {
      const anonymous = await fetch(`${app.base}/vendor-dashboard`, { redirect: "manual" });
      expect(anonymous.headers.get("location")).toBe("/vendor-auth");
      const asCustomer = await fetch(`${app.base}/vendor-dashboard`, { headers: { Cookie: customer }, redirect: "manual" });
      expect(asCustomer.headers.get("location")).toBe("/vendor-auth");
      const pending = await signInAs(app.base, "pending.vendor@tokunbo.test", DEMO_PASSWORD);
      const asApplicant = await fetch(`${app.base}/vendor-dashboard`, { headers: { Cookie: pending }, redirect: "manual" });
      expect(asApplicant.headers.get("location")).toBe("/vendor-pre-approval");
    });
  });

  describe("applying and pre-approval", () => {
    it("asks signed-out visitors to sign in first, and refuses their application", async () => {
      const page = await fetch(`${app.base}/vendor-application`, { redirect: "manual" });
      expect(page.status).toBe(200);
      const html = await page.text();
      expect(html).toContain(VENDOR_TEXTS.signInToApply);
      expect(html).toContain('href="/auth"');
      const sent = await postForm(app.base, "/vendor-application", { intent: "apply", businessName: "Nobody Ltd", acceptTerms: "on" });
      expect(sent.status).toBe(302);
      expect(sent.headers.get("location")).toBe("/auth");
      expect(decodeURIComponent(sent.headers.getSetCookie().join(";"))).toContain("tokunbo_flash");
    });

    it("shows a rejected applicant the admin's reason on /vendor-application", async () => {
      const rejected = await signInAs(app.base, "onitsha.gadgets@tokunbo.test", DEMO_PASSWORD);
      const page = await fetch(`${app.base}/vendor-application`, { headers: { Cookie: rejected }, redirect: "manual" });
      expect(page.status).toBe(200);
      // React separates adjacent text with an empty comment.
      const html = (await page.text()).replaceAll("<!-- -->", "");
      expect(html).toContain(VENDOR_TEXTS.rejected);
      expect(html).toContain(
        "Reason: The CAC registration number does not match the business name and the ID document was unreadable. Please apply again with matching documents.",
      );
    });

    it("refuses without the terms, stores one pending application whatever status the form sends, then sends the user to vendor sign-up", async () => {
      const fields = { intent: "apply", businessName: "Yaba Phone Palace", contactEmail: "hello@yabaphones.ng", contactPhone: "08091234567", businessAddress: "12 Herbert Macaulay Way, Yaba, Lagos" };
      const noTerms = await postForm(app.base, "/vendor-application", fields, { cookie: customer });
      expect(noTerms.status).toBe(400);
      expect(await noTerms.text()).toContain(VENDOR_TEXTS.acceptTerms);

      const applied = await postForm(app.base, "/vendor-application", { ...fields, acceptTerms: "on", status: "approved", verified: "true" }, { cookie: customer });
      expect(applied.status).toBe(302);
      expect(applied.headers.get("location")).toBe("/vendor-auth?signup=true");
      const rows = await database.query<{ status: string; verified: boolean; contact_phone: string }>(
        "select v.status, v.verified, v.contact_phone from vendors v join users u on u.id = v.user_id where u.email = 'customer@tokunbo.test'",
      );
      expect(rows).toEqual([{ status: "pending", verified: false, contact_phone: "+2348091234567" }]);

      const again = await postForm(app.base, "/vendor-application", { ...fields, acceptTerms: "on" }, { cookie: customer });
      expect(again.status).toBe(302);
      expect(again.headers.get("location")).toBe("/vendor-pre-approval");
      const [count] = await database.query<{ n: number }>("select count(*)::int n from vendors v join users u on u.id = v.user_id where u.email = 'customer@tokunbo.test'");
      expect(count?.n).toBe(1);
      const page = await fetch(`${app.base}/vendor-application`, { headers: { Cookie: customer }, redirect: "manual" });
      expect(page.headers.get("location")).toBe("/vendor-pre-approval");
    });

    it("checks the pre-approval fields on the server, stores the submission, then shows the under-review message", async () => {
      const missing = await postMultipart(app.base, "/vendor-pre-approval", customer, { intent: "preapproval", cac_registration_number: "" });
      expect(missing.status).toBe(400);
      const page = await missing.text();
      expect(page).toContain("CAC registration number is required");

      const notAnImage = await postMultipart(
        app.base,
        "/vendor-pre-approval",
        customer,
        { intent: "preapproval", cac_registration_number: "BN 123", owner_full_name: "Chiamaka Okafor", business_phone: "08091234567" },
        [["id_document", Buffer.from("%PDF-1.4 not an image"), "nin.jpg"]],
      );
      expect(notAnImage.status).toBe(400);
      expect(await notAnImage.text()).toContain("nin.jpg is not a JPEG, PNG or WebP image.");

      const sent = await postMultipart(
        app.base,
        "/vendor-pre-approval",
        customer,
        { intent: "preapproval", cac_registration_number: "BN 123", owner_full_name: "Chiamaka Okafor", business_phone: "08091234567", store_description: "" },
        [["id_document", await photo("jpeg", "#dddddd", 800, 500), "nin.jpg"]],
      );
      expect(sent.status).toBe(302);
      const [submission] = await database.query<{ submission_data: Record<string, string> }>(
        `select s.submission_data from vendor_preapproval_submissions s join vendors v on v.id = s.vendor_id join users u on u.id = v.user_id
         where u.email = 'customer@tokunbo.test'`,
      );
      expect(submission?.submission_data).toMatchObject({ cac_registration_number: "BN 123", business_phone: "+2348091234567" });
      expect(submission?.submission_data.id_document).toMatch(/^\/uploads\/preapproval\/[a-f0-9]{32}\.webp$/);
      const after = await (await fetch(`${app.base}/vendor-pre-approval`, { headers: { Cookie: customer } })).text();
      expect(after).toContain(VENDOR_TEXTS.underReviewTitle);
    });
  });
});

describe("uploads kept in an S3-compatible bucket", () => {
  let app: DemoApp;
  let s3: Awaited<ReturnType<typeof startFakeBucket>>;

  beforeAll(async () => {
    s3 = await startFakeBucket();
    app = await startDemoApp("pglite", s3.appEnv);
  });
  afterAll(async () => {
    await app?.close();
    await s3?.close();
  });

  it("stores an upload in the bucket with signed requests and serves it under /uploads with inert headers", async () => {
    const vendor = await signInAs(app.base, "vendor@tokunbo.test", DEMO_PASSWORD);
    const response = await postMultipart(app.base, "/products/images", vendor, {}, [["images", await photo("jpeg", "#2a9d8f", 900, 900), "front.jpg"]]);
    expect(response.status).toBe(201);
    const { images } = (await response.json()) as { images: Array<{ url: string }> };
    const key = images[0]!.url.replace("/uploads/", "");
    expect([...s3.objects.keys()].sort()).toEqual(
      [key, key.replace(".webp", "-320w.webp"), key.replace(".webp", "-640w.webp"), key.replace(".webp", "-1280w.webp"), key.replace(".webp", "-og.jpg")]
        .map((k) => `/tokunbo-media/${k}`)
        .sort(),
    );
    expect(s3.seen.every((request) => request.verified)).toBe(true);
    expect(await filesUnder(app.config.uploadsDir)).toEqual([]);

    const served = await fetch(`${app.base}${images[0]!.url}`);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/webp");
    expect(served.headers.get("content-security-policy")).toContain("sandbox");
    expect(served.headers.get("cache-control")).toContain("immutable");
    expect((await fetch(`${app.base}/uploads/products/${"0".repeat(32)}.webp`)).status).toBe(404);
    expect((await fetch(`${app.base}/uploads/..%2f..%2fetc%2fpasswd`)).status).toBeGreaterThanOrEqual(400);
  });
});
