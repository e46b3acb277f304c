import { CLIENT_ADDRESS_HEADER } from "../domain/accounts/auth";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../db/client";
import { seedDemoData } from "../db/seed";
import { DEMO_PASSWORD } from "../db/seed/demo-accounts";
import { ACCOUNT_TEXTS as T } from "../domain/accounts/account-texts";
import { ADDRESS_LIMITS } from "../domain/accounts/account-validation";
import type { SavedAddress } from "../domain/accounts/addresses";
import type { SignedInDevice } from "../domain/accounts/account";
import { AUTH_TEXTS } from "../domain/accounts/texts";
import { SHIPPING_TEXTS } from "../lib/shipping";
import { TEST_ENGINES, createDatabaseFor } from "../tests/support/database";
import { type TestApp, cookiesFrom, flashOf, loaderData, postAction, postForm, signInAs, startTestApp } from "../tests/support/app";

type Answer = { ok: boolean; message: string; detail?: string; fieldErrors?: Record<string, string> };
const ROUTE = "account/routes/account";

const HOME = { label: "Home", customerName: "Chiamaka Okafor", customerPhone: "0802 345 6789", shippingAddress: "Flat 3, 12 Admiralty Way, Lekki Phase 1", city: "Lekki", state: "Lagos" };
const OFFICE = { label: "Office", customerName: "Chiamaka Okafor", customerPhone: "0803 111 2222", shippingAddress: "5 Broad Street, Marina", city: "Lagos Island", state: "Lagos" };

/** /account from the outside: real HTTP requests against the whole app. */
describe.each(TEST_ENGINES)("my account (%s)", (engine) => {
  let database: DatabaseHandle;
  let app: TestApp;
  let uploadsDir: string;

  const signIn = (email: string, password = DEMO_PASSWORD) => signInAs(app.base, email, password);
  const post = (cookie: string, fields: Record<string, string>) => postAction<Answer>(app.base, "/account", fields, cookie);
  const page = (cookie: string) => loaderData<{ profile: { email: string; fullName: string; phone: string }; devices: SignedInDevice[]; addresses: SavedAddress[] }>(app.base, "/account", ROUTE, cookie);
  const signedInAs = async (cookie: string) => (await loaderData<{ site: { account: { name: string } | null } }>(app.base, "/", "root", cookie)).site.account;
  const mailsTo = (to: string) =>
    database.query<{ subject: string; text_body: string }>("select subject, text_body from email_outbox where to_address = $1 order by created_at desc", [to]);
  const linkIn = (text: string | undefined) => text?.match(/https?:\/\/\S+/)?.[0] ?? "";
  const sessionCount = async (email: string) =>
    (await database.query<{ n: number }>("select count(*)::int n from sessions s join users u on u.id = s.user_id where u.email = $1", [email]))[0]?.n;

  beforeAll(async () => {
    database = await createDatabaseFor(engine);
    uploadsDir = await mkdtemp(path.join(tmpdir(), "tokunbo-account-"));
    await seedDemoData(database.db, { uploadsDir });
    app = await startTestApp(database);
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
    await rm(uploadsDir, { recursive: true, force: true });
  });

  it("sends a signed-out visitor to sign in and refuses their posts", async () => {
    const response = await fetch(`${app.base}/account`, { redirect: "manual" });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/auth?redirect=%2Faccount");
    expect((await postForm(app.base, "/account", { intent: "profile", fullName: "Ada Obi" })).status).toBe(401);
  });

  describe("profile", () => {
    it("saves the full name and phone, keeps users.name in step, and refuses a bad phone", async () => {
      const cookie = await signIn("adebayo.ogunleye@tokunbo.test");
      const saved = await post(cookie, { intent: "profile", fullName: "  Adébáyọ̀ Ogunleye ", phone: "0803 456 7812" });
      expect(saved.data).toMatchObject({ ok: true, message: T.profileSaved });
      const [row] = await database.query<{ name: string; full_name: string; phone: string }>(
        "select u.name, p.full_name, p.phone from users u join profiles p on p.user_id = u.id where u.email = 'adebayo.ogunleye@tokunbo.test'",
      );
      expect(row).toEqual({ name: "Adébáyọ̀ Ogunleye", full_name: "Adébáyọ̀ Ogunleye", phone: "+2348034567812" });
      expect((await page(cookie)).profile).toMatchObject({ fullName: "Adébáyọ̀ Ogunleye", phone: "+2348034567812" });
      expect((await signedInAs(cookie))?.name).toBe("Adébáyọ̀ Ogunleye");

      const refused = await post(cookie, { intent: "profile", fullName: "A1", phone: "12345" });
      expect(refused.status).toBe(400);
      expect(refused.data.fieldErrors).toEqual({ fullName: AUTH_TEXTS.nameCharacters, phone: SHIPPING_TEXTS.phoneInvalid });
      expect((await page(cookie)).profile.fullName).toBe("Adébáyọ̀ Ogunleye");
    });
  });

  describe("saved addresses", () => {
    it("adds, edits, makes default, deletes; one default at a time; the first one is the default", async () => {
      const cookie = await signIn("ngozi.eze@tokunbo.test");
      expect((await post(cookie, { intent: "save-address", ...HOME })).data).toMatchObject({ ok: true, message: T.addressSaved });
      await post(cookie, { intent: "save-address", ...OFFICE });
      let addresses = (await page(cookie)).addresses;
      expect(addresses.map((a) => [a.label, a.isDefault, a.customerPhone])).toEqual([["Home", true, "+2348023456789"], ["Office", false, "+2348031112222"]]);
      const [home, office] = addresses as [SavedAddress, SavedAddress];

      expect((await post(cookie, { intent: "default-address", addressId: office.id })).data).toMatchObject({ ok: true, message: T.defaultChanged });
      await post(cookie, { intent: "save-address", addressId: home.id, ...HOME, label: "Mum's place", city: "Ikeja" });
      addresses = (await page(cookie)).addresses;
      expect(addresses.map((a) => [a.label, a.isDefault, a.city])).toEqual([["Office", true, "Lagos Island"], ["Mum's place", false, "Ikeja"]]);

      expect((await post(cookie, { intent: "delete-address", addressId: office.id })).data).toMatchObject({ ok: true, message: T.addressDeleted });
      addresses = (await page(cookie)).addresses;
      expect(addresses.map((a) => [a.label, a.isDefault])).toEqual([["Mum's place", true]]);
    });

    it("refuses bad fields with checkout's messages and saves nothing", async () => {
      const cookie = await signIn("fatima.bello@tokunbo.test");
      const refused = await post(cookie, { intent: "save-address", ...HOME, label: " ", customerPhone: "12", state: "Atlantis" });
      expect(refused.status).toBe(400);
      expect(refused.data.fieldErrors).toEqual({ customerPhone: SHIPPING_TEXTS.phoneInvalid, state: SHIPPING_TEXTS.stateRequired, label: T.labelRequired });
      expect((await page(cookie)).addresses).toEqual([]);
    });

    it(`keeps at most ${ADDRESS_LIMITS.max} addresses`, async () => {
      const cookie = await signIn("tunde.bakare@tokunbo.test");
      for (let i = 0; i < ADDRESS_LIMITS.max; i++) await post(cookie, { intent: "save-address", ...HOME, label: `Place ${i}` });
      const refused = await post(cookie, { intent: "save-address", ...HOME, label: "One more" });
      expect(refused.status).toBe(409);
      expect(refused.data.message).toBe(T.tooManyAddresses(ADDRESS_LIMITS.max));
      expect((await page(cookie)).addresses).toHaveLength(ADDRESS_LIMITS.max);
      expect((await page(cookie)).addresses.filter((a) => a.isDefault)).toHaveLength(1);
    });

    it("another user can neither read, edit, delete nor make default someone's address", async () => {
      const owner = await signIn("aisha.mohammed@tokunbo.test");
      const stranger = await signIn("ifeanyi.okoro@tokunbo.test");
      await post(owner, { intent: "save-address", ...HOME });
      const [address] = (await page(owner)).addresses as [SavedAddress];
      expect(JSON.stringify(await page(stranger))).not.toContain(HOME.shippingAddress);
      for (const fields of [
        { intent: "save-address", addressId: address.id, ...OFFICE },
        { intent: "delete-address", addressId: address.id },
        { intent: "default-address", addressId: address.id },
      ]) {
        const refused = await post(stranger, fields);
        expect(refused.status).toBe(404);
        expect(refused.data.message).toBe(T.addressNotFound);
      }
      expect((await page(owner)).addresses).toEqual([address]);
    });
  });

  describe("signed-in devices", () => {
    it("lists the user's sessions with this device marked; only the owner signs another one out", async () => {
      const email = "funmilayo.ojo@tokunbo.test";
      const laptop = await signIn(email);
      const phone = await signIn(email);
      const stranger = await signIn("yusuf.abdullahi@tokunbo.test");
      const devices = (await page(laptop)).devices;
      expect(devices).toHaveLength(2);
      expect(devices[0]).toMatchObject({ current: true, label: T.unknownDevice });
      const other = devices.find((device) => !device.current)!;

      const refused = await post(stranger, { intent: "end-session", sessionId: other.id });
      expect(refused.status).toBe(404);
      expect(refused.data.message).toBe(T.deviceNotFound);
      expect(await signedInAs(phone)).not.toBeNull();

      const current = await post(laptop, { intent: "end-session", sessionId: devices[0]!.id });
      expect(current.status).toBe(400);

      expect((await post(laptop, { intent: "end-session", sessionId: other.id })).data).toMatchObject({ ok: true, message: T.deviceSignedOut });
      expect(await signedInAs(phone)).toBeNull();
      expect(await signedInAs(laptop)).not.toBeNull();
      expect((await page(laptop)).devices).toHaveLength(1);
    });

    it("shows each device's address as the server saw it, never one the browser claimed", async () => {
      const response = await fetch(`${app.base}/auth`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", "X-Forwarded-For": "203.0.113.9", [CLIENT_ADDRESS_HEADER]: "198.51.100.4" },
        body: new URLSearchParams({ intent: "signin", email: "blessing.akpan@tokunbo.test", password: DEMO_PASSWORD }),
        redirect: "manual",
      });
      expect(response.status).toBe(302);
      const cookie = cookiesFrom(response).split("; ").filter((pair) => pair.includes("session_token")).join("; ");
      const [device] = (await page(cookie)).devices;
      // The shop trusts no proxy here (TRUST_PROXY=0): the address is the connection's own.
      expect(device).toMatchObject({ current: true, ip: "127.0.0.1" });
    });
  });

  describe("password", () => {
    it("needs the current password, then signs every other device out and keeps this one signed in", async () => {
      const email = "blessing.akpan@tokunbo.test";
      const browser = await signIn(email);
      const other = await signIn(email);
      const wrong = await post(browser, { intent: "password", currentPassword: "not-my-password", password: "eko-atlantic-2027", confirmPassword: "eko-atlantic-2027" });
      expect(wrong.status).toBe(400);
      expect(wrong.data.fieldErrors).toEqual({ currentPassword: T.wrongCurrentPassword });
      const common = await post(browser, { intent: "password", currentPassword: DEMO_PASSWORD, password: "password123", confirmPassword: "password123" });
      expect(common.data.fieldErrors).toEqual({ password: AUTH_TEXTS.passwordTooCommon });

      const url = new URL("/account.data", app.base);
      const response = await fetch(url, {
        method: "POST",
        headers: { Cookie: browser },
        body: new URLSearchParams({ intent: "password", currentPassword: DEMO_PASSWORD, password: "eko-atlantic-2027", confirmPassword: "eko-atlantic-2027" }),
      });
      expect(response.status).toBe(200);
      const renewed = cookiesFrom(response).split("; ").filter((pair) => pair.includes("session_token")).join("; ");
      expect(renewed).not.toBe("");
      expect(await signedInAs(other)).toBeNull();
      expect(await signedInAs(renewed)).not.toBeNull();
      expect(await sessionCount(email)).toBe(1);
      await expect(signIn(email)).rejects.toThrow();
      await expect(signIn(email, "eko-atlantic-2027")).resolves.toContain("session_token");
    });
  });

  describe("e-mail address", () => {
    it("sends a link to the new address and a notice to the old; the address changes once the link is followed", async () => {
      const email = "emeka.nwosu@tokunbo.test";
      const newEmail = "emeka.n@example.com";
      const cookie = await signIn(email);
      const same = await post(cookie, { intent: "email", newEmail: email });
      expect(same.data.fieldErrors).toEqual({ newEmail: T.sameEmail });

      const asked = await post(cookie, { intent: "email", newEmail: "Emeka.N@Example.com" });
      expect(asked.data).toMatchObject({ ok: true, message: T.emailLinkSent, detail: T.emailLinkSentBody(newEmail) });
      const [link] = await mailsTo(newEmail);
      expect(link?.subject).toBe("Confirm your new e-mail address");
      const [notice] = await mailsTo(email);
      expect(notice?.subject).toBe("A change of your e-mail address was requested");
      expect(notice?.text_body).toContain(newEmail);
      expect((await page(cookie)).profile.email).toBe(email);

      const sessionsBefore = await sessionCount(email);
      const welcomes = async (address: string) =>
        (await database.query<{ n: number }>(
          "select count(*)::int n from notifications n join users u on u.id = n.user_id where u.email = $1 and n.title like 'Welcome%'",
          [address],
        ))[0]?.n;
      const welcomesBefore = await welcomes(email);
      const url = new URL(linkIn(link?.text_body));
      const followed = await fetch(`${app.base}${url.pathname}${url.search}`, { redirect: "manual" });
      expect(followed.headers.get("location")).toBe("/auth");
      expect(flashOf(followed)).toMatchObject({ title: T.emailChanged, description: T.emailChangedBody(newEmail) });
      expect(await sessionCount(newEmail)).toBe(sessionsBefore);
      expect((await page(cookie)).profile.email).toBe(newEmail);
      expect(await welcomes(newEmail)).toBe(welcomesBefore);
      await expect(signIn(newEmail)).resolves.toContain("session_token");
      await expect(signIn(email)).rejects.toThrow();

      const again = await fetch(`${app.base}${url.pathname}${url.search}`, { redirect: "manual" });
      expect(flashOf(again)?.title).toBe(AUTH_TEXTS.verificationLinkInvalid);
    });

    it("answers the same for an address that already has an account, tells that address, and changes nothing", async () => {
      const email = "customer@tokunbo.test";
      const taken = "ngozi.eze@tokunbo.test";
      const cookie = await signIn(email);
      const asked = await post(cookie, { intent: "email", newEmail: taken });
      expect(asked.data).toMatchObject({ ok: true, message: T.emailLinkSent, detail: T.emailLinkSentBody(taken) });
      const [told] = await mailsTo(taken);
      expect(told?.text_body).toContain("this address already belongs to an account");
      expect(linkIn(told?.text_body)).toBe("");
      expect((await page(cookie)).profile.email).toBe(email);
    });
  });
});
