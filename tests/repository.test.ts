/**
 * The repository stands alone: no tracked file cites rule documents kept elsewhere (the product
 * rules are in docs/, by area) or reads a path outside the repository.
 */
import { execFileSync } from "node:child_process";
import { readFileSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "..");
const self = path.relative(root, import.meta.filename);

/** Rule documents outside the repository, by the names they were cited with, and machine paths. */
const FORBIDDEN: Array<{ what: string; pattern: RegExp }> = [
  { what: "a rule document outside docs/", pattern: /(?<![\w/.-])(?:operations|storefront|decisions)\.md\b/ },
  { what: "a numbered section of a document", pattern: /§\s?\d/ },
  { what: "a numbered decision", pattern: /\bdecisions? \d+/i },
  { what: "an absolute path outside the repository", pattern: /(?<![\w.])\/(?:work|home|Users|root)\/[\w.-]+\// },
];

const SKIPPED = /(^|\/)(node_modules|build|data)\/|package-lock\.json$|\.(png|jpe?g|webp|gif|ico|woff2?|ttf|pdf|zip|gz)$/i;

function trackedFiles(): string[] {
  try {
    return execFileSync("git", ["ls-files", "-z"], { cwd: root, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 }).split("\0").filter(Boolean);
  } catch {
    return walk("");
  }
}

/** Without git (an exported tree), every file under the root. */
function walk(dir: string): string[] {
  return readdirSync(path.join(root, dir)).flatMap((name) => {
    const file = path.join(dir, name);
    if (name === ".git" || SKIPPED.test(`${file}/`)) return [];
    return statSync(path.join(root, file)).isDirectory() ? walk(file) : [file];
  });
}

describe("the repository", () => {
  it("cites only its own documents and no path outside itself", () => {
    const found: string[] = [];
    for (const file of trackedFiles()) {
      if (file === self || SKIPPED.test(file)) continue;
      let text: string;
      try {
        text = readFileSync(path.join(root, file), "utf8");
      } catch {
        continue; // listed by git but deleted in the work tree
      }
      if (text.includes("\0")) continue;
      text.split("\n").forEach((line, index) => {
        for (const { what, pattern } of FORBIDDEN) {
          if (pattern.test(line)) found.push(`${file}:${index + 1}: ${what}: ${line.trim().slice(0, 120)}`);
        }
      });
    }
    expect(found).toEqual([]);
  });
});
