import { spawnSync } from "node:child_process";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { useTempDir } from "../tests/support/lifecycle";
import { openDatabase } from "../db/client";

const root = path.resolve(import.meta.dirname, "..");

describe("npm run create-super-admin", () => {
  const dataDir = useTempDir("tokunbo-cli-");

  const run = (...args: string[]) =>
    spawnSync(path.join(root, "node_modules/.bin/tsx"), ["scripts/create-super-admin.ts", ...args], {
      cwd: root,
      encoding: "utf8",
      env: { PATH: process.env.PATH, HOME: process.env.HOME, DATA_DIR: dataDir(), LOG_LEVEL: "silent" },
    });

  it("explains its usage when the e-mail is missing or malformed", () => {
    const result = run("not-an-email");
    expect(result.status).toBe(2);
    expect(result.stderr).toContain("Usage: npm run create-super-admin -- <email>");
  });

  it("makes an existing account super admin, and refuses an address nobody signed up with", async () => {
    const made = run("customer@tokunbo.test");
    expect(made.stdout).toContain("customer@tokunbo.test is now a super admin.");
    expect(made.status).toBe(0);

    const unknown = run("nobody@example.com");
    expect(unknown.status).toBe(1);
    expect(unknown.stderr).toContain("No account uses nobody@example.com.");

    const handle = await openDatabase({ pgliteDir: path.join(dataDir(), "db") });
    try {
      const [row] = await handle.query<{ role: string }>(
        "select r.role from user_roles r join users u on u.id = r.user_id where u.email = 'customer@tokunbo.test' order by r.assigned_at desc limit 1",
      );
      expect(row?.role).toBe("super_admin");
    } finally {
      await handle.close();
    }
  });
});
