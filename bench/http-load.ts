/**
 * Closed-loop load from 50 connections with autocannon: each connection sends its next request as
 * soon as the last one is answered, so this measures how many requests a second the app can
 * answer; the latency percentiles are each answer's time from its actual send.
 */
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

export interface LoadOptions {
  seconds: number;
  warmupSeconds?: number;
  headers?: Record<string, string>;
  /** Paths (with query) each connection asks for in turn; the URL's own path when unset. */
  paths?: string[];
  /** Cookie headers spread over the connections, one per connection in turn: many people, not one. */
  cookies?: string[];
}

export const CONNECTIONS = 50;

export async function measureLoad(url: string, options: LoadOptions): Promise<LoadResult> {
  if (options.warmupSeconds) await run(url, { ...options, seconds: options.warmupSeconds });
  return run(url, options);
}

function run(url: string, options: LoadOptions): Promise<LoadResult> {
  const target = new URL(url);
  const paths = options.paths ?? [`${target.pathname}${target.search}`];
  const cookies = options.cookies ?? [];
  let clients = 0;
  // autocannon's own summary has p97.5 but no p95: every response's time is kept here instead.
  const latencies: number[] = [];
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: target.origin,
        connections: CONNECTIONS,
        duration: options.seconds,
        headers: options.headers,
        // Each connection (autocannon's client) gets the paths in turn, with its own cookie if any.
        setupClient: (client) => {
          const cookie = cookies.length > 0 ? { cookie: cookies[clients++ % cookies.length]! } : {};
          client.setRequests(paths.map((path) => ({ method: "GET", path, headers: { ...options.headers, ...cookie } })));
        },
      },
      (error, result) => {
        if (error) return reject(error);
        latencies.sort((a, b) => a - b);
        resolve({
          requestsPerSecond: result.requests.total / options.seconds,
          p50: percentile(latencies, 50),
          p95: percentile(latencies, 95),
          p99: percentile(latencies, 99),
          errors: result.errors + result.timeouts + result.non2xx,
          requests: result.requests.total,
        });
      },
    );
    instance.on("response", (_client, _status, _bytes, responseTime) => latencies.push(responseTime));
  });
}

/** Nearest-rank percentile of sorted values (0 when there are none). */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}
