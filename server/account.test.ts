import { createEmailVerificationToken } from "better-auth/api";
import { hashPassword } from "better-auth/crypto";
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CLIENT_ADDRESS_HEADER } from "../domain/accounts/auth";
import type { DatabaseHandle } from "../db/client";
import { accounts, users } from "../db/schema/accounts";
import { DEMO_PASSWORD } from "../db/seed/demo-accounts";
import { ACCOUNT_TEXTS as T } from "../domain/accounts/account-texts";
import { ADDRESS_LIMITS } from "../domain/accounts/account-validation";
import type { SavedAddress } from "../domain/accounts/addresses";
import type { SignedInDevice } from "../domain/accounts/account";
import { AUTH_TEXTS } from "../domain/accounts/texts";
import { SHIPPING_TEXTS } from "../lib/shipping";
import { TEST_ENGINES } from "../tests/support/database";
import { type DemoApp, startDemoApp } from "../tests/support/demo-app";
import { TEST_AUTH_SECRET, cookiesFrom, flashOf, loaderData, postAction, postForm, signInAs } from "../tests/support/app";

type Answer = { ok: boolean; message: string; detail?: string; fieldErrors?: Record<string, string> };
const ROUTE = "account/routes/account";

const HOME = { label: "Home", customerName: "Chiamaka Okafor", customerPhone: "0802 345 6789", shippingAddress: "Flat 3, 12 Admiralty Way, Lekki Phase 1", city: "Lekki", state: "Lagos" };
const OFFICE = { label: "Office", customerName: "Chiamaka Okafor", customerPhone: "0803 111 2222", shippingAddress: "5 Broad Street, Marina", city: "Lagos Island", state: "Lagos" };

/** /account from the outside: real HTTP requests against the whole app. */
describe.each(TEST_ENGINES)("my account (%s)", (engine) => {
  let database: DatabaseHandle;
  let app: DemoApp;

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
    app = await startDemoApp(engine);
    database = app.database;
  });
  afterAll(() => app?.close());

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

      const [told] = await mailsTo(email);
      expect(told?.subject).toBe("Your password was changed");
      expect(told?.text_body).toContain("The password of your Tokunbo Phones account was just changed");
      expect(told?.text_body).toMatch(/Reset it now: https?:\/\/[^/\s]+\/auth\?tab=forgot\n/);
    });
  });

  describe("e-mail address", () => {
    let passwordHash: Promise<string> | undefined;
    /** A verified customer with the demo password, signed in: tests here change addresses and passwords. */
    const freshPerson = async (email: string) => {
      const id = randomUUID();
      await database.db.insert(users).values({ id, name: email.split("@")[0]!, email, emailVerified: true });
      await database.db.insert(accounts).values({ id: randomUUID(), accountId: id, providerId: "credential", userId: id, password: await (passwordHash ??= hashPassword(DEMO_PASSWORD)) });
      return signIn(email);
    };
    const NOTICE = "A change of your e-mail address was requested";
    const CONFIRM = "Confirm your new e-mail address";
    const latestMail = async (to: string, subject: string) => (await mailsTo(to)).find((mail) => mail.subject === subject);
    const linkOf = async (to: string, subject: string) => linkIn((await latestMail(to, subject))?.text_body);
    const follow = (link: string) => fetch(`${app.base}${new URL(link).pathname}${new URL(link).search}`, { redirect: "manual" });
    const emailOf = async (userId: string) => (await database.query<{ email: string }>("select email from users where id = $1", [userId]))[0]?.email;
    const idOf = async (email: string) => (await database.query<{ id: string }>("select id from users where email = $1", [email]))[0]!.id;
    const ask = (cookie: string, newEmail: string, currentPassword = DEMO_PASSWORD) => post(cookie, { intent: "email", newEmail, currentPassword });
    /** A fresh person who asked to move to `newEmail`: their session, their id and the link sent to the new address. */
    const askedToMove = async (email: string, newEmail: string) => {
      const cookie = await freshPerson(email);
      await ask(cookie, newEmail);
      return { cookie, id: await idOf(email), link: await linkOf(newEmail, CONFIRM) };
    };
    const expectInvalidLink = (response: Response) => {
      expect(response.headers.get("location")).toBe("/auth");
      expect(flashOf(response)).toMatchObject({ title: AUTH_TEXTS.verificationLinkInvalid });
    };

    it("needs the current password: without it, or with a wrong one, nothing is recorded and nothing is sent", async () => {
      const email = "chinedu.okafor@example.com";
      const cookie = await freshPerson(email);
      const missing = await post(cookie, { intent: "email", newEmail: "chinedu.new@example.com" });
      expect(missing.status).toBe(400);
      expect(missing.data.fieldErrors).toEqual({ currentPassword: T.currentPasswordRequired });
      const wrong = await ask(cookie, "chinedu.new@example.com", "not-my-password");
      expect(wrong.status).toBe(400);
      expect(wrong.data.fieldErrors).toEqual({ currentPassword: T.wrongCurrentPassword });
      expect(await mailsTo("chinedu.new@example.com")).toEqual([]);
      expect(await mailsTo(email)).toEqual([]);
      const [row] = await database.query<{ n: number }>("select count(*)::int n from email_changes where new_email = 'chinedu.new@example.com'");
      expect(row?.n).toBe(0);
    });

    it("sends a link valid one hour to the new address and a notice with a cancel link to the old; the address changes once the link is followed", async () => {
      const email = "emeka.nwosu@tokunbo.test";
      const newEmail = "emeka.n@example.com";
      const cookie = await signIn(email);
      const same = await ask(cookie, email);
      expect(same.data.fieldErrors).toEqual({ newEmail: T.sameEmail });

      const asked = await ask(cookie, "Emeka.N@Example.com");
      expect(asked.data).toMatchObject({ ok: true, message: T.emailLinkSent, detail: T.emailLinkSentBody(newEmail) });
      const link = await latestMail(newEmail, CONFIRM);
      expect(link?.text_body).toContain("This link is valid for 1 hour.");
      const notice = await latestMail(email, NOTICE);
      expect(notice?.text_body).toContain(newEmail);
      expect(notice?.text_body).toContain("This wasn't me: cancel the change: http");
      const [stored] = await database.query<{ minutes: number; token_hash: string }>(
        "select (extract(epoch from expires_at - created_at) / 60)::int minutes, token_hash from email_changes where new_email = $1",
        [newEmail],
      );
      expect(stored?.minutes).toBe(60);
      expect(link?.text_body).not.toContain(stored?.token_hash);
      expect((await page(cookie)).profile.email).toBe(email);

      const sessionsBefore = await sessionCount(email);
      const welcomes = async (address: string) =>
        (await database.query<{ n: number }>(
          "select count(*)::int n from notifications n join users u on u.id = n.user_id where u.email = $1 and n.title like 'Welcome%'",
          [address],
        ))[0]?.n;
      const welcomesBefore = await welcomes(email);
      const followed = await follow(linkIn(link?.text_body));
      expect(followed.headers.get("location")).toBe("/auth");
      expect(flashOf(followed)).toMatchObject({ title: T.emailChanged, description: T.emailChangedBody(newEmail) });
      expect(await sessionCount(newEmail)).toBe(sessionsBefore);
      expect((await page(cookie)).profile.email).toBe(newEmail);
      expect(await welcomes(newEmail)).toBe(welcomesBefore);
      await expect(signIn(newEmail)).resolves.toContain("session_token");
      await expect(signIn(email)).rejects.toThrow();

      expectInvalidLink(await follow(linkIn(link?.text_body)));
      // Once the change is done, its cancel link signs no one out.
      expectInvalidLink(await follow(linkIn(notice?.text_body)));
      expect(await signedInAs(cookie)).not.toBeNull();
    });

    it("takeover: the owner's password change voids the thief's link, and the cancel link ends every session", async () => {
      const owner = "bola.adewale@example.com";
      const thiefAddress = "bola.thief@example.com";
      const borrowedPhone = await freshPerson(owner);
      const ownerId = await idOf(owner);
      const ownerLaptop = await signIn(owner);
      expect((await ask(borrowedPhone, thiefAddress)).data).toMatchObject({ ok: true });
      const confirmLink = await linkOf(thiefAddress, CONFIRM);

      const changed = await post(ownerLaptop, { intent: "password", currentPassword: DEMO_PASSWORD, password: "lekki-toll-2027", confirmPassword: "lekki-toll-2027" });
      expect(changed.data).toMatchObject({ ok: true, message: T.passwordChanged });
      expectInvalidLink(await follow(confirmLink));
      expect(await emailOf(ownerId)).toBe(owner);

      const cancelLink = await linkOf(owner, NOTICE);
      expect(cancelLink).toContain("/auth/cancel-email-change?token=");
      const stillSignedIn = await signIn(owner, "lekki-toll-2027");
      const cancelled = await follow(cancelLink);
      expect(cancelled.status).toBe(200);
      const html = await cancelled.text();
      expect(html).toContain(T.emailChangeCancelled);
      expect(html).toContain(T.emailChangeCancelledBody);
      expect(html).toContain('href="/auth?tab=forgot"');
      expect(await sessionCount(owner)).toBe(0);
      expect(await signedInAs(stillSignedIn)).toBeNull();
      expectInvalidLink(await follow(cancelLink));
      expect(await emailOf(ownerId)).toBe(owner);
    });

    it("the cancel link voids a pending change before anyone follows it, and ends every session", async () => {
      const owner = "kunle.afolabi@example.com";
      const thiefAddress = "kunle.thief@example.com";
      const phone = await freshPerson(owner);
      await ask(phone, thiefAddress);
      const cancelled = await follow(await linkOf(owner, NOTICE));
      expect(cancelled.status).toBe(200);
      expect(await signedInAs(phone)).toBeNull();
      expectInvalidLink(await follow(await linkOf(thiefAddress, CONFIRM)));
      expect(await emailOf(await idOf(owner))).toBe(owner);
    });

    it("a newer request, a sign-out everywhere and a password reset each void the pending change", async () => {
      const email = "halima.yusuf@example.com";
      const { cookie: firstSession, id, link: first } = await askedToMove(email, "halima.one@example.com");
      await ask(firstSession, "halima.two@example.com");
      expectInvalidLink(await follow(first));

      const second = await linkOf("halima.two@example.com", CONFIRM);
      await postForm(app.base, "/auth/sign-out", {}, { cookie: firstSession });
      expectInvalidLink(await follow(second));

      const cookie = await signIn(email);
      await ask(cookie, "halima.three@example.com");
      const third = await linkOf("halima.three@example.com", CONFIRM);
      await postForm(app.base, "/auth", { intent: "forgot", email });
      await expect.poll(async () => linkOf(email, "Reset your password")).toContain("/auth/reset-password?token=");
      const token = new URL(await linkOf(email, "Reset your password")).searchParams.get("token")!;
      const reset = await postForm(app.base, "/auth/reset-password", { token, password: "ibadan-2027", confirmPassword: "ibadan-2027" });
      expect(reset.status).toBe(302);
      expectInvalidLink(await follow(third));
      expect(await emailOf(id)).toBe(email);

      const told = await latestMail(email, "Your password was changed");
      expect(told?.text_body).toContain("Not you? Reset it now");
      expect(new URL(linkIn(told?.text_body)).href).toMatch(/\/auth\?tab=forgot$/);
    });

    it("an expired link, and a change-of-address link of the old kind, change nothing", async () => {
      const email = "segun.ajayi@example.com";
      const { link } = await askedToMove(email, "segun.new@example.com");
      await database.query("update email_changes set created_at = now() - interval '61 minutes', expires_at = now() - interval '1 minute' where new_email = 'segun.new@example.com'");
      expectInvalidLink(await follow(link));

      const legacy = await createEmailVerificationToken(TEST_AUTH_SECRET, email, "segun.old-kind@example.com", 3600);
      expectInvalidLink(await follow(`${app.base}/auth/verify-email?token=${legacy}`));
      expect(await emailOf(await idOf(email))).toBe(email);
    });

    it("two follows of one link at once change the address once; a follow and a cancel at once: one of them wins", async () => {
      const email = "musa.danjuma@example.com";
      const { id, link } = await askedToMove(email, "musa.new@example.com");
      const answers = await Promise.all([follow(link), follow(link)]);
      expect(answers.map((r) => flashOf(r)?.title).sort()).toEqual([T.emailChanged, AUTH_TEXTS.verificationLinkInvalid].sort());
      expect(await emailOf(id)).toBe("musa.new@example.com");

      const other = "zainab.lawal@example.com";
      const { id: otherId, link: confirmLink } = await askedToMove(other, "zainab.new@example.com");
      const [followed, cancelled] = await Promise.all([follow(confirmLink), follow(await linkOf(other, NOTICE))]);
      const changed = flashOf(followed)?.title === T.emailChanged;
      expect(cancelled.status).toBe(changed ? 302 : 200);
      expect(await emailOf(otherId)).toBe(changed ? "zainab.new@example.com" : other);
    });

    it("answers the same for an address that already has an account, tells that address, and changes nothing", async () => {
      const email = "customer@tokunbo.test";
      const taken = "ngozi.eze@tokunbo.test";
      const cookie = await signIn(email);
      const asked = await ask(cookie, taken);
      expect(asked.data).toMatchObject({ ok: true, message: T.emailLinkSent, detail: T.emailLinkSentBody(taken) });
      const [told] = await mailsTo(taken);
      expect(told?.text_body).toContain("this address already belongs to an account");
      expect(linkIn(told?.text_body)).toBe("");
      expect((await page(cookie)).profile.email).toBe(email);
    });
  });
});
