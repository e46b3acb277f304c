/**
 * The sitemap: the public pages and every listed product (approved, shown, in stock, from an
 * approved vendor: docs/storefront.md), as absolute URLs on the site's public address.
 */
import { desc, eq } from "drizzle-orm";
import type { Database } from "../../db/client";
import { vendors } from "../../db/schema/vendors";
import { products } from "../../db/schema/catalog";
import { listed, toIso } from "./summary";

/** The sitemap protocol's limit for one file. */
export const SITEMAP_MAX_URLS = 50_000;

/** Public pages worth indexing besides the products. */
export const SITEMAP_PAGES = [
  { path: "/", changefreq: "daily" },
  { path: "/shop", changefreq: "daily" },
  { path: "/privacy", changefreq: "yearly" },
] as const;

export interface SitemapProduct {
  id: string;
  /** ISO 8601. */
  updatedAt: string;
}

/** Listed products, newest first, at most as many as one sitemap file holds. */
export async function listSitemapProducts(
  db: Database,
  limit: number = SITEMAP_MAX_URLS - SITEMAP_PAGES.length,
): Promise<SitemapProduct[]> {
  const rows = await db
    .select({ id: products.id, updatedAt: products.updatedAt })
    .from(products)
    .innerJoin(vendors, eq(vendors.id, products.vendorId))
    .where(listed)
    .orderBy(desc(products.createdAt), desc(products.id))
    .limit(Math.max(0, Math.min(limit, SITEMAP_MAX_URLS)));
  return rows.map((row) => ({ id: row.id, updatedAt: toIso(row.updatedAt) }));
}

const XML_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" };

function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => XML_ESCAPES[c] ?? c);
}

/** The sitemap XML; `publicUrl` is the site's origin such as https://tokunbo.ng. */
export function renderSitemap(publicUrl: string, productList: readonly SitemapProduct[]): string {
  const url = (path: string) => new URL(path, `${publicUrl}/`).href;
  const entries = [
    ...SITEMAP_PAGES.map((page) => `<url><loc>${escapeXml(url(page.path))}</loc><changefreq>${page.changefreq}</changefreq></url>`),
    ...productList.map(
      (p) => `<url><loc>${escapeXml(url(`/product/${p.id}`))}</loc><lastmod>${p.updatedAt}</lastmod></url>`,
    ),
  ];
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...entries,
    "</urlset>",
    "",
  ].join("\n");
}
