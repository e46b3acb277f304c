import { type IncomingMessage, type Server, createServer } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RunningStandin, startPaystackStandin } from "../tests/support/paystack-standin";
import { isValidWebhookSignature } from "../domain/payments/webhook-signature";
import { PAGE_TEXTS } from "./hosted-page";
import { REFUND_FAILURE_REASON, TEST_CARDS } from "./test-cards";

interface Received {
  body: Buffer;
  signature: string | undefined;
  contentType: string | undefined;
}

/** A tiny webhook receiver that answers each request with the next status in `statuses` (then 200). */
async function startReceiver(statuses: number[] = []) {
  const received: Received[] = [];
  const server: Server = createServer((req: IncomingMessage, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      received.push({ body: Buffer.concat(chunks), signature: req.headers["x-paystack-signature"] as string | undefined, contentType: req.headers["content-type"] });
      res.statusCode = statuses.shift() ?? 200;
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as { port: number }).port}/api/webhooks/paystack`;
  return { url, received, close: () => new Promise((resolve) => server.close(resolve)) };
}

function harness(options: Parameters<typeof startPaystackStandin>[0] = {}) {
  const h = { standin: undefined as unknown as RunningStandin };
  beforeAll(async () => {
    h.standin = await startPaystackStandin(options);
  });
  afterAll(() => h.standin?.close());
  return h;
}

const api = (standin: RunningStandin, method: string, path: string, body?: unknown, key: string | null = standin.secretKey) =>
  fetch(`${standin.baseUrl}${path}`, {
    method,
    headers: { ...(key !== null && { Authorization: `Bearer ${key}` }), "Content-Type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  }).then(async (response) => ({ status: response.status, json: (await response.json()) as Record<string, any> })); // eslint-disable-line @typescript-eslint/no-explicit-any

async function initialize(standin: RunningStandin, fields: Record<string, unknown> = {}) {
  const answer = await api(standin, "POST", "/transaction/initialize", {
    email: "ada@example.com",
    amount: 125_000_000,
    reference: `ref-${Math.random().toString(36).slice(2)}`,
    callback_url: "http://shop.test/payment-success?reference=stale&from=checkout",
    ...fields,
  });
  expect(answer.status).toBe(200);
  return answer.json.data as { authorization_url: string; access_code: string; reference: string };
}

const postPage = (url: string, fields: Record<string, string>) =>
  fetch(url, { method: "POST", body: new URLSearchParams(fields), redirect: "manual" });
const payWith = (url: string, card: string, expiry = "12/40", cvv = "408") => postPage(url, { action: "pay", card_number: card, expiry, cvv });
const verify = async (standin: RunningStandin, reference: string) => (await api(standin, "GET", `/transaction/verify/${reference}`)).json;

function expectRedirectToCallback(response: Response, reference: string) {
  expect(response.status).toBe(303);
  const location = new URL(response.headers.get("location")!);
  expect(`${location.origin}${location.pathname}`).toBe("http://shop.test/payment-success");
  expect(location.searchParams.getAll("reference")).toEqual([reference]);
  expect(location.searchParams.getAll("trxref")).toEqual([reference]);
  expect(location.searchParams.get("from")).toBe("checkout");
}

describe("the stand-in's API", () => {
  const h = harness();

  it("refuses a missing or wrong key", async () => {
    for (const key of [null, "sk_test_wrong", ""]) {
      expect(await api(h.standin, "GET", "/transaction", undefined, key)).toEqual({ status: 401, json: { status: false, message: "Invalid key" } });
    }
  });

  it("initializes with Paystack's answer and an authorization URL on its own address", async () => {
    const answer = await api(h.standin, "POST", "/transaction/initialize", { email: "ada@example.com", amount: "500000", reference: "ref-api-1" });
    expect(answer.status).toBe(200);
    expect(answer.json.status).toBe(true);
    expect(answer.json.message).toBe("Authorization URL created");
    expect(answer.json.data.reference).toBe("ref-api-1");
    expect(answer.json.data.access_code).toMatch(/^[a-z0-9]{15}$/);
    expect(answer.json.data.authorization_url).toBe(`${h.standin.baseUrl}/pay/${answer.json.data.access_code}`);
  });

  it.each([
    [{ email: "not-an-email", amount: 1000 }, "Invalid Email Address Passed"],
    [{ amount: 1000 }, "Invalid Email Address Passed"],
    [{ email: "ada@example.com", amount: 0 }, "Invalid Amount Sent"],
    [{ email: "ada@example.com", amount: 10.5 }, "Invalid Amount Sent"],
    [{ email: "ada@example.com", amount: "ten" }, "Invalid Amount Sent"],
    [{ email: "ada@example.com" }, "Invalid Amount Sent"],
    [{ email: "ada@example.com", amount: 1000, currency: "USD" }, "Currency not supported by merchant"],
    [{ email: "ada@example.com", amount: 1000, reference: "has space" }, "Invalid transaction reference: only -, ., =, _ and alphanumeric characters are allowed"],
    [{ email: "ada@example.com", amount: 1000, callback_url: "javascript:alert(1)" }, "Invalid callback_url: it must be an absolute http(s) URL"],
  ])("refuses %j with %s", async (body, message) => {
    expect(await api(h.standin, "POST", "/transaction/initialize", body)).toEqual({ status: 400, json: { status: false, message } });
  });

  it("refuses a reused reference", async () => {
    const { reference } = await initialize(h.standin);
    const again = await api(h.standin, "POST", "/transaction/initialize", { email: "ada@example.com", amount: 1000, reference });
    expect(again.status).toBe(400);
    expect(again.json).toMatchObject({ status: false, message: "Duplicate Transaction Reference", code: "duplicate_reference" });
  });

  it("says an unknown reference is not found", async () => {
    const answer = await api(h.standin, "GET", "/transaction/verify/never-made");
    expect(answer.status).toBe(400);
    expect(answer.json).toMatchObject({ status: false, message: "Transaction reference not found" });
  });

  it("reports a transaction nobody has paid yet as Paystack does: abandoned, not completed", async () => {
    const { reference } = await initialize(h.standin, { metadata: JSON.stringify({ paymentId: "p1" }) });
    expect(await verify(h.standin, reference)).toMatchObject({
      status: true,
      message: "Verification successful",
      data: {
        domain: "test",
        status: "abandoned",
        reference,
        amount: 125_000_000,
        currency: "NGN",
        gateway_response: "The transaction was not completed",
        paid_at: null,
        metadata: { paymentId: "p1" },
        customer: { email: "ada@example.com" },
      },
    });
  });

  it("refunds a paid transaction, marks it reversed and refuses a second full refund", async () => {
    const { authorization_url, reference } = await initialize(h.standin);
    await payWith(authorization_url, "4084084084084081");
    expect(await api(h.standin, "POST", "/refund", { transaction: reference, amount: 200_000_000 })).toEqual({
      status: 400,
      json: { status: false, message: "Refund amount cannot be greater than the amount left to refund" },
    });
    const refund = await api(h.standin, "POST", "/refund", { transaction: reference });
    expect(refund.status).toBe(200);
    expect(refund.json).toMatchObject({
      status: true,
      message: "Refund has been queued for processing",
      data: { status: "pending", amount: 125_000_000, currency: "NGN", transaction: { reference } },
    });
    expect((await verify(h.standin, reference)).data.status).toBe("reversed");
    expect(await api(h.standin, "POST", "/refund", { transaction: reference })).toEqual({
      status: 400,
      json: { status: false, message: "Transaction has been fully reversed" },
    });
  });

  it("refuses to refund an unknown or unpaid transaction", async () => {
    expect(await api(h.standin, "POST", "/refund", { transaction: "never-made" })).toEqual({ status: 404, json: { status: false, message: "Transaction not found" } });
    const { reference } = await initialize(h.standin);
    expect(await api(h.standin, "POST", "/refund", { transaction: reference })).toEqual({
      status: 400,
      json: { status: false, message: "Cannot refund a transaction that was not successful" },
    });
  });

  it("lists newest first, a page at a time, filtered by status and dates", async () => {
    const first = await initialize(h.standin, { amount: 1_000 });
    const second = await initialize(h.standin, { amount: 2_000 });
    const page = await api(h.standin, "GET", "/transaction?perPage=1&page=2&status=abandoned");
    expect(page.json.message).toBe("Transactions retrieved");
    const total = page.json.meta.total as number;
    expect(page.json.meta).toMatchObject({ perPage: 1, page: 2, skipped: 1, pageCount: total });
    const newest = await api(h.standin, "GET", "/transaction?per_page=2&status=abandoned");
    expect(newest.json.data.map((t: { reference: string }) => t.reference)).toEqual([second.reference, first.reference]);
    const future = await api(h.standin, "GET", `/transaction?from=${encodeURIComponent(new Date(Date.now() + 60_000).toISOString())}`);
    expect(future.json.data).toEqual([]);
  });

  it("answers unknown paths and broken bodies in its envelope", async () => {
    expect(await api(h.standin, "GET", "/nowhere")).toEqual({ status: 404, json: { status: false, message: "Not found" } });
    const broken = await fetch(`${h.standin.baseUrl}/transaction/initialize`, {
      method: "POST",
      headers: { Authorization: `Bearer ${h.standin.secretKey}`, "Content-Type": "application/json" },
      body: "{not json",
    });
    expect(broken.status).toBe(400);
    expect(await broken.json()).toEqual({ status: false, message: "Invalid request body" });
  });
});

describe("the hosted payment page", () => {
  const h = harness();

  it("shows the merchant, the amount in naira, the e-mail and a labelled card form, marked as test mode, without scripts", async () => {
    const { authorization_url } = await initialize(h.standin, { email: "ade<b>@example.com" });
    const response = await fetch(authorization_url);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/html; charset=utf-8");
    const html = await response.text();
    expect(html).toContain("Test mode — no real money");
    expect(html).toContain("<h1>Tokunbo Phones</h1>");
    expect(html).toContain('<p class="amount">₦1,250,000</p>');
    expect(html).toContain("ade&lt;b&gt;@example.com");
    expect(html).not.toContain("ade<b>");
    expect(html).not.toMatch(/<script/i);
    for (const [id, label] of [["card_number", "Card number"], ["expiry", "Expiry (MM/YY)"], ["cvv", "CVV"]]) {
      expect(html).toContain(`<label for="${id}">${label}</label>`);
      expect(html).toContain(`<input id="${id}" name="${id}"`);
    }
    expect(html).toContain('<button class="pay" type="submit" name="action" value="pay">Pay ₦1,250,000</button>');
    expect(html).toContain('<button class="cancel" type="submit" name="action" value="cancel" formnovalidate>Cancel</button>');
  });

  it("takes payment with the success card (spaces allowed), redirects to the callback once, and cannot be paid again", async () => {
    const { authorization_url, reference } = await initialize(h.standin);
    const response = await payWith(authorization_url, "4084 0840 8408 4081");
    expectRedirectToCallback(response, reference);
    const { data } = await verify(h.standin, reference);
    expect(data).toMatchObject({ status: "success", channel: "card", gateway_response: "Successful", authorization: { last4: "4081", bin: "408408", exp_month: "12", exp_year: "2040" } });
    expect(Date.parse(data.paid_at)).toBeGreaterThan(Date.now() - 60_000);
    expect(data.fees).toBe(200_000);

    const again = await payWith(authorization_url, "4084084084084081");
    expect(again.status).toBe(409);
    expect(await again.text()).toContain(PAGE_TEXTS.alreadyPaid);
    const page = await fetch(authorization_url);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("This payment has already been made.");
    expect(html).not.toContain("<form");
  });

  it("declines the decline card and redirects", async () => {
    const { authorization_url, reference } = await initialize(h.standin);
    expectRedirectToCallback(await payWith(authorization_url, "4084080000005408"), reference);
    expect((await verify(h.standin, reference)).data).toMatchObject({ status: "failed", gateway_response: "Declined", paid_at: null, channel: "card" });
    expect(await (await fetch(authorization_url)).text()).toContain("This payment is closed. Go back to the shop to try again.");
  });

  it("cancels: abandoned, redirected, closed", async () => {
    const { authorization_url, reference } = await initialize(h.standin);
    expectRedirectToCallback(await postPage(authorization_url, { action: "cancel" }), reference);
    expect((await verify(h.standin, reference)).data).toMatchObject({ status: "abandoned", paid_at: null });
    expect((await payWith(authorization_url, "4084084084084081")).status).toBe(409);
  });

  it.each([
    ["4111 1111 1111 1111", "12/40", "408", "card_number", PAGE_TEXTS.unknownCard],
    ["4084084084084081", "13/40", "408", "expiry", PAGE_TEXTS.badExpiry],
    ["4084084084084081", "01/20", "408", "expiry", PAGE_TEXTS.badExpiry],
    ["4084084084084081", "12/40", "4a8", "cvv", PAGE_TEXTS.badCvv],
  ])("re-renders with an error for card %s, expiry %s, CVV %s and changes nothing", async (card, expiry, cvv, field, message) => {
    const { authorization_url, reference } = await initialize(h.standin);
    const response = await payWith(authorization_url, card, expiry, cvv);
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain(`<p class="error" id="payment-error" role="alert">${message}</p>`);
    expect(html).toContain(`<input id="${field}" name="${field}"`);
    expect(html).toMatch(new RegExp(`id="${field}"[^>]*aria-invalid="true"`));
    expect(html).toContain(`value="${card}"`);
    expect((await verify(h.standin, reference)).data).toMatchObject({ status: "abandoned", paid_at: null });
    expect(await (await fetch(authorization_url)).text()).toContain("<form");
  });

  it("says an unknown access code is not found", async () => {
    for (const response of [await fetch(`${h.standin.baseUrl}/pay/nosuchcode`), await payWith(`${h.standin.baseUrl}/pay/nosuchcode`, "4084084084084081")]) {
      expect(response.status).toBe(404);
      expect(await response.text()).toContain("This payment link is not valid.");
    }
  });

  it("without a callback URL, shows the outcome instead of redirecting", async () => {
    const { authorization_url, reference } = await initialize(h.standin, { callback_url: undefined });
    const response = await payWith(authorization_url, "4084084084084081");
    expect(response.status).toBe(200);
    expect(await response.text()).toContain(`Successful. Reference: ${reference}`);
  });
});

describe("the charge.success webhook", () => {
  it("is signed with the secret key, carries the verify data, and is retried after a 500", async () => {
    const receiver = await startReceiver([500]);
    const standin = await startPaystackStandin({ webhookUrl: receiver.url });
    try {
      const { authorization_url, reference } = await initialize(standin);
      expect((await payWith(authorization_url, "4084084084084081")).status).toBe(303);
      await standin.webhooksIdle();
      expect(receiver.received).toHaveLength(2);
      const verified = (await verify(standin, reference)).data;
      for (const delivery of receiver.received) {
        expect(delivery.contentType).toBe("application/json");
        expect(isValidWebhookSignature(delivery.body, delivery.signature, standin.secretKey)).toBe(true);
        expect(isValidWebhookSignature(delivery.body, delivery.signature, "sk_test_other")).toBe(false);
        expect(JSON.parse(delivery.body.toString("utf8"))).toEqual({ event: "charge.success", data: verified });
      }
    } finally {
      await standin.close();
      await receiver.close();
    }
  });

  it("is sent only for successful payments", async () => {
    const receiver = await startReceiver();
    const standin = await startPaystackStandin({ webhookUrl: receiver.url });
    try {
      await payWith((await initialize(standin)).authorization_url, "4084080000005408");
      await postPage((await initialize(standin)).authorization_url, { action: "cancel" });
      await standin.webhooksIdle();
      expect(receiver.received).toHaveLength(0);
    } finally {
      await standin.close();
      await receiver.close();
    }
  });

  it("gives up after five attempts and reports it, without troubling the payment", async () => {
    const receiver = await startReceiver([500, 502, 503, 500, 500, 500]);
    const errors: unknown[] = [];
    const standin = await startPaystackStandin({ webhookUrl: receiver.url, onError: (error) => errors.push(error) });
    try {
      const { authorization_url, reference } = await initialize(standin);
      expect((await payWith(authorization_url, "4084084084084081")).status).toBe(303);
      await standin.webhooksIdle();
      expect(receiver.received).toHaveLength(5);
      expect(errors.map((e) => (e as Error).message)).toEqual([`The charge.success webhook to ${receiver.url} failed 5 times (last: HTTP 500)`]);
      expect((await verify(standin, reference)).data.status).toBe("success");
    } finally {
      await standin.close();
      await receiver.close();
    }
  });
});

describe("refunds", () => {
  it("are queued as pending, then processed with a signed refund.processed webhook; list, fetch and the refunds page show them", async () => {
    const receiver = await startReceiver();
    const standin = await startPaystackStandin({ webhookUrl: receiver.url });
    try {
      const { authorization_url, reference } = await initialize(standin);
      await payWith(authorization_url, TEST_CARDS.approved);
      await standin.webhooksIdle();
      receiver.received.length = 0;
      const queued = await api(standin, "POST", "/refund", { transaction: reference, amount: 25_000_000, merchant_note: "Cancelled by the buyer" });
      expect(queued.json).toMatchObject({ status: true, data: { status: "pending", amount: 25_000_000 } });
      const id = queued.json.data.id as number;
      expect((await api(standin, "GET", `/refund/${id}`)).json.data).toMatchObject({ id, status: "pending", refunded_at: null });
      await standin.webhooksIdle();
      expect(receiver.received).toHaveLength(1);
      const delivery = receiver.received[0]!;
      expect(isValidWebhookSignature(delivery.body, delivery.signature, standin.secretKey)).toBe(true);
      expect(JSON.parse(delivery.body.toString("utf8"))).toMatchObject({
        event: "refund.processed",
        data: { id, status: "processed", transaction_reference: reference, amount: 25_000_000, currency: "NGN", customer: { email: "ada@example.com" } },
      });
      const fetched = await api(standin, "GET", `/refund/${id}`);
      expect(fetched.json).toMatchObject({ status: true, message: "Refund retrieved", data: { id, status: "processed", merchant_note: "Cancelled by the buyer", transaction_reference: reference } });
      expect(fetched.json.data.refunded_at).toEqual(expect.any(String));
      expect(await api(standin, "GET", "/refund/99")).toEqual({ status: 404, json: { status: false, message: "Refund not found" } });

      const second = await api(standin, "POST", "/refund", { transaction: reference });
      expect(second.json.data.amount).toBe(100_000_000);
      await standin.webhooksIdle();
      const listed = await api(standin, "GET", `/refund?transaction=${reference}`);
      expect(listed.json.data.map((r: { amount: number; status: string }) => [r.amount, r.status])).toEqual([[100_000_000, "processed"], [25_000_000, "processed"]]);
      expect(listed.json.meta).toMatchObject({ total: 2, failedRefundCount: 0 });
      expect((await api(standin, "GET", "/refund?transaction=never-made")).json.data).toEqual([]);
      expect((await verify(standin, reference)).data.status).toBe("reversed");

      const page = await fetch(`${standin.baseUrl}/refunds?reference=${reference}`);
      expect(page.status).toBe(200);
      const html = await page.text();
      expect(html).toContain(`Refunds of ${reference}`);
      expect(html).toContain("Test mode — no real money");
      expect(html).toContain("<td>₦250,000</td><td>Processed</td>");
      expect(html).toContain("<td>₦1,000,000</td><td>Processed</td>");
      expect((await fetch(`${standin.baseUrl}/refunds?reference=never-made`)).status).toBe(404);
    } finally {
      await standin.close();
      await receiver.close();
    }
  });

  it("of a transaction paid with the refund-failing test card fail with refund.failed, and free the amount again", async () => {
    const receiver = await startReceiver();
    const standin = await startPaystackStandin({ webhookUrl: receiver.url });
    try {
      const { authorization_url, reference } = await initialize(standin);
      expect((await payWith(authorization_url, "5399 8383 8383 8381")).status).toBe(303);
      expect((await verify(standin, reference)).data.status).toBe("success");
      await standin.webhooksIdle();
      receiver.received.length = 0;
      const queued = await api(standin, "POST", "/refund", { transaction: reference });
      expect(queued.json.data.status).toBe("pending");
      await standin.webhooksIdle();
      expect(JSON.parse(receiver.received[0]!.body.toString("utf8"))).toMatchObject({
        event: "refund.failed",
        data: { id: queued.json.data.id, status: "failed", transaction_reference: reference, amount: 125_000_000 },
      });
      expect((await api(standin, "GET", `/refund/${queued.json.data.id}`)).json.data).toMatchObject({ status: "failed", reason: REFUND_FAILURE_REASON });
      expect((await verify(standin, reference)).data.status).toBe("success");
      expect((await api(standin, "GET", `/refund?transaction=${reference}`)).json.meta.failedRefundCount).toBe(1);
      expect(await (await fetch(`${standin.baseUrl}/refunds?reference=${reference}`)).text()).toContain(`Failed: ${REFUND_FAILURE_REASON}`);
      // The failed refund's amount can be asked for again.
      expect((await api(standin, "POST", "/refund", { transaction: reference })).json.data.amount).toBe(125_000_000);
    } finally {
      await standin.close();
      await receiver.close();
    }
  });

  it("answer concurrent requests within what is left to refund", async () => {
    const standin = await startPaystackStandin();
    try {
      const { authorization_url, reference } = await initialize(standin, { amount: 10_000 });
      await payWith(authorization_url, TEST_CARDS.approved);
      const answers = await Promise.all(Array.from({ length: 5 }, () => api(standin, "POST", "/refund", { transaction: reference, amount: 3_000 })));
      expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 200, 400, 400]);
    } finally {
      await standin.close();
    }
  });
});
