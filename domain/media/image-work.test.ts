import { describe, expect, it } from "vitest";
import { IMAGE_WORK_CONCURRENCY, imageWorkStats, withImageSlot } from "./image-work";

describe("image work", () => {
  it("runs at most a few jobs at once and the rest in arrival order", async () => {
    let running = 0;
    let most = 0;
    const finished: number[] = [];
    const job = (n: number) =>
      withImageSlot(async () => {
        running++;
        most = Math.max(most, running);
        await new Promise((resolve) => setTimeout(resolve, 20));
        running--;
        finished.push(n);
        return n;
      });
    const results = await Promise.all([1, 2, 3, 4, 5, 6, 7].map(job));
    expect(results).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(most).toBe(IMAGE_WORK_CONCURRENCY);
    expect(finished.slice(0, 2).sort()).toEqual([1, 2]);
    expect(imageWorkStats()).toMatchObject({ running: 0, waiting: 0 });
  });

  it("frees the slot when a job fails", async () => {
    await expect(withImageSlot(() => Promise.reject(new Error("unreadable")))).rejects.toThrow("unreadable");
    expect(imageWorkStats()).toMatchObject({ running: 0, waiting: 0 });
  });
});
