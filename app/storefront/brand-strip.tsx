import { Link } from "react-router";
import type { FeaturedCategoriesContent } from "../../domain/cms/defaults";
import { BRAND_QUERY_ALIASES } from "../../lib/constants";
import { safeImageUrl } from "../../lib/safe-values";
import { SmartphoneIcon } from "../ui/icons";

/**
 * The shop link of a category: a brand filter when its name starts with a brand or an alias
 * ("iPhone" → brand=apple, "Google Pixel" → brand=google), otherwise a search for the name.
 */
export function categoryShopLink(name: string): string {
  const trimmed = name.trim();
  const brand = BRAND_QUERY_ALIASES[trimmed.split(/\s+/)[0]?.toLowerCase() ?? ""];
  return brand ? `/shop?brand=${brand.toLowerCase()}` : `/shop?search=${encodeURIComponent(trimmed)}`;
}

/** Brand strip from the featured_categories content block. */
export function BrandStrip({ content }: { content: FeaturedCategoriesContent }) {
  const categories = content.categories
    .filter((category) => category.name?.trim())
    .map((category) => ({ ...category, image: category.image ? safeImageUrl(category.image) : null }));
  if (categories.length === 0) return null;
  return (
    <section aria-labelledby="brands-title" className="container-page py-8">
      <h2 id="brands-title" className="text-xl font-bold text-gray-900 sm:text-2xl">
        {content.title}
      </h2>
      {content.subtitle ? <p className="text-sm text-gray-600">{content.subtitle}</p> : null}
      <ul className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-4">
        {categories.map((category) => (
          <li key={category.name}>
            <Link
              to={categoryShopLink(category.name)}
              className="flex h-full items-center gap-2 rounded-xl border border-gray-200 bg-white p-3 shadow-sm transition hover:border-brand-strong hover:shadow-md sm:gap-3"
            >
              <span className="inline-flex h-9 w-9 shrink-0 items-center justify-center overflow-hidden rounded-lg bg-brand-soft text-brand-strong">
                {category.image ? (
                  <img src={category.image} alt="" width={36} height={36} loading="lazy" decoding="async" className="h-full w-full object-cover" />
                ) : (
                  <SmartphoneIcon className="h-5 w-5" />
                )}
              </span>
              <span className="min-w-0">
                <span className="block font-semibold leading-tight text-gray-900">{category.name}</span>
                <span className="block whitespace-nowrap text-xs text-gray-600">{category.count}</span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
