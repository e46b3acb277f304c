import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["**/*.test.ts", "**/*.test.tsx"],
    exclude: ["node_modules/**", "build*/**", ".e2e-data/**", "data/**", "tests/e2e/**"],
    environment: "node",
    globalSetup: ["tests/support/build.global.ts"],
    pool: "forks",
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
