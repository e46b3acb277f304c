import { useState } from "react";
import { Link, useNavigate } from "react-router";
import type { HeroBannerContent } from "../../domain/cms/defaults";
import { CMS_DEFAULTS } from "../../domain/cms/defaults";
import { TEXTS } from "../../lib/constants";
import { SearchField } from "./search-field";

/** Hero with the search box and the two calls to action. */
export function Hero({ hero }: { hero: HeroBannerContent }) {
  const navigate = useNavigate();
  const [term, setTerm] = useState("");
  const stats = { ...CMS_DEFAULTS.hero_banner.stats, ...(hero.stats ?? {}) };

  return (
    <section aria-labelledby="hero-title" className="bg-gradient-to-b from-brand-soft to-white">
      <div className="container-page py-10 sm:py-16">
        <div className="mx-auto max-w-3xl text-center">
          {hero.subtitle ? (
            <p className="text-sm font-bold uppercase tracking-wide text-brand-strong">{hero.subtitle}</p>
          ) : null}
          <h1 id="hero-title" className="mt-2 text-3xl font-extrabold tracking-tight text-gray-900 sm:text-5xl">
            {hero.title}
          </h1>
          {hero.description ? <p className="mt-4 text-base text-gray-700 sm:text-lg">{hero.description}</p> : null}

          <form
            role="search"
            action="/shop"
            method="get"
            className="mx-auto mt-6 flex max-w-xl gap-2"
            onSubmit={(event) => {
              event.preventDefault();
              const trimmed = term.trim();
              if (!trimmed) return;
              navigate(`/shop?search=${encodeURIComponent(trimmed)}`);
            }}
          >
            <SearchField id="hero-search" value={term} onChange={setTerm} />
          </form>

          <div className="mt-6 flex flex-col justify-center gap-3 sm:flex-row">
            <Link
              to="/shop"
              className="inline-flex items-center justify-center rounded-lg bg-gray-900 px-6 py-3 text-base font-semibold text-white hover:bg-gray-800"
            >
              {hero.cta_primary || CMS_DEFAULTS.hero_banner.cta_primary}
            </Link>
            <Link
              to="/vendor-application"
              className="inline-flex items-center justify-center rounded-lg border-2 border-brand-strong bg-white px-6 py-3 text-base font-semibold text-brand-strong hover:bg-brand-soft"
            >
              {TEXTS.becomeVendor}
            </Link>
          </div>
        </div>

        <dl className="mx-auto mt-10 grid max-w-3xl grid-cols-3 gap-2 text-center sm:gap-6">
          <div className="flex flex-col">
            <dt className="text-xs text-gray-600 sm:text-sm">Happy Customers</dt>
            <dd className="order-first text-xl font-extrabold text-gray-900 sm:text-3xl">{stats.customers}</dd>
          </div>
          <div className="flex flex-col">
            <dt className="text-xs text-gray-600 sm:text-sm">Phones Sold</dt>
            <dd className="order-first text-xl font-extrabold text-gray-900 sm:text-3xl">{stats.phones_sold}</dd>
          </div>
          <div className="flex flex-col">
            <dt className="text-xs text-gray-600 sm:text-sm">Satisfaction</dt>
            <dd className="order-first text-xl font-extrabold text-gray-900 sm:text-3xl">{stats.satisfaction}</dd>
          </div>
        </dl>
      </div>
    </section>
  );
}
