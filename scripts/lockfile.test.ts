import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
// @ts-expect-error plain ES module script without type declarations
import { missingOptionalEntries } from "./complete-lockfile.mjs";

describe("package-lock.json", () => {
  it("lists every optional platform package, so `npm ci` accepts it on any registry", () => {
    const lock = JSON.parse(readFileSync(new URL("../package-lock.json", import.meta.url), "utf8"));
    // If this fails after `npm install`, run: node scripts/complete-lockfile.mjs
    expect(Object.keys(missingOptionalEntries(lock))).toEqual([]);
  });

  it("pins better-auth exactly and keeps React Router on 7", () => {
    const pkg = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8"));
    expect(pkg.dependencies["better-auth"]).toBe("1.7.7");
    expect(pkg.dependencies["react-router"]).toMatch(/^7\./);
  });
});
