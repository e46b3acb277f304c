import type { Database } from "../db/client";
import type { Config } from "./config";

/** What every loader and action receives as `context` (set per request by server/app.ts). */
export interface AppContext {
  db: Database;
  config: Config;
  /** Per-request nonce for inline scripts allowed by the Content-Security-Policy. */
  cspNonce: string;
}

declare module "react-router" {
  interface AppLoadContext extends AppContext {}
}
