import { mkdtemp, readFile, readdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type StandinRecipient, type StandinTransaction, type StandinTransfer, createJsonFileStore, createMemoryStore, unpaidState } from "./store";

const transaction = (reference: string, overrides: Partial<StandinTransaction> = {}): StandinTransaction => ({
  id: 4_100_000_001,
  reference,
  accessCode: `code-${reference}`,
  amount: 125_000_000,
  currency: "NGN",
  email: "ada@example.com",
  callbackUrl: "http://shop.test/payment-success",
  metadata: { paymentId: "p1" },
  ...unpaidState(),
  createdAt: "2025-01-02T03:04:05.000Z",
  ...overrides,
});

const recipient: StandinRecipient = {
  id: 56_000_001,
  recipientCode: "RCP_ade",
  name: "Ade Phones",
  accountNumber: "0001234567",
  accountName: "ADEBAYO OLUWASEUN",
  bankCode: "058",
  metadata: null,
  createdAt: "2025-01-02T03:04:05.000Z",
};

const transfer = (reference: string, overrides: Partial<StandinTransfer> = {}): StandinTransfer => ({
  id: 73_000_001,
  reference,
  transferCode: `TRF_${reference}`,
  amount: 5_000_000,
  currency: "NGN",
  reason: "Tokunbo vendor payout",
  recipientCode: recipient.recipientCode,
  status: "pending",
  failureReason: null,
  createdAt: "2025-01-02T03:04:05.000Z",
  updatedAt: "2025-01-02T03:04:05.000Z",
  transferredAt: null,
  ...overrides,
});

describe("the memory store", () => {
  it("finds transactions by reference and access code, and replaces them on save", async () => {
    const store = createMemoryStore();
    const saving = store.save(transaction("r1"));
    expect(store.byReference("r1")?.accessCode).toBe("code-r1"); // visible before the save settles
    await saving;
    await store.save(transaction("r1", { status: "success" }));
    expect(store.byAccessCode("code-r1")?.status).toBe("success");
    expect(store.all()).toHaveLength(1);
    expect(store.byReference("r2")).toBeUndefined();
  });
});

describe("the JSON file store", () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), "tokunbo-standin-"));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it("keeps transactions across re-creation, leaving no temporary files", async () => {
    const file = path.join(dir, "nested", "paystack-standin.json");
    const first = createJsonFileStore(file);
    await Promise.all([first.save(transaction("r1")), first.save(transaction("r2", { id: 4_100_000_002 }))]);
    await first.save(transaction("r1", { status: "success", paidAt: "2025-01-02T03:05:00.000Z" }));

    const reopened = createJsonFileStore(file);
    expect(reopened.all().map((t) => [t.reference, t.status])).toEqual([
      ["r1", "success"],
      ["r2", "abandoned"],
    ]);
    expect(reopened.byAccessCode("code-r1")).toEqual(transaction("r1", { status: "success", paidAt: "2025-01-02T03:05:00.000Z" }));
    expect(await readdir(path.dirname(file))).toEqual(["paystack-standin.json"]);
    expect(JSON.parse(await readFile(file, "utf8")).transactions).toHaveLength(2);
  });

  it("keeps recipients and transfers across re-creation, and reads a file written before transfers were kept", async () => {
    const file = path.join(dir, "paystack-standin.json");
    const first = createJsonFileStore(file);
    await first.saveRecipient(recipient);
    const saving = first.saveTransfers([transfer("payout_store_0000001"), transfer("payout_store_0000002", { id: 73_000_002 })]);
    expect(first.transferByReference("payout_store_0000002")?.id).toBe(73_000_002); // visible before the save settles
    await saving;
    await first.saveTransfers([transfer("payout_store_0000001", { status: "success" })]);

    const reopened = createJsonFileStore(file);
    expect(reopened.recipientByCode("RCP_ade")).toEqual(recipient);
    expect(reopened.transfers().map((t) => [t.reference, t.status])).toEqual([
      ["payout_store_0000001", "success"],
      ["payout_store_0000002", "pending"],
    ]);

    const older = path.join(dir, "older.json");
    await writeFile(older, JSON.stringify({ transactions: [transaction("r1")] }));
    const upgraded = createJsonFileStore(older);
    expect([upgraded.all().length, upgraded.recipients(), upgraded.transfers()]).toEqual([1, [], []]);
  });

  it("starts empty without a file and refuses one it cannot read", async () => {
    expect(createJsonFileStore(path.join(dir, "absent.json")).all()).toEqual([]);
    const broken = path.join(dir, "broken.json");
    await writeFile(broken, "{half a file");
    expect(() => createJsonFileStore(broken)).toThrow(`The Paystack stand-in's store ${broken} is not readable: delete it to start afresh.`);
    await writeFile(broken, JSON.stringify({ transactions: [], transfers: {} }));
    expect(() => createJsonFileStore(broken)).toThrow("is not readable");
  });
});
