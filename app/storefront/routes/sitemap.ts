import { listSitemapProducts, renderSitemap } from "../../../domain/catalog/sitemap";
import type { Route } from "./+types/sitemap";

/** /sitemap.xml: the public pages and every live product, for search engines. */
export async function loader({ context }: Route.LoaderArgs) {
  const productList = await listSitemapProducts(context.db);
  return new Response(renderSitemap(context.config.publicUrl, productList), {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
