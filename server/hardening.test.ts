import { randomUUID } from "node:crypto";
import { readdir } from "node:fs/promises";
import { request } from "node:http";
import { crc32, deflateSync } from "node:zlib";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useTestApp } from "../tests/support/lifecycle";
import type { DatabaseHandle } from "../db/client";
import { DEMO_PASSWORD } from "../db/seed/demo-accounts";
import { SIGN_IN_SLOWDOWN } from "../domain/accounts/rate-limit";
import { requestPasswordReset } from "../domain/accounts/service";
import { AUTH_TEXTS } from "../domain/accounts/texts";
import { TEST_ENGINES, createTestDatabase } from "../tests/support/database";
import { type DemoApp, startDemoApp } from "../tests/support/demo-app";
import { postForm, signInAs, startTestApp } from "../tests/support/app";
import { UPLOAD_RATE_LIMIT } from "../domain/media/upload-allowance";
import { ALLOWED_METHODS } from "./security";

/** A black, one-bit greyscale PNG: tiny on disk whatever its size in pixels (as an attacker would send). */
function blankPng(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([1, 0, 0, 0, 0], 8);
  const rows = Buffer.alloc((1 + Math.ceil(width / 8)) * height);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(rows)),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

/** Any method, as sent (fetch refuses TRACE). */
function send(method: string, url: string): Promise<{ status: number; allow: string | undefined; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (chunk) => (body += chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, allow: res.headers.allow, body }));
    });
    req.on("error", reject);
    req.end();
  });
}

/** What an outside probe of a production-like shop found, each kept from coming back. */
describe.each(TEST_ENGINES)("defences found by an outside probe (%s)", (engine) => {
  let database: DatabaseHandle;
  let app: DemoApp;

  /** A sign-in form from a given client address (the app trusts one proxy here). */
  const signInFrom = (ip: string, email: string, password: string) =>
    fetch(`${app.base}/auth`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", "X-Forwarded-For": ip },
      body: new URLSearchParams({ intent: "signin", email, password }),
      redirect: "manual",
    });
  const usersWithEmail = async (email: string) =>
    (await database.query<{ n: number }>("select count(*)::int n from users where email = $1", [email]))[0]!.n;

  beforeAll(async () => {
    app = await startDemoApp(engine, { TRUST_PROXY: "1" });
    database = app.database;
  });
  afterAll(() => app?.close());

  describe("the development mailbox", () => {
    it("shows a signed-out visitor no link once an admin exists, even from the server's own machine", async () => {
      await postForm(app.base, "/auth", { intent: "forgot", email: "superadmin@tokunbo.test" });
      await expect.poll(async () => (await database.query("select 1 from email_outbox where to_address = 'superadmin@tokunbo.test'")).length).toBe(1);

      for (const headers of [{}, { "X-Forwarded-For": "127.0.0.1" }, { "X-Forwarded-For": "41.58.12.7" }] as Array<Record<string, string>>) {
        const response = await fetch(`${app.base}/dev/mailbox`, { headers });
        expect(response.status).toBe(404);
        const html = await response.text();
        expect(html).not.toContain("reset-password?token=");
        expect(html).not.toContain("superadmin@tokunbo.test");
      }
      const customer = await signInAs(app.base, "customer@tokunbo.test", DEMO_PASSWORD);
      expect((await fetch(`${app.base}/dev/mailbox`, { headers: { Cookie: customer } })).status).toBe(404);
    });

    it("shows an admin the outbox except mail to super admins, and a super admin all of it", async () => {
      await postForm(app.base, "/auth", { intent: "forgot", email: "ngozi.eze@tokunbo.test" });
      await expect.poll(async () => (await database.query("select 1 from email_outbox where to_address = 'ngozi.eze@tokunbo.test'")).length).toBe(1);
      const mailbox = async (email: string) => {
        const response = await fetch(`${app.base}/dev/mailbox`, { headers: { Cookie: await signInAs(app.base, email, DEMO_PASSWORD) } });
        expect(response.status).toBe(200);
        return response.text();
      };
      const [superAdminLink] = await database.query<{ text_body: string }>("select text_body from email_outbox where to_address = 'superadmin@tokunbo.test'");
      const token = /reset-password\?token=([\w.-]+)/.exec(superAdminLink!.text_body)![1]!;

      const seenByAdmin = await mailbox("admin@tokunbo.test");
      expect(seenByAdmin).toContain("To: <span class=\"font-semibold\">ngozi.eze@tokunbo.test</span>");
      expect(seenByAdmin).toContain("reset-password?token=");
      expect(seenByAdmin).not.toContain("superadmin@tokunbo.test");
      expect(seenByAdmin).not.toContain(token);

      const seenBySuperAdmin = await mailbox("superadmin@tokunbo.test");
      expect(seenBySuperAdmin).toContain("ngozi.eze@tokunbo.test");
      expect(seenBySuperAdmin).toContain(token);
    });

    it("stays off in production for admins too, unless the site is declared a demo", async () => {
      const production = { NODE_ENV: "production", PAYMENTS_MODE: "sandbox", DEV_MAILBOX: "true" };
      for (const [env, status] of [[production, 404], [{ ...production, DEMO_SITE: "true" }, 200]] as const) {
        const shop = await startTestApp(database, env);
        try {
          const admin = await signInAs(shop.base, "admin@tokunbo.test", DEMO_PASSWORD);
          expect((await fetch(`${shop.base}/dev/mailbox`, { headers: { Cookie: admin } })).status).toBe(status);
          expect((await fetch(`${shop.base}/dev/mailbox`)).status).toBe(404);
        } finally {
          await shop.close();
        }
      }
    });
  });

  describe("sign-in failures (docs/accounts.md)", () => {
    it("lets the owner in from a fresh address after ten failures by others from ten addresses", async () => {
      const email = "aisha.mohammed@tokunbo.test";
      for (let i = 1; i <= 10; i++) expect((await signInFrom(`102.89.0.${i}`, email, `guess-${i}`)).status).toBe(401);

      const started = Date.now();
      const owner = await signInFrom("102.89.1.1", email, DEMO_PASSWORD);
      expect(owner.status).toBe(302);
      // The account is under attack, so every attempt on it is slowed down, the owner's too.
      expect(Date.now() - started).toBeGreaterThanOrEqual(SIGN_IN_SLOWDOWN.delayMs - 50);
      // Another stranger is slowed down, not refused, and still learns nothing.
      expect((await signInFrom("102.89.0.11", email, "guess-11")).status).toBe(401);
    });

    it("refuses an address that keeps failing on one account, while the owner gets in from elsewhere", async () => {
      const email = "emeka.nwosu@tokunbo.test";
      for (let i = 0; i < 10; i++) expect((await signInFrom("105.112.4.4", email, `guess-${i}`)).status).toBe(401);
      const refused = await signInFrom("105.112.4.4", email, DEMO_PASSWORD);
      expect(refused.status).toBe(429);
      expect(await refused.text()).toContain("Too many attempts. Please try again in 15 minutes.");
      expect((await signInFrom("105.112.9.9", email, DEMO_PASSWORD)).status).toBe(302);
    });

    it("never counts successful sign-ins", async () => {
      for (let i = 0; i < 12; i++) expect((await signInFrom("197.210.5.5", "customer@tokunbo.test", DEMO_PASSWORD)).status, `sign-in ${i + 1}`).toBe(302);
    });
  });

  describe("passwords (docs/accounts.md)", () => {
    it("refuses short and common passwords at sign-up with the documented texts and creates nothing", async () => {
      const cases = [
        ["123456", AUTH_TEXTS.passwordTooShort],
        ["password1", AUTH_TEXTS.passwordTooCommon],
        ["Password1", AUTH_TEXTS.passwordTooCommon],
      ] as const;
      for (const [password, message] of cases) {
        const email = `weak.${password.toLowerCase()}@example.com`;
        const buyer = await postForm(app.base, "/auth", { intent: "signup", fullName: "Tolu Ade", email, password, confirmPassword: password });
        expect(buyer.status, password).toBe(400);
        expect(await buyer.text()).toContain(message);
        const vendor = await postForm(app.base, "/vendor-auth", { intent: "signup", fullName: "Tolu Ade", email, password });
        expect(vendor.status, password).toBe(400);
        expect(await vendor.text()).toContain(message);
        expect(await usersWithEmail(email)).toBe(0);
      }
      expect(AUTH_TEXTS.passwordTooShort).toBe("Password must be at least 8 characters");
      expect(AUTH_TEXTS.passwordTooCommon).toBe("This password is too common. Choose another.");
    });

    it("refuses them when a password is reset", async () => {
      for (const [password, message] of [["123456", AUTH_TEXTS.passwordTooShort], ["password1", AUTH_TEXTS.passwordTooCommon]] as const) {
        const response = await postForm(app.base, "/auth/reset-password", { token: "any-token", password, confirmPassword: password });
        expect(response.status).toBe(400);
        expect(await response.text()).toContain(message);
      }
    });

    it("accepts the demo password and a passphrase of one's own", async () => {
      for (const password of [DEMO_PASSWORD, "okada-ride-to-yaba"]) {
        const email = `strong.${password.length}@example.com`;
        const response = await postForm(app.base, "/auth", { intent: "signup", fullName: "Tolu Ade", email, password, confirmPassword: password });
        expect(response.status, password).toBe(200);
        expect(await usersWithEmail(email)).toBe(1);
      }
    });
  });

  describe("vendor sign-up (docs/accounts.md)", () => {
    it("asks the person's name and keeps it, so the site greets them by it", async () => {
      const email = "named.vendor@example.com";
      const unnamed = await postForm(app.base, "/vendor-auth", { intent: "signup", email, password: "okada-ride-to-yaba" });
      expect(unnamed.status).toBe(400);
      expect(await unnamed.text()).toContain(AUTH_TEXTS.nameTooShort);
      expect(await usersWithEmail(email)).toBe(0);

      const named = await postForm(app.base, "/vendor-auth", { intent: "signup", fullName: " Chiamaka Eze ", email, password: "okada-ride-to-yaba" });
      expect(named.status).toBe(200);
      const [user] = await database.query<{ name: string; full_name: string }>(
        "select u.name, p.full_name from users u left join profiles p on p.user_id = u.id where u.email = $1",
        [email],
      );
      expect(user).toEqual({ name: "Chiamaka Eze", full_name: "Chiamaka Eze" });
    });
  });

  describe("site content images", () => {
    const filesUnder = async (dir: string): Promise<string[]> =>
      (await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => [])).filter((entry) => entry.isFile()).map((entry) => entry.name);
    const saveSlide = async (cookie: string, image: Buffer, link: string) => {
      const form = new FormData();
      form.set("section", "home_banner");
      form.set("autoplay_seconds", "5");
      form.set("slides.0.title", "Big sale");
      form.set("slides.0.link_url", link);
      form.set("slides.0.image_url__file", new Blob([new Uint8Array(image)], { type: "image/png" }), "banner.png");
      return fetch(`${app.base}/cms`, { method: "POST", headers: { Cookie: cookie }, body: form, redirect: "manual" });
    };
    let admin: string;
    beforeAll(async () => {
      admin = await signInAs(app.base, "admin@tokunbo.test", DEMO_PASSWORD);
    });

    it("refuses a picture over the product photos' pixel limit before storing anything", async () => {
      const cmsDir = path.join(app.config.uploadsDir, "cms");
      const before = await filesUnder(cmsDir);
      const started = Date.now();
      const response = await saveSlide(admin, blankPng(16_000, 16_000), "/shop");
      expect(response.status).toBe(400);
      expect(Date.now() - started).toBeLessThan(2000);
      expect(await filesUnder(cmsDir)).toEqual(before);
    });

    it("stores no file when another field of the form is refused, and stores it once the form is valid", async () => {
      const cmsDir = path.join(app.config.uploadsDir, "cms");
      const before = await filesUnder(cmsDir);
      const refused = await saveSlide(admin, blankPng(64, 48), "/\\evil.example");
      expect(refused.status).toBe(400);
      expect(await filesUnder(cmsDir)).toEqual(before);

      const saved = await saveSlide(admin, blankPng(64, 48), "/shop");
      expect(saved.status).toBe(200);
      expect((await filesUnder(cmsDir)).length).toBeGreaterThan(before.length);
    });
  });

  describe("the upload allowance", () => {
    it("answers 429 with a message once a user has uploaded too many images, on every upload door", async () => {
      const cookie = await signInAs(app.base, "superadmin@tokunbo.test", DEMO_PASSWORD);
      const [user] = await database.query<{ id: string }>("select id from users where email = 'superadmin@tokunbo.test'");
      await database.query("insert into rate_limits (id, key, count, last_request) values ($1, $2, $3, $4)", [
        randomUUID(), `upload:user:${user!.id}`, UPLOAD_RATE_LIMIT.max, Date.now(),
      ]);
      const photos = new FormData();
      photos.set("images", new Blob([new Uint8Array(blankPng(64, 48))], { type: "image/png" }), "front.png");
      const refused = await fetch(`${app.base}/products/images`, { method: "POST", headers: { Cookie: cookie, Accept: "application/json" }, body: photos });
      expect(refused.status).toBe(429);
      expect(await refused.json()).toEqual({ error: "You have uploaded a lot of images. Please try again in 60 minutes." });

      const form = new FormData();
      form.set("section", "home_banner");
      form.set("autoplay_seconds", "5");
      form.set("slides.0.title", "Big sale");
      form.set("slides.0.image_url__file", new Blob([new Uint8Array(blankPng(64, 48))], { type: "image/png" }), "banner.png");
      expect((await fetch(`${app.base}/cms`, { method: "POST", headers: { Cookie: cookie }, body: form })).status).toBe(429);
    });
  });

  describe("request methods", () => {
    it.each(["TRACE", "PUT", "PATCH", "DELETE", "PROPFIND"])("answers %s with 405 and Allow on every kind of path", async (method) => {
      const paths = [
        "/",
        "/shop",
        "/auth",
        "/no-such-page",
        "/api/products",
        "/api/events",
        "/api/webhooks/paystack",
        "/uploads/products/none.webp",
        "/assets/none.js",
        "/favicon.ico",
        "/paystack-standin/pay/none",
        "/healthz",
      ];
      for (const pathname of paths) {
        const response = await send(method, `${app.base}${pathname}`);
        expect(response.status, `${method} ${pathname}`).toBe(405);
        const allowed = pathname.startsWith("/api/") ? ALLOWED_METHODS.api : ALLOWED_METHODS.pages;
        expect(response.allow, pathname).toBe(allowed.join(", "));
        expect(response.body).toContain("Method not allowed.");
      }
    });

    it("still answers the methods the shop uses", async () => {
      expect((await fetch(`${app.base}/shop`, { method: "HEAD" })).status).toBe(200);
      expect((await fetch(`${app.base}/api/webhooks/paystack`, { method: "POST" })).status).toBeLessThan(500);
      for (const pathname of ["/", "/shop", "/api/products", "/uploads/products/none.webp"]) {
        const options = await send("OPTIONS", `${app.base}${pathname}`);
        expect(options.status, `OPTIONS ${pathname}`).toBeLessThan(500);
      }
    });
  });
});

describe("the development mailbox on a fresh shop", () => {
  const { app } = useTestApp();

  it("opens to a browser on the server's own machine while no admin exists, never through a proxy", async () => {
    expect((await fetch(`${app().base}/dev/mailbox`)).status).toBe(200);
    for (const header of ["X-Forwarded-For", "Forwarded", "X-Real-IP"]) {
      expect((await fetch(`${app().base}/dev/mailbox`, { headers: { [header]: "127.0.0.1" } })).status, header).toBe(404);
    }
  });
});

describe("forgot password", () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database?.close();
  });

  it("answers before looking the account up and writing the e-mail, and logs their failure", async () => {
    const calls: string[] = [];
    const slowAuth = {
      api: {
        requestPasswordReset: ({ body }: { body: { email: string } }) => {
          calls.push(body.email);
          return new Promise((_resolve, reject) => setTimeout(() => reject(new Error("mail server down")), 300));
        },
      },
    };
    const errors: unknown[] = [];
    const started = Date.now();
    await requestPasswordReset({ db: database.db, auth: slowAuth as never }, "ada@example.com", { ip: "41.58.1.1", headers: new Headers() }, (error) =>
      errors.push(error),
    );
    expect(Date.now() - started).toBeLessThan(250);
    expect(errors).toEqual([]);
    await expect.poll(() => calls).toEqual(["ada@example.com"]);
    await expect.poll(() => errors.map((e) => (e as Error).message)).toEqual(["mail server down"]);
  });
});
