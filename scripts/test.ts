/**
 * `npm test`: every check the shop has. Type checking, lint and the unit and integration tests
 * share nothing, so they run side by side (the tests build the app first when it is stale); the
 * browser journeys run after them on that build, so they have the machine to themselves.
 */
import { spawn } from "node:child_process";

type Step = { name: string; script: string };

const TOGETHER: Step[] = [
  { name: "typecheck", script: "typecheck" },
  { name: "lint", script: "lint" },
  { name: "unit", script: "test:unit" },
];
const AFTER: Step = { name: "e2e", script: "test:e2e" };

/** Runs one npm script, each output line prefixed with its name; resolves with its exit code. */
function run(step: Step, prefixed: boolean): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn("npm", ["run", "--silent", step.script], { stdio: prefixed ? ["ignore", "pipe", "pipe"] : "inherit" });
    if (prefixed) {
      for (const stream of [child.stdout, child.stderr]) {
        let pending = "";
        stream!.on("data", (chunk: Buffer) => {
          const lines = (pending + chunk.toString()).split("\n");
          pending = lines.pop() ?? "";
          for (const line of lines) process.stdout.write(`[${step.name}] ${line}\n`);
        });
        stream!.on("end", () => pending && process.stdout.write(`[${step.name}] ${pending}\n`));
      }
    }
    child.on("close", (code) => resolve(code ?? 1));
  });
}

const started = Date.now();
const minutes = () => ((Date.now() - started) / 60_000).toFixed(1);

const codes = await Promise.all(TOGETHER.map((step) => run(step, true)));
const failed = TOGETHER.filter((_, index) => codes[index] !== 0).map((step) => step.name);
if (failed.length > 0) {
  console.error(`Failed: ${failed.join(", ")} (after ${minutes()} min)`);
  process.exit(1);
}
console.log(`Typecheck, lint and unit tests passed (${minutes()} min); browser journeys next.`);
const e2e = await run(AFTER, false);
console.log(`${e2e === 0 ? "All checks passed" : "Browser journeys failed"} (${minutes()} min)`);
process.exit(e2e);
