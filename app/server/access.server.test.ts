import type { AppLoadContext } from "react-router";
import { describe, expect, it } from "vitest";
import type { Role } from "../../lib/constants";
import { ADMIN_GUARD, VENDOR_GUARD, guardPage, requireRole, requireUser } from "./access.server";

const contextAs = (role: Role | null) =>
  ({ getViewer: async () => (role ? { userId: "u1", email: "u1@example.com", fullName: null, role } : null) }) as unknown as AppLoadContext;

/** What a loader or action throws: a redirect's target or an error status. */
async function outcome(run: () => Promise<unknown>): Promise<string> {
  try {
    await run();
    return "allowed";
  } catch (thrown) {
    if (thrown instanceof Response) return `redirect ${thrown.headers.get("Location")}`;
    const status = (thrown as { init?: { status?: number } }).init?.status;
    return `status ${status}`;
  }
}

describe("page guards (docs/accounts.md)", () => {
  it.each([
    [null, "redirect /auth"],
    ["customer", "redirect /"],
    ["vendor", "redirect /"],
    ["admin", "allowed"],
    ["super_admin", "allowed"],
  ] as const)("admin guard: %s → %s", async (role, expected) => {
    expect(await outcome(() => guardPage(contextAs(role), ADMIN_GUARD))).toBe(expected);
  });

  it.each([
    [null, "redirect /vendor-auth"],
    ["customer", "redirect /vendor-auth"],
    ["admin", "redirect /vendor-auth"],
    ["vendor", "allowed"],
  ] as const)("vendor guard: %s → %s", async (role, expected) => {
    expect(await outcome(() => guardPage(contextAs(role), VENDOR_GUARD))).toBe(expected);
  });
});

describe("action checks", () => {
  it("answer 401 without a user and 403 with the wrong role", async () => {
    expect(await outcome(() => requireUser(contextAs(null)))).toBe("status 401");
    expect(await outcome(() => requireUser(contextAs("customer")))).toBe("allowed");
    expect(await outcome(() => requireRole(contextAs(null), "back_office"))).toBe("status 401");
    expect(await outcome(() => requireRole(contextAs("vendor"), "back_office"))).toBe("status 403");
    expect(await outcome(() => requireRole(contextAs("super_admin"), "back_office"))).toBe("allowed");
  });
});
