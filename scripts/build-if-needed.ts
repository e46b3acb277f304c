import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";

/** Builds the app when build/ is missing or older than any source it is made from. */
const root = path.resolve(import.meta.dirname, "..");
const builtEntry = path.join(root, process.env.BUILD_DIR ?? "build", "server/index.js");
// The server modules the pages import are part of the build.
const sources = ["app", "lib", "domain", "db", "server/context.ts", "server/security.ts", "vite.config.ts", "react-router.config.ts", "package-lock.json"];

function newestMtime(target: string): number {
  if (!existsSync(target)) return 0;
  const stats = statSync(target);
  if (!stats.isDirectory()) return stats.mtimeMs;
  return readdirSync(target).reduce((newest, entry) => Math.max(newest, newestMtime(path.join(target, entry))), stats.mtimeMs);
}

const builtAt = existsSync(builtEntry) ? statSync(builtEntry).mtimeMs : 0;
const changedAt = Math.max(...sources.map((source) => newestMtime(path.join(root, source))));
if (builtAt >= changedAt) process.exit(0);

console.log(`${builtAt ? "Sources changed since the last build" : "No build yet"}: building (about a minute)…`);
// Always a production build: a test runner's NODE_ENV=test would otherwise ship React's development build.
const result = spawnSync(path.join(root, "node_modules/.bin/react-router"), ["build", "--logLevel", "warn"], {
  cwd: root,
  stdio: "inherit",
  env: { ...process.env, NODE_ENV: "production" },
});
process.exit(result.status ?? 1);
