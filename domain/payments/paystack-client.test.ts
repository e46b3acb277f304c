import { type Server, type ServerResponse, createServer } from "node:http";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useTestApp } from "../../tests/support/lifecycle";
import { type RunningStandin, startPaystackStandin } from "../../tests/support/paystack-standin";
import { TEST_ACCOUNTS, TRANSFER_FAILURE_REASON, TRANSFER_REVERSAL_REASON } from "../../paystack-standin";
import { paymentsSecretKey } from "../../server/config";
import { createPaystackClient, parsePaystackTransfer } from "./paystack-client";
import { type PaymentProvider, PaymentProviderError, type TransferRequest } from "./provider";
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

  it("lists Nigerian banks, resolves a test account, and passes on Paystack's refusals of others", async () => {
    const banks = await paystack.listBanks();
    expect(banks).toEqual(expect.arrayContaining([{ id: 9, name: "Guaranty Trust Bank", code: "058" }, { id: 171, name: "OPay Digital Services Limited (OPay)", code: "999992" }]));
    expect(new Set(banks.map((bank) => bank.code)).size).toBe(banks.length);
    expect(await paystack.resolveAccount(TEST_ACCOUNTS.chioma.number, "058")).toEqual({ accountNumber: "0002345678", accountName: "CHIOMA OKEKE" });
    await expectProviderError(paystack.resolveAccount("0000000001", "058"), "Could not resolve account name. Check parameters or try again.", 422);
    await expectProviderError(paystack.resolveAccount(TEST_ACCOUNTS.chioma.number, "999"), "Unknown bank code", 400);
  });

  it("makes one recipient per account, pays it, and pays once when asked twice with one reference", async () => {
    const account = { name: "Ade Phones", accountNumber: TEST_ACCOUNTS.adebayo.number, bankCode: "058" };
    const recipientCode = await paystack.createTransferRecipient({ ...account, metadata: { vendorId: "v-1" } });
    expect(recipientCode).toMatch(/^RCP_/);
    expect(await paystack.createTransferRecipient(account)).toBe(recipientCode);
    const asked: TransferRequest = { amount: 7_500_000, recipientCode, reference: "payout_client_single_1", reason: "Tokunbo vendor payout" };
    const first = await paystack.transfer(asked);
    expect(first).toEqual({ reference: asked.reference, transferCode: expect.stringMatching(/^TRF_/), status: "pending", amount: 7_500_000, failureReason: null });
    const again = await paystack.transfer({ ...asked, amount: 1_000 });
    expect([again.transferCode, again.amount]).toEqual([first.transferCode, 7_500_000]);
    await standin.webhooksIdle();
    expect(await paystack.verifyTransfer(asked.reference)).toEqual({ ...first, status: "success" });
    expect(standin.store.transfers().filter((t) => t.reference === asked.reference)).toHaveLength(1);
  });

  it("sends a batch, answering per transfer in the order asked; failed and reversed transfers say why", async () => {
    const failing = await paystack.createTransferRecipient({ name: "Failing", accountNumber: TEST_ACCOUNTS.failing.number, bankCode: "033" });
    const reversing = await paystack.createTransferRecipient({ name: "Reversed", accountNumber: TEST_ACCOUNTS.reversed.number, bankCode: "50515" });
    const batch: TransferRequest[] = [
      { amount: 2_000_000, recipientCode: failing, reference: "payout_client_bulk_1", reason: "Tokunbo vendor payout" },
      { amount: 3_000_000, recipientCode: reversing, reference: "payout_client_bulk_2", reason: "Tokunbo vendor payout" },
    ];
    const queued = await paystack.bulkTransfer(batch);
    expect(queued.map((t) => [t.reference, t.status, t.amount])).toEqual([["payout_client_bulk_1", "pending", 2_000_000], ["payout_client_bulk_2", "pending", 3_000_000]]);
    await standin.webhooksIdle();
    expect(await paystack.verifyTransfer("payout_client_bulk_1")).toMatchObject({ status: "failed", failureReason: TRANSFER_FAILURE_REASON });
    expect(await paystack.verifyTransfer("payout_client_bulk_2")).toMatchObject({ status: "reversed", failureReason: TRANSFER_REVERSAL_REASON });
    await expectProviderError(paystack.bulkTransfer([batch[0]!]), "Duplicate Transfer Reference (transfers[0])", 400);
    expect(await paystack.bulkTransfer([])).toEqual([]);
    expect(await paystack.verifyTransfer("payout_never_sent_1")).toBeNull();
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
      channels: ["card", "bank_transfer", "ussd"],
      metadata: { paymentId: "p-1", orders: ["TKN-1"] },
    });
    expect(requests[1]!.url).toBe(
      "https://api.paystack.co/transaction?perPage=20&page=3&status=success&from=2025-01-01T00%3A00%3A00.000Z&to=2025-02-01T00%3A00%3A00.000Z",
    );
    expect(requests[1]!.init.body).toBeUndefined();
    expect(listed[0]).toMatchObject({ paidAt: "2025-01-01T00:00:00.000Z", metadata: { paymentId: "p-1" } });
  });
});

describe("the Paystack client's transfer calls against a fake Paystack", () => {
  type Asked = { url: string; method: string; body: unknown };

  /** A fetch that answers each request with the next answer, keeping what was asked. */
  function fakePaystack(answers: { status?: number; body: unknown }[]) {
    const asked: Asked[] = [];
    const fetchFake = (async (url: string, init: RequestInit) => {
      asked.push({ url, method: init.method ?? "GET", body: init.body === undefined ? undefined : JSON.parse(init.body as string) });
      const answer = answers.shift() ?? { status: 500, body: { status: false, message: "No more answers" } };
      return new Response(JSON.stringify(answer.body), { status: answer.status ?? 200 });
    }) as typeof fetch;
    return { asked, paystack: createPaystackClient({ baseUrl: "https://api.paystack.co", secretKey: "sk_test_key", fetch: fetchFake }) };
  }
  const ok = (data: unknown, meta?: unknown) => ({ body: { status: true, message: "ok", data, meta } });
  const refused = (status: number, message: string) => ({ status, body: { status: false, message } });
  const bank = (name: string, code: string, active = true) => ({ id: Number(code), name, slug: "x", code, longcode: "", active, country: "Nigeria", currency: "NGN", type: "nuban" });
  const paystackTransfer = (fields: Record<string, unknown> = {}) => ({
    reference: "payout_fake_000001",
    transfer_code: "TRF_fake1",
    status: "pending",
    amount: 5_000_000,
    reason: "Tokunbo vendor payout",
    failures: null,
    ...fields,
  });
  const request = (reference: string): TransferRequest => ({ amount: 5_000_000, recipientCode: "RCP_fake", reference, reason: "Tokunbo vendor payout" });

  it("follows the bank list's cursor or page numbers, keeping active banks only", async () => {
    const cursor = fakePaystack([ok([bank("Access Bank", "044"), bank("Gone Bank", "999", false)], { next: "YmFuazoxNjk=", perPage: 2 }), ok([bank("Zenith Bank", "057")], { next: null, perPage: 2 })]);
    expect(await cursor.paystack.listBanks()).toEqual([{ id: 44, name: "Access Bank", code: "044" }, { id: 57, name: "Zenith Bank", code: "057" }]);
    expect(cursor.asked.map((a) => a.url)).toEqual([
      "https://api.paystack.co/bank?country=nigeria&currency=NGN&perPage=100",
      "https://api.paystack.co/bank?country=nigeria&currency=NGN&perPage=100&use_cursor=true&next=YmFuazoxNjk%3D",
    ]);
    const paged = fakePaystack([ok([bank("Access Bank", "044")], { page: 1, pageCount: 2 }), ok([bank("Zenith Bank", "057")], { page: 2, pageCount: 2 })]);
    expect((await paged.paystack.listBanks()).map((b) => b.code)).toEqual(["044", "057"]);
    expect(paged.asked[1]!.url).toBe("https://api.paystack.co/bank?country=nigeria&currency=NGN&perPage=100&page=2");
  });

  it("gives up on a bank list that never ends", async () => {
    const endless = fakePaystack(Array.from({ length: 25 }, () => ok([bank("Access Bank", "044")], { next: "again" })));
    await expectProviderError(endless.paystack.listBanks(), "Paystack's bank list goes on past 20 pages", 200);
    expect(endless.asked).toHaveLength(20);
  });

  it("sends recipients and transfers in Paystack's shapes: nuban, NGN, source balance, amounts in kobo", async () => {
    const { asked, paystack } = fakePaystack([
      ok({ recipient_code: "RCP_fake" }),
      ok(paystackTransfer()),
      ok([paystackTransfer(), paystackTransfer({ reference: "payout_fake_000002", transfer_code: "TRF_fake2" })]),
      ok({ account_number: "0001234567", account_name: "ADEBAYO OLUWASEUN", bank_id: 9 }),
    ]);
    await paystack.createTransferRecipient({ name: "Ade Phones", accountNumber: "0001234567", bankCode: "058", metadata: { vendorId: "v-1" } });
    await paystack.transfer(request("payout_fake_000001"));
    await paystack.bulkTransfer([request("payout_fake_000001"), request("payout_fake_000002")]);
    await paystack.resolveAccount("0001234567", "058");
    const item = { amount: 5_000_000, recipient: "RCP_fake", reason: "Tokunbo vendor payout" };
    expect(asked).toEqual([
      { url: "https://api.paystack.co/transferrecipient", method: "POST", body: { type: "nuban", currency: "NGN", name: "Ade Phones", account_number: "0001234567", bank_code: "058", metadata: { vendorId: "v-1" } } },
      { url: "https://api.paystack.co/transfer", method: "POST", body: { source: "balance", currency: "NGN", ...item, reference: "payout_fake_000001" } },
      {
        url: "https://api.paystack.co/transfer/bulk",
        method: "POST",
        body: { source: "balance", currency: "NGN", transfers: [{ ...item, reference: "payout_fake_000001" }, { ...item, reference: "payout_fake_000002" }] },
      },
      { url: "https://api.paystack.co/bank/resolve?account_number=0001234567&bank_code=058", method: "GET", body: undefined },
    ]);
  });

  it("puts a bulk answer in the order asked, and refuses one that leaves a transfer out", async () => {
    const second = paystackTransfer({ reference: "payout_fake_000002", transfer_code: "TRF_fake2" });
    const { paystack } = fakePaystack([ok([second, paystackTransfer()]), ok([second])]);
    const asked = [request("payout_fake_000001"), request("payout_fake_000002")];
    expect((await paystack.bulkTransfer(asked)).map((t) => t.transferCode)).toEqual(["TRF_fake1", "TRF_fake2"]);
    await expectProviderError(paystack.bulkTransfer(asked), "Paystack's bulk transfer answer has no transfer with reference payout_fake_000001", 200);
  });

  it("answers a refused duplicate reference with the transfer Paystack has, and passes the refusal on when it has none", async () => {
    const known = fakePaystack([refused(400, "Duplicate Transfer Reference"), ok(paystackTransfer({ status: "success" }))]);
    expect(await known.paystack.transfer(request("payout_fake_000001"))).toEqual({
      reference: "payout_fake_000001",
      transferCode: "TRF_fake1",
      status: "success",
      amount: 5_000_000,
      failureReason: null,
    });
    expect(known.asked.map((a) => `${a.method} ${a.url}`)).toEqual(["POST https://api.paystack.co/transfer", "GET https://api.paystack.co/transfer/verify/payout_fake_000001"]);
    const unknown = fakePaystack([refused(400, "Duplicate Transfer Reference"), refused(404, "Transfer not found")]);
    await expectProviderError(unknown.paystack.transfer(request("payout_fake_000001")), "Duplicate Transfer Reference", 400);
    const other = fakePaystack([refused(400, "Insufficient balance")]);
    await expectProviderError(other.paystack.transfer(request("payout_fake_000001")), "Insufficient balance", 400);
    expect(other.asked).toHaveLength(1);
  });

  it("refuses transfer answers in a shape it does not know, and verifies an unknown reference as null", async () => {
    const { paystack } = fakePaystack([ok({ reference: 1 }), refused(404, "Transfer not found"), refused(500, "An error occurred")]);
    await expect(paystack.transfer(request("payout_fake_000001"))).rejects.toMatchObject({
      name: "PaymentProviderError",
      httpStatus: 200,
      message: expect.stringContaining("Paystack's transfer answer is not in the expected shape at data.reference"),
    });
    expect(await paystack.verifyTransfer("payout_fake_000001")).toBeNull();
    await expectProviderError(paystack.verifyTransfer("payout_fake_000001"), "An error occurred", 500);
  });

  it("reads why a transfer failed or was reversed, and nothing else as a transfer", () => {
    expect(parsePaystackTransfer(paystackTransfer({ status: "failed", failures: "Account is dormant" }))?.failureReason).toBe("Account is dormant");
    expect(parsePaystackTransfer(paystackTransfer({ status: "reversed", gateway_response: "Beneficiary bank unavailable" }))?.failureReason).toBe("Beneficiary bank unavailable");
    expect(parsePaystackTransfer(paystackTransfer({ status: "failed" }))?.failureReason).toBe("Tokunbo vendor payout");
    expect(parsePaystackTransfer(paystackTransfer({ status: "failed", reason: " " }))?.failureReason).toBeNull();
    expect(parsePaystackTransfer(paystackTransfer({ status: "success", failures: "ignored" }))?.failureReason).toBeNull();
    for (const junk of [null, "x", {}, { ...paystackTransfer(), amount: "5000" }]) expect(parsePaystackTransfer(junk)).toBeNull();
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
