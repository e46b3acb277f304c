import { describe, expect, it } from "vitest";
import { useTestDatabase } from "../../tests/support/lifecycle";
import { UPLOAD_RATE_LIMIT, withinUploadAllowance } from "./upload-allowance";
import { Refusal } from "../core/refusal";

describe("the upload allowance", () => {
  const database = useTestDatabase();

  it("counts stored images per user and refuses more once the window is full", async () => {
    let stored = 0;
    const store = (count: number) => withinUploadAllowance(database().db, "ada", count, async () => void (stored += count));
    for (let i = 0; i < UPLOAD_RATE_LIMIT.max / 5; i++) await store(5);
    expect(stored).toBe(UPLOAD_RATE_LIMIT.max);
    const refused = await store(1).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(Refusal);
    expect(refused).toMatchObject({ status: 429, message: "You have uploaded a lot of images. Please try again in 60 minutes." });
    expect(stored).toBe(UPLOAD_RATE_LIMIT.max);
    // Someone else is not held back.
    await withinUploadAllowance(database().db, "bola", 5, async () => {});
  });

  it("does not count a batch that was refused", async () => {
    await expect(withinUploadAllowance(database().db, "chidi", 5, () => Promise.reject(new Refusal("invalid", "unreadable")))).rejects.toThrow("unreadable");
    const rows = await database().query("select 1 from rate_limits where key = 'upload:user:chidi'");
    expect(rows).toHaveLength(0);
  });
});
