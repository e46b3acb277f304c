import type { AppLoadContext } from "react-router";
import type { Database } from "../db/client";
import type { Config } from "./config";

/** What every loader and action receives as `context` (set per request by server/app.ts). */
declare module "react-router" {
  interface AppLoadContext {
    db: Database;
    config: Config;
    /** Per-request nonce for inline scripts allowed by the Content-Security-Policy. */
    cspNonce: string;
  }
}

export type AppContext = AppLoadContext;
