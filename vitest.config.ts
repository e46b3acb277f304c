import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["**/*.test.ts", "**/*.test.tsx"],
    exclude: ["node_modules/**", "build*/**", ".e2e-data/**", "data/**", "tests/e2e/**"],
    environment: "node",
    globalSetup: ["tests/support/build.global.ts"],
    pool: "forks",
    // Most files spend their time waiting on PostgreSQL, the stand-in's delays and HTTP: two at a
    // time keep both cores busy (one fork left a core idle more than half the run).
    poolOptions: { forks: { maxForks: 2, minForks: 1 } },
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
