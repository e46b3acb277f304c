import { mkdtemp, rm } from "node:fs/promises";
import { type IncomingMessage, type Server, createServer } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RunningStandin, startPaystackStandin } from "../tests/support/paystack-standin";
import { isValidWebhookSignature } from "../domain/payments/webhook-signature";
import { NIGERIAN_BANKS } from "./banks";
import { PAGE_TEXTS } from "./hosted-page";
import { PAGE_ACCESS_TEXTS } from "./page-access";
import { createJsonFileStore } from "./store";
import { TEST_ACCOUNTS, TRANSFER_FAILURE_REASON, TRANSFER_REVERSAL_REASON, type TestAccount } from "./test-accounts";
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

/**
 * A stand-in that sends its webhooks to a receiver of its own, both closed after `run`; the
 * receiver answers with `statuses` in turn (then 200).
 */
async function withReceiver(
  run: (standin: RunningStandin, receiver: Awaited<ReturnType<typeof startReceiver>>) => Promise<void>,
  options: Parameters<typeof startPaystackStandin>[0] = {},
  statuses: number[] = [],
) {
  const receiver = await startReceiver(statuses);
  const standin = await startPaystackStandin({ ...options, webhookUrl: receiver.url });
  try {
    await run(standin, receiver);
  } finally {
    await standin.close();
    await receiver.close();
  }
}

function harness(options: Parameters<typeof startPaystackStandin>[0] = {}) {
  const h = { standin: undefined as unknown as RunningStandin };
  beforeAll(async () => {
    h.standin = await startPaystackStandin(options);
  });
  afterAll(() => h.standin?.close());
  return h;
}

/** A browser-less reader of the stand-in's pages, with the secret key. */
const keyed = (standin: RunningStandin) => ({ headers: { Authorization: `Bearer ${standin.secretKey}` } });

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
    await withReceiver(async (standin, receiver) => {
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
    }, {}, [500]);
  });

  it("is sent only for successful payments", async () => {
    await withReceiver(async (standin, receiver) => {
      await payWith((await initialize(standin)).authorization_url, "4084080000005408");
      await postPage((await initialize(standin)).authorization_url, { action: "cancel" });
      await standin.webhooksIdle();
      expect(receiver.received).toHaveLength(0);
    });
  });

  it("gives up after five attempts and reports it, without troubling the payment", async () => {
    const errors: unknown[] = [];
    await withReceiver(async (standin, receiver) => {
      const { authorization_url, reference } = await initialize(standin);
      expect((await payWith(authorization_url, "4084084084084081")).status).toBe(303);
      await standin.webhooksIdle();
      expect(receiver.received).toHaveLength(5);
      expect(errors.map((e) => (e as Error).message)).toEqual([`The charge.success webhook to ${receiver.url} failed 5 times (last: HTTP 500)`]);
      expect((await verify(standin, reference)).data.status).toBe("success");
    }, { onError: (error) => errors.push(error) }, [500, 502, 503, 500, 500, 500]);
  });
});

describe("refunds", () => {
  it("are queued as pending, then processed with a signed refund.processed webhook; list, fetch and the refunds page show them", async () => {
    await withReceiver(async (standin, receiver) => {
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

      const withoutKey = await fetch(`${standin.baseUrl}/refunds?reference=${reference}`);
      expect(withoutKey.status).toBe(401);
      expect(await withoutKey.text()).not.toContain("₦250,000");
      const page = await fetch(`${standin.baseUrl}/refunds?reference=${reference}`, keyed(standin));
      expect(page.status).toBe(200);
      const html = await page.text();
      expect(html).toContain(`Refunds of ${reference}`);
      expect(html).toContain("Test mode — no real money");
      expect(html).toContain("<td>₦250,000</td><td>Processed</td>");
      expect(html).toContain("<td>₦1,000,000</td><td>Processed</td>");
      expect((await fetch(`${standin.baseUrl}/refunds?reference=never-made`, keyed(standin))).status).toBe(404);
    });
  });

  it("of a transaction paid with the refund-failing test card fail with refund.failed, and free the amount again", async () => {
    await withReceiver(async (standin, receiver) => {
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
      expect(await (await fetch(`${standin.baseUrl}/refunds?reference=${reference}`, keyed(standin))).text()).toContain(`Failed: ${REFUND_FAILURE_REASON}`);
      // The failed refund's amount can be asked for again.
      expect((await api(standin, "POST", "/refund", { transaction: reference })).json.data.amount).toBe(125_000_000);
    });
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

const GTBANK = "058";
const PAYOUT_REASON = "Tokunbo vendor payout";

/** What the receiver got, as events. */
const eventsOf = (receiver: { received: Received[] }) =>
  receiver.received.map((delivery) => JSON.parse(delivery.body.toString("utf8")) as { event: string; data: Record<string, any> }); // eslint-disable-line @typescript-eslint/no-explicit-any

async function recipientFor(standin: RunningStandin, account: TestAccount = TEST_ACCOUNTS.adebayo, bankCode = GTBANK) {
  const answer = await api(standin, "POST", "/transferrecipient", { type: "nuban", name: account.name, account_number: account.number, bank_code: bankCode });
  expect(answer.status).toBe(201);
  return answer.json.data.recipient_code as string;
}

const newReference = () => `payout_test_${Math.random().toString(36).slice(2, 12).padEnd(10, "0")}`;

const transferBody = (recipient: string, fields: Record<string, unknown> = {}) => ({ source: "balance", amount: 5_000_000, recipient, reference: newReference(), reason: PAYOUT_REASON, ...fields });

const verifyTransfer = (standin: RunningStandin, reference: string) => api(standin, "GET", `/transfer/verify/${reference}`);

/** The banks the shop's vendors use most, with their Paystack codes. */
const EXPECTED_BANKS = [
  ["Access Bank", "044"], ["Citibank Nigeria", "023"], ["Ecobank Nigeria", "050"], ["Fidelity Bank", "070"], ["First Bank of Nigeria", "011"],
  ["First City Monument Bank", "214"], ["Guaranty Trust Bank", "058"], ["Keystone Bank", "082"], ["Kuda Bank", "50211"], ["Moniepoint MFB", "50515"],
  ["OPay Digital Services Limited (OPay)", "999992"], ["PalmPay", "999991"], ["Polaris Bank", "076"], ["Providus Bank", "101"], ["Stanbic IBTC Bank", "221"],
  ["Sterling Bank", "232"], ["Union Bank of Nigeria", "032"], ["United Bank For Africa", "033"], ["Wema Bank", "035"], ["Zenith Bank", "057"],
].map(([name, code]) => ({ name, code }));

describe("banks and account names", () => {
  const h = harness();

  it("lists real Nigerian banks with their Paystack codes, as Paystack shapes them", async () => {
    const answer = await api(h.standin, "GET", "/bank?country=nigeria&currency=NGN&perPage=100");
    expect(answer.status).toBe(200);
    expect(answer.json).toMatchObject({ status: true, message: "Banks retrieved", meta: { next: null, perPage: 100 } });
    const banks = answer.json.data as Record<string, unknown>[];
    expect(banks.map(({ name, code }) => ({ name, code }))).toEqual(expect.arrayContaining(EXPECTED_BANKS));
    expect(new Set(banks.map((bank) => bank.code)).size).toBe(banks.length);
    for (const bank of banks) expect(bank).toMatchObject({ active: true, is_deleted: false, country: "Nigeria", currency: "NGN", type: "nuban", supports_transfer: true });
    expect(banks.find((bank) => bank.code === "058")).toMatchObject({ id: 9, slug: "guaranty-trust-bank", longcode: "058152036" });
  });

  it("pages the list with Paystack's cursor, and lists no banks of another country", async () => {
    const codes: string[] = [];
    let next: string | null = null;
    do {
      const query: string = next ? `&use_cursor=true&next=${encodeURIComponent(next)}` : "";
      const page = await api(h.standin, "GET", `/bank?country=nigeria&perPage=7${query}`);
      expect(page.json.data.length).toBeLessThanOrEqual(7);
      codes.push(...page.json.data.map((bank: { code: string }) => bank.code));
      next = page.json.meta.next;
    } while (next);
    expect(codes).toEqual(NIGERIAN_BANKS.map((bank) => bank.code));
    expect((await api(h.standin, "GET", "/bank?perPage=5&page=2")).json.data.map((bank: { code: string }) => bank.code)).toEqual(codes.slice(5, 10));
    expect((await api(h.standin, "GET", "/bank?country=ghana")).json.data).toEqual([]);
  });

  it("resolves each test account at any listed bank", async () => {
    for (const account of Object.values(TEST_ACCOUNTS)) {
      for (const bankCode of ["058", "999992", "50211"]) {
        const answer = await api(h.standin, "GET", `/bank/resolve?account_number=${account.number}&bank_code=${bankCode}`);
        expect(answer).toMatchObject({ status: 200, json: { status: true, message: "Account number resolved", data: { account_number: account.number, account_name: account.name } } });
      }
    }
  });

  it.each([
    ["0000000001", "058", 422, "Could not resolve account name. Check parameters or try again."],
    ["123456789", "058", 422, "Could not resolve account name. Check parameters or try again."],
    ["00012345678", "058", 422, "Could not resolve account name. Check parameters or try again."],
    ["0001234567", "999", 400, "Unknown bank code"],
    ["0001234567", "", 400, "Unknown bank code"],
  ])("refuses to resolve %s at bank %s: %i %s", async (accountNumber, bankCode, status, message) => {
    expect(await api(h.standin, "GET", `/bank/resolve?account_number=${accountNumber}&bank_code=${bankCode}`)).toEqual({ status, json: { status: false, message } });
  });
});

describe("transfer recipients", () => {
  const h = harness();

  it("are made for a resolved account with the bank's name on it, once per account and bank", async () => {
    const body = { type: "nuban", name: "Ade Phones", account_number: TEST_ACCOUNTS.adebayo.number, bank_code: GTBANK, currency: "NGN", metadata: { vendorId: "v-1" } };
    const created = await api(h.standin, "POST", "/transferrecipient", body);
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({
      status: true,
      message: "Transfer recipient created successfully",
      data: {
        type: "nuban",
        currency: "NGN",
        name: "Ade Phones",
        metadata: { vendorId: "v-1" },
        details: { account_number: "0001234567", account_name: "ADEBAYO OLUWASEUN", bank_code: "058", bank_name: "Guaranty Trust Bank" },
      },
    });
    expect(created.json.data.recipient_code).toMatch(/^RCP_[a-z0-9]{15}$/);
    const again = await api(h.standin, "POST", "/transferrecipient", { ...body, name: "Adebayo", metadata: undefined });
    expect(again.json.data).toEqual(created.json.data);
    const atAnotherBank = await api(h.standin, "POST", "/transferrecipient", { ...body, bank_code: "999991" });
    expect(atAnotherBank.json.data.recipient_code).not.toBe(created.json.data.recipient_code);
  });

  it.each([
    [{ type: "mobile_money" }, 400, "Invalid recipient type: only nuban is supported"],
    [{ name: " " }, 400, "Name is required"],
    [{ currency: "USD" }, 400, "Currency not supported by merchant"],
    [{ account_number: "0000000001" }, 422, "Could not resolve account name. Check parameters or try again."],
    [{ bank_code: "999" }, 400, "Unknown bank code"],
  ])("refuses %j: %i %s", async (fields, status, message) => {
    const body = { type: "nuban", name: "Chioma", account_number: TEST_ACCOUNTS.chioma.number, bank_code: GTBANK, ...fields };
    expect(await api(h.standin, "POST", "/transferrecipient", body)).toEqual({ status, json: { status: false, message } });
  });
});

describe("transfers", () => {
  it("are queued as pending, then succeed with a signed transfer.success webhook carrying Paystack's transfer data", async () => {
    await withReceiver(async (standin, receiver) => {
      const recipient = await recipientFor(standin);
      const body = transferBody(recipient, { amount: 12_000_000 });
      const queued = await api(standin, "POST", "/transfer", body);
      expect(queued.json).toMatchObject({
        status: true,
        message: "Transfer has been queued",
        data: { status: "pending", reference: body.reference, amount: 12_000_000, currency: "NGN", source: "balance", reason: PAYOUT_REASON, transferred_at: null },
      });
      const transferCode = queued.json.data.transfer_code as string;
      expect(transferCode).toMatch(/^TRF_[a-z0-9]{15}$/);
      expect((await verifyTransfer(standin, body.reference)).json.data.status).toBe("pending");
      await standin.webhooksIdle();
      expect(receiver.received).toHaveLength(1);
      const delivery = receiver.received[0]!;
      expect(isValidWebhookSignature(delivery.body, delivery.signature, standin.secretKey)).toBe(true);
      expect(isValidWebhookSignature(delivery.body, delivery.signature, "sk_test_other")).toBe(false);
      const [event] = eventsOf(receiver);
      expect(event).toMatchObject({
        event: "transfer.success",
        data: {
          reference: body.reference,
          transfer_code: transferCode,
          amount: 12_000_000,
          currency: "NGN",
          status: "success",
          reason: PAYOUT_REASON,
          failures: null,
          recipient: { recipient_code: recipient, details: { account_number: "0001234567", account_name: "ADEBAYO OLUWASEUN", bank_code: "058", bank_name: "Guaranty Trust Bank" } },
        },
      });
      expect(Date.parse(event!.data.created_at)).toBeLessThanOrEqual(Date.parse(event!.data.updated_at));
      expect((await verifyTransfer(standin, body.reference)).json).toMatchObject({ status: true, message: "Transfer retrieved", data: { status: "success", transfer_code: transferCode } });
    });
  });

  it("to the failing test account fail with transfer.failed, saying why", async () => {
    await withReceiver(async (standin, receiver) => {
      const body = transferBody(await recipientFor(standin, TEST_ACCOUNTS.failing));
      await api(standin, "POST", "/transfer", body);
      await standin.webhooksIdle();
      expect(eventsOf(receiver)).toEqual([{ event: "transfer.failed", data: expect.objectContaining({ reference: body.reference, status: "failed", failures: TRANSFER_FAILURE_REASON }) }]);
      expect((await verifyTransfer(standin, body.reference)).json.data).toMatchObject({ status: "failed", gateway_response: TRANSFER_FAILURE_REASON, transferred_at: null });
    });
  });

  it("to the reversing test account succeed, then are reversed: transfer.success, then transfer.reversed", async () => {
    await withReceiver(async (standin, receiver) => {
      const body = transferBody(await recipientFor(standin, TEST_ACCOUNTS.reversed, "50515"));
      await api(standin, "POST", "/transfer", body);
      await standin.webhooksIdle();
      expect(eventsOf(receiver).map(({ event, data }) => [event, data.reference, data.status, data.failures])).toEqual([
        ["transfer.success", body.reference, "success", null],
        ["transfer.reversed", body.reference, "reversed", TRANSFER_REVERSAL_REASON],
      ]);
      expect((await verifyTransfer(standin, body.reference)).json.data.status).toBe("reversed");
    });
  });

  it("refuse a reference already used, as Paystack does, and create nothing", async () => {
    await withReceiver(async (standin, receiver) => {
      const recipient = await recipientFor(standin);
      const body = transferBody(recipient);
      expect((await api(standin, "POST", "/transfer", body)).status).toBe(200);
      const again = await api(standin, "POST", "/transfer", { ...body, amount: 9_000_000 });
      expect(again.status).toBe(400);
      expect(again.json).toMatchObject({ status: false, message: "Duplicate Transfer Reference", type: "validation_error", code: "duplicate_reference" });
      await standin.webhooksIdle();
      expect((await api(standin, "GET", "/transfer")).json.meta.total).toBe(1);
      expect((await verifyTransfer(standin, body.reference)).json.data.amount).toBe(5_000_000);
      expect(receiver.received).toHaveLength(1);
    });
  });

  it("in bulk: all or nothing; a batch taken answers in order, and each transfer settles on its own", async () => {
    await withReceiver(async (standin, receiver) => {
      const paid = await recipientFor(standin);
      const failing = await recipientFor(standin, TEST_ACCOUNTS.failing);
      const used = transferBody(paid);
      await api(standin, "POST", "/transfer", used);
      const good = [transferBody(paid, { amount: 1_000_000 }), transferBody(failing, { amount: 2_000_000 })];
      const bulk = (transfers: unknown) => api(standin, "POST", "/transfer/bulk", { source: "balance", currency: "NGN", transfers });

      for (const [transfers, message] of [
        [[...good, { ...transferBody(paid), amount: 0 }], "Invalid Amount Sent (transfers[2])"],
        [[...good, { ...transferBody(paid), reference: used.reference }], "Duplicate Transfer Reference (transfers[2])"],
        [[good[0], { ...good[1], reference: good[0]!.reference }], "Duplicate Transfer Reference (transfers[1])"],
        [[], "transfers must be a list of 1 to 100 transfers"],
        [Array.from({ length: 101 }, () => transferBody(paid)), "transfers must be a list of 1 to 100 transfers"],
      ] as const) {
        const refused = await bulk(transfers);
        expect(refused.status).toBe(400);
        expect(refused.json.message).toBe(message);
      }
      for (const { reference } of good) expect((await verifyTransfer(standin, reference)).status).toBe(404);

      const taken = await bulk(good);
      expect(taken.json).toMatchObject({ status: true, message: "2 transfers queued." });
      expect(taken.json.data.map(({ transfer_code: _code, ...rest }: Record<string, unknown>) => rest)).toEqual([
        { reference: good[0]!.reference, recipient: paid, amount: 1_000_000, currency: "NGN", status: "pending" },
        { reference: good[1]!.reference, recipient: failing, amount: 2_000_000, currency: "NGN", status: "pending" },
      ]);
      await standin.webhooksIdle();
      const outcomes = eventsOf(receiver).map(({ event, data }) => `${event} ${data.reference}`);
      expect(outcomes).toEqual(expect.arrayContaining([`transfer.success ${good[0]!.reference}`, `transfer.failed ${good[1]!.reference}`]));
      expect(outcomes).toHaveLength(3);
    });
  });

  describe("refusals, lookups and the transfers page", () => {
    const h = harness();

    it.each([
      [{ source: undefined }, "Invalid source: only balance is supported"],
      [{ currency: "USD" }, "Currency not supported by merchant"],
      [{ amount: 0 }, "Invalid Amount Sent"],
      [{ amount: 10.5 }, "Invalid Amount Sent"],
      [{ amount: "ten" }, "Invalid Amount Sent"],
      [{ recipient: "RCP_nobody" }, "Transfer recipient not found"],
      [{ reference: "too_short" }, "Invalid transfer reference: use 16 to 50 lowercase letters, digits, - and _"],
      [{ reference: "PAYOUT_UPPER_CASE_1" }, "Invalid transfer reference: use 16 to 50 lowercase letters, digits, - and _"],
      [{ reference: "payout.with.dots.1" }, "Invalid transfer reference: use 16 to 50 lowercase letters, digits, - and _"],
      [{ reference: "p".repeat(51) }, "Invalid transfer reference: use 16 to 50 lowercase letters, digits, - and _"],
      [{ reference: undefined }, "Invalid transfer reference: use 16 to 50 lowercase letters, digits, - and _"],
    ])("refuses a transfer with %j: %s", async (fields, message) => {
      const body = transferBody(await recipientFor(h.standin), fields);
      expect(await api(h.standin, "POST", "/transfer", body)).toEqual({ status: 400, json: { status: false, message } });
    });

    it("finds a transfer by reference, transfer code or id, lists them newest first, and says when there is none", async () => {
      const recipient = await recipientFor(h.standin, TEST_ACCOUNTS.musa);
      const first = (await api(h.standin, "POST", "/transfer", transferBody(recipient))).json.data;
      const second = (await api(h.standin, "POST", "/transfer", transferBody(recipient))).json.data;
      const verified = (await verifyTransfer(h.standin, second.reference)).json;
      expect((await api(h.standin, "GET", `/transfer/${second.transfer_code}`)).json).toEqual(verified);
      expect((await api(h.standin, "GET", `/transfer/${second.id}`)).json).toEqual(verified);
      const listed = await api(h.standin, "GET", `/transfer?recipient=${recipient}&perPage=1&page=2`);
      expect(listed.json).toMatchObject({ status: true, message: "Transfers retrieved", meta: { total: 2, skipped: 1, perPage: 1, page: 2, pageCount: 2 } });
      expect(listed.json.data.map((t: { reference: string }) => t.reference)).toEqual([first.reference]);
      for (const path of ["/transfer/verify/payout_never_made_1", "/transfer/TRF_nosuchcode", "/transfer/1"]) {
        expect(await api(h.standin, "GET", path)).toEqual({ status: 404, json: { status: false, message: "Transfer not found" } });
      }
    });

    it("shows every transfer on a test-mode page, to the key holder only: reference, account's last 4 digits, amount in naira and status", async () => {
      const ngozi = await recipientFor(h.standin, TEST_ACCOUNTS.ngozi, "999991");
      const body = transferBody(ngozi, { amount: 12_000_000 });
      await api(h.standin, "POST", "/transfer", body);
      const failed = transferBody(await recipientFor(h.standin, TEST_ACCOUNTS.failing));
      await api(h.standin, "POST", "/transfer", failed);
      await h.standin.webhooksIdle();
      const withoutKey = await fetch(`${h.standin.baseUrl}/transfers`);
      expect(withoutKey.status).toBe(401);
      const refused = await withoutKey.text();
      expect(refused).toContain(PAGE_ACCESS_TEXTS.signInRequired);
      expect(refused).not.toContain("NGOZI EZE");
      const page = await fetch(`${h.standin.baseUrl}/transfers`, keyed(h.standin));
      expect(page.status).toBe(200);
      const html = await page.text();
      expect(html).toContain("Test mode — no real money");
      expect(html).toContain(`<tr data-reference="${body.reference}"><td>${body.reference}</td><td>NGOZI EZE<br>****7890 · PalmPay</td><td>₦120,000</td><td>Successful</td>`);
      expect(html).not.toContain("0004567890");
      expect(html).toContain(`<td>₦50,000</td><td>Failed: ${TRANSFER_FAILURE_REASON}</td>`);
      expect(html.indexOf(failed.reference)).toBeLessThan(html.indexOf(body.reference));
    });
  });
});

describe("transfers with the file store", () => {
  it("are known after a restart, and one left pending is settled when the stand-in starts again", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "tokunbo-standin-transfers-"));
    const file = path.join(dir, "paystack-standin.json");
    try {
      const first = await startPaystackStandin({ store: createJsonFileStore(file) });
      const recipient = await recipientFor(first);
      const settled = transferBody(recipient);
      await api(first, "POST", "/transfer", settled);
      await first.close();

      // The process stopped with one transfer still pending.
      const stopped = createJsonFileStore(file);
      const known = stopped.transferByReference(settled.reference)!;
      const pending = { ...known, id: known.id + 1, reference: newReference(), transferCode: "TRF_leftpending0001", status: "pending" as const, transferredAt: null };
      await stopped.saveTransfers([pending]);

      await withReceiver(async (second, receiver) => {
        expect((await verifyTransfer(second, settled.reference)).json.data).toMatchObject({ status: "success", recipient: { recipient_code: recipient } });
        expect(await recipientFor(second)).toBe(recipient);
        await second.webhooksIdle();
        expect(eventsOf(receiver).map(({ event, data }) => [event, data.reference])).toEqual([["transfer.success", pending.reference]]);
        expect((await verifyTransfer(second, pending.reference)).json.data.status).toBe("success");
      }, { store: createJsonFileStore(file) });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
