import { readdir } from "node:fs/promises";
import { DOMParser } from "@xmldom/xmldom";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../db/client";
import { DEMO_PASSWORD } from "../../db/seed/demo-accounts";
import { CMS_DEFAULTS } from "../../domain/cms/defaults";
import { CMS_TEXTS, EDITABLE_SECTIONS } from "../../domain/cms/validation";
import { UPLOAD_TEXTS } from "../../domain/media/uploads";
import { signInAs } from "../support/app";
import { TEST_ENGINES } from "../support/database";
import { type DemoApp, startDemoApp } from "../support/demo-app";

/*
 * Script written by one person must reach everyone else as text. Every free-text field people
 * can fill (names, business names, phones, reviews, order details, notifications, site content)
 * holds a payload with every usual trick, written straight into the database so nothing the forms
 * refuse is relied on; then every page that shows them is read as its browser would get it.
 */

const ATTACKS = [
  "<script>window.__xss=1</script>",
  "<img src=x onerror=alert(2)>",
  '"><svg onload=alert(3)>',
  "</script><script>window.__xss=4</script>",
  "' onmouseover='alert(5)' x='",
  "${alert(6)}`+alert(6)+`",
  "<!--<script>",
  "\u2028\u2029",
].join("");

/** The payload of one field, named so a test can tell it is shown. */
const payload = (field: string) => `${field} ${ATTACKS}`;
/** A link or image field: a script URL instead of an address. */
const SCRIPT_URL = "javascript:alert(7)";
/** A colour field breaking out of its style. */
const STYLE_BREAKOUT = "red;}</style><script>window.__xss=8</script><style>";

/** What the payload looks like once escaped as text: proof the field is shown, and shown as text. */
const shownAsText = (field: string) => `${field} &lt;script&gt;window.__xss=1&lt;/script&gt;&lt;img src=x onerror=alert(2)&gt;`;

/** Pieces of the payloads that are markup only when the page failed to escape them. */
const RAW_MARKUP = ["<script>window.__xss", "<img src=x", "<svg onload", "<style><script>"];

// ---------------------------------------------------------------------------------------------
// Reading HTML the way a browser would, enough to find what could run

const SCRIPT_BLOCK = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;
const TAG = /<([a-zA-Z][\w:-]*)((?:\s+[^\s"'=<>/]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'=<>`]+))?)*)\s*\/?>/g;
const ATTRIBUTE = /([^\s"'=<>/]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;
const URL_ATTRIBUTES = new Set(["href", "src", "action", "formaction", "xlink:href", "poster", "data", "srcset", "background"]);

function decodeEntities(value: string): string {
  return value
    .replace(/&#x([0-9a-f]+);?/gi, (_, hex: string) => String.fromCodePoint(parseInt(hex, 16)))
    .replace(/&#(\d+);?/g, (_, dec: string) => String.fromCodePoint(Number(dec)))
    .replace(/&(quot|apos|lt|gt|amp|colon|tab|newline);/gi, (_, name: string) => ({ quot: '"', apos: "'", lt: "<", gt: ">", amp: "&", colon: ":", tab: "\t", newline: "\n" })[name.toLowerCase()]!);
}

/** Everything in `html` that would run script, described; empty when the page is inert. */
function scriptThatWouldRun(html: string): string[] {
  const problems: string[] = [];
  const scripts = [...html.matchAll(SCRIPT_BLOCK)];
  const outside = html.replace(SCRIPT_BLOCK, "");
  for (const raw of RAW_MARKUP) if (html.includes(raw)) problems.push(`unescaped markup ${raw}`);
  if (outside.includes("' onmouseover='")) problems.push("an attribute broken out of its quotes");
  for (const [, attributes = "", body = ""] of scripts) {
    if (/window\.__xss|alert\(/.test(body) && /<!--|<script|<\/script/i.test(body)) problems.push(`a script element whose data can end it: ${attributes.trim()}`);
  }
  for (const [tag, name = "", attributes = ""] of outside.matchAll(TAG)) {
    for (const [, attribute = "", ...values] of attributes.matchAll(ATTRIBUTE)) {
      const lower = attribute.toLowerCase();
      const value = decodeEntities(values.find((v) => v !== undefined) ?? "");
      if (lower.startsWith("on")) problems.push(`an event handler: ${tag.slice(0, 120)}`);
      const compact = Array.from(value).filter((c) => c.charCodeAt(0) > 0x20).join("").toLowerCase();
      if (URL_ATTRIBUTES.has(lower) && /(^|,)(javascript|vbscript|data:text\/html)/.test(compact.replace(/^[\s,]+/, ""))) {
        problems.push(`a script URL in <${name} ${attribute}>`);
      }
      if (lower === "style" && /expression\(|javascript:|<\/style/i.test(value)) problems.push(`script in a style attribute of <${name}>`);
    }
  }
  return problems;
}

// ---------------------------------------------------------------------------------------------
// Payloads in every free-text field

/** Every text column people fill, with the payload it gets. */
const TEXT_COLUMNS: Record<string, string[]> = {
  users: ["name"],
  profiles: ["full_name"],
  vendors: ["business_name", "business_address", "rejection_reason", "contact_phone"],
  products: ["name", "model", "color", "description"],
  reviews: ["comment"],
  orders: ["customer_name", "shipping_address", "city", "delivery_notes", "tracking_number", "carrier"],
  order_status_history: ["note"],
  notifications: ["title", "message"],
  user_activities: ["activity_description"],
  payments: ["refund_reason"],
};

async function fillTextColumns(database: DatabaseHandle): Promise<void> {
  for (const [table, columns] of Object.entries(TEXT_COLUMNS)) {
    const sets = columns.map((column, i) => `${column} = $${i + 1}`).join(", ");
    await database.query(`update ${table} set ${sets}`, columns.map((column) => payload(`${table}.${column}`)));
  }
  await database.query("update vendor_preapproval_fields set field_label = $1", [`<img src=x onerror=alert(9)>"><svg onload=alert(3)>`]);
  await database.query(
    "update vendor_preapproval_submissions set submission_data = (select jsonb_object_agg(key, $1::text) from jsonb_each(submission_data))",
    [payload("submission")],
  );
  await database.query("update payments set flagged_for_refund = true");
  await fillPayoutTexts(database);
  await database.query("insert into email_outbox (to_address, subject, text_body) values ($1, $2, $3)", [
    "customer@tokunbo.test", payload("email_outbox.subject"), payload("email_outbox.text_body"),
  ]);
}

/**
 * The vendor's Earnings tab shows an adjustment's reason and the account name Paystack resolved:
 * the ledger takes no updates, so both are written as new rows.
 */
async function fillPayoutTexts(database: DatabaseHandle): Promise<void> {
  const vendor = "select v.id from vendors v join users u on u.id = v.user_id where u.email = 'vendor@tokunbo.test'";
  await database.query(`insert into vendor_ledger_entries (vendor_id, kind, bucket, amount, note) select id, 'adjustment', 'available', 100000, $1 from (${vendor}) v`, [
    payload("vendor_ledger_entries.note"),
  ]);
  await database.query(
    `insert into vendor_bank_accounts (vendor_id, bank_code, bank_name, account_number, account_name, recipient_code) select id, '058', $1, '0001234567', $2, 'RCP_injection' from (${vendor}) v`,
    [payload("vendor_bank_accounts.bank_name"), payload("vendor_bank_accounts.account_name")],
  );
}

/** A section's content with every text replaced: links and images by a script URL, colours by a style breakout. */
function poisoned(value: unknown, key = ""): unknown {
  if (typeof value === "string") {
    if (/url|image|link(?!_text)/.test(key)) return SCRIPT_URL;
    if (/colou?r/.test(key)) return STYLE_BREAKOUT;
    return payload(key);
  }
  if (typeof value === "boolean") return true;
  if (Array.isArray(value)) return value.map((item, i) => poisoned(item, `${key}.${i}`));
  if (value && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([name, child]) => [name, poisoned(child, key ? `${key}.${name}` : name)]));
  }
  return value;
}

async function fillSiteContent(database: DatabaseHandle): Promise<void> {
  for (const [section, content] of Object.entries(CMS_DEFAULTS)) {
    const value = poisoned(content, section) as Record<string, unknown>;
    if (section === "branding") value.site_name = payload("site"); // shown in every page title
    await database.query(
      "insert into cms_content (section, content) values ($1, $2) on conflict (section) do update set content = excluded.content",
      [section, JSON.stringify(value)],
    );
  }
}

// ---------------------------------------------------------------------------------------------
// Uploaded SVG: logos are the one upload kept as SVG; every trick that could smuggle script in

const SVG_OPEN = '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 10 10">';
const EVASIVE_SVGS: Record<string, string> = {
  "an external entity (XXE)": `<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>${SVG_OPEN}<text>&xxe;</text></svg>`,
  "an entity-encoded javascript: link": `${SVG_OPEN}<a href="&#106;ava&#x73;cript:alert(1)"><rect width="5" height="5"/></a></svg>`,
  "a tab inside the scheme of an xlink:href": `${SVG_OPEN}<a xlink:href="java	script:alert(1)"><rect width="5" height="5"/></a></svg>`,
  "a handler on a prefixed attribute": `<svg xmlns="http://www.w3.org/2000/svg" xmlns:x="http://www.w3.org/2000/svg" x:onload="alert(1)" viewBox="0 0 10 10"><circle r="4"/></svg>`,
  "a script with a data: source": `${SVG_OPEN}<script xlink:href="data:text/javascript,alert(1)"/><circle r="4"/></svg>`,
  "animation rewriting a link": `${SVG_OPEN}<a href="#x"><animate attributeName="href" to="javascript:alert(1)"/><set attributeName="href" to="javascript:alert(2)"/><rect width="5" height="5"/></a></svg>`,
  "HTML inside foreignObject": `${SVG_OPEN}<foreignObject width="10" height="10"><iframe xmlns="http://www.w3.org/1999/xhtml" src="javascript:alert(1)"></iframe></foreignObject></svg>`,
  "an external use and a style import": `${SVG_OPEN}<style>@import url(https://evil.example/x.css);</style><use href="https://evil.example/x.svg#a"/><rect style="fill:url(https://evil.example/p)" width="5" height="5"/></svg>`,
  "a processing instruction loading a stylesheet": `<?xml-stylesheet href="https://evil.example/x.xsl" type="text/xsl"?>${SVG_OPEN}<circle r="4"/></svg>`,
  "upper-case script and handler": `${SVG_OPEN}<SCRIPT>alert(1)</SCRIPT><circle ONCLICK="alert(2)" r="4"/></svg>`,
};

/** Elements, attributes and addresses in a stored SVG that could run script or fetch from elsewhere. */
function activeSvgParts(svg: string): string[] {
  const found: string[] = [];
  if (/<!DOCTYPE|<!ENTITY|<\?xml-stylesheet|root:/i.test(svg)) found.push("a doctype, entity, stylesheet instruction or file content");
  const document = new DOMParser({ onError: () => {} }).parseFromString(svg, "image/svg+xml");
  const visit = (node: { nodeType: number; nodeName: string; attributes?: ArrayLike<{ name: string; value: string }>; textContent?: string | null; childNodes: ArrayLike<unknown> }) => {
    if (node.nodeType !== 1) return;
    const name = node.nodeName.toLowerCase();
    if (["script", "foreignobject", "iframe", "animate", "set"].includes(name)) found.push(`<${name}>`);
    if (name === "style" && /@import|url\(\s*['"]?https?:/i.test(node.textContent ?? "")) found.push("a style loading from elsewhere");
    for (const { name: attribute, value } of Array.from(node.attributes ?? [])) {
      const local = attribute.toLowerCase().split(":").at(-1)!;
      if (local.startsWith("on")) found.push(`${attribute} on <${name}>`);
      if (/script:|https?:\/\/evil/i.test(value.replace(/\s/g, ""))) found.push(`${attribute}="${value}" on <${name}>`);
    }
    for (const child of Array.from(node.childNodes)) visit(child as typeof node);
  };
  visit(document.documentElement as unknown as Parameters<typeof visit>[0]);
  return found;
}

// ---------------------------------------------------------------------------------------------

type Actor = "visitor" | "customer" | "vendor" | "applicant" | "admin" | "superAdmin";
const EMAILS: Record<Exclude<Actor, "visitor">, string> = {
  customer: "customer@tokunbo.test",
  vendor: "vendor@tokunbo.test",
  applicant: "pending.vendor@tokunbo.test",
  admin: "admin@tokunbo.test",
  superAdmin: "superadmin@tokunbo.test",
};

interface Page {
  as: Actor;
  path: string;
  /** Fields whose payload the page must show as text (so the check is not vacuous). */
  shows: string[];
}

const ADMIN_TABS = ["vendors", "products", "orders", "reviews", "payments", "payouts", "preapproval", "activities"];

describe.each(TEST_ENGINES)("script written into the shop runs nowhere (%s)", (engine) => {
  let database: DatabaseHandle;
  let app: DemoApp;
  let productId: string;
  let orderId: string;
  const cookies = new Map<Actor, string>();

  beforeAll(async () => {
    app = await startDemoApp(engine, { NODE_ENV: "production", PAYMENTS_MODE: "sandbox", DEV_MAILBOX: "true", DEMO_SITE: "true" });
    database = app.database;
    for (const [actor, email] of Object.entries(EMAILS)) cookies.set(actor as Actor, await signInAs(app.base, email, DEMO_PASSWORD));
    await fillTextColumns(database);
    await fillSiteContent(database);
    const [reviewed] = await database.query<{ product_id: string }>(
      "select r.product_id from reviews r join products p on p.id = r.product_id where r.approved and p.status = 'approved' and p.is_live limit 1",
    );
    productId = reviewed!.product_id;
    const [order] = await database.query<{ id: string }>(
      "select o.id from orders o join users u on u.id = o.customer_id where u.email = $1 order by o.created_at desc limit 1",
      [EMAILS.customer],
    );
    orderId = order!.id;
  });
  afterAll(() => app?.close());

  const read = async (as: Actor, pathname: string) => {
    const cookie = cookies.get(as);
    const response = await fetch(`${app.base}${pathname}`, { headers: cookie ? { Cookie: cookie } : {}, redirect: "manual" });
    return { status: response.status, html: await response.text() };
  };

  const pages = (): Page[] => [
    { as: "visitor", path: "/", shows: ["site", "products.name", "top_banner.text", "home_banner.slides.0.title", "hero_banners.banners.0.title", "featured_categories.title"] },
    { as: "visitor", path: "/shop", shows: ["products.name"] },
    { as: "visitor", path: `/shop?search=${encodeURIComponent(payload("search"))}`, shows: [] },
    { as: "visitor", path: `/product/${productId}`, shows: ["products.model", "products.description", "reviews.comment", "vendors.business_name", "profiles.full_name"] },
    { as: "visitor", path: "/become-vendor", shows: ["become_vendor_page.title"] },
    { as: "visitor", path: `/${encodeURIComponent(payload("path"))}`, shows: [] },
    { as: "admin", path: "/dev/mailbox", shows: ["email_outbox.subject", "email_outbox.text_body"] },
    { as: "customer", path: "/", shows: ["profiles.full_name"] },
    { as: "customer", path: "/cart", shows: ["products.name"] },
    { as: "customer", path: "/orders", shows: ["products.model", "orders.tracking_number", "orders.carrier"] },
    { as: "customer", path: `/orders?details=${orderId}`, shows: ["products.name"] },
    { as: "customer", path: `/orders?track=${orderId}`, shows: ["orders.carrier", "order_status_history.note"] },
    { as: "customer", path: "/notifications", shows: ["notifications.title", "notifications.message"] },
    { as: "customer", path: `/payment-success?reference=${encodeURIComponent(payload("reference"))}`, shows: [] },
    { as: "vendor", path: "/vendor-dashboard", shows: ["vendors.business_name", "products.name"] },
    { as: "vendor", path: "/vendor-dashboard?tab=orders", shows: ["products.name", "orders.carrier", "orders.tracking_number", "order_status_history.note"] },
    { as: "vendor", path: "/vendor-dashboard?tab=earnings", shows: ["vendor_ledger_entries.note", "vendor_bank_accounts.bank_name", "vendor_bank_accounts.account_name"] },
    { as: "vendor", path: "/products", shows: ["products.name"] },
    { as: "applicant", path: "/vendor-pre-approval", shows: [] },
    ...ADMIN_TABS.map((tab): Page => ({ as: "admin", path: `/admin?tab=${tab}`, shows: [] })),
    { as: "admin", path: "/admin?tab=payments&flagged=true", shows: ["payments.refund_reason"] },
    // The order search shows what was typed back in its field, whether valid (a short one) or refused (the whole payload).
    { as: "admin", path: `/admin?tab=orders&q=${encodeURIComponent(payload("q").slice(0, 100))}`, shows: [] },
    { as: "admin", path: `/admin?tab=orders&q=${encodeURIComponent(payload("q"))}&from=${encodeURIComponent(payload("from"))}`, shows: [] },
    { as: "admin", path: "/products", shows: ["products.name"] },
    ...EDITABLE_SECTIONS.map((section): Page => ({ as: "admin", path: `/cms?tab=${section}`, shows: [] })),
    { as: "superAdmin", path: "/super-admin?tab=admins", shows: ["profiles.full_name"] },
  ];

  it("the check finds what would run: raw tags, handlers, script URLs, a script element its data can end", () => {
    const found = (html: string) => scriptThatWouldRun(html).length;
    expect(found(`<p>${shownAsText("x")}</p><a href="/shop" title="&quot; onclick=alert(1)">ok</a>`)).toBe(0);
    expect(found(`<p>${payload("x")}</p>`)).toBeGreaterThan(0);
    expect(found(`<button onclick="go()">x</button>`)).toBe(1);
    expect(found(`<a href=" java&#x09;script:alert(1)">x</a>`)).toBe(1);
    expect(found(`<script>var d = "</script><script>window.__xss=4</script>";</script>`)).toBeGreaterThan(0);
    expect(found(`<script type="application/json">{"a":"<!--<script>alert(1)"}</script>`)).toBe(1);
  });

  it("the pages show every payload as text and nothing in them would run", async () => {
    const failures: string[] = [];
    for (const page of pages()) {
      const { status, html } = await read(page.as, page.path);
      const label = `${page.path.slice(0, 60)} as ${page.as} (${status})`;
      if (status >= 500) failures.push(`${label}: server error`);
      failures.push(...scriptThatWouldRun(html).map((problem) => `${label}: ${problem}`));
      for (const field of page.shows) if (!html.includes(shownAsText(field))) failures.push(`${label}: does not show ${field} as text`);
    }
    expect(failures).toEqual([]);
  });

  describe("uploads", () => {
    const upload = (pathname: string, form: FormData) =>
      fetch(`${app.base}${pathname}`, { method: "POST", redirect: "manual", headers: { Cookie: cookies.get("admin")! }, body: form });
    const logoForm = (svg: string) => {
      const form = new FormData();
      for (const [name, value] of Object.entries({ section: "branding", site_name: "Lagos Phone Hub", primary_color: "#0a7d33", logo_url: "" })) form.set(name, value);
      form.set("logo_url__file", new Blob([svg], { type: "image/svg+xml" }), "logo.svg");
      return form;
    };

    it.each(Object.entries(EVASIVE_SVGS))("a logo with %s is refused or stored without it, and served as an image that cannot run script", async (_trick, svg) => {
      const response = await upload("/cms?tab=branding", logoForm(svg));
      await response.arrayBuffer();
      if (response.status === 400) return; // refused as not a valid SVG image
      expect(response.status).toBe(200);
      const [{ url } = { url: "" }] = await database.query<{ url: string }>("select content->>'logo_url' url from cms_content where section = 'branding'");
      expect(url).toMatch(/^\/uploads\/cms\/branding\/[a-f0-9]{32}\.svg$/);
      const served = await fetch(`${app.base}${url}`);
      expect(served.headers.get("content-type")).toContain("image/svg+xml");
      expect(served.headers.get("x-content-type-options")).toBe("nosniff");
      expect(served.headers.get("content-security-policy")).toMatch(/default-src 'none'.*sandbox/);
      expect(activeSvgParts(await served.text())).toEqual([]);

      const home = (await read("visitor", "/")).html.replace(SCRIPT_BLOCK, "");
      expect(home).toContain(`src="${url}"`);
      expect([...home.matchAll(new RegExp(`<(\\w+)[^>]*${url}`, "g"))].map(([, tag]) => tag).filter((tag) => tag !== "img" && tag !== "link")).toEqual([]);
    });

    it("an HTML page named logo.svg is refused", async () => {
      const response = await upload("/cms?tab=branding", logoForm("<!doctype html><html><body><script>alert(1)</script></body></html>"));
      expect(response.status).toBe(400);
      expect(await response.text()).toContain(CMS_TEXTS.logoType);
    });

    it("an SVG or HTML file sent as a product photo or a banner image is refused and nothing is stored", async () => {
      const storedFiles = () => readdir(app.config.uploadsDir, { recursive: true }).catch(() => []);
      const filesBefore = await storedFiles();
      const svg = `${SVG_OPEN}<script>alert(1)</script></svg>`;
      for (const [bytes, name] of [[svg, "phone.png"], ["<html><script>alert(1)</script></html>", "phone.jpg"]] as const) {
        const photo = new FormData();
        photo.set("images", new Blob([bytes], { type: "image/png" }), name);
        const refused = await upload("/products/images", photo);
        expect(refused.status).toBe(400);
        expect(((await refused.json()) as { error: string }).error).toContain(UPLOAD_TEXTS.notAnImage);

        const banner = new FormData();
        for (const [field, value] of Object.entries({ section: "home_banner", autoplay_seconds: "5", "slides.0.title": "Deals", "slides.0.image_url": "" })) banner.set(field, value);
        banner.set("slides.0.image_url__file", new Blob([bytes], { type: "image/png" }), name);
        const bannerRefused = await upload("/cms?tab=home_banner", banner);
        expect(bannerRefused.status).toBe(400);
        expect(await bannerRefused.text()).toContain(CMS_TEXTS.imageType);
      }
      expect(await storedFiles()).toEqual(filesBefore);
    });
  });

  it("links and images of the site content holding a script URL are left out, and colours breaking out of their style fall back", async () => {
    const { html } = await read("visitor", "/");
    const markup = html.replace(SCRIPT_BLOCK, "");
    expect(markup).not.toContain("javascript:");
    expect(markup).not.toContain("__xss=8");
  });
});
