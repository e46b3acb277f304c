import { type StandinStore, createMemoryStore } from "../../paystack-standin";
import { startStandinServer } from "../../paystack-standin/server";

export const STANDIN_SECRET_KEY = "sk_test_standin_for_tests";

export interface RunningStandin {
  baseUrl: string;
  secretKey: string;
  store: StandinStore;
  /** Settles once every refund and transfer under way has settled and every webhook been delivered or given up. */
  webhooksIdle(): Promise<void>;
  close(): Promise<void>;
}

/** The standalone Paystack stand-in on 127.0.0.1, on a free port. */
export async function startPaystackStandin(
  options: {
    webhookUrl?: string;
    webhookRetryDelaysMs?: readonly number[];
    refundDelayMs?: number;
    transferDelayMs?: number;
    disputeDelayMs?: number;
    store?: StandinStore;
    onError?: (error: unknown) => void;
  } = {},
): Promise<RunningStandin> {
  const store = options.store ?? createMemoryStore();
  const server = await startStandinServer({
    port: 0,
    host: "127.0.0.1",
    secretKey: STANDIN_SECRET_KEY,
    store,
    webhookUrl: options.webhookUrl,
    webhookRetryDelaysMs: options.webhookRetryDelaysMs ?? [20, 40, 80, 160],
    refundDelayMs: options.refundDelayMs ?? 20,
    transferDelayMs: options.transferDelayMs ?? 20,
    disputeDelayMs: options.disputeDelayMs ?? 20,
    onError: options.onError,
  });
  return { baseUrl: server.baseUrl, secretKey: STANDIN_SECRET_KEY, store, webhooksIdle: () => server.standin.idle(), close: server.close };
}
