import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

/**
 * The domain modules, bottom first. A module imports only modules of earlier lines; the modules
 * of one line stand beside each other and import none of each other.
 */
const DOMAIN_LAYERS = [
  ["core"],
  ["live", "mail", "activity"],
  ["notifications"],
  ["accounts"],
  ["media"],
  ["pricing"],
  ["catalog"],
  ["reviews", "cart"],
  ["orders", "ledger"],
  ["payments"],
  ["checkout", "vendors", "claims"],
  ["payouts"],
  ["admin", "cms", "privacy"],
  // The operations that span modules, one file each (docs/architecture.md).
  ["flows"],
];

/** Test code: test files, the tests/ folder, and the load tools that drive the app like tests. */
const TEST_CODE = ["**/*.test.{ts,tsx}", "tests/**", "bench/**", "scripts/load-test/**", "scripts/load-test.ts", "playwright.config.ts"];
/** Where the app wires the Paystack stand-in in test mode. */
const STANDIN_WIRING = ["server/app.ts", "server/standin-store.ts"];

/** An import of one of the repository's top-level folders, from anywhere in it. */
const restrict = (message, ...folders) => ({ regex: `^(\\./|(\\.\\./)+)(${folders.join("|")})(/|$)`, message });

const noTests = restrict("Only tests import from tests/.", "tests");
const noAppOrServer = restrict("The domain does not know the app or the server.", "app", "server");
const noStandin = restrict("Only the server's test-mode wiring uses the Paystack stand-in.", "paystack-standin");

/** For each domain module: every module it may not import (its own line and the lines above it). */
function domainModuleRules() {
  return DOMAIN_LAYERS.flatMap((layer, rank) =>
    layer.map((module) => {
      const above = DOMAIN_LAYERS.slice(rank).flat().filter((other) => other !== module);
      const patterns = [noAppOrServer, noTests];
      if (above.length > 0) {
        patterns.push({
          regex: `^(\\.\\./|(\\.\\./)+domain/)(${above.join("|")})(/|$)`,
          message: rank === 0 ? `domain/${module} imports no other domain module.` : `domain/${module} imports only modules below it: ${DOMAIN_LAYERS.slice(0, rank).flat().join(", ")}.`,
        });
      }
      return {
        files: [`domain/${module}/**/*.{ts,tsx}`],
        ignores: TEST_CODE,
        rules: { "no-restricted-imports": ["error", { patterns }] },
      };
    }),
  );
}

export default tseslint.config(
  { ignores: ["build*/", ".e2e-data/", "data/", "node_modules/", ".react-router/", "test-results/", "playwright-report/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{js,mjs}"],
    languageOptions: { globals: globals.node },
  },
  {
    files: ["**/*.{ts,tsx}"],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { "react-hooks": reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": "error",
    },
  },
  // Boundaries between the parts. A later block replaces an earlier one's list for the same file.
  {
    files: ["**/*.{ts,tsx,js,mjs}"],
    ignores: TEST_CODE,
    rules: { "no-restricted-imports": ["error", { patterns: [noTests] }] },
  },
  {
    files: ["app/**/*.{ts,tsx}", "server/**/*.{ts,tsx}"],
    ignores: [...TEST_CODE, ...STANDIN_WIRING],
    rules: { "no-restricted-imports": ["error", { patterns: [noTests, noStandin] }] },
  },
  ...domainModuleRules(),
  // zod comes from lib/zod.ts, which sets it up before any schema is built (no `new Function`).
  {
    files: ["**/*.{ts,tsx}"],
    ignores: ["lib/zod.ts"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        { paths: [{ name: "zod", message: "Import z from lib/zod.ts: it runs zod jitless, as the Content-Security-Policy needs.", allowTypeImports: true }] },
      ],
    },
  },
);
