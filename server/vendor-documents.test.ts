import { request } from "node:http";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../db/client";
import { seedDemoShop } from "../tests/support/demo-images";
import { DEMO_PASSWORD } from "../db/seed/demo-accounts";
import { startFakeBucket } from "../tests/support/fake-s3";
import { type DemoApp, startDemoApp } from "../tests/support/demo-app";
import { type TestApp, postForm, signInAs } from "../tests/support/app";
import { TEST_ENGINES } from "../tests/support/database";
import { useTestAppOn } from "../tests/support/lifecycle";

const DOCUMENTS = "/admin/preapproval-documents/";

const idCardPhoto = () => sharp({ create: { width: 900, height: 560, channels: 3, background: "#c9d6cd" } }).jpeg().toBuffer();

function postMultipart(base: string, url: string, cookie: string, fields: Record<string, string>, files: Array<[string, Buffer, string]> = []) {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  for (const [name, bytes, filename] of files) body.append(name, new Blob([new Uint8Array(bytes)]), filename);
  return fetch(`${base}${url}`, { method: "POST", headers: { Cookie: cookie, Accept: "application/json" }, body, redirect: "manual" });
}

/** A GET with the path sent exactly as written: fetch would resolve `..` before sending. */
function rawGet(base: string, rawPath: string, cookie = ""): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(`${base}/`, { path: rawPath, headers: cookie ? { Cookie: cookie } : {} }, (res) => {
      let body = "";
      res.setEncoding("latin1").on("data", (chunk: string) => (body += chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on("error", reject).end();
  });
}

/** The customer applies as a vendor and sends the pre-approval form with an ID photo; returns the stored document's URL. */
async function applyWithDocument(app: TestApp, database: DatabaseHandle, cookie: string, email: string): Promise<string> {
  const applied = await postForm(
    app.base,
    "/vendor-application",
    { intent: "apply", businessName: "Ojota Gadgets", contactEmail: "hello@ojota.ng", contactPhone: "08031234567", businessAddress: "7 Ikorodu Road, Ojota, Lagos", acceptTerms: "on" },
    { cookie },
  );
  expect(applied.status).toBe(302);
  const sent = await postMultipart(
    app.base,
    "/vendor-pre-approval",
    cookie,
    { intent: "preapproval", cac_registration_number: "BN 774411", owner_full_name: "Tunde Bakare", business_phone: "08031234567" },
    [["id_document", await idCardPhoto(), "nin-slip.jpg"]],
  );
  expect(sent.status).toBe(302);
  const [row] = await database.query<{ url: string }>(
    `select s.submission_data->>'id_document' as url from vendor_preapproval_submissions s
     join vendors v on v.id = s.vendor_id join users u on u.id = v.user_id where u.email = $1`,
    [email],
  );
  expect(row?.url).toMatch(/^\/uploads\/preapproval\/[a-f0-9]{32}\.webp$/);
  return row!.url;
}

function expectPrivateDocumentHeaders(response: Response): void {
  expect(response.headers.get("content-type")).toBe("image/webp");
  expect(response.headers.get("cache-control")).toBe("private, no-store");
  expect(response.headers.get("x-content-type-options")).toBe("nosniff");
  expect(response.headers.get("content-security-policy")).toContain("sandbox");
  expect(response.headers.get("content-disposition")).toBe("inline");
}

/** Pre-approval documents over HTTP: never under /uploads, only for admins through their own route. */
describe.each(TEST_ENGINES)("pre-approval documents (%s)", (engine) => {
  const { database, app } = useTestAppOn(engine);
  let admin: string;
  let uploader: string;
  let vendor: string;
  let documentUrl: string;
  let documentKey: string;

  beforeAll(async () => {
    await seedDemoShop(database().db, { uploadsDir: app().config.uploadsDir });
    admin = await signInAs(app().base, "admin@tokunbo.test", DEMO_PASSWORD);
    uploader = await signInAs(app().base, "customer@tokunbo.test", DEMO_PASSWORD);
    vendor = await signInAs(app().base, "vendor@tokunbo.test", DEMO_PASSWORD);
    documentUrl = await applyWithDocument(app(), database(), uploader, "customer@tokunbo.test");
    documentKey = documentUrl.replace("/uploads/", "");
  });

  it("serves no pre-approval file under /uploads, however the path is written, and still serves catalogue images", async () => {
    const name = documentKey.replace("preapproval/", "");
    for (const url of [documentUrl, documentUrl.replace(".webp", "-320w.webp"), `/uploads/%70reapproval/${name}`, `/uploads/PREAPPROVAL/${name}`, `/uploads//preapproval/${name}`]) {
      const response = await fetch(`${app().base}${url}`);
      expect(response.status, url).toBe(404);
      expect(await response.text()).toBe("Not found.");
    }
    for (const url of [`/uploads/products/../preapproval/${name}`, `/uploads/products/..%2Fpreapproval%2F${name}`]) {
      expect((await rawGet(app().base, url, admin)).status, url).toBe(404);
    }
    const [product] = await database().query<{ image: string }>("select images[1] as image from products where images[1] like '/uploads/products/%' limit 1");
    const catalogue = await fetch(`${app().base}${product!.image}`);
    expect(catalogue.status).toBe(200);
    expect(catalogue.headers.get("content-security-policy")).toContain("sandbox");
    expect(catalogue.headers.get("cache-control")).toContain("immutable");
  });

  it("serves the document to an admin, inline, never cached, sandboxed", async () => {
    const response = await fetch(`${app().base}${DOCUMENTS}${documentKey}`, { headers: { Cookie: admin } });
    expect(response.status).toBe(200);
    expectPrivateDocumentHeaders(response);
    const bytes = Buffer.from(await response.arrayBuffer());
    expect((await sharp(bytes).metadata()).format).toBe("webp");
  });

  it("refuses the uploader, another vendor and customers (403) and signed-out visitors (401)", async () => {
    const url = `${app().base}${DOCUMENTS}${documentKey}`;
    expect((await fetch(url, { headers: { Cookie: uploader } })).status).toBe(403);
    expect((await fetch(url, { headers: { Cookie: vendor } })).status).toBe(403);
    expect((await fetch(url)).status).toBe(401);

    const [applicant] = await database().query<{ id: string }>("select v.id from vendors v join users u on u.id = v.user_id where u.email = 'customer@tokunbo.test'");
    const approved = await postForm(app().base, "/admin/vendors", { vendorId: applicant!.id, status: "approved" }, { cookie: admin });
    expect(approved.status).toBe(200);
    const asVendor = await fetch(url, { headers: { Cookie: uploader } });
    expect(asVendor.status).toBe(403);
    expect(await asVendor.text()).not.toContain("RIFF");
  });

  it("refuses keys outside the pre-approval folder or with '..', never answering a file", async () => {
    const [product] = await database().query<{ image: string }>("select images[1] as image from products where images[1] like '/uploads/products/%' limit 1");
    const productKey = product!.image.replace("/uploads/", "");
    const name = documentKey.replace("preapproval/", "");
    const paths = [
      `${DOCUMENTS}${productKey}`,
      `${DOCUMENTS}preapproval/..%2F${productKey.replaceAll("/", "%2F")}`,
      `${DOCUMENTS}preapproval/%2e%2e/${productKey}`,
      `${DOCUMENTS}preapproval/../${productKey}`,
      `${DOCUMENTS}PREAPPROVAL/${name}`,
      `${DOCUMENTS}preapproval/`,
      `${DOCUMENTS}preapproval/${"0".repeat(32)}.webp`,
    ];
    for (const url of paths) {
      const response = await rawGet(app().base, url, admin);
      expect([400, 404], url).toContain(response.status);
      expect(response.body, url).not.toContain("RIFF");
    }
  });

  it("lists the latest pre-approval answers on the admin Vendors tab, documents linked to the admin route", async () => {
    const html = await (await fetch(`${app().base}/admin?tab=vendors`, { headers: { Cookie: admin } })).text();
    expect(html).toContain("Pre-approval answers");
    expect(html).toContain("BN 774411");
    expect(html).toContain(`href="${DOCUMENTS}${documentKey}"`);
    const seeded = /href="(\/admin\/preapproval-documents\/preapproval\/[a-z0-9-]+-id\.webp)"/.exec(html)?.[1];
    expect(seeded).toBeDefined();
    const response = await fetch(`${app().base}${seeded}`, { headers: { Cookie: admin } });
    expect(response.status).toBe(200);
    expectPrivateDocumentHeaders(response);
    expect(html).not.toMatch(/href="\/uploads\/preapproval\//);
  });
});

describe("pre-approval documents kept in an S3-compatible bucket", () => {
  let database: DatabaseHandle;
  let app: DemoApp;
  let s3: Awaited<ReturnType<typeof startFakeBucket>>;

  beforeAll(async () => {
    s3 = await startFakeBucket();
    app = await startDemoApp("pglite", s3.appEnv);
    database = app.database;
  });
  afterAll(async () => {
    await app?.close();
    await s3?.close();
  });

  it("keeps the document in the bucket, refuses it under /uploads and serves it to an admin", async () => {
    const uploader = await signInAs(app.base, "customer@tokunbo.test", DEMO_PASSWORD);
    const admin = await signInAs(app.base, "admin@tokunbo.test", DEMO_PASSWORD);
    const url = await applyWithDocument(app, database, uploader, "customer@tokunbo.test");
    const key = url.replace("/uploads/", "");
    expect(s3.objects.has(`/tokunbo-media/${key}`)).toBe(true);

    expect((await fetch(`${app.base}${url}`)).status).toBe(404);
    expect((await fetch(`${app.base}${url}`, { headers: { Cookie: admin } })).status).toBe(404);
    const served = await fetch(`${app.base}${DOCUMENTS}${key}`, { headers: { Cookie: admin } });
    expect(served.status).toBe(200);
    expectPrivateDocumentHeaders(served);
    expect((await fetch(`${app.base}${DOCUMENTS}${key}`, { headers: { Cookie: uploader } })).status).toBe(403);
  });
});
