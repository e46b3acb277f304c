import { z } from "../lib/zod";
import { createJsonFileStore, createMemoryStore } from "../paystack-standin";
import { startStandinServer } from "../paystack-standin/server";

/**
 * Runs the Paystack stand-in as its own server, for trying the client or the shop against it:
 *   PORT=4010 PAYSTACK_SECRET_KEY=sk_test_standin WEBHOOK_URL=http://localhost:3000/api/webhooks/paystack npm run paystack-standin
 * Then point the shop at it with PAYSTACK_BASE_URL=http://localhost:4010 and the same PAYSTACK_SECRET_KEY.
 */

const url = z.url().refine((v) => /^https?:\/\//.test(v), "must be an http(s) URL");
const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(4010),
  HOST: z.string().min(1).default("127.0.0.1"),
  PAYSTACK_SECRET_KEY: z.string().min(1).default("sk_test_standin"),
  WEBHOOK_URL: url.optional(),
  PUBLIC_URL: url.optional(),
  /** Keeps transactions, recipients and transfers in this JSON file across restarts; in memory when unset. */
  STORE_FILE: z.string().min(1).optional(),
});

async function main(): Promise<void> {
  const env = envSchema.parse(Object.fromEntries(Object.entries(process.env).filter(([, v]) => v)));
  const server = await startStandinServer({
    port: env.PORT,
    host: env.HOST,
    secretKey: env.PAYSTACK_SECRET_KEY,
    store: env.STORE_FILE ? createJsonFileStore(env.STORE_FILE) : createMemoryStore(),
    publicUrl: env.PUBLIC_URL?.replace(/\/+$/, ""),
    webhookUrl: env.WEBHOOK_URL,
    onError: (error) => console.error(`Paystack stand-in: ${error instanceof Error ? error.message : String(error)}`),
  });
  console.log(`Paystack stand-in (test mode, no real money) at ${server.baseUrl}`);
  console.log(`Secret key: ${env.PAYSTACK_SECRET_KEY}; webhooks: ${env.WEBHOOK_URL ?? "off (set WEBHOOK_URL)"}`);
  const stop = () => void server.close().finally(() => process.exit(0));
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
}

main().catch((error: unknown) => {
  console.error(`The Paystack stand-in could not start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
