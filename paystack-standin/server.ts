import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { createPaystackStandin, type PaystackStandinRouter } from "./index";
import type { StandinStore } from "./store";

export interface StandinServerOptions {
  port: number;
  host: string;
  secretKey: string;
  store: StandinStore;
  /** Where browsers reach it; defaults to the address it listens on. */
  publicUrl?: string;
  webhookUrl?: string;
  webhookRetryDelaysMs?: readonly number[];
  refundDelayMs?: number;
  transferDelayMs?: number;
  disputeDelayMs?: number;
  onError?: (error: unknown) => void;
}

export interface StandinServer {
  /** http://host:port, the API's base URL and the hosted pages' origin. */
  baseUrl: string;
  standin: PaystackStandinRouter;
  close(): Promise<void>;
}

/** The stand-in as a server of its own, at the root of its address, as api.paystack.co is. */
export async function startStandinServer(options: StandinServerOptions): Promise<StandinServer> {
  let baseUrl = "";
  const standin = createPaystackStandin({
    secretKey: options.secretKey,
    publicBaseUrl: () => options.publicUrl ?? baseUrl,
    webhookUrl: () => options.webhookUrl,
    store: options.store,
    onError: options.onError,
    webhookRetryDelaysMs: options.webhookRetryDelaysMs,
    refundDelayMs: options.refundDelayMs,
    transferDelayMs: options.transferDelayMs,
    disputeDelayMs: options.disputeDelayMs,
  });
  const app = express();
  app.disable("x-powered-by");
  app.use((_req, res, next) => {
    res.set({
      "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'; form-action 'self' http: https:; base-uri 'none'; frame-ancestors 'none'",
      "X-Content-Type-Options": "nosniff",
      "Referrer-Policy": "no-referrer",
    });
    next();
  });
  app.use(standin);
  const server = await new Promise<Server>((resolve, reject) => {
    const s = app.listen(options.port, options.host, (error?: Error) => (error ? reject(error) : resolve(s)));
  });
  const { address, port } = server.address() as AddressInfo;
  baseUrl = `http://${address.includes(":") ? `[${address}]` : address}:${port}`;
  return {
    baseUrl,
    standin,
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await standin.idle();
    },
  };
}
