import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { isValidWebhookSignature, signWebhook } from "./webhook-signature";

const secret = "sk_test_webhook";
const body = Buffer.from('{"event":"charge.success","data":{"reference":"pay_1"}}');

describe("webhook signatures", () => {
  it("are the hex HMAC-SHA512 of the raw body with the secret key", () => {
    const expected = createHmac("sha512", secret).update(body).digest("hex");
    expect(signWebhook(body, secret)).toBe(expected);
    expect(signWebhook(body.toString("utf8"), secret)).toBe(expected);
    expect(expected).toMatch(/^[0-9a-f]{128}$/);
  });

  it("accept the body's own signature", () => {
    expect(isValidWebhookSignature(body, signWebhook(body, secret), secret)).toBe(true);
  });

  it("refuse a missing, shortened, lengthened or foreign signature, or a changed body", () => {
    const signature = signWebhook(body, secret);
    expect(isValidWebhookSignature(body, undefined, secret)).toBe(false);
    expect(isValidWebhookSignature(body, "", secret)).toBe(false);
    expect(isValidWebhookSignature(body, signature.slice(0, -2), secret)).toBe(false);
    expect(isValidWebhookSignature(body, `${signature}00`, secret)).toBe(false);
    expect(isValidWebhookSignature(body, signWebhook(body, "sk_test_other"), secret)).toBe(false);
    expect(isValidWebhookSignature(Buffer.from(`${body.toString()} `), signature, secret)).toBe(false);
    expect(isValidWebhookSignature(body, "é".repeat(64), secret)).toBe(false);
  });
});
