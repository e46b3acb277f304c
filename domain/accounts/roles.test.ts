import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../db/client";
import { TEST_ENGINES, createDatabaseFor } from "../../tests/support/database";
import { enforceRateLimit } from "./rate-limit";
import { ROLES, may } from "../core/access";
import { grantRole, resolveRole, revokeRole } from "./roles";
import { users } from "../../db/schema/accounts";

describe("role checks (docs/accounts.md)", () => {
  it("answers who may from the role", () => {
    expect(ROLES.filter((role) => may({ role }, "back_office"))).toEqual(["admin", "super_admin"]);
    expect(ROLES.filter((role) => may({ role }, "manage_admins"))).toEqual(["super_admin"]);
    expect(ROLES.filter((role) => may({ role }, "sell"))).toEqual(["vendor"]);
    expect(ROLES.filter((role) => may({ role }, "manage_products"))).toEqual(["vendor", "admin", "super_admin"]);
    expect(may(null, "back_office")).toBe(false);
  });
});

describe.each(TEST_ENGINES)("roles and limits in the database (%s)", (engine) => {
  let database: DatabaseHandle;
  const userId = "user-roles-test";
  beforeAll(async () => {
    database = await createDatabaseFor(engine);
    await database.db.insert(users).values({ id: userId, name: "Kemi", email: "kemi@example.com" });
  });
  afterAll(async () => {
    await database?.close();
  });

  it("takes the most recently assigned role; customer when there is none", async () => {
    expect(await resolveRole(database.db, userId)).toBe("customer");
    await grantRole(database.db, userId, "vendor");
    await grantRole(database.db, userId, "admin");
    expect(await resolveRole(database.db, userId)).toBe("admin");
    await grantRole(database.db, userId, "vendor");
    expect(await resolveRole(database.db, userId)).toBe("vendor");
    await revokeRole(database.db, userId, "vendor");
    expect(await resolveRole(database.db, userId)).toBe("admin");
  });

  it("falls back to customer when the lookup fails", async () => {
    const failures: unknown[] = [];
    const broken = { select: () => { throw new Error("connection lost"); } } as unknown as DatabaseHandle["db"];
    expect(await resolveRole(broken, userId, (e) => failures.push(e))).toBe("customer");
    expect(failures).toHaveLength(1);
  });

  it("limits attempts per e-mail within a window, and lets them through again after it", async () => {
    const start = Date.UTC(2026, 10, 21, 9, 0);
    const attempt = (minutesLater: number, ip = "10.0.0.1") =>
      enforceRateLimit(database.db, "password-reset", { ip, email: "Kemi@Example.com" }, start + minutesLater * 60_000);
    for (let i = 0; i < 5; i++) await attempt(i, `10.0.0.${i}`);
    const refused = await attempt(10).catch((e: unknown) => e);
    expect(refused).toMatchObject({ code: "rate_limited" });
    expect((refused as Error).message).toBe("Too many attempts. Please try again in 50 minutes.");
    await expect(attempt(61)).resolves.toBeUndefined();
  });

  it("limits attempts per IP across e-mail addresses", async () => {
    const now = Date.UTC(2026, 10, 21, 12, 0);
    for (let i = 0; i < 30; i++) await enforceRateLimit(database.db, "sign-up", { ip: "41.58.0.1", email: `p${i}@example.com` }, now);
    await expect(enforceRateLimit(database.db, "sign-up", { ip: "41.58.0.1", email: "new@example.com" }, now)).rejects.toThrow(
      "Too many attempts. Please try again in 60 minutes.",
    );
  });
});
