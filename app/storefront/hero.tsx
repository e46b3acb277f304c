import { useState } from "react";
import { Link, useNavigate } from "react-router";
import type { HeroBannerContent, HeroStats } from "../../domain/cms/defaults";
import { CMS_DEFAULTS } from "../../domain/cms/defaults";
import { TEXTS } from "../../lib/constants";
import { SearchField } from "./search-field";

/** Hero with the search box and the two calls to action. */
export function Hero({ hero }: { hero: HeroBannerContent }) {
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
          <HeroSearch className="mt-6" />
          <HeroActions primary={hero.cta_primary} className="mt-6 justify-center" />
        </div>
        <HeroStatsList stats={hero.stats} />
      </div>
    </section>
  );
}

/** The phone search: a blank term stays put, a real one opens the shop with it trimmed. */
export function HeroSearch({ className = "" }: { className?: string }) {
  const navigate = useNavigate();
  const [term, setTerm] = useState("");
  return (
    <form
      role="search"
      action="/shop"
      method="get"
      className={`mx-auto flex max-w-xl gap-2 ${className}`}
      onSubmit={(event) => {
        event.preventDefault();
        const trimmed = term.trim();
        if (!trimmed) return;
        navigate(`/shop?search=${encodeURIComponent(trimmed)}`);
      }}
    >
      <SearchField id="hero-search" value={term} onChange={setTerm} />
    </form>
  );
}

const ACTION_CLASS = "inline-flex items-center justify-center rounded-lg px-6 py-3 text-base font-semibold";
const ACTION_TONES = {
  light: {
    primary: "bg-gray-900 text-white hover:bg-gray-800",
    secondary: "border-2 border-brand-strong bg-white text-brand-strong hover:bg-brand-soft",
  },
  /** Over a banner's own colours: the secondary takes the banner's text colour. */
  banner: {
    primary: "bg-white text-gray-900 hover:bg-gray-100",
    secondary: "border-2 border-current hover:bg-white/10",
  },
} as const;

/** Shop (the configured label) and 'Become a Vendor', the hero's two calls to action. */
export function HeroActions({ primary, tone = "light", className = "" }: { primary: string; tone?: keyof typeof ACTION_TONES; className?: string }) {
  return (
    <div className={`flex flex-col gap-3 sm:flex-row ${className}`}>
      <Link to="/shop" className={`${ACTION_CLASS} ${ACTION_TONES[tone].primary}`}>
        {primary || CMS_DEFAULTS.hero_banner.cta_primary}
      </Link>
      <Link to="/vendor-application" className={`${ACTION_CLASS} ${ACTION_TONES[tone].secondary}`}>
        {TEXTS.becomeVendor}
      </Link>
    </div>
  );
}

/** The marketing figures under the hero; a missing figure shows its default. */
export function HeroStatsList({ stats }: { stats: Partial<HeroStats> | undefined }) {
  const figures = { ...CMS_DEFAULTS.hero_banner.stats, ...(stats ?? {}) };
  return (
    <dl className="mx-auto mt-10 grid max-w-3xl grid-cols-3 gap-2 text-center sm:gap-6">
      <div className="flex flex-col">
        <dt className="text-xs text-gray-600 sm:text-sm">Happy Customers</dt>
        <dd className="order-first text-xl font-extrabold text-gray-900 sm:text-3xl">{figures.customers}</dd>
      </div>
      <div className="flex flex-col">
        <dt className="text-xs text-gray-600 sm:text-sm">Phones Sold</dt>
        <dd className="order-first text-xl font-extrabold text-gray-900 sm:text-3xl">{figures.phones_sold}</dd>
      </div>
      <div className="flex flex-col">
        <dt className="text-xs text-gray-600 sm:text-sm">Satisfaction</dt>
        <dd className="order-first text-xl font-extrabold text-gray-900 sm:text-3xl">{figures.satisfaction}</dd>
      </div>
    </dl>
  );
}
