import { afterEach, describe, expect, it, vi } from "vitest";
import { z } from "./zod";

/** zod as the shop uses it: jitless, so a Content-Security-Policy without 'unsafe-eval' is never touched. */
describe("zod set up by lib/zod.ts", () => {
  afterEach(() => vi.restoreAllMocks());

  it("runs jitless", () => {
    expect(z.config().jitless).toBe(true);
  });

  it("builds and parses object schemas without ever calling Function", () => {
    const compile = vi.spyOn(globalThis, "Function");
    const schema = z.object({ name: z.string().min(2), quantity: z.coerce.number().int(), lines: z.array(z.object({ id: z.guid() })) });
    for (let i = 0; i < 3; i++) {
      expect(schema.safeParse({ name: "Ada", quantity: "2", lines: [{ id: "8d0c3f5e-3b7a-4c1e-9a59-2f1d3c4b5a6e" }] }).success).toBe(true);
    }
    expect(schema.safeParse({ name: "A", quantity: "x", lines: [] }).success).toBe(false);
    expect(compile).not.toHaveBeenCalled();
  });
});
