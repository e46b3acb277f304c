import express, { type Router } from "express";
import type { Database } from "../db/client";
import type { ListingCache } from "../domain/catalog/listing-cache";
import { listShopPage } from "../domain/catalog/shop";
import { parseShopParams } from "../domain/catalog/shop-query";

/** Public catalogue endpoints. */
export function createCatalogApi({ db, listingCache }: { db: Database; listingCache: ListingCache }): Router {
  const api = express.Router();

  // The shop page as JSON: the query parameters of /shop, read the same way (invalid ones ignored).
  api.get("/products", async (req, res, next) => {
    try {
      const query = parseShopParams(new URL(req.originalUrl, "http://localhost").searchParams);
      res.json(await listShopPage(db, query, listingCache));
    } catch (error) {
      next(error);
    }
  });

  return api;
}
