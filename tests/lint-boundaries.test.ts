import path from "node:path";
import { ESLint } from "eslint";
import { beforeAll, describe, expect, it } from "vitest";

/**
 * The boundary and import-order rules of eslint.config.js, each shown to refuse a deliberate bad
 * import: snippets linted as if they lived at a path of the repository (the files need not exist).
 */
const root = path.resolve(import.meta.dirname, "..");
let eslint: ESLint;

beforeAll(() => {
  eslint = new ESLint({ cwd: root, overrideConfigFile: path.join(root, "eslint.config.js") });
});

/** The messages of our own rules (local/…) for `code` placed at `filePath`. */
async function localMessages(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, filePath) });
  return result!.messages.filter((message) => message.ruleId?.startsWith("local/")).map((message) => message.message);
}

const use = (name: string) => `\nexport const used = ${name};\n`;

describe("the boundaries rule", () => {
  const refusals: [string, string, string, string][] = [
    ["a domain module imports one above it", "domain/catalog/bad.ts", `import { moveOrder } from "../orders/moves";${use("moveOrder")}`, "domain/catalog imports only modules below it"],
    ["a relative path walks out and back in (./../)", "domain/catalog/bad.ts", `import { moveOrder } from "./../orders/moves";${use("moveOrder")}`, "domain/catalog imports only modules below it"],
    ["a relative path passes through its own module (../catalog/../)", "domain/catalog/bad.ts", `import { moveOrder } from "../catalog/../orders/moves";${use("moveOrder")}`, "domain/catalog imports only modules below it"],
    ["a relative path goes round by domain/ (../../domain/)", "domain/catalog/bad.ts", `import { moveOrder } from "../../domain/orders/moves";${use("moveOrder")}`, "domain/catalog imports only modules below it"],
    ["a re-export reaches a module above", "domain/catalog/bad.ts", `export * from "../orders/moves";\n`, "domain/catalog imports only modules below it"],
    ["a dynamic import() reaches a module above", "domain/catalog/bad.ts", `export const load = () => import("../orders/moves");\n`, "domain/catalog imports only modules below it"],
    ["a dynamic import() of a computed path", "domain/catalog/bad.ts", `export const load = (name: string) => import(name);\n`, "A dynamic import names its module in a plain string"],
    ["the core imports another module", "domain/core/bad.ts", `import { notify } from "../notifications/service";${use("notify")}`, "domain/core imports no other domain module"],
    ["the domain imports the app", "domain/orders/bad.ts", `import { formatDate } from "../../app/ui/format";${use("formatDate")}`, "The domain does not know the app, the server or the Paystack stand-in"],
    ["the domain imports the server", "domain/orders/bad.ts", `import { loadConfig } from "../../server/config";${use("loadConfig")}`, "The domain does not know the app, the server or the Paystack stand-in"],
    ["the domain imports the Paystack stand-in", "domain/payments/bad.ts", `import { TEST_ACCOUNTS } from "../../paystack-standin";${use("TEST_ACCOUNTS")}`, "Only the server's test-mode wiring"],
    ["the app imports the Paystack stand-in", "app/checkout/bad.ts", `import { TEST_ACCOUNTS } from "../../paystack-standin";${use("TEST_ACCOUNTS")}`, "Only the server's test-mode wiring"],
    ["the ~/ alias", "app/checkout/bad.ts", `import { siteFromMatches } from "~/site/site";${use("siteFromMatches")}`, "Import our code by a relative path (there is no alias)"],
    ["a bare name of one of our folders", "app/checkout/bad.ts", `import { placeOrder } from "domain/checkout/service";${use("placeOrder")}`, "Import our code by a relative path (there is no alias)"],
    ["lib/ imports the domain", "lib/bad.ts", `import type { ShopQuery } from "../domain/catalog/shop-query";\nexport type Used = ShopQuery;\n`, "lib/ imports nothing of ours outside lib/"],
    ["lib/ imports the database", "lib/bad.ts", `import { orders } from "../db/schema/orders";${use("orders")}`, "lib/ imports nothing of ours outside lib/"],
    ["db/ outside its schema and seed imports the domain", "db/bad.ts", `import { may } from "../domain/core/access";${use("may")}`, "Only db/schema/ and db/seed/ import the domain"],
    ["the seed imports a domain module not named for it", "db/seed/bad.ts", `import { moveOrder } from "../../domain/orders/moves";${use("moveOrder")}`, "Only db/schema/ and db/seed/ import the domain"],
    ["db/ imports the server", "db/bad.ts", `import { loadConfig } from "../server/config";${use("loadConfig")}`, "db/ imports only db/, lib/ and the domain modules named for its seed"],
    ["code that is not a test imports tests/", "server/bad.ts", `import { createTestDatabase } from "../tests/support/database";${use("createTestDatabase")}`, "Only tests import from tests/"],
    ["an import leaves the repository", "lib/bad.ts", `import { other } from "../../outside/other";${use("other")}`, "Imports stay inside the repository"],
  ];

  it.each(refusals)("refuses: %s", async (_name, filePath, code, expected) => {
    const messages = await localMessages(filePath, code);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toContain(expected);
  });

  const allowed: [string, string, string][] = [
    ["a domain module imports one below it", "domain/orders/fine.ts", `import { countSale } from "../catalog/stock";${use("countSale")}`],
    ["a module imports itself however the path is written", "domain/orders/fine.ts", `import { orderNumberOf } from "./../orders/status";${use("orderNumberOf")}`],
    ["the seed imports a domain module named for it", "db/seed/fine.ts", `import { may } from "../../domain/core/access";${use("may")}`],
    ["lib/ imports lib/", "lib/fine.ts", `import { formatNaira } from "./money";${use("formatNaira")}`],
    ["the server's test-mode wiring imports the stand-in", "server/app.ts", `import { createPaystackStandin } from "../paystack-standin";${use("createPaystackStandin")}`],
    ["a test imports across the layers", "domain/catalog/fine.test.ts", `import { moveOrder } from "../orders/moves";\nimport { createTestDatabase } from "../../tests/support/database";\nexport const used = [moveOrder, createTestDatabase];\n`],
    ["a dynamic import() of a package", "server/fine.ts", `export const load = () => import("vite");\n`],
  ];

  it.each(allowed)("allows: %s", async (_name, filePath, code) => {
    expect(await localMessages(filePath, code)).toEqual([]);
  });
});

describe("the import-order rule", () => {
  const ourThenPackage = `import { formatNaira } from "../../lib/money";\nimport { eq } from "drizzle-orm";\nexport const used = [formatNaira, eq];\n`;

  it("refuses a package imported after our code, and its fix moves the package up", async () => {
    expect(await localMessages("domain/orders/bad.ts", ourThenPackage)).toEqual([
      "Packages are imported before our code: move drizzle-orm above ../../lib/money.",
    ]);
    const fixer = new ESLint({ cwd: root, overrideConfigFile: path.join(root, "eslint.config.js"), fix: true });
    const [fixed] = await fixer.lintText(ourThenPackage, { filePath: path.join(root, "domain/orders/bad.ts") });
    expect(fixed!.output).toBe(`import { eq } from "drizzle-orm";\nimport { formatNaira } from "../../lib/money";\nexport const used = [formatNaira, eq];\n`);
  });

  it("refuses a node: built-in imported after our code", async () => {
    const code = `import { formatNaira } from "./money";\nimport path from "node:path";\nexport const used = [formatNaira, path];\n`;
    expect(await localMessages("lib/bad.ts", code)).toEqual(["Packages are imported before our code: move node:path above ./money."]);
  });

  it("allows packages first, then our code in any order", async () => {
    const code = `import path from "node:path";\nimport { eq } from "drizzle-orm";\nimport { formatNaira } from "./money";\nimport { LIMITS } from "./constants";\nexport const used = [path, eq, formatNaira, LIMITS];\n`;
    expect(await localMessages("lib/fine.ts", code)).toEqual([]);
  });
});
