import { createHash } from "node:crypto";
import { test as base, expect } from "@playwright/test";

/**
 * Every browser test is its own client, with an address of its own, as real buyers are: the
 * test server runs with TRUST_PROXY=1, as behind a load balancer, and takes the client address
 * from X-Forwarded-For, so the per-address sign-in and sign-up limits count each test apart
 * instead of adding the whole suite up as one very busy visitor.
 */
export const test = base.extend({
  extraHTTPHeaders: async ({ extraHTTPHeaders }, provide, info) => {
    await provide({ ...extraHTTPHeaders, "X-Forwarded-For": clientAddressOf(`${info.testId}:${info.retry}:${info.repeatEachIndex}`) });
  },
});

export { expect };

function clientAddressOf(key: string): string {
  const [a, b, c] = createHash("sha256").update(key).digest();
  return `10.${a}.${b}.${Math.max(1, c!)}`;
}
