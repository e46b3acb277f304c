import type { AppLoadContext } from "react-router";
import type { Database } from "../db/client";
import type { Auth } from "../domain/accounts/auth";
import type { Viewer } from "../domain/accounts/viewer";
import type { Mailer } from "../domain/mail/mailer";
import type { PaymentProvider } from "../domain/payments/provider";
import type { ListingCache } from "../domain/catalog/listing-cache";
import type { Config } from "./config";
import type { PageCache } from "./page-cache";

/** What every loader and action receives as `context` (set per request by server/app.ts). */
declare module "react-router" {
  interface AppLoadContext {
    db: Database;
    config: Config;
    /** Per-request nonce for inline scripts allowed by the Content-Security-Policy. */
    cspNonce: string;
    auth: Auth;
    mailer: Mailer;
    /** Paystack, or in test mode the built-in stand-in (reached over loopback). */
    payments: PaymentProvider;
    paymentsMode: "paystack" | "test";
    /** Shop pages remembered while the catalogue is unchanged. */
    listingCache: ListingCache;
    /** Storefront data (site content, pricing) read once per change of the storefront. */
    storefront: Pick<PageCache, "remember">;
    /** The client's address (behind one trusted proxy), for rate limits. */
    clientIp: string;
    /** The signed-in user, or null; looked up once per request. */
    getViewer: () => Promise<Viewer | null>;
  }
}

export type AppContext = AppLoadContext;
