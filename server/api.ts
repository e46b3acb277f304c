import express, { type ErrorRequestHandler, type Router } from "express";
import type { AccountsContext } from "../domain/accounts/service";
import type { ListingCache } from "../domain/catalog/listing-cache";
import { createCatalogApi } from "./catalog-api";
import { createLiveApi } from "./live-api";
import type { LiveHub } from "./live-hub";
import type { Logger } from "./logger";

/**
 * JSON endpoints under /api: only what is not a page, the public product listing and the live
 * event stream (webhooks are mounted on their own). Every change of state a person makes goes
 * through a page's action instead. Every answer is JSON, including errors.
 */
export function createApiRouter({ logger, accounts, live, listingCache }: {
  logger: Logger;
  accounts: AccountsContext;
  live: LiveHub;
  listingCache: ListingCache;
}): Router {
  const api = express.Router();
  api.use(express.json({ limit: "100kb" }));
  api.use(createCatalogApi({ db: accounts.db, listingCache }));
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
