import path from "node:path";
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
  ["returns"],
  ["payouts"],
  ["admin", "cms", "privacy"],
  // The operations that span modules, one file each (docs/architecture.md).
  ["flows"],
];

/** Test code: test files, the tests/ folder, and the load tools that drive the app like tests. */
const TEST_CODE = ["**/*.test.{ts,tsx}", "tests/**", "bench/**", "scripts/load-test/**", "scripts/load-test.ts", "playwright.config.ts"];
/** Where the app wires the Paystack stand-in in test mode, and the script that runs it alone. */
const STANDIN_WIRING = ["server/app.ts", "server/standin-store.ts", "scripts/paystack-standin.ts"];
/** The domain modules the demo seed uses (db/schema uses none). */
const SEED_USES = ["core", "media", "cms", "pricing", "payments", "ledger"];
/** The repository's top-level folders: imported by relative path only, never by a bare name. */
const OUR_FOLDERS = ["app", "bench", "db", "domain", "lib", "paystack-standin", "scripts", "server", "tests"];

const repositoryRoot = import.meta.dirname;

/** Each import's source node: static imports, re-exports and dynamic `import()`. */
function onEveryImport(check) {
  const ofDeclaration = (node) => node.source && check(node.source);
  return {
    ImportDeclaration: ofDeclaration,
    ExportAllDeclaration: ofDeclaration,
    ExportNamedDeclaration: ofDeclaration,
    ImportExpression: (node) => check(node.source),
  };
}

/** The literal text of an import's source, or undefined when it is computed. */
function literalSource(source) {
  if (source.type === "Literal" && typeof source.value === "string") return source.value;
  if (source.type === "TemplateLiteral" && source.expressions.length === 0) return source.quasis[0].value.cooked;
  return undefined;
}

/** The repository path an import reaches ("domain/orders/moves"), or undefined for a package. */
function reachedPath(filename, specifier) {
  if (!specifier.startsWith(".") && !specifier.startsWith("/")) return undefined;
  return path.relative(repositoryRoot, path.resolve(path.dirname(filename), specifier)).split(path.sep).join("/");
}

/** Why `from` may not import `to` (both repository paths), or undefined when it may. */
function refusedImport(from, to, options) {
  const [fromTop, fromModule] = from.split("/");
  const [toTop, toModule] = to.split("/");
  if (to.startsWith("..")) return "Imports stay inside the repository.";
  if (options.test) return undefined;
  if (toTop === "tests") return "Only tests import from tests/.";
  if (fromTop === "lib" && toTop !== "lib") return "lib/ imports nothing of ours outside lib/.";
  if (fromTop === "db" && !["db", "lib", "domain"].includes(toTop)) return "db/ imports only db/, lib/ and the domain modules named for its seed.";
  if (fromTop === "db" && toTop === "domain") {
    const seed = from.startsWith("db/seed/") || from.startsWith("db/schema/");
    if (!seed || !SEED_USES.includes(toModule)) return `Only db/schema/ and db/seed/ import the domain, and only its modules ${SEED_USES.join(", ")}.`;
  }
  if (toTop === "paystack-standin" && fromTop !== "paystack-standin" && !STANDIN_WIRING.includes(from)) {
    return "Only the server's test-mode wiring (and its own script) uses the Paystack stand-in.";
  }
  if (fromTop !== "domain") return undefined;
  if (["app", "server", "paystack-standin"].includes(toTop)) return "The domain does not know the app, the server or the Paystack stand-in.";
  if (toTop === "domain" && toModule !== fromModule) return domainLayerRefusal(fromModule, toModule);
  return undefined;
}

/** Why domain module `from` may not import domain module `to`: it stands at or above `from`. */
function domainLayerRefusal(from, to) {
  const rank = DOMAIN_LAYERS.findIndex((layer) => layer.includes(from));
  if (rank < 0) return `domain/${from} is not in DOMAIN_LAYERS.`;
  const below = DOMAIN_LAYERS.slice(0, rank).flat();
  if (below.includes(to)) return undefined;
  return rank === 0 ? `domain/${from} imports no other domain module.` : `domain/${from} imports only modules below it: ${below.join(", ")}.`;
}

/** Who may import whom, on the resolved path, however the import is written. */
const boundaries = {
  meta: { type: "problem", schema: [{ type: "object", properties: { test: { type: "boolean" } }, additionalProperties: false }] },
  create(context) {
    const options = context.options[0] ?? {};
    const from = path.relative(repositoryRoot, context.filename).split(path.sep).join("/");
    return onEveryImport((source) => {
      const specifier = literalSource(source);
      if (specifier === undefined) return context.report({ node: source, message: "A dynamic import names its module in a plain string, so its boundary can be checked." });
      const top = specifier.split("/")[0];
      if (specifier.startsWith("~") || OUR_FOLDERS.includes(top)) {
        return context.report({ node: source, message: "Import our code by a relative path (there is no alias)." });
      }
      const to = reachedPath(context.filename, specifier);
      const refusal = to === undefined ? undefined : refusedImport(from, to, options);
      if (refusal) context.report({ node: source, message: `${refusal} (${specifier})` });
    });
  },
};

/**
 * Packages (node: built-ins and npm) first, then our code. The fix moves a package import up to
 * just before the first import of our code.
 */
const importOrder = {
  meta: { type: "suggestion", fixable: "code", schema: [] },
  create(context) {
    const isOurs = (node) => node.source.value.startsWith(".");
    let firstOurs;
    return {
      ImportDeclaration(node) {
        if (isOurs(node)) {
          firstOurs ??= node;
          return;
        }
        if (!firstOurs) return;
        const ours = firstOurs;
        context.report({
          node: node.source,
          message: `Packages are imported before our code: move ${node.source.value} above ${ours.source.value}.`,
          fix: (fixer) => {
            const text = context.sourceCode.getText(node);
            const lineEnd = context.sourceCode.text.indexOf("\n", node.range[1]);
            return [fixer.removeRange([node.range[0], lineEnd < 0 ? node.range[1] : lineEnd + 1]), fixer.insertTextBefore(ours, `${text}\n`)];
          },
        });
      },
    };
  },
};

const local = { rules: { boundaries, "import-order": importOrder } };

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
  // Boundaries between the parts, on the path an import reaches however it is written.
  {
    files: ["**/*.{ts,tsx,js,mjs}"],
    plugins: { local },
    rules: { "local/boundaries": "error", "local/import-order": "error" },
  },
  {
    files: TEST_CODE,
    rules: { "local/boundaries": ["error", { test: true }] },
  },
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
