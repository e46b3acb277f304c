import { readFile, readdir } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { BUILD_DIR } from "../server/app";

/** The test run builds the app first (tests/support/build.global.ts) under NODE_ENV=test. */
describe("the client build", () => {
  it("ships React's production build, not its development warnings", async () => {
    const assets = path.join(BUILD_DIR, "client/assets");
    const scripts = (await readdir(assets)).filter((name) => name.endsWith(".js"));
    expect(scripts.length).toBeGreaterThan(0);
    for (const name of scripts) {
      const code = await readFile(path.join(assets, name), "utf8");
      expect(code, name).not.toContain("Example usage: hydrateRoot");
    }
  });
});
