import type { ReactNode } from "react";
import { Link, useLoaderData } from "react-router";
import { CMS_DEFAULTS } from "../../../domain/cms/defaults";
import { getSiteContent } from "../../../domain/cms/service";
import { LIMITS } from "../../../lib/constants";
import { pageMeta, siteFromMatches } from "../../site/site";
import { BenefitGrid, CheckList } from "../vendor-benefits";
import type { Route } from "./+types/become-vendor";
import { logServerError } from "../../server/log.server";

/**
 * The page's content comes from the CMS (vendor page config and become-vendor sections), over the
 * defaults. 'Apply Now' leads a signed-out visitor to the vendor sign-in, a signed-in one to the application.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const applyHref = (await context.getViewer()) ? "/vendor-application" : "/vendor-auth";
  try {
    return { applyHref, ...(await getSiteContent(context.db, ["vendor_page_config", "become_vendor_page"])) };
  } catch (error) {
    // Content-load failures are logged only; the defaults keep the page useful.
    logServerError("Failed to load the become-a-vendor content", error);
    return { applyHref, vendor_page_config: CMS_DEFAULTS.vendor_page_config, become_vendor_page: CMS_DEFAULTS.become_vendor_page };
  }
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  const site = siteFromMatches(matches);
  const page = loaderData?.become_vendor_page ?? CMS_DEFAULTS.become_vendor_page;
  return pageMeta(site, { title: `${page.title} | ${site.siteName}`, description: page.subtitle, path: "/become-vendor" });
}

function Section({ id, title, subtitle, children }: { id: string; title: string; subtitle?: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="container-page py-10 sm:py-14">
      <h2 id={id} className="text-2xl font-extrabold text-gray-900 sm:text-3xl">
        {title}
      </h2>
      {subtitle ? <p className="mt-2 text-gray-700">{subtitle}</p> : null}
      <div className="mt-6">{children}</div>
    </section>
  );
}

function ApplyLink({ text }: { text: string }) {
  const { applyHref } = useLoaderData<typeof loader>();
  return (
    <Link
      to={applyHref}
      className="inline-flex items-center justify-center rounded-lg bg-brand-strong px-6 py-3 text-base font-semibold text-white shadow-sm hover:opacity-90"
    >
      {text}
    </Link>
  );
}

export default function BecomeVendorPage() {
  const { vendor_page_config: config, become_vendor_page: page } = useLoaderData<typeof loader>();
  const { hero_section: hero, requirements_section: requirements, benefits_section: benefits, process_section: process, terms_section: terms } = config;
  const steps = [...process.steps].sort((a, b) => a.step - b.step);
  return (
    <>
      <section aria-labelledby="become-vendor-title" className="bg-gray-900 text-white">
        <div className="container-page py-12 sm:py-20">
          <p className="text-sm font-semibold uppercase tracking-wide text-orange-200">{page.title}</p>
          <h1 id="become-vendor-title" className="mt-2 max-w-3xl text-3xl font-extrabold sm:text-5xl">
            {hero.title}
          </h1>
          <p className="mt-3 max-w-2xl text-lg text-gray-100">{hero.subtitle}</p>
          <p className="mt-3 max-w-2xl text-gray-200">{hero.description}</p>
          <div className="mt-8">
            <ApplyLink text={hero.cta_text} />
          </div>
        </div>
      </section>

      <Section id="benefits-title" title={benefits.title} subtitle={benefits.subtitle}>
        <BenefitGrid items={benefits.items.length > 0 ? benefits.items : page.benefits} />
      </Section>

      <div className="bg-gray-50">
        <Section id="requirements-title" title={requirements.title} subtitle={requirements.subtitle}>
          <CheckList items={requirements.items} />
        </Section>
      </div>

      <Section id="process-title" title={process.title} subtitle={process.subtitle}>
        <ol className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {steps.map((step) => (
            <li key={step.step} className="rounded-2xl border border-gray-200 p-5">
              <span aria-hidden="true" className="inline-flex h-9 w-9 items-center justify-center rounded-full bg-brand-strong font-bold text-white">
                {step.step}
              </span>
              <h3 className="mt-3 font-bold text-gray-900">
                <span className="sr-only">Step {step.step}: </span>
                {step.title}
              </h3>
              <p className="mt-1 text-sm text-gray-700">{step.description}</p>
            </li>
          ))}
        </ol>
        <p className="mt-6 rounded-xl bg-brand-soft px-4 py-3 text-sm font-semibold text-gray-900">
          Every application is reviewed within {LIMITS.vendorReviewDays}.
        </p>
      </Section>

      <div className="bg-gray-50">
        <Section id="terms-title" title={terms.title}>
          <CheckList items={terms.items} />
          <div className="mt-6 space-y-2 text-gray-800">
            <p>{page.pricing_note}</p>
            <p className="font-semibold">{page.commission_text}</p>
          </div>
        </Section>
      </div>

      <section aria-labelledby="apply-now-title" className="container-page py-12 text-center">
        <h2 id="apply-now-title" className="text-2xl font-extrabold text-gray-900">
          {page.subtitle}
        </h2>
        <div className="mt-6">
          <ApplyLink text={hero.cta_text} />
        </div>
      </section>
    </>
  );
}
