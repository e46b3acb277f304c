import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RunningStandin, startPaystackStandin } from "../tests/support/paystack-standin";
import { openApiSchemas } from "./openapi-schemas";
import { TEST_ACCOUNTS, TRANSFER_OTP, type TestAccount } from "./test-accounts";

/** Paystack's own OpenAPI description (PaystackOSS/openapi, MIT licence beside it). */
const OPENAPI_FILE = path.resolve(import.meta.dirname, "../tests/fixtures/paystack/openapi.yaml");

/** The stand-in answers in the shapes Paystack's own OpenAPI description documents. */
describe("the Paystack stand-in against Paystack's OpenAPI description", () => {
  const openApi = openApiSchemas(OPENAPI_FILE);
  let standin: RunningStandin;
  beforeAll(async () => {
    standin = await startPaystackStandin();
  });
  afterAll(() => standin?.close());

  const call = async (method: string, path: string, body?: unknown, key = standin.secretKey) => {
    const response = await fetch(`${standin.baseUrl}${path}`, {
      method,
      headers: { Authorization: `Bearer ${key}`, "Content-Type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: response.status, json: (await response.json()) as Record<string, unknown> };
  };
  const initialize = (reference: string) =>
    call("POST", "/transaction/initialize", { email: "ada@example.com", amount: 125_000_000, reference, callback_url: "http://shop.test/done", metadata: { order: 7 } });
  const pay = async (accessCode: string, card: string) => {
    const response = await fetch(`${standin.baseUrl}/pay/${accessCode}`, {
      method: "POST",
      body: new URLSearchParams({ action: "pay", card_number: card, expiry: "12/40", cvv: "408" }),
      redirect: "manual",
    });
    expect(response.status).toBe(303);
  };
  const recipient = async (account: TestAccount) => {
    const { json } = await call("POST", "/transferrecipient", { type: "nuban", name: account.name, account_number: account.number, bank_code: "058" });
    return (json.data as { recipient_code: string }).recipient_code;
  };
  const transfer = async (account: TestAccount, reference: string) =>
    call("POST", "/transfer", { source: "balance", amount: 5_000_000, recipient: await recipient(account), reference, reason: "Tokunbo vendor payout" });

  it("reads the schemas it checks against", () => {
    expect(openApi.schema("VerifyResponse").required).toEqual(["status", "message", "data"]);
    expect(openApi.schema("VerifyResponse").properties?.data?.required).toContain("gateway_response");
    expect(openApi.problems({ status: true, message: "x", data: {} }, "TransactionInitializeResponse")).toEqual([
      "data.authorization_url is required",
      "data.access_code is required",
      "data.reference is required",
    ]);
    expect(openApi.problems({ status: "yes", message: "x", data: { authorization_url: 1, access_code: "a", reference: "r" } }, "TransactionInitializeResponse")).toEqual([
      'status should be boolean but is "yes"',
      "data.authorization_url should be string but is 1",
    ]);
    const meta = { total: 0, skipped: 0, perPage: 50, page: 1, pageCount: 0, total_volume: 0 };
    expect(openApi.problems({ status: true, message: "x", data: [], meta }, "TransferListResponse")).toEqual(["meta.total_volume is not allowed"]);
  });

  it("initialize answers as TransactionInitializeResponse", async () => {
    const { status, json } = await initialize("contract-init");
    expect(status).toBe(200);
    expect(openApi.problems(json, "TransactionInitializeResponse")).toEqual([]);
  });

  it("verify answers as VerifyResponse before payment, after success and after a decline", async () => {
    const fresh = await initialize("contract-verify-ok");
    const declined = await initialize("contract-verify-declined");
    expect(openApi.problems((await call("GET", "/transaction/verify/contract-verify-ok")).json, "VerifyResponse")).toEqual([]);
    await pay((fresh.json.data as { access_code: string }).access_code, "4084084084084081");
    await pay((declined.json.data as { access_code: string }).access_code, "4084080000005408");
    for (const reference of ["contract-verify-ok", "contract-verify-declined"]) {
      const { status, json } = await call("GET", `/transaction/verify/${reference}`);
      expect(status).toBe(200);
      expect(openApi.problems(json, "VerifyResponse")).toEqual([]);
    }
  });

  it("list answers as TransactionListResponse", async () => {
    const { status, json } = await call("GET", "/transaction?perPage=1&page=1&status=success");
    expect(status).toBe(200);
    expect((json.data as unknown[]).length).toBe(1);
    expect(openApi.problems(json, "TransactionListResponse")).toEqual([]);
  });

  it("list items of unpaid transactions differ only in paidAt, which the description does not mark nullable", async () => {
    const { json } = await call("GET", "/transaction?perPage=1&status=failed");
    expect(openApi.problems(json, "TransactionListResponse")).toEqual(["data[0].paidAt is null but not nullable"]);
  });

  it("refund answers as RefundCreateResponse", async () => {
    const { json } = await initialize("contract-refund");
    await pay((json.data as { access_code: string }).access_code, "4084 0840 8408 4081");
    const refund = await call("POST", "/refund", { transaction: "contract-refund" });
    expect(refund.status).toBe(200);
    expect(openApi.problems(refund.json, "RefundCreateResponse")).toEqual([]);
  });

  it("refund list and fetch answer as RefundListResponse and RefundFetchResponse, pending and processed", async () => {
    const { json } = await initialize("contract-refund-list");
    await pay((json.data as { access_code: string }).access_code, "4084 0840 8408 4081");
    const refund = await call("POST", "/refund", { transaction: "contract-refund-list", amount: 1_000_000 });
    const id = (refund.json.data as { id: number }).id;
    expect(openApi.problems((await call("GET", `/refund/${id}`)).json, "RefundFetchResponse")).toEqual([]);
    await standin.webhooksIdle();
    const fetched = await call("GET", `/refund/${id}`);
    expect(fetched.json).toMatchObject({ data: { status: "processed" } });
    expect(openApi.problems(fetched.json, "RefundFetchResponse")).toEqual([]);
    const listed = await call("GET", "/refund?transaction=contract-refund-list&perPage=10");
    expect(listed.status).toBe(200);
    expect((listed.json.data as unknown[]).length).toBe(1);
    expect(openApi.problems(listed.json, "RefundListResponse")).toEqual([]);
  });

  it("refusals answer as Error, duplicate references as TransactionInitializeBadRequestModel", async () => {
    const invalidKey = await call("GET", "/transaction/verify/contract-init", undefined, "sk_test_wrong");
    expect(invalidKey).toEqual({ status: 401, json: { status: false, message: "Invalid key" } });
    expect(openApi.problems(invalidKey.json, "Error")).toEqual([]);
    const duplicate = await initialize("contract-init");
    expect(duplicate.status).toBe(400);
    expect(openApi.problems(duplicate.json, "TransactionInitializeBadRequestModel")).toEqual([]);
    expect(duplicate.json).toMatchObject({ status: false, message: "Duplicate Transaction Reference", type: "validation_error" });
  });

  it("the bank list answers as MiscellaneousListBanksResponse, an account name as VerificationResolveAccountNumberResponse", async () => {
    const banks = await call("GET", "/bank?country=nigeria&currency=NGN&perPage=100");
    expect(banks.status).toBe(200);
    expect(openApi.problems(banks.json, "MiscellaneousListBanksResponse")).toEqual([]);
    const resolved = await call("GET", `/bank/resolve?account_number=${TEST_ACCOUNTS.ngozi.number}&bank_code=50515`);
    expect(resolved.status).toBe(200);
    expect(openApi.problems(resolved.json, "VerificationResolveAccountNumberResponse")).toEqual([]);
  });

  it("a recipient answers as TransferRecipientCreateResponse", async () => {
    const created = await call("POST", "/transferrecipient", { type: "nuban", name: "Musa Phones", account_number: TEST_ACCOUNTS.musa.number, bank_code: "033", metadata: { vendorId: "v-1" } });
    expect(created.status).toBe(201);
    expect(openApi.problems(created.json, "TransferRecipientCreateResponse")).toEqual([]);
  });

  it("a transfer answers as TransferCreateResponse; fetch, verify and list as TransferFetchResponse, TransferVerifyResponse and TransferListResponse, pending and ended", async () => {
    const references = { [TEST_ACCOUNTS.adebayo.number]: "contract_transfer_success", [TEST_ACCOUNTS.failing.number]: "contract_transfer_failed", [TEST_ACCOUNTS.reversed.number]: "contract_transfer_reversed" };
    for (const account of [TEST_ACCOUNTS.adebayo, TEST_ACCOUNTS.failing, TEST_ACCOUNTS.reversed]) {
      const created = await transfer(account, references[account.number]!);
      expect(created.status).toBe(200);
      expect(openApi.problems(created.json, "TransferCreateResponse")).toEqual([]);
    }
    const checkAll = async () => {
      for (const reference of Object.values(references)) {
        const verified = await call("GET", `/transfer/verify/${reference}`);
        expect(openApi.problems(verified.json, "TransferVerifyResponse")).toEqual([]);
        const code = (verified.json.data as { transfer_code: string }).transfer_code;
        expect(openApi.problems((await call("GET", `/transfer/${code}`)).json, "TransferFetchResponse")).toEqual([]);
      }
      const listed = await call("GET", "/transfer?perPage=10&page=1");
      expect((listed.json.data as unknown[]).length).toBeGreaterThanOrEqual(3);
      expect(openApi.problems(listed.json, "TransferListResponse")).toEqual([]);
    };
    await checkAll();
    await standin.webhooksIdle();
    expect((await call("GET", "/transfer/verify/contract_transfer_reversed")).json).toMatchObject({ data: { status: "reversed" } });
    await checkAll();
  });

  it("a bulk transfer answers as TransferBulkResponse", async () => {
    const code = await recipient(TEST_ACCOUNTS.chioma);
    const transfers = ["contract_bulk_transfer_1", "contract_bulk_transfer_2"].map((reference) => ({ amount: 1_000_000, recipient: code, reference, reason: "Tokunbo vendor payout" }));
    const bulk = await call("POST", "/transfer/bulk", { source: "balance", currency: "NGN", transfers });
    expect(bulk.status).toBe(200);
    expect(openApi.problems(bulk.json, "TransferBulkResponse")).toEqual([]);
  });

  it("a transfer held for its OTP answers as TransferCreateResponse in status otp, a resend as TransferResendsOtpResponse, and refusals as Error", async () => {
    const created = await transfer(TEST_ACCOUNTS.otp, "contract_transfer_otp");
    expect(openApi.problems(created.json, "TransferCreateResponse")).toEqual([]);
    const code = (created.json.data as { transfer_code: string; status: string }).transfer_code;
    expect(created.json).toMatchObject({ message: "Transfer requires OTP to continue", data: { status: "otp" } });
    const resent = await call("POST", "/transfer/resend_otp", { transfer_code: code, reason: "transfer" });
    expect(openApi.problems(resent.json, "TransferResendsOtpResponse")).toEqual([]);
    const refusals = [
      await call("POST", "/transfer/finalize_transfer", { transfer_code: code, otp: "000000" }),
      await call("POST", "/transfer/finalize_transfer", { transfer_code: "TRF_unknown", otp: TRANSFER_OTP }),
      await call("POST", "/transfer/bulk", { source: "balance", transfers: [{ amount: 1_000, recipient: await recipient(TEST_ACCOUNTS.otp), reference: "contract_bulk_otp_1" }] }),
    ];
    expect(refusals.map((r) => r.status)).toEqual([400, 404, 400]);
    for (const { json } of refusals) expect(openApi.problems(json, "Error")).toEqual([]);
    const finalized = await call("POST", "/transfer/finalize_transfer", { transfer_code: code, otp: TRANSFER_OTP });
    expect(finalized.json).toMatchObject({ status: true, data: { transfer_code: code, status: "pending" } });
    expect(openApi.problems(finalized.json, "TransferFetchResponse")).toEqual([]);
    expect((await call("POST", "/transfer/finalize_transfer", { transfer_code: code, otp: TRANSFER_OTP })).json).toMatchObject({ status: false, message: "Transfer is not currently awaiting OTP" });
  });

  it("transfer refusals answer as Error", async () => {
    await transfer(TEST_ACCOUNTS.musa, "contract_transfer_twice");
    const refusals = [
      await call("GET", "/bank/resolve?account_number=0000000001&bank_code=058"),
      await call("GET", "/bank/resolve?account_number=0000000001&bank_code=999"),
      await call("POST", "/transferrecipient", { type: "nuban", name: "Nobody", account_number: "0000000001", bank_code: "058" }),
      await call("POST", "/transfer", { source: "balance", amount: 1_000, recipient: "RCP_nobody", reference: "contract_transfer_nobody" }),
      await transfer(TEST_ACCOUNTS.musa, "contract_transfer_twice"),
      await call("GET", "/transfer/verify/contract_transfer_never"),
    ];
    expect(refusals.map((r) => r.status)).toEqual([422, 400, 422, 400, 400, 404]);
    for (const { json } of refusals) expect(openApi.problems(json, "Error")).toEqual([]);
  });
});
