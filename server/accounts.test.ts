import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../db/client";
import { DEMO_PASSWORD } from "../db/seed/demo-accounts";
import { AUTH_TEXTS, SUPER_ADMIN_TEXTS } from "../domain/accounts/texts";
import { TEST_ENGINES } from "../tests/support/database";
import { type DemoApp, startDemoApp } from "../tests/support/demo-app";
import { cookiesFrom, loaderData, postAction, postForm, signInAs } from "../tests/support/app";
import { ACCESS_TEXTS } from "../domain/core/access";

/** Accounts and roles from the outside: real HTTP requests against the whole app. */
describe.each(TEST_ENGINES)("accounts and roles (%s)", (engine) => {
  let database: DatabaseHandle;
  let app: DemoApp;
  /** Who the site bar says is signed in. */
  const sessionOf = async (cookie: string) => ({
    user: (await loaderData<{ site: { account: { role: string; name: string } | null } }>(app.base, "/", "root", cookie)).site.account,
  });
  const latestMailTo = async (to: string) => {
    const [row] = await database.query<{ text_body: string; subject: string }>(
      "select text_body, subject from email_outbox where to_address = $1 order by created_at desc limit 1",
      [to],
    );
    return row;
  };
  const linkIn = (text: string | undefined) => text?.match(/https?:\/\/\S+/)?.[0] ?? "";
  const pathOf = (link: string) => new URL(link).pathname + new URL(link).search;

  beforeAll(async () => {
    app = await startDemoApp(engine);
    database = app.database;
  });
  afterAll(() => app?.close());

  describe("sign-up, verification and sign-in", () => {
    const email = "chiamaka.obi@example.com";
    const password = "okada-ride-2026";

    it("refuses bad sign-up values with the documented messages and creates nothing", async () => {
      const response = await postForm(app.base, "/auth", { intent: "signup", fullName: "A1", email: "nope", password: "123", confirmPassword: "321" });
      expect(response.status).toBe(400);
      const html = await response.text();
      for (const message of [AUTH_TEXTS.nameCharacters, AUTH_TEXTS.invalidEmail, AUTH_TEXTS.passwordTooShort, "Passwords don&#x27;t match"]) {
        expect(html).toContain(message);
      }
      const [row] = await database.query<{ n: number }>("select count(*)::int n from users where email = 'nope'");
      expect(row?.n).toBe(0);
    });

    it("stores the full name, never a role from the form, and e-mails a verification link", async () => {
      const response = await postForm(app.base, "/auth", {
        intent: "signup",
        fullName: "  Chiamaka Obi ",
        email,
        password,
        confirmPassword: password,
        role: "admin",
      });
      expect(response.status).toBe(200);
      const [profile] = await database.query<{ full_name: string; roles: number; verified: boolean }>(
        `select p.full_name, (select count(*)::int from user_roles r where r.user_id = u.id) roles, u.email_verified verified
         from users u join profiles p on p.user_id = u.id where u.email = $1`,
        [email],
      );
      expect(profile).toEqual({ full_name: "Chiamaka Obi", roles: 0, verified: false });
      const mail = await latestMailTo(email);
      expect(mail?.subject).toBe("Verify your e-mail address");
      expect(linkIn(mail?.text_body)).toContain("/auth/verify-email?token=");
    });

    it("refuses sign-in until the address is verified, then signs in after the e-mailed link", async () => {
      const refused = await postForm(app.base, "/auth", { intent: "signin", email, password });
      expect(refused.status).toBe(403);
      expect(await refused.text()).toContain("Please verify your email address before signing in.");

      const link = linkIn((await latestMailTo(email))?.text_body);
      const verified = await fetch(`${app.base}${pathOf(link)}`, { redirect: "manual" });
      expect(verified.headers.get("location")).toBe("/auth");
      // The page it leads to says so in its HTML, before any script runs.
      const landing = await fetch(`${app.base}/auth`, { headers: { cookie: cookiesFrom(verified) } });
      const toastRegion = (await landing.text()).split('data-testid="toasts"')[1]?.split("<script")[0];
      expect(toastRegion).toContain(AUTH_TEXTS.emailVerified);

      const signedIn = await postForm(app.base, "/auth", { intent: "signin", email, password });
      expect(signedIn.status).toBe(302);
      expect(signedIn.headers.get("location")).toBe("/");
      const sessionCookie = signedIn.headers.getSetCookie().find((c) => c.includes("session_token"));
      expect(sessionCookie).toMatch(/HttpOnly/);
      expect(sessionCookie).toMatch(/SameSite=Lax/);
      const session = await sessionOf(cookiesFrom(signedIn));
      expect(session.user).toMatchObject({ name: "Chiamaka Obi", role: "customer" });
    });

    it("answers a wrong password without saying which part was wrong", async () => {
      const response = await postForm(app.base, "/auth", { intent: "signin", email, password: "wrong-password" });
      expect(response.status).toBe(401);
      expect(await response.text()).toContain(AUTH_TEXTS.wrongCredentials);
    });

    it("answers the page's script with the one answer type: a wrong password is refused as unauthenticated (401)", async () => {
      const wrong = await postAction(app.base, "/auth", { intent: "signin", email, password: "wrong-password" });
      expect(wrong).toEqual({
        status: 401,
        data: {
          ok: false,
          code: "unauthenticated",
          intent: "signin",
          message: AUTH_TEXTS.signInFailed,
          detail: AUTH_TEXTS.wrongCredentials,
          fieldErrors: { form: AUTH_TEXTS.wrongCredentials },
        },
      });
    });
  });

  describe("password reset", () => {
    const email = "adebayo.ogunleye@tokunbo.test";

    it("e-mails a link that sets a new password; the old one stops working", async () => {
      const requested = await postForm(app.base, "/auth", { intent: "forgot", email });
      expect(requested.status).toBe(200);
      expect(await requested.text()).toContain(AUTH_TEXTS.resetSent);
      // The link is made and e-mailed just after the answer (the same answer, in the same time, for any address).
      await expect.poll(async () => (await latestMailTo(email))?.subject).toBe("Reset your password");
      const link = linkIn((await latestMailTo(email))?.text_body);
      expect(link).toContain("/auth/reset-password?token=");
      const token = new URL(link).searchParams.get("token")!;

      const mismatched = await postForm(app.base, "/auth/reset-password", { token, password: "new-pass-1", confirmPassword: "new-pass-2" });
      expect(mismatched.status).toBe(400);

      const reset = await postForm(app.base, "/auth/reset-password", { token, password: "new-pass-1", confirmPassword: "new-pass-1" });
      expect(reset.status).toBe(302);
      expect(reset.headers.get("location")).toBe("/auth");
      expect((await postForm(app.base, "/auth", { intent: "signin", email, password: DEMO_PASSWORD })).status).toBe(401);
      expect((await postForm(app.base, "/auth", { intent: "signin", email, password: "new-pass-1" })).status).toBe(302);

      const reused = await postForm(app.base, "/auth/reset-password", { token, password: "another-1", confirmPassword: "another-1" });
      expect(reused.status).toBe(400);
      expect(await reused.text()).toContain(AUTH_TEXTS.resetLinkInvalid);
    });
  });

  describe("sessions", () => {
    it("sign-out ends the user's sessions on every device", async () => {
      const phone = await signInAs(app.base, "ngozi.eze@tokunbo.test", DEMO_PASSWORD);
      const laptop = await signInAs(app.base, "ngozi.eze@tokunbo.test", DEMO_PASSWORD);
      expect((await sessionOf(phone)).user).not.toBeNull();

      const signOut = await postForm(app.base, "/auth/sign-out", {}, { cookie: phone });
      expect(signOut.status).toBe(302);
      expect(signOut.headers.get("location")).toBe("/auth");
      expect(signOut.headers.getSetCookie().some((c) => c.includes("session_token=;") && c.includes("Max-Age=0"))).toBe(true);

      expect((await sessionOf(phone)).user).toBeNull();
      expect((await sessionOf(laptop)).user).toBeNull();
    });
  });

  describe("roles enforced on the server", () => {
    let customer: string;
    let vendor: string;
    let admin: string;
    let otherVendorsProduct: string;
    let ownProduct: string;

    beforeAll(async () => {
      customer = await signInAs(app.base, "customer@tokunbo.test", DEMO_PASSWORD);
      vendor = await signInAs(app.base, "vendor@tokunbo.test", DEMO_PASSWORD);
      admin = await signInAs(app.base, "admin@tokunbo.test", DEMO_PASSWORD);
      const rows = await database.query<{ id: string; email: string }>(
        `select distinct on (u.email) p.id, u.email from products p join vendors v on v.id = p.vendor_id join users u on u.id = v.user_id
         where u.email in ('vendor@tokunbo.test', 'wuse.mobile@tokunbo.test') and p.stock_quantity > 0 and p.is_live order by u.email, p.id`,
      );
      ownProduct = rows.find((r) => r.email === "vendor@tokunbo.test")!.id;
      otherVendorsProduct = rows.find((r) => r.email === "wuse.mobile@tokunbo.test")!.id;
    });

    const setLive = (productId: string, isLive: string, cookie?: string) => postAction(app.base, "/vendor-dashboard", { intent: "live", productId, isLive }, cookie);
    const moderateReview = (cookie?: string) => postAction(app.base, "/admin/reviews", { reviewId: "00000000-0000-4000-8000-000000000000", decision: "approve" }, cookie);
    /** A refusal thrown by an access check, as the page's script receives it. */
    const accessError = (answer: { data: unknown }) => (answer.data as { data?: { error?: string } }).data?.error;

    it("answers 401 without a session and 403 for a customer, on an admin-only and a vendor-only action", async () => {
      for (const response of [await moderateReview(), await setLive(ownProduct, "false")]) {
        expect(response.status).toBe(401);
        expect(accessError(response)).toBe(ACCESS_TEXTS.signInRequired);
      }
      for (const response of [await moderateReview(customer), await setLive(ownProduct, "false", customer)]) {
        expect(response.status).toBe(403);
        expect(accessError(response)).toBe(ACCESS_TEXTS.forbidden);
      }
      expect((await setLive(ownProduct, "false", admin)).status).toBe(403);
      expect((await moderateReview(vendor)).status).toBe(403);
      const [row] = await database.query<{ is_live: boolean }>("select is_live from products where id = $1", [ownProduct]);
      expect(row?.is_live).toBe(true);
    });

    it("lets the roles through that may: a vendor on their own product only, an admin on the log", async () => {
      const own = await setLive(ownProduct, "false", vendor);
      expect(own.status).toBe(200);
      expect(own.data).toMatchObject({ ok: true, isLive: false });
      const others = await setLive(otherVendorsProduct, "false", vendor);
      expect(others.status).toBe(404);
      const [row] = await database.query<{ is_live: boolean }>("select is_live from products where id = $1", [otherVendorsProduct]);
      expect(row?.is_live).toBe(true);
      expect((await setLive(ownProduct, "yes", vendor)).status).toBe(400);

      const { section } = await loaderData<{ section: { activities: Array<{ userType: string }> } }>(app.base, "/admin?tab=activities&userType=buyer", "admin/routes/admin", admin);
      expect(section.activities.length).toBeGreaterThan(0);
      expect(section.activities.length).toBeLessThanOrEqual(100);
      expect(new Set(section.activities.map((a) => a.userType))).toEqual(new Set(["buyer"]));
    });

    it("keeps the creator page and its action to super admins", async () => {
      const page = await fetch(`${app.base}/super-admin-creator`, { headers: { Cookie: admin } });
      expect(page.status).toBe(403);
      expect(await page.text()).toContain(SUPER_ADMIN_TEXTS.accessDeniedBody.replace("'", "&#x27;"));
      expect((await fetch(`${app.base}/super-admin-creator`, { redirect: "manual" })).headers.get("location")).toBe("/auth");

      const byAdmin = await postForm(app.base, "/super-admin-creator", { email: "customer@tokunbo.test" }, { cookie: admin });
      expect(byAdmin.status).toBe(403);
      const byNobody = await postForm(app.base, "/super-admin-creator", { email: "customer@tokunbo.test" });
      expect(byNobody.status).toBe(401);
      expect((await sessionOf(customer)).user?.role).toBe("customer");

      const superAdmin = await signInAs(app.base, "superadmin@tokunbo.test", DEMO_PASSWORD);
      const invalid = await postForm(app.base, "/super-admin-creator", { email: "not-an-email" }, { cookie: superAdmin });
      expect(invalid.status).toBe(400);
      expect(await invalid.text()).toContain(SUPER_ADMIN_TEXTS.invalidEmail);
      const unknown = await postForm(app.base, "/super-admin-creator", { email: "nobody@example.com" }, { cookie: superAdmin });
      expect(unknown.status).toBe(404);
      const granted = await postForm(app.base, "/super-admin-creator", { email: "tunde.bakare@tokunbo.test" }, { cookie: superAdmin });
      expect(granted.status).toBe(200);
      expect(await granted.text()).toContain(SUPER_ADMIN_TEXTS.roleAssigned);
      const tunde = await signInAs(app.base, "tunde.bakare@tokunbo.test", DEMO_PASSWORD);
      expect((await sessionOf(tunde)).user?.role).toBe("super_admin");
    });

    it("refuses the bootstrap once a super admin exists", async () => {
      const response = await postForm(app.base, "/super-admin-bootstrap", { intent: "bootstrap" }, { cookie: customer });
      expect(response.status).toBe(409);
      expect(await response.text()).toContain(SUPER_ADMIN_TEXTS.bootstrapFailed);
      expect((await sessionOf(customer)).user?.role).toBe("customer");
      expect((await postForm(app.base, "/super-admin-bootstrap", { intent: "bootstrap" })).status).toBe(401);
    });
  });

  describe("adding to the cart", () => {
    const addToCart = (fields: Record<string, string>, init: { cookie?: string; accept?: string } = {}) =>
      fetch(`${app.base}/cart/items`, {
        method: "POST",
        redirect: "manual",
        headers: {
          "Content-Type": "application/x-www-form-urlencoded",
          Accept: init.accept ?? "*/*",
          ...(init.cookie ? { Cookie: init.cookie } : {}),
        },
        body: new URLSearchParams(fields),
      });
    const liveProduct = async (minStock: number) =>
      (await database.query<{ id: string; stock: number }>(
        "select id, stock_quantity stock from products where status = 'approved' and is_live and stock_quantity >= $1 order by id limit 1",
        [minStock],
      ))[0]!;

    it("asks for a session first: 401 for scripts, the sign-in page for a plain form", async () => {
      const { id } = await liveProduct(1);
      const refused = await addToCart({ productId: id, quantity: "1" });
      expect(refused.status).toBe(401);
      expect(await refused.json()).toMatchObject({ ok: false, code: "unauthenticated", message: "Failed to add item to cart", detail: "Please sign in to add items to cart" });
      const page = await addToCart({ productId: id, quantity: "1" }, { accept: "text/html" });
      expect(page.status).toBe(302);
      expect(page.headers.get("location")).toBe("/auth");
    });

    it("adds for a signed-in buyer, caps at the stock, and refuses bad input and hidden phones", async () => {
      const buyer = await signInAs(app.base, "blessing.akpan@tokunbo.test", DEMO_PASSWORD);
      const { id, stock } = await liveProduct(2);
      const [before] = await database.query<{ n: number }>(
        "select coalesce(sum(c.quantity), 0)::int n from cart c join users u on u.id = c.customer_id where u.email = 'blessing.akpan@tokunbo.test'",
      );
      const added = await addToCart({ productId: id, quantity: "2" }, { cookie: buyer });
      expect(added.status).toBe(200);
      expect(await added.json()).toMatchObject({ ok: true, quantity: 2, cartCount: before!.n + 2 });

      const capped = await addToCart({ productId: id, quantity: "99" }, { cookie: buyer });
      expect(await capped.json()).toMatchObject({ ok: true, detail: `Only ${stock} in stock: your cart now holds ${stock} of this phone.` });

      for (const quantity of ["0", "-3", "100", "1.5", "lots"]) {
        const bad = await addToCart({ productId: id, quantity }, { cookie: buyer });
        expect(bad.status, quantity).toBe(400);
        expect((await bad.json()).detail).toBe("Quantity must be a whole number from 1 to 99");
      }
      const [pending] = await database.query<{ id: string }>("select id from products where status = 'pending' limit 1");
      expect((await addToCart({ productId: pending!.id, quantity: "1" }, { cookie: buyer })).status).toBe(404);
      expect((await addToCart({ productId: "not-a-uuid", quantity: "1" }, { cookie: buyer })).status).toBe(400);
    });
  });

  describe("abuse limits and other sites", () => {
    it("answers 429 with a message once one address has had too many sign-in attempts", async () => {
      const email = "fatima.bello@tokunbo.test";
      for (let i = 0; i < 10; i++) {
        expect((await postForm(app.base, "/auth", { intent: "signin", email, password: `guess-${i}` })).status).toBe(401);
      }
      const limited = await postForm(app.base, "/auth", { intent: "signin", email, password: DEMO_PASSWORD });
      expect(limited.status).toBe(429);
      expect(limited.headers.get("retry-after")).toMatch(/^\d+$/);
      expect(await limited.text()).toContain("Too many attempts. Please try again in 15 minutes.");
    });

    it("refuses a sign-in form posted from another site", async () => {
      const response = await postForm(
        app.base,
        "/auth",
        { intent: "signin", email: "customer@tokunbo.test", password: DEMO_PASSWORD },
        { origin: "https://evil.example" },
      );
      expect(response.status).toBe(403);
      expect(response.headers.getSetCookie()).toEqual([]);
    });
  });
});
