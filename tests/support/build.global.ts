import { spawnSync } from "node:child_process";
import path from "node:path";

/** Page tests render the built app: build it first when the sources are newer than the build. */
export default function setup() {
  const root = path.resolve(import.meta.dirname, "../..");
  const result = spawnSync(path.join(root, "node_modules/.bin/tsx"), ["scripts/build-if-needed.ts"], { cwd: root, stdio: "inherit" });
  if (result.status !== 0) throw new Error("The app could not be built for the tests");
}
