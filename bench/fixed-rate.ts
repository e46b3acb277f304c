/**
 * Open-loop load at a fixed rate, measured without coordinated omission (as wrk2 does): request n
 * is due at start + n × interval whatever became of the ones before, and its latency runs from
 * that intended send time to the end of its answer. A stall in the app therefore counts against
 * every request that should have been sent during it, not only the one that met it, which a
 * closed loop (and autocannon's overallRate, which holds requests back and times each from its
 * actual send) leaves out.
 *
 * Loopback only, a bounded number of requests, and a hard deadline: whatever is still unanswered
 * `timeoutMs` after the last request was due is cut off and counted as an error.
 */
import http from "node:http";
import { percentile } from "./http-load";

export interface FixedRateOptions {
  /** Requests a second. */
  rate: number;
  seconds: number;
  /** The same schedule first, not counted. */
  warmupSeconds?: number;
  headers?: Record<string, string>;
  /** Paths (with query) asked for in turn; the URL's own path when unset. */
  paths?: string[];
  /** Cookie headers taken in turn: each asks for all the paths, then the next takes over. */
  cookies?: string[];
  /** How long after its intended send time a request may go unanswered (default 10 s). */
  timeoutMs?: number;
  /** Sockets kept open to the app at most (default 64); requests beyond wait, and the wait counts. */
  maxSockets?: number;
}

export interface FixedRateResult {
  rate: number;
  /** Requests scheduled (rate × seconds); every one is sent. */
  requests: number;
  /** Latency from intended send to the end of the answer, in ms; every request counts, failed ones too. */
  p50: number;
  p95: number;
  p99: number;
  max: number;
  /** Failed, cut off at the deadline, or answered with anything but 2xx. */
  errors: number;
  /** How late the generator itself started a request at worst (its own timers and event loop; waiting for a free socket is not in it), in ms. */
  worstSendLagMs: number;
}

const LOOPBACK = new Set(["127.0.0.1", "localhost", "[::1]"]);

export async function measureFixedRate(url: string, options: FixedRateOptions): Promise<FixedRateResult> {
  if (options.warmupSeconds) await run(url, { ...options, seconds: options.warmupSeconds });
  return run(url, options);
}

function run(url: string, options: FixedRateOptions): Promise<FixedRateResult> {
  const target = new URL(url);
  if (target.protocol !== "http:" || !LOOPBACK.has(target.hostname)) throw new Error(`Fixed-rate load goes to this machine only, over http (got ${url})`);
  const paths = options.paths ?? [`${target.pathname}${target.search}`];
  const cookies = options.cookies ?? [];
  const timeoutMs = options.timeoutMs ?? 10_000;
  const interval = 1000 / options.rate;
  const total = Math.max(1, Math.round(options.rate * options.seconds));
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.maxSockets ?? 64 });

  const latencies: number[] = [];
  /** Each unanswered request with its intended send time. */
  const pending = new Map<http.ClientRequest, number>();
  let errors = 0;
  let worstSendLagMs = 0;
  let sent = 0;
  let settled = 0;

  return new Promise((resolve) => {
    const start = performance.now() + 20;
    const due = (n: number) => start + n * interval;
    let scheduler: NodeJS.Timeout | undefined;

    const finish = () => {
      clearTimeout(scheduler);
      clearTimeout(deadline);
      // Whatever is left was cut off: counted as failed, its latency at least the time waited.
      const now = performance.now();
      for (const [request, scheduled] of pending) {
        request.destroy();
        latencies.push(now - scheduled);
        errors++;
      }
      pending.clear();
      agent.destroy();
      latencies.sort((a, b) => a - b);
      resolve({
        rate: options.rate,
        requests: total,
        p50: percentile(latencies, 50),
        p95: percentile(latencies, 95),
        p99: percentile(latencies, 99),
        max: latencies.at(-1) ?? 0,
        errors,
        worstSendLagMs,
      });
    };
    const deadline = setTimeout(finish, due(total - 1) - performance.now() + timeoutMs);

    const settle = (request: http.ClientRequest, scheduled: number, ok: boolean) => {
      if (!pending.delete(request)) return;
      latencies.push(performance.now() - scheduled);
      if (!ok) errors++;
      if (++settled === total) finish();
    };

    const send = (n: number) => {
      const scheduled = due(n);
      worstSendLagMs = Math.max(worstSendLagMs, performance.now() - scheduled);
      // Each cookie's holder asks for every path in turn, then the next one takes over.
      const cookie = cookies.length > 0 ? { cookie: cookies[Math.floor(n / paths.length) % cookies.length]! } : {};
      const request = http.get(
        { host: target.hostname.replace(/^\[|\]$/g, ""), port: target.port, path: paths[n % paths.length], agent, headers: { ...options.headers, ...cookie } },
        (response) => {
          const ok = response.statusCode !== undefined && response.statusCode >= 200 && response.statusCode < 300;
          response.on("data", () => {});
          response.on("end", () => settle(request, scheduled, ok));
          response.on("error", () => settle(request, scheduled, false));
          response.on("close", () => settle(request, scheduled, ok && response.complete));
        },
      );
      pending.set(request, scheduled);
      request.on("error", () => settle(request, scheduled, false));
    };

    // Sends everything due by now (catching up after a late wake-up), then sleeps until the next is due.
    const tick = () => {
      const now = performance.now();
      while (sent < total && due(sent) <= now) send(sent++);
      if (sent < total) scheduler = setTimeout(tick, Math.max(0, due(sent) - performance.now()));
    };
    scheduler = setTimeout(tick, Math.max(0, start - performance.now()));
  });
}
