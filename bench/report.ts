/** The benchmark's figures as a table, each beside its target (met or not), for the terminal and docs/benchmarks.md. */
import { execSync } from "node:child_process";
import os from "node:os";

export interface Row {
  measure: string;
  figure: string;
  target?: { text: string; met: boolean };
}

export interface Section {
  title: string;
  note?: string;
  rows: Row[];
}

export interface RunFacts {
  date: string;
  machine: string;
  commit: string;
  software: string;
  minutes: number;
}

export const ms = (value: number) => `${value < 10 ? value.toFixed(1) : Math.round(value)} ms`;
export const perSecond = (value: number) => `${Math.round(value).toLocaleString("en-US")}/s`;
export const percent = (value: number) => `${Math.round(value * 100)}%`;
export const kilobytes = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
export const atMost = (value: number, limit: number, text: string) => ({ text, met: value <= limit });

export function runFacts(startedAt: Date, postgresVersion: string): RunFacts {
  const cpus = os.cpus();
  return {
    date: startedAt.toISOString().slice(0, 10),
    machine: `${cpus.length} cores (${cpus[0]?.model.trim() ?? "unknown CPU"}), ${Math.round(os.totalmem() / 2 ** 30)} GiB memory, ${os.type()} ${os.release()}`,
    commit: commitOfTree(),
    software: `Node ${process.version}, ${postgresVersion}`,
    minutes: (Date.now() - startedAt.getTime()) / 60_000,
  };
}

function commitOfTree(): string {
  try {
    const commit = execSync("git rev-parse --short HEAD", { encoding: "utf8" }).trim();
    const dirty = execSync("git status --porcelain --untracked-files=no", { encoding: "utf8" }).trim() !== "";
    return dirty ? `${commit} (with uncommitted changes)` : commit;
  } catch {
    return "unknown (not a git checkout)";
  }
}

export function renderTable(sections: Section[]): string {
  return sections
    .map((section) => {
      const lines = [`### ${section.title}`, ""];
      if (section.note) lines.push(section.note, "");
      lines.push("| measure | figure | target | |", "|---|---|---|---|");
      for (const row of section.rows) {
        const verdict = row.target ? (row.target.met ? "met" : "**not met**") : "";
        lines.push(`| ${row.measure} | ${row.figure} | ${row.target?.text ?? ""} | ${verdict} |`);
      }
      return lines.join("\n");
    })
    .join("\n\n");
}

export function renderDocument(facts: RunFacts, sections: Section[], missed: number): string {
  return `# Benchmarks

Figures from \`npm run bench\`, which writes this page. It generates a marketplace at scale into
the PostgreSQL database named by \`BENCH_DATABASE_URL\` (dropped and created again; default
\`postgres://postgres@127.0.0.1:5432/tokunbo_bench\`) and a smaller one into an embedded database,
starts the production build against each, and measures it from the same machine over loopback.
Load comes two ways. For throughput, 50 connections (autocannon) each send their next request as
soon as the last is answered, after a warm-up; \`GET /healthz\`, measured first, is the
reference the pages are held to. For latency, requests go out at a fixed 200 a second whatever
became of the ones before, each timed from when it was due, so a stall counts against every
request that should have gone out during it. Requests ask for brotli or gzip, as a browser does.
Raw SQL is pgbench with the same statements and connection count. Lighthouse runs Debian's
Chromium with its mobile preset (simulated slow 4G, 4× CPU slowdown). The load generator, the
app and the database share the machine's cores.

- **Date:** ${facts.date}
- **Machine:** ${facts.machine}
- **Commit:** ${facts.commit}
- **Software:** ${facts.software}
- **Run time:** ${facts.minutes.toFixed(1)} minutes
- **Targets missed:** ${missed}

${renderTable(sections)}
`;
}

export function missedTargets(sections: Section[]): number {
  return sections.flatMap((section) => section.rows).filter((row) => row.target && !row.target.met).length;
}
