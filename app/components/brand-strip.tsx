import { Link } from "react-router";
import { BRAND_STRIP } from "../../lib/constants";
import { SmartphoneIcon } from "./icons";

export function BrandStrip() {
  return (
    <section aria-labelledby="brands-title" className="container-page py-8">
      <h2 id="brands-title" className="text-xl font-bold text-gray-900 sm:text-2xl">
        Shop by Brand
      </h2>
      <ul className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-4">
        {BRAND_STRIP.map((brand) => (
          <li key={brand.query}>
            <Link
              to={`/shop?brand=${brand.query}`}
              className="flex h-full items-center gap-2 rounded-xl border border-gray-200 bg-white p-3 sm:gap-3 shadow-sm transition hover:border-brand-strong hover:shadow-md"
            >
              <span className="inline-flex h-9 w-9 shrink-0 items-center justify-center rounded-lg bg-brand-soft text-brand-strong">
                <SmartphoneIcon className="h-5 w-5" />
              </span>
              <span className="min-w-0">
                <span className="block font-semibold leading-tight text-gray-900">{brand.name}</span>
                <span className="block whitespace-nowrap text-xs text-gray-600">{brand.count}</span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
