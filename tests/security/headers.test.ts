import { readdirSync } from "node:fs";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { hashPassword } from "better-auth/crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../db/client";
import { cart, cmsContent, notifications } from "../../db/schema";
import { notify } from "../../domain/notifications/service";
import { insertListing, insertPersonWhoSignsIn, insertVendor } from "../support/rows";
import { BUILD_DIR } from "../../server/app";
import { type TestApp, loaderData, signInAs, startTestApp } from "../support/app";
import { TEST_ENGINES, createDatabaseFor } from "../support/database";

/*
 * What a browser is told on every kind of answer, and what another site can make it do.
 * Already covered elsewhere, and not repeated here: /healthz's headers in production
 * (server/app.test.ts), the exact upload policy and uploads' sandbox (server/app.test.ts,
 * server/admin.test.ts, server/vendors.test.ts), the session cookie's HttpOnly and
 * SameSite=Lax over plain HTTP and a cross-site sign-in form (server/accounts.test.ts).
 */

const PASSWORD = "mango-season-2026";
const PUBLIC_URL = "https://shop.tokunbo.test";
const FOREIGN_ORIGIN = "https://evil.example";
const REFUSED = "Cross-site request refused.";

/** The directives of a Content-Security-Policy header, by name. */
function directivesOf(policy: string | null): Map<string, string[]> {
  const entries = (policy ?? "").split(";").map((part) => part.trim().split(/\s+/)).filter((words) => words[0]);
  return new Map(entries.map(([name, ...values]) => [name!.toLowerCase(), values]));
}

/** The sources scripts may come from: script-src, or default-src when the policy has none. */
function scriptSourcesOf(policy: string | null): string[] | undefined {
  const directives = directivesOf(policy);
  return directives.get("script-src") ?? directives.get("default-src");
}

interface World {
  customerEmail: string;
  customerId: string;
  adminEmail: string;
  vendorEmail: string;
  productId: string;
  cartLineId: string;
}

async function createWorld(database: DatabaseHandle): Promise<World> {
  const passwordHash = await hashPassword(PASSWORD);
  const customer = await insertPersonWhoSignsIn(database.db, "ngozi", passwordHash, "customer");
  const admin = await insertPersonWhoSignsIn(database.db, "tunde-admin", passwordHash, "admin");
  const vendorUser = await insertPersonWhoSignsIn(database.db, "bisi-vendor", passwordHash, "vendor");
  const vendor = await insertVendor(database.db, vendorUser.userId, "Computer Village Deals");
  const productId = await insertListing(database.db, vendor.id, "iPhone 12", { status: "approved", finalPrice: 320_000_00, isLive: true });
  const [line] = await database.db.insert(cart).values({ customerId: customer.userId, productId, quantity: 1 }).returning({ id: cart.id });
  await notify(database.db, customer.userId, "order", "Order shipped", "Your iPhone 12 is on its way.");
  return {
    customerEmail: customer.email,
    customerId: customer.userId,
    adminEmail: admin.email,
    vendorEmail: vendorUser.email,
    productId,
    cartLineId: line!.id,
  };
}

describe.each(TEST_ENGINES)("security headers, cookies and cross-site requests (%s)", (engine) => {
  let database: DatabaseHandle;
  let production: TestApp;
  let development: TestApp;
  let world: World;
  const sessions = { customer: "", admin: "", vendor: "" };

  beforeAll(async () => {
    database = await createDatabaseFor(engine);
    world = await createWorld(database);
    production = await startTestApp(database, { NODE_ENV: "production", PUBLIC_URL, PAYMENTS_MODE: "sandbox", TRUST_PROXY: "1" });
    development = await startTestApp(database);
    await mkdir(path.join(production.config.uploadsDir, "products"), { recursive: true });
    await writeFile(path.join(production.config.uploadsDir, "products/phone.webp"), Buffer.from("RIFF\0\0\0\0WEBPVP8 "));
    sessions.customer = await signInAs(production.base, world.customerEmail, PASSWORD);
    sessions.admin = await signInAs(production.base, world.adminEmail, PASSWORD);
    sessions.vendor = await signInAs(production.base, world.vendorEmail, PASSWORD);
  });
  afterAll(async () => {
    await production?.close();
    await development?.close();
    await database?.close();
  });

  describe("every kind of answer", () => {
    const builtScript = () => readdirSync(path.join(BUILD_DIR, "client/assets")).find((name) => name.endsWith(".js"));
    const ANSWERS: { kind: string; path: () => string; status: number; signedIn?: "customer" }[] = [
      { kind: "page", path: () => "/", status: 200 },
      { kind: "product page", path: () => `/product/${world.productId}`, status: 200 },
      { kind: "signed-in page", path: () => "/orders", status: 200, signedIn: "customer" },
      { kind: "redirect to sign-in", path: () => "/orders", status: 302 },
      { kind: "404 page", path: () => "/no-such-page", status: 404 },
      { kind: "/api JSON", path: () => "/api/products", status: 200 },
      { kind: "/api error, signed out", path: () => "/api/events", status: 401 },
      { kind: "/api unknown endpoint", path: () => "/api/no-such-endpoint", status: 404 },
      { kind: "built asset", path: () => `/assets/${builtScript()}`, status: 200 },
      { kind: "upload", path: () => "/uploads/products/phone.webp", status: 200 },
      { kind: "missing upload", path: () => "/uploads/products/missing.webp", status: 404 },
      { kind: "sitemap", path: () => "/sitemap.xml", status: 200 },
      { kind: "health check", path: () => "/healthz", status: 200 },
    ];

    it.each(ANSWERS)("$kind: a policy that runs no inline or injected script, cannot be framed, and is not sniffed", async (answer) => {
      const cookie = answer.signedIn ? sessions[answer.signedIn] : undefined;
      const response = await fetch(`${production.base}${answer.path()}`, { redirect: "manual", headers: cookie ? { Cookie: cookie } : {} });
      expect(response.status).toBe(answer.status);
      const policy = response.headers.get("content-security-policy");
      const scriptSources = scriptSourcesOf(policy);
      expect(scriptSources, `${answer.kind}: ${policy}`).toBeDefined();
      expect(scriptSources).not.toContain("'unsafe-inline'");
      expect(scriptSources).not.toContain("'unsafe-eval'");
      expect(scriptSources).not.toContain("*");
      expect(scriptSources!.every((source) => !/^(https?:|data:|blob:)/.test(source))).toBe(true);
      expect(directivesOf(policy).get("frame-ancestors"), `${answer.kind}: ${policy}`).toEqual(["'none'"]);
      expect(response.headers.get("x-frame-options")).toBe("DENY");
      expect(response.headers.get("x-content-type-options")).toBe("nosniff");
      expect(response.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
      expect(response.headers.get("strict-transport-security")).toBe("max-age=31536000; includeSubDomains");
      await response.arrayBuffer();
    });

    it("a page rendered for one visitor allows its inline scripts by the policy's nonce, a fresh one on every request", async () => {
      const nonces = [];
      for (let i = 0; i < 2; i++) {
        // A cookie of the shop's makes the page personal (signed-out pages from memory: page-cache.test.ts).
        const response = await fetch(`${production.base}/`, { headers: { cookie: "tokunbo_flash=none" } });
        const nonce = scriptSourcesOf(response.headers.get("content-security-policy"))!.find((s) => s.startsWith("'nonce-"))!.slice(7, -1);
        const html = await response.text();
        const inlineScripts = [...html.matchAll(/<script\b([^>]*)>/g)].filter(([, attributes]) => !/\bsrc=/.test(attributes!));
        expect(inlineScripts.length).toBeGreaterThan(0);
        for (const [tag, attributes] of inlineScripts) {
          if (/type="application\/(ld\+)?json"/.test(attributes!)) continue; // data, never run
          expect(tag).toContain(`nonce="${nonce}"`);
        }
        nonces.push(nonce);
      }
      expect(nonces[0]).not.toBe(nonces[1]);
    });

    it("development sends no HSTS (a local http address must stay reachable) but the same policy", async () => {
      for (const pathname of ["/", "/api/products", "/healthz"]) {
        const response = await fetch(`${development.base}${pathname}`);
        expect(response.headers.get("strict-transport-security")).toBeNull();
        expect(scriptSourcesOf(response.headers.get("content-security-policy"))).not.toContain("'unsafe-inline'");
        expect(directivesOf(response.headers.get("content-security-policy")).get("frame-ancestors")).toEqual(["'none'"]);
        await response.arrayBuffer();
      }
    });
  });

  describe("cookies", () => {
    const signIn = (base: string) =>
      fetch(`${base}/auth`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ intent: "signin", email: world.customerEmail, password: PASSWORD }),
        redirect: "manual",
      });

    it("in production every cookie set at sign-in is HttpOnly, SameSite and Secure, the session under the __Secure- prefix", async () => {
      const response = await signIn(production.base);
      expect(response.status).toBe(302);
      const setCookies = response.headers.getSetCookie();
      const session = setCookies.find((line) => line.includes("session_token="));
      expect(session).toMatch(/^__Secure-/);
      for (const line of setCookies) {
        expect(line).toMatch(/;\s*HttpOnly/i);
        expect(line).toMatch(/;\s*SameSite=(Lax|Strict)/i);
        if (line.includes("session_")) expect(line).toMatch(/;\s*Secure/i);
      }
    });

    it("over plain HTTP in development the session cookie is not Secure, so the local shop keeps working", async () => {
      const response = await signIn(development.base);
      expect(response.status).toBe(302);
      const session = response.headers.getSetCookie().find((line) => line.includes("session_token="));
      expect(session).toMatch(/;\s*HttpOnly/i);
      expect(session).not.toMatch(/;\s*Secure/i);
    });

    it("the session cookie is never readable by the page: no page or /api answer echoes its value", async () => {
      const token = sessions.customer.split("=").slice(1).join("=");
      for (const pathname of ["/", "/orders", "/cart", "/_root.data", "/cart.data"]) {
        const body = await (await fetch(`${production.base}${pathname}`, { headers: { Cookie: sessions.customer } })).text();
        expect(body, pathname).not.toContain(token.split(".")[0]);
      }
    });
  });

  describe("requests from another site (CSRF)", () => {
    type Sender = { name: string; headers: Record<string, string> };
    const CROSS_SITE: Sender[] = [
      { name: "a foreign Origin", headers: { Origin: FOREIGN_ORIGIN } },
      { name: "Origin null (a sandboxed frame or a data: page)", headers: { Origin: "null" } },
      { name: "our host on another port", headers: { Origin: "http://127.0.0.1:1" } },
      { name: "our host over the other scheme", headers: { Origin: PUBLIC_URL.replace("https:", "http:") } },
      { name: "Sec-Fetch-Site cross-site and no Origin", headers: { "Sec-Fetch-Site": "cross-site" } },
      { name: "Sec-Fetch-Site same-site (a sibling subdomain) and no Origin", headers: { "Sec-Fetch-Site": "same-site" } },
    ];

    const cartLine = async () => (await database.db.select().from(cart).where(eq(cart.customerId, world.customerId)))[0];
    const unread = async () =>
      (await database.db.select().from(notifications).where(eq(notifications.userId, world.customerId))).filter((n) => !n.read).length;
    const cmsRows = async () => (await database.db.select().from(cmsContent)).length;
    const sessionIsValid = async (cookie: string) => (await loaderData<{ site: { account: unknown } }>(production.base, "/", "root", cookie)).site.account !== null;

    type Write = { label: string; method: string; path: () => string; session: keyof typeof sessions; body?: () => BodyInit; json?: boolean };
    const WRITES: Write[] = [
      { label: "POST /cart quantity (page action)", method: "POST", path: () => "/cart", session: "customer", body: () => new URLSearchParams({ intent: "quantity", itemId: world.cartLineId, quantity: "2" }) },
      { label: "POST /cart.data remove (the page's script)", method: "POST", path: () => "/cart.data", session: "customer", body: () => new URLSearchParams({ intent: "remove", itemId: world.cartLineId }) },
      { label: "POST /cart clear (page action)", method: "POST", path: () => "/cart", session: "customer", body: () => new URLSearchParams({ intent: "clear" }) },
      { label: "POST /notifications read-all (page action)", method: "POST", path: () => "/notifications", session: "customer", body: () => new URLSearchParams({ intent: "read-all" }) },
      { label: "POST /checkout (page action)", method: "POST", path: () => "/checkout", session: "customer", body: () => new URLSearchParams({ intent: "place" }) },
      { label: "POST /vendor-dashboard live (page action)", method: "POST", path: () => "/vendor-dashboard", session: "vendor", body: () => new URLSearchParams({ intent: "live", productId: world.productId, isLive: "false" }) },
      { label: "POST /cart/items (page action)", method: "POST", path: () => "/cart/items", session: "customer", body: () => new URLSearchParams({ productId: world.productId, quantity: "1" }) },
      { label: "POST /cms (page action)", method: "POST", path: () => "/cms?tab=top_banner", session: "admin", body: () => new URLSearchParams({ section: "top_banner", enabled: "on", text: "Owned", background_color: "#000000", text_color: "#ffffff" }) },
      { label: "POST /auth/sign-out (page action)", method: "POST", path: () => "/auth/sign-out", session: "customer", body: () => new URLSearchParams({}) },
    ];

    const send = (write: Write, headers: Record<string, string>) =>
      fetch(`${production.base}${write.path()}`, {
        method: write.method,
        redirect: "manual",
        headers: {
          Cookie: sessions[write.session],
          ...(write.json ? { "Content-Type": "application/json" } : write.body ? { "Content-Type": "application/x-www-form-urlencoded" } : {}),
          ...headers,
        },
        body: write.body?.(),
      });

    const cases = WRITES.flatMap((write) => CROSS_SITE.map((sender) => ({ ...write, sender })));

    it.each(cases)("$label from $sender.name is refused with 403 and changes nothing", async ({ sender, ...write }) => {
      const before = { line: await cartLine(), unread: await unread(), cms: await cmsRows(), live: await isLive() };
      const response = await send(write, sender.headers);
      expect(response.status).toBe(403);
      if (write.path().startsWith("/api/")) expect(await response.json()).toEqual({ error: REFUSED });
      else expect(await response.text()).toBe(REFUSED);
      expect(response.headers.getSetCookie()).toEqual([]);
      expect({ line: await cartLine(), unread: await unread(), cms: await cmsRows(), live: await isLive() }).toEqual(before);
      expect(await sessionIsValid(sessions[write.session])).toBe(true);
    });

    async function isLive() {
      const [row] = await database.query<{ is_live: boolean }>("select is_live from products where id = $1", [world.productId]);
      return row?.is_live;
    }

    it("a cross-site GET still reads a page (links from other sites work) but changes nothing", async () => {
      const response = await fetch(`${production.base}/cart`, { headers: { Cookie: sessions.customer, Origin: FOREIGN_ORIGIN, "Sec-Fetch-Site": "cross-site" } });
      expect(response.status).toBe(200);
      await response.arrayBuffer();
    });

    it("the same writes from our own pages pass: Origin of the public address, of the address asked, or Sec-Fetch-Site same-origin", async () => {
      const quantityChange = WRITES[0]!;
      for (const [headers, quantity] of [
        // The public address reaches the app through its proxy, which says so.
        [{ Origin: PUBLIC_URL, "X-Forwarded-Host": `${new URL(PUBLIC_URL).host}:443`, "X-Forwarded-Proto": "https" }, 2],
        [{ Origin: production.base }, 3],
        [{ "Sec-Fetch-Site": "same-origin" }, 1],
      ] as const) {
        const response = await send({ ...quantityChange, body: () => new URLSearchParams({ intent: "quantity", itemId: world.cartLineId, quantity: String(quantity) }) }, headers);
        expect(response.status, JSON.stringify(headers)).toBe(200);
        await response.arrayBuffer();
        expect((await cartLine())?.quantity).toBe(quantity);
      }
      const signedOut = await send(WRITES.at(-1)!, { Origin: production.base });
      expect(signedOut.status).toBe(302);
      expect(await sessionIsValid(sessions.customer)).toBe(false);
    });
  });
});
