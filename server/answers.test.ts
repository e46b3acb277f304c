import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN_MANAGEMENT_TEXTS } from "../domain/accounts/admin-management-validation";
import { AUTH_TEXTS, SUPER_ADMIN_TEXTS } from "../domain/accounts/texts";
import { PRODUCT_TEXTS } from "../domain/catalog/management-validation";
import { CMS_TEXTS } from "../domain/cms/validation";
import { PAYMENT_TEXTS } from "../domain/payments/texts";
import { REVIEW_SUBMISSION_TEXTS } from "../domain/reviews/submission";
import { VENDOR_TEXTS } from "../domain/vendors/texts";
import { FORM_TEXTS } from "../app/server/forms.server";
import { isAnswer } from "../app/ui/answer";
import { postAction } from "../tests/support/app";
import { TEST_ENGINES } from "../tests/support/database";
import { type DemoApp, signInDemoAccounts, startDemoApp } from "../tests/support/demo-app";

/*
 * One answer type (docs/architecture.md): the page forms that navigate (sign-in, the vendor's
 * forms, CMS, super admin, reviews) answer the page's script with the same `Answer` as every
 * fetcher: `ok`, the refusal's `code` and HTTP status, the toast's `message` and `detail`, each
 * field's message, and the `intent` of the form it belongs to.
 */
describe.each(TEST_ENGINES)("the one answer of page forms (%s)", (engine) => {
  let app: DemoApp;
  const cookie: Record<"vendor" | "admin" | "superAdmin" | "customer", string> = { vendor: "", admin: "", superAdmin: "", customer: "" };

  beforeAll(async () => {
    app = await startDemoApp(engine);
    Object.assign(cookie, await signInDemoAccounts(app.base));
  });
  afterAll(() => app?.close());

  const post = (who: keyof typeof cookie | null, page: string, fields: Record<string, string>) => postAction(app.base, page, fields, who ? cookie[who] : undefined);

  it("answers the vendor dashboard's profile form and an unknown intent with the form they belong to", async () => {
    const saved = await post("vendor", "/vendor-dashboard?tab=profile", {
      intent: "profile", businessName: "Ikeja Gadget Hub", contactEmail: "sales@ikejagadgets.test", contactPhone: "+2348012345678", businessAddress: "12 Computer Village, Ikeja",
    });
    expect(saved).toEqual({ status: 200, data: { ok: true, intent: "profile", message: VENDOR_TEXTS.profileUpdated } });

    const refused = await post("vendor", "/vendor-dashboard?tab=profile", { intent: "profile", businessName: "" });
    expect(refused.status).toBe(400);
    expect(refused.data).toMatchObject({ ok: false, code: "invalid", intent: "profile", message: VENDOR_TEXTS.profileUpdateFailed });
    expect(Object.keys((refused.data as { fieldErrors: object }).fieldErrors)).toContain("businessName");

    const unknown = await post("vendor", "/vendor-dashboard", { intent: "nonsense" });
    expect(unknown).toEqual({
      status: 400,
      data: { ok: false, code: "invalid", intent: "unknown", message: VENDOR_TEXTS.loadVendorFailed, detail: FORM_TEXTS.unknownIntent, fieldErrors: {} },
    });
  });

  it("answers the product, CMS and super admin forms", async () => {
    const deleted = await post("vendor", "/products", { intent: "delete", productId: "" });
    expect(deleted).toEqual({
      status: 400,
      data: { ok: false, code: "invalid", intent: "delete", message: PRODUCT_TEXTS.deleteFailed, detail: PRODUCT_TEXTS.notFound, fieldErrors: {} },
    });

    const cms = await post("admin", "/cms", { section: "nonsense" });
    expect(cms).toEqual({
      status: 400,
      data: { ok: false, code: "invalid", section: null, message: CMS_TEXTS.updateFailed, detail: FORM_TEXTS.unknownIntent, fieldErrors: {} },
    });

    const assign = await post("superAdmin", "/super-admin", { intent: "assign", identifier: "" });
    expect(assign.status).toBe(400);
    expect(assign.data).toMatchObject({ ok: false, code: "invalid", intent: "assign", message: ADMIN_MANAGEMENT_TEXTS.assignFailed });
    expect((assign.data as { fieldErrors: Record<string, string> }).fieldErrors).toEqual({ identifier: ADMIN_MANAGEMENT_TEXTS.enterEmailOrId });

    const creator = await post("superAdmin", "/super-admin-creator", { email: "nobody.here@tokunbo.test" });
    expect(creator).toEqual({
      status: 404,
      data: {
        ok: false, code: "not_found", intent: "create", message: SUPER_ADMIN_TEXTS.createFailed, detail: SUPER_ADMIN_TEXTS.noSuchUser,
        fieldErrors: { email: SUPER_ADMIN_TEXTS.noSuchUser },
      },
    });

    const bootstrap = await post("customer", "/super-admin-bootstrap", { intent: "bootstrap" });
    expect(bootstrap).toEqual({
      status: 409,
      data: {
        ok: false, code: "conflict", intent: "bootstrap", message: SUPER_ADMIN_TEXTS.bootstrapFailed, detail: SUPER_ADMIN_TEXTS.alreadyExists,
        fieldErrors: { form: SUPER_ADMIN_TEXTS.alreadyExists },
      },
    });
  });

  it("answers the review, password reset and vendor sign-up forms, keeping what was typed where the form shows it again", async () => {
    const review = await post("customer", "/orders", { intent: "review", orderId: "not-an-order", rating: "9", comment: "Lovely phone" });
    expect(review.status).toBe(400);
    expect(review.data).toMatchObject({ ok: false, code: "invalid", intent: "review", message: REVIEW_SUBMISSION_TEXTS.failed, values: { rating: "9", comment: "Lovely phone" } });

    const reset = await post(null, "/auth/reset-password", { token: "no-such-token", password: "a-new-pass-2026", confirmPassword: "a-new-pass-2026" });
    expect(reset).toEqual({
      status: 400,
      data: { ok: false, code: "invalid", intent: "reset", message: AUTH_TEXTS.resetLinkInvalid, fieldErrors: { form: AUTH_TEXTS.resetLinkInvalid } },
    });

    const signUp = await post(null, "/vendor-auth", { intent: "signup", fullName: "", email: "not-an-email", password: "x" });
    expect(signUp.status).toBe(400);
    expect(signUp.data).toMatchObject({ ok: false, code: "invalid", intent: "signup", message: AUTH_TEXTS.vendorAuthFailed });
    for (const answer of [review, reset, signUp]) expect(isAnswer(answer.data)).toBe(true);
  });

  it("refuses a signed-out visitor as unauthenticated (401), the code of a missing session", async () => {
    const check = await post(null, "/payment-success", { reference: "TKB-NOT-SIGNED-IN" });
    expect(check.status).toBe(401);
    expect(check.data).toMatchObject({ ok: false, code: "unauthenticated", message: PAYMENT_TEXTS.reasonSignedOut, signedOut: true });
  });
});
