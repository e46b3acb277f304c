import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../db/client";
import * as schema from "../../db/schema";
import { seedDemoData } from "../../db/seed";
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from "../../db/seed/demo-accounts";
import { createTestDatabase } from "../../tests/support/database";

/** The auth tables are better-auth's contract: its own code must sign the demo accounts in against them. */
describe("better-auth on our auth tables", () => {
  let handle: DatabaseHandle;
  let uploadsDir: string;
  let auth: ReturnType<typeof createAuth>;

  const createAuth = (db: DatabaseHandle["db"]) =>
    betterAuth({
      secret: "test-secret-that-is-long-enough-for-better-auth",
      baseURL: "http://localhost:3000",
      database: drizzleAdapter(db, { provider: "pg", schema, usePlural: true }),
      emailAndPassword: { enabled: true, requireEmailVerification: true },
    });

  beforeAll(async () => {
    handle = await createTestDatabase();
    uploadsDir = await mkdtemp(path.join(tmpdir(), "tokunbo-auth-"));
    await seedDemoData(handle.db, { uploadsDir });
    auth = createAuth(handle.db);
  });
  afterAll(async () => {
    await handle?.close();
    await rm(uploadsDir, { recursive: true, force: true });
  });

  it("signs every demo account in with the shared password and stores a server session", async () => {
    for (const account of DEMO_ACCOUNTS) {
      const result = await auth.api.signInEmail({ body: { email: account.email, password: DEMO_PASSWORD } });
      expect(result.user.email).toBe(account.email);
    }
    const [sessions] = await handle.query<{ n: number }>("select count(distinct user_id)::int n from sessions");
    expect(sessions?.n).toBe(DEMO_ACCOUNTS.length);
  });

  it("refuses a wrong password", async () => {
    await expect(
      auth.api.signInEmail({ body: { email: DEMO_ACCOUNTS[0]!.email, password: "not-the-password" } }),
    ).rejects.toThrow("Invalid email or password");
  });

  it("creates new users, unverified, in the same tables", async () => {
    await auth.api.signUpEmail({ body: { email: "first.time.buyer@tokunbo.test", password: "secret-123", name: "Chiamaka Obi" } });
    const [user] = await handle.query<{ email_verified: boolean; provider_id: string }>(
      "select u.email_verified, a.provider_id from users u join accounts a on a.user_id = u.id where u.email = 'first.time.buyer@tokunbo.test'",
    );
    expect(user).toEqual({ email_verified: false, provider_id: "credential" });
  });
});
