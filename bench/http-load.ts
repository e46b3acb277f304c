/** Load from 50 connections with autocannon, summed up as requests per second and latency percentiles. */
import autocannon from "autocannon";

export interface LoadResult {
  requestsPerSecond: number;
  p50: number;
  p95: number;
  p99: number;
  /** Requests that failed, timed out or answered anything but 2xx. */
  errors: number;
  requests: number;
}

export const CONNECTIONS = 50;

export async function measureLoad(url: string, options: { seconds: number; warmupSeconds?: number; headers?: Record<string, string> }): Promise<LoadResult> {
  if (options.warmupSeconds) await run(url, options.warmupSeconds, options.headers);
  return run(url, options.seconds, options.headers);
}

function run(url: string, seconds: number, headers?: Record<string, string>): Promise<LoadResult> {
  // autocannon's own summary has p97.5 but no p95: every response's time is kept here instead.
  const latencies: number[] = [];
  return new Promise((resolve, reject) => {
    const instance = autocannon({ url, connections: CONNECTIONS, duration: seconds, headers }, (error, result) => {
      if (error) return reject(error);
      latencies.sort((a, b) => a - b);
      resolve({
        requestsPerSecond: result.requests.total / seconds,
        p50: percentile(latencies, 50),
        p95: percentile(latencies, 95),
        p99: percentile(latencies, 99),
        errors: result.errors + result.timeouts + result.non2xx,
        requests: result.requests.total,
      });
    });
    instance.on("response", (_client, _status, _bytes, responseTime) => latencies.push(responseTime));
  });
}

/** Nearest-rank percentile of sorted values (0 when there are none). */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}
