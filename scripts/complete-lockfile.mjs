#!/usr/bin/env node
/**
 * Some registries (mirrors) carry only a few platforms' builds of packages such as rollup and
 * Tailwind's oxide. `npm install` then leaves the other platforms' optional packages out of
 * package-lock.json, and `npm ci` refuses the lock as out of sync. This adds each missing
 * optional package as an optional entry: npm ci skips it where it cannot be installed and
 * installs it where it can. Run it after every `npm install`; lockfile.test.ts checks it was.
 */
import { readFileSync, writeFileSync } from "node:fs";

export function missingOptionalEntries(lock) {
  const missing = {};
  for (const meta of Object.values(lock.packages)) {
    for (const [name, version] of Object.entries(meta.optionalDependencies ?? {})) {
      const key = `node_modules/${name}`;
      if (!lock.packages[key] && !missing[key]) missing[key] = { version, ...(meta.dev ? { dev: true } : {}), optional: true };
    }
  }
  return missing;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const file = new URL("../package-lock.json", import.meta.url);
  const lock = JSON.parse(readFileSync(file, "utf8"));
  const missing = missingOptionalEntries(lock);
  Object.assign(lock.packages, missing);
  writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
  console.log(`package-lock.json: added ${Object.keys(missing).length} optional platform entries`);
}
