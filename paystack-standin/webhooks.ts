import { createHmac } from "node:crypto";

export const DEFAULT_WEBHOOK_RETRY_DELAYS_MS = [1_000, 2_000, 4_000, 8_000] as const;
const ATTEMPT_TIMEOUT_MS = 10_000;

export interface WebhookDelivery {
  url: string;
  event: string;
  data: unknown;
  secretKey: string;
  /** Pauses between attempts: one more attempt than there are delays. */
  retryDelaysMs: readonly number[];
  fetch: typeof fetch;
}

/**
 * Posts a signed event as Paystack does (x-paystack-signature over the exact body), retrying on
 * non-2xx answers and network errors. Resolves when delivered; rejects after the last attempt.
 */
export async function deliverWebhook(delivery: WebhookDelivery): Promise<void> {
  const body = JSON.stringify({ event: delivery.event, data: delivery.data });
  const headers = { "Content-Type": "application/json", "x-paystack-signature": paystackSignature(body, delivery.secretKey) };
  let lastProblem = "";
  for (let attempt = 0; attempt <= delivery.retryDelaysMs.length; attempt++) {
    if (attempt > 0) await sleep(delivery.retryDelaysMs[attempt - 1]!);
    try {
      const response = await delivery.fetch(delivery.url, { method: "POST", headers, body, signal: AbortSignal.timeout(ATTEMPT_TIMEOUT_MS) });
      await response.body?.cancel();
      if (response.ok) return;
      lastProblem = `HTTP ${response.status}`;
    } catch (error) {
      lastProblem = error instanceof Error ? error.message : String(error);
    }
  }
  const attempts = delivery.retryDelaysMs.length + 1;
  throw new Error(`The ${delivery.event} webhook to ${delivery.url} failed ${attempts} times (last: ${lastProblem})`);
}

/** A pending retry does not keep the process alive: a stopping server does not wait for it. */
function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms).unref());
}

/** Paystack signs each webhook body with the secret key: hex HMAC-SHA512 in `x-paystack-signature`. */
function paystackSignature(body: string, secretKey: string): string {
  return createHmac("sha512", secretKey).update(body).digest("hex");
}
