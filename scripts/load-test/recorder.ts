/** Every request of the load, timed and counted by kind: latency percentiles and the answers that were not 2xx or 3xx. */
import { percentile } from "../../bench/http-load";

/** A request that got no HTTP answer (refused, reset, timed out) is counted under this status. */
export const NO_ANSWER = 0;

export interface Answer {
  status: number;
  headers: Headers;
  text: string;
}

export interface KindSummary {
  kind: string;
  requests: number;
  p50: number;
  p95: number;
  p99: number;
  /** Answers other than 2xx and 3xx, by status ("0" for no answer). */
  unexpected: Map<number, number>;
}

/** The longest any single request may take before it counts as no answer. */
const REQUEST_TIMEOUT_MS = 30_000;

export class Recorder {
  private readonly latencies = new Map<string, number[]>();
  private readonly unexpected = new Map<string, Map<number, number>>();
  /** The first few causes of missing answers, to print. */
  readonly failures: string[] = [];

  constructor(private readonly stopSignal: AbortSignal) {}

  /** Sends the request and reads the whole body; never throws (no answer is recorded as status 0). */
  async request(kind: string, url: string, init: RequestInit = {}): Promise<Answer> {
    const started = performance.now();
    let answer: Answer;
    try {
      const signal = AbortSignal.any([this.stopSignal, AbortSignal.timeout(REQUEST_TIMEOUT_MS)]);
      const response = await fetch(url, { ...init, signal });
      answer = { status: response.status, headers: response.headers, text: await response.text() };
    } catch (error) {
      if (this.failures.length < 10) this.failures.push(`${kind}: ${describe(error)}`);
      answer = { status: NO_ANSWER, headers: new Headers(), text: "" };
    }
    this.record(kind, answer.status, performance.now() - started);
    return answer;
  }

  private record(kind: string, status: number, ms: number): void {
    const latencies = this.latencies.get(kind) ?? [];
    latencies.push(ms);
    this.latencies.set(kind, latencies);
    if (status >= 200 && status < 400) return;
    const byStatus = this.unexpected.get(kind) ?? new Map<number, number>();
    byStatus.set(status, (byStatus.get(status) ?? 0) + 1);
    this.unexpected.set(kind, byStatus);
  }

  /** One summary per kind in the order first seen, and the overall one last. */
  summaries(): KindSummary[] {
    const kinds = [...this.latencies.keys()].map((kind) => summarise(kind, this.latencies.get(kind)!, this.unexpected.get(kind)));
    const overallUnexpected = new Map<number, number>();
    for (const byStatus of this.unexpected.values()) {
      for (const [status, count] of byStatus) overallUnexpected.set(status, (overallUnexpected.get(status) ?? 0) + count);
    }
    return [...kinds, summarise("overall", [...this.latencies.values()].flat(), overallUnexpected)];
  }

  /** How many requests ended with a status that `which` picks (NO_ANSWER for none). */
  count(which: (status: number) => boolean): number {
    let total = 0;
    for (const byStatus of this.unexpected.values()) for (const [status, n] of byStatus) if (which(status)) total += n;
    return total;
  }
}

function summarise(kind: string, latencies: number[], unexpected = new Map<number, number>()): KindSummary {
  const sorted = [...latencies].sort((a, b) => a - b);
  return { kind, requests: sorted.length, p50: percentile(sorted, 50), p95: percentile(sorted, 95), p99: percentile(sorted, 99), unexpected };
}

function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause instanceof Error ? `: ${error.cause.message}` : "";
  return `${error.name} ${error.message}${cause}`;
}
