import { type Server, type ServerResponse, createServer } from "node:http";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useTestApp } from "../../tests/support/lifecycle";
import { type RunningStandin, startPaystackStandin } from "../../tests/support/paystack-standin";
import { paymentsSecretKey } from "../../server/config";
import { createPaystackClient } from "./paystack-client";
import { type PaymentProvider, PaymentProviderError } from "./provider";
import { signWebhook } from "./webhook-signature";

const payment = (reference: string, amount = 125_000_000) => ({
  email: "ada@example.com",
  amount,
  reference,
  callbackUrl: "http://shop.test/payment-success",
  metadata: { paymentId: "p-1", orders: ["TKN-1"] },
});

async function payOnHostedPage(authorizationUrl: string, card: string) {
  const response = await fetch(authorizationUrl, {
    method: "POST",
    body: new URLSearchParams({ action: "pay", card_number: card, expiry: "12/40", cvv: "408" }),
    redirect: "manual",
  });
  expect(response.status).toBe(303);
}

async function expectProviderError(promise: Promise<unknown>, message: string, httpStatus: number | null) {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(PaymentProviderError);
  expect((error as PaymentProviderError).message).toBe(message);
  expect((error as PaymentProviderError).httpStatus).toBe(httpStatus);
}

describe("the Paystack client against the stand-in over HTTP", () => {
  let standin: RunningStandin;
  let paystack: PaymentProvider;
  beforeAll(async () => {
    standin = await startPaystackStandin();
    paystack = createPaystackClient({ baseUrl: standin.baseUrl, secretKey: standin.secretKey });
  });
  afterAll(() => standin?.close());

  it("initializes a payment and verifies it before and after the buyer pays", async () => {
    const started = await paystack.initialize(payment("pay_client_1"));
    expect(started.reference).toBe("pay_client_1");
    expect(started.authorizationUrl).toBe(`${standin.baseUrl}/pay/${started.accessCode}`);
    expect(await paystack.verify("pay_client_1")).toEqual({
      id: expect.any(Number),
      reference: "pay_client_1",
      status: "abandoned",
      amount: 125_000_000,
      currency: "NGN",
      channel: "card",
      gatewayResponse: "The transaction was not completed",
      paidAt: null,
      metadata: { paymentId: "p-1", orders: ["TKN-1"] },
    });

    await payOnHostedPage(started.authorizationUrl, "4084084084084081");
    const paid = await paystack.verify("pay_client_1");
    expect(paid).toMatchObject({ status: "success", amount: 125_000_000, currency: "NGN", channel: "card", gatewayResponse: "Successful" });
    expect(Date.parse(paid!.paidAt!)).toBeGreaterThan(Date.now() - 60_000);
  });

  it("verifies an unknown reference as null", async () => {
    expect(await paystack.verify("pay_never_made")).toBeNull();
  });

  it("passes on Paystack's refusals in its own words", async () => {
    await paystack.initialize(payment("pay_client_dup"));
    await expectProviderError(paystack.initialize(payment("pay_client_dup")), "Duplicate Transaction Reference", 400);
    await expectProviderError(paystack.initialize(payment("pay_client_zero", 0)), "Invalid Amount Sent", 400);
    await expectProviderError(paystack.initialize({ ...payment("pay_client_mail"), email: "nobody" }), "Invalid Email Address Passed", 400);
    const wrongKey = createPaystackClient({ baseUrl: standin.baseUrl, secretKey: "sk_test_wrong" });
    await expectProviderError(wrongKey.verify("pay_client_dup"), "Invalid key", 401);
    await expectProviderError(wrongKey.initialize(payment("pay_client_key")), "Invalid key", 401);
  });

  it("lists transactions by status, newest first, a page at a time", async () => {
    await paystack.initialize(payment("pay_client_list_1", 1_000));
    await paystack.initialize(payment("pay_client_list_2", 2_000));
    const abandoned = await paystack.listTransactions({ status: "abandoned", perPage: 2, page: 1 });
    expect(abandoned.map((t) => [t.reference, t.amount])).toEqual([
      ["pay_client_list_2", 2_000],
      ["pay_client_list_1", 1_000],
    ]);
    const successful = await paystack.listTransactions({ status: "success" });
    expect(successful.map((t) => t.reference)).toContain("pay_client_1");
    expect(successful.every((t) => t.status === "success")).toBe(true);
    expect(await paystack.listTransactions({ from: new Date(Date.now() + 60_000).toISOString() })).toEqual([]);
  });

  it("refunds a paid transaction, whole or in part", async () => {
    const started = await paystack.initialize(payment("pay_client_refund", 500_000));
    await payOnHostedPage(started.authorizationUrl, "4084 0840 8408 4081");
    expect(await paystack.refund({ transaction: "pay_client_refund", amount: 200_000 })).toEqual({
      id: expect.any(Number),
      status: "pending",
      amount: 200_000,
      currency: "NGN",
      transactionReference: "pay_client_refund",
    });
    expect((await paystack.verify("pay_client_refund"))?.status).toBe("reversed");
    expect((await paystack.refund({ transaction: "pay_client_refund" })).amount).toBe(300_000);
    await expectProviderError(paystack.refund({ transaction: "pay_client_refund" }), "Transaction has been fully reversed", 400);
  });

  it("asks for the base URL on every call when given a function", async () => {
    let calls = 0;
    const lazy = createPaystackClient({ baseUrl: () => (calls++, standin.baseUrl), secretKey: standin.secretKey });
    await lazy.verify("pay_client_1");
    await lazy.verify("pay_client_1");
    expect(calls).toBe(2);
    const notYet = createPaystackClient({
      baseUrl: () => {
        throw new Error("the server is not listening yet");
      },
      secretKey: standin.secretKey,
    });
    await expectProviderError(notYet.verify("pay_client_1"), "Paystack could not be reached: the server is not listening yet", null);
  });
});

describe("the Paystack client when Paystack misbehaves", () => {
  let server: Server;
  let base: string;
  const answers: Record<string, (res: ServerResponse) => void> = {
    "/transaction/verify/silent": () => {}, // never answers
    "/transaction/verify/html": (res) => res.writeHead(502, { "Content-Type": "text/html" }).end("<h1>Bad gateway</h1>"),
    "/transaction/verify/odd": (res) => res.writeHead(200).end(JSON.stringify({ ok: true })),
    "/transaction/verify/shapeless": (res) => res.writeHead(200).end(JSON.stringify({ status: true, message: "Verification successful", data: { id: "x" } })),
    "/transaction/verify/down": (res) => res.writeHead(500).end(JSON.stringify({ status: false, message: "An error occurred" })),
    "/transaction/verify/gone": (res) => res.writeHead(404).end(JSON.stringify({ status: false, message: "Transaction reference not found" })),
  };
  beforeAll(async () => {
    server = createServer((req, res) => answers[req.url ?? ""]?.(res));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  });
  afterAll(() => {
    server.closeAllConnections();
    server.close();
  });

  const client = () => createPaystackClient({ baseUrl: base, secretKey: "sk_test_x", timeoutMs: 200 });

  it("gives up after the timeout with a readable message", async () => {
    await expectProviderError(client().verify("silent"), `Paystack did not answer within 0.2 seconds at ${base}`, null);
  });

  it("says so when Paystack cannot be reached", async () => {
    const vacated = createServer();
    await new Promise<void>((resolve) => vacated.listen(0, "127.0.0.1", resolve));
    const port = (vacated.address() as { port: number }).port;
    await new Promise((resolve) => vacated.close(resolve));
    const closed = createPaystackClient({ baseUrl: `http://127.0.0.1:${port}`, secretKey: "sk_test_x" });
    await expectProviderError(closed.verify("any"), `Paystack could not be reached at http://127.0.0.1:${port}: connect ECONNREFUSED 127.0.0.1:${port}`, null);
  });

  it("refuses answers that are not Paystack's envelope or not the expected shape", async () => {
    await expectProviderError(client().verify("html"), "Paystack answered HTTP 502 with something other than JSON", 502);
    await expectProviderError(client().verify("odd"), "Paystack answered HTTP 200 without its {status, message} envelope", 200);
    await expectProviderError(client().verify("shapeless"), "Paystack's verify answer is not in the expected shape at data.id: Invalid input: expected number, received string", 200);
    await expectProviderError(client().verify("down"), "An error occurred", 500);
  });

  it("treats Paystack's 404 for an unknown reference as not found", async () => {
    expect(await client().verify("gone")).toBeNull();
  });

  it("sends Paystack's request shapes: bearer key, JSON body in kobo, list filters as query parameters", async () => {
    const requests: { url: string; init: RequestInit }[] = [];
    const fakeFetch = (async (url: string, init: RequestInit) => {
      requests.push({ url, init });
      const data = url.includes("initialize")
        ? { authorization_url: "https://checkout.paystack.com/abc", access_code: "abc", reference: "pay_1" }
        : [{ id: 1, reference: "pay_1", status: "success", amount: 100, currency: "NGN", channel: "card", gateway_response: "Successful", paid_at: null, paidAt: "2025-01-01T00:00:00.000Z", metadata: '{"paymentId":"p-1"}' }];
      return new Response(JSON.stringify({ status: true, message: "ok", data, extra: "ignored" }), { status: 200 });
    }) as typeof fetch;
    const paystack = createPaystackClient({ baseUrl: "https://api.paystack.co/", secretKey: "sk_test_key", fetch: fakeFetch });
    await paystack.initialize(payment("pay_1"));
    const listed = await paystack.listTransactions({ perPage: 20, page: 3, status: "success", from: "2025-01-01T00:00:00.000Z", to: "2025-02-01T00:00:00.000Z" });

    expect(requests[0]!.url).toBe("https://api.paystack.co/transaction/initialize");
    expect(requests[0]!.init.method).toBe("POST");
    expect(requests[0]!.init.headers).toEqual({ Authorization: "Bearer sk_test_key", Accept: "application/json", "Content-Type": "application/json" });
    expect(JSON.parse(requests[0]!.init.body as string)).toEqual({
      email: "ada@example.com",
      amount: 125_000_000,
      reference: "pay_1",
      callback_url: "http://shop.test/payment-success",
      currency: "NGN",
      metadata: { paymentId: "p-1", orders: ["TKN-1"] },
    });
    expect(requests[1]!.url).toBe(
      "https://api.paystack.co/transaction?perPage=20&page=3&status=success&from=2025-01-01T00%3A00%3A00.000Z&to=2025-02-01T00%3A00%3A00.000Z",
    );
    expect(requests[1]!.init.body).toBeUndefined();
    expect(listed[0]).toMatchObject({ paidAt: "2025-01-01T00:00:00.000Z", metadata: { paymentId: "p-1" } });
  });
});

describe("payments in the app's test mode", () => {
  const { app } = useTestApp();

  /** authorization_url is for browsers (PUBLIC_URL); the test reaches the same path on the test server. */
  const onTestServer = (url: string) => `${app().base}${new URL(url).pathname}`;

  it("initializes through services.payments over loopback and serves the hosted page under /paystack-standin", async () => {
    expect(app().config.payments.mode).toBe("test");
    const started = await app().services.payments.initialize({ ...payment("pay_in_app_1"), callbackUrl: `${app().config.publicUrl}/payment-success` });
    expect(started.authorizationUrl).toBe(`${app().config.publicUrl}/paystack-standin/pay/${started.accessCode}`);
    const page = await fetch(onTestServer(started.authorizationUrl));
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(page.headers.get("content-security-policy")).toContain("form-action 'self';");
    const html = await page.text();
    expect(html).toContain("Test mode — no real money");
    expect(html).toContain("₦1,250,000");
  });

  it("takes a payment on the hosted page, as a browser posts it, and verifies it", async () => {
    const started = await app().services.payments.initialize({ ...payment("pay_in_app_2"), callbackUrl: `${app().config.publicUrl}/payment-success` });
    const response = await fetch(onTestServer(started.authorizationUrl), {
      method: "POST",
      headers: { Origin: app().base, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ action: "pay", card_number: "4084 0840 8408 4081", expiry: "12/40", cvv: "408" }),
      redirect: "manual",
    });
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe(`${app().config.publicUrl}/payment-success?trxref=pay_in_app_2&reference=pay_in_app_2`);
    expect(await app().services.payments.verify("pay_in_app_2")).toMatchObject({ status: "success", gatewayResponse: "Successful", amount: 125_000_000 });
    const stored = JSON.parse(await readFile(path.join(app().config.dataDir, "paystack-standin.json"), "utf8")) as { transactions: { reference: string }[] };
    expect(stored.transactions.map((t) => t.reference)).toEqual(expect.arrayContaining(["pay_in_app_1", "pay_in_app_2"]));
  });

  it("sends charge.success to the app()'s own webhook, which accepts the stand-in's signature", async () => {
    const started = await app().services.payments.initialize({ ...payment("pay_in_app_3"), callbackUrl: `${app().config.publicUrl}/payment-success` });
    const response = await fetch(onTestServer(started.authorizationUrl), {
      method: "POST",
      body: new URLSearchParams({ action: "pay", card_number: "4084084084084081", expiry: "12/40", cvv: "408" }),
      redirect: "manual",
    });
    expect(response.status).toBe(303);
    await app().services.payments.verify("pay_in_app_3");
    // A refused first delivery would wait a second before its retry.
    const waited = performance.now();
    await app().services.paystackStandin!.idle();
    expect(performance.now() - waited).toBeLessThan(900);

    const body = JSON.stringify({ event: "charge.success", data: { id: 1, reference: "pay_in_app_3", status: "success", amount: 1, currency: "NGN" } });
    const post = (signature: string) =>
      fetch(`${app().base}/api/webhooks/paystack`, { method: "POST", headers: { "Content-Type": "application/json", "x-paystack-signature": signature }, body });
    expect((await post(signWebhook(body, paymentsSecretKey(app().config)))).status).toBe(200);
    expect((await post(signWebhook(body, "sk_test_someone_else"))).status).toBe(401);
  });

  it("answers the stand-in's API paths itself, not the pages or /api", async () => {
    const answer = await fetch(`${app().base}/paystack-standin/transaction/verify/pay_in_app_1`);
    expect(answer.status).toBe(401);
    expect(await answer.json()).toEqual({ status: false, message: "Invalid key" });
    const unknownPage = await fetch(`${app().base}/paystack-standin/pay/nosuchcode`);
    expect(unknownPage.status).toBe(404);
    expect(await unknownPage.text()).toContain("This payment link is not valid.");
  });
});
