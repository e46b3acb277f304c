import { DEFAULT_PROMISES } from "../../../domain/catalog/promises";
import { getStorePromises, listFeaturedProducts, listProductRow, type ProductRowKind, type ProductSummary } from "../../../domain/catalog/service";
import { CMS_DEFAULTS, topBannerFor } from "../../../domain/cms/defaults";
import { heroCarouselOf } from "../../../domain/cms/hero-carousel";
import { getSiteContent } from "../../../domain/cms/service";
import { LIMITS, TEXTS } from "../../../lib/constants";
import { BrandStrip } from "../brand-strip";
import { CreateAccountCta } from "../create-account-cta";
import { Hero } from "../hero";
import { HeroCarousel } from "../hero-carousel";
import { HomeBanner } from "../home-banner";
import { toCardData } from "../product-card";
import { EmptyState, ProductGrid } from "../product-grid";
import { ProductRow } from "../product-row";
import { pageMeta, siteFromMatches, useSite } from "../../site/site";
import { WhyChooseUs } from "../why-choose-us";
import type { Route } from "./+types/home";
import { logServerError } from "../../server/log.server";

/** Each row and the shop listing in the same order, which its 'See all' opens. */
const ROWS: Array<{ kind: ProductRowKind; title: string; subtitle: string; shopHref: string }> = [
  { kind: "trending", title: "Trending Now", subtitle: "What buyers are picking up this week", shopHref: "/shop?sort=popular" },
  { kind: "new", title: "New Arrivals", subtitle: "Just listed by our vendors", shopHref: "/shop" },
  { kind: "premium", title: "Premium Grade A", subtitle: "Top-end phones in excellent condition", shopHref: "/shop?sort=price-high" },
  { kind: "deals", title: "Best Deals", subtitle: "Quality phones at the friendliest prices", shopHref: "/shop?sort=price-low" },
];

/** Product fetch failures are logged and the list falls back to empty (docs/storefront.md). */
async function orEmpty(label: string, query: Promise<ProductSummary[]>): Promise<ProductSummary[]> {
  try {
    return await query;
  } catch (error) {
    logServerError(`Failed to load ${label}`, error);
    return [];
  }
}

const HOME_SECTIONS = ["top_banner", "home_banner", "hero_banner", "hero_banners", "featured_categories"] as const;

function pick<T extends object, K extends keyof T>(source: T, keys: readonly K[]): Pick<T, K> {
  return Object.fromEntries(keys.map((key) => [key, source[key]])) as Pick<T, K>;
}

/** The root frame shows this route's top banner above the site bar. */
export const handle = { topBanner: true };

export async function loader({ context }: Route.LoaderArgs) {
  const { db } = context;
  const contentQuery = getSiteContent(db, HOME_SECTIONS).catch((error: unknown) => {
    logServerError("Failed to load site content", error);
    return pick(CMS_DEFAULTS, HOME_SECTIONS);
  });
  const promisesQuery = getStorePromises(db).catch((error: unknown) => {
    logServerError("Failed to load the pricing config", error);
    return DEFAULT_PROMISES;
  });
  const [content, promises, featured, ...rows] = await Promise.all([
    contentQuery,
    promisesQuery,
    orEmpty("featured products", listFeaturedProducts(db, LIMITS.featuredProducts)),
    ...ROWS.map((row) => orEmpty(`${row.kind} products`, listProductRow(db, row.kind, LIMITS.productRowPageSize))),
  ]);
  const heroCarousel = heroCarouselOf(content.hero_banners);
  return {
    topBanner: topBannerFor(content.top_banner, promises),
    homeBanner: content.home_banner,
    // The single hero shows only without the carousel: its content is not sent otherwise.
    hero: heroCarousel ? null : content.hero_banner,
    heroCarousel,
    categories: content.featured_categories,
    featured: featured.map(toCardData),
    /** Per row of ROWS, its products. */
    rows: ROWS.map((_, i) => (rows[i] ?? []).map(toCardData)),
  };
}

export function meta({ matches }: Route.MetaArgs) {
  const site = siteFromMatches(matches);
  return pageMeta(site, {
    title: `${site.siteName} | Graded UK-Used Phones in Nigeria`,
    description:
      "Buy graded UK-used (tokunbo) iPhones, Samsungs and Pixels from verified Nigerian vendors. 15-point quality check, warranty up to 30 days, prices in naira.",
    path: "/",
  });
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const site = useSite();
  const { homeBanner, hero, heroCarousel, categories, featured, rows } = loaderData;
  return (
    <>
      <HomeBanner banner={homeBanner} />
      {heroCarousel ? <HeroCarousel carousel={heroCarousel} /> : hero ? <Hero hero={hero} /> : null}
      <BrandStrip content={categories} />

      <section aria-labelledby="featured-title" className="container-page py-8">
        <h2 id="featured-title" className="mb-4 text-xl font-bold text-gray-900 sm:text-2xl">
          Featured Products
        </h2>
        {featured.length === 0 ? <EmptyState>{TEXTS.noProductsYet}</EmptyState> : <ProductGrid products={featured} />}
      </section>

      {ROWS.map((row, i) => (
        <ProductRow key={row.kind} title={row.title} subtitle={row.subtitle} products={rows[i] ?? []} shopHref={row.shopHref} />
      ))}

      <WhyChooseUs siteName={site.siteName} />
      <CreateAccountCta signedIn={site.signedIn} />
    </>
  );
}
