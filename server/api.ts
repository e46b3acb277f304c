import express, { type ErrorRequestHandler, type Router } from "express";
import type { AccountsContext } from "../domain/accounts/service";
import type { ListingCache } from "../domain/catalog/listing-cache";
import { createAccountsApi } from "./accounts-api";
import { createCartApi } from "./cart-api";
import { createCatalogApi } from "./catalog-api";
import { type CheckoutApiDeps, createCheckoutApi } from "./checkout-api";
import { createLiveApi } from "./live-api";
import type { LiveHub } from "./live-hub";
import type { Logger } from "./logger";
import { createNotificationsApi } from "./notifications-api";
import { createOrdersApi } from "./orders-api";

/** JSON endpoints under /api. Every answer is JSON, including errors. */
export function createApiRouter({ logger, accounts, live, listingCache, checkout }: {
  logger: Logger;
  accounts: AccountsContext;
  live: LiveHub;
  listingCache: ListingCache;
  checkout: CheckoutApiDeps;
}): Router {
  const api = express.Router();
  api.use(express.json({ limit: "100kb" }));
  api.use(createAccountsApi(accounts));
  api.use(createCatalogApi({ db: accounts.db, listingCache }));
  api.use(createCartApi({ db: accounts.db }));
  api.use(createNotificationsApi({ db: accounts.db }));
  api.use(createOrdersApi({ db: accounts.db }));
  api.use(createCheckoutApi({ ...checkout, db: accounts.db, logger }));
  api.use(createLiveApi({ accounts, hub: live, logger }));

  api.use((_req, res) => {
    res.status(404).json({ error: "Not found" });
  });
  api.use(apiErrorHandler(logger));
  return api;
}

function apiErrorHandler(logger: Logger): ErrorRequestHandler {
  return (error, req, res, _next) => {
    const status = typeof error?.status === "number" ? error.status : 500;
    if (status >= 500) {
      logger.error({ err: error, path: req.path }, "api request failed");
      res.status(500).json({ error: "Something went wrong. Please try again." });
      return;
    }
    const messages: Record<string, string> = {
      "entity.parse.failed": "The request body is not valid JSON.",
      "entity.too.large": "The request body is too large.",
      "encoding.unsupported": "The request body encoding is not supported.",
    };
    res.status(status).json({ error: messages[error.type as string] ?? "The request could not be understood." });
  };
}
