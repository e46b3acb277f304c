import { createHmac, timingSafeEqual } from "node:crypto";

/** Paystack's x-paystack-signature: hex HMAC-SHA512 of the raw request body with the secret key. */
export function signWebhook(rawBody: Buffer | string, secret: string): string {
  return createHmac("sha512", secret).update(rawBody).digest("hex");
}

/** True when `signature` is the body's signature; compared in constant time, whatever its length. */
export function isValidWebhookSignature(rawBody: Buffer, signature: string | undefined, secret: string): boolean {
  if (!signature) return false;
  const expected = Buffer.from(signWebhook(rawBody, secret), "utf8");
  const given = Buffer.from(signature, "utf8");
  return given.length === expected.length && timingSafeEqual(given, expected);
}
