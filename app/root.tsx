import { type CSSProperties, type ComponentType, type ReactNode, useEffect } from "react";
import {
  Links,
  data,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  isRouteErrorResponse,
  useMatches,
  useNavigation,
  type ShouldRevalidateFunctionArgs,
} from "react-router";
import { displayName } from "../domain/accounts/viewer";
import { siteBarCounts } from "../domain/cart/site-bar";
import { wishedProductIds } from "../domain/catalog/wishlist";
import { CMS_DEFAULTS, type TopBannerContent } from "../domain/cms/defaults";
import { greetingAt } from "../lib/greeting";
import { hexColourOr, safeImageUrl } from "../lib/safe-values";
import { type SiteContent, getSiteContent } from "../domain/cms/service";
import type { Route } from "./+types/root";
import stylesheet from "./app.css?url";
import { currentYear } from "./ui/format";
import { AccessDenied, SignInRequired } from "./site/access-denied";
import { NotFoundView } from "./site/not-found-view";
import { type AccountSummary, type RootData, type SiteFrameData, useRootData, useSite } from "./site/site";
import { InlineStylesheet } from "./site/inline-stylesheet";
import { SiteFooter } from "./site/site-footer";
import { SiteHeader } from "./site/site-header";
import { IconSprite } from "./ui/sprite";
import { Spinner } from "./ui/spinner";
import { Toaster } from "./ui/toast";
import { TopBanner } from "./site/top-banner";
import { whatsappHref, whatsappMessage } from "./site/whatsapp";
import { takeFlash } from "./server/flash.server";
import { WhatsappFloatingButton } from "./site/whatsapp-button";
import { LiveUpdates } from "./site/live-updates";
import { logServerError } from "./server/log.server";
import { SITE_ICON_SVG } from "../lib/site-icon";

/** Built pages carry their styles inline (`InlineStylesheet`); the dev server links them, so they reload on change. */
const INLINE_STYLES = !import.meta.env.DEV;

export const links: Route.LinksFunction = () => [
  ...(INLINE_STYLES ? [] : [{ rel: "stylesheet", href: stylesheet }]),
  { rel: "icon", type: "image/svg+xml", href: FAVICON },
];

const FAVICON = `data:image/svg+xml,${encodeURIComponent(SITE_ICON_SVG)}`;

function toSiteFrame(
  content: SiteContent<"branding" | "whatsapp_config">,
  publicUrl: string,
  { account, cartCount, unreadNotifications, wishedIds }: AccountState,
): SiteFrameData {
  const { branding, whatsapp_config: whatsapp } = content;
  const siteName = branding.site_name?.trim() || CMS_DEFAULTS.branding.site_name;
  const number = whatsapp.number?.trim() || branding.whatsapp_number?.trim() || "";
  const href = whatsapp.enabled && number ? whatsappHref(number, whatsappMessage(siteName)) : null;
  return {
    siteName,
    logoUrl: branding.logo_url ? safeImageUrl(branding.logo_url) : null,
    primaryColor: hexColourOr(branding.primary_color, CMS_DEFAULTS.branding.primary_color),
    whatsapp: href ? { href, label: whatsapp.display_text?.trim() || CMS_DEFAULTS.whatsapp_config.display_text, number } : null,
    publicUrl,
    year: currentYear(),
    cartCount,
    unreadNotifications,
    signedIn: account !== null,
    account,
    wishedIds,
  };
}

interface AccountState {
  account: AccountSummary | null;
  cartCount: number;
  unreadNotifications: number;
  liveAfter: number | null;
  wishedIds: string[];
}

/** The signed-in user for the site bar, the counts of its badges, and where their live stream resumes. */
async function loadAccount(context: Route.LoaderArgs["context"]): Promise<AccountState> {
  const viewer = await context.getViewer();
  if (!viewer) return { account: null, cartCount: 0, unreadNotifications: 0, liveAfter: null, wishedIds: [] };
  const [counts, wishedIds] = await Promise.all([
    siteBarCounts(context.db, viewer.userId).catch((error: unknown) => {
      // Shown as 0 when they cannot be read; the page still renders.
      logServerError("Failed to load the site bar's counts", error);
      return { cartCount: 0, unreadNotifications: 0, liveAfter: 0 };
    }),
    wishedProductIds(context.db, viewer.userId).catch((error: unknown) => {
      // Hearts show un-pressed when the wishlist cannot be read.
      logServerError("Failed to load the wishlist's ids", error);
      return [];
    }),
  ]);
  const account = { userId: viewer.userId, name: displayName(viewer), greeting: greetingAt(new Date()), role: viewer.role };
  return { account, ...counts, wishedIds };
}

export async function loader({ context, request }: Route.LoaderArgs) {
  let content: SiteContent<"branding" | "whatsapp_config">;
  try {
    content = await context.storefront.remember("site-frame", () => getSiteContent(context.db, ["branding", "whatsapp_config"]));
  } catch (error) {
    // Content-load failures are logged only; the defaults keep the site usable.
    logServerError("Failed to load site content", error);
    content = { branding: CMS_DEFAULTS.branding, whatsapp_config: CMS_DEFAULTS.whatsapp_config };
  }
  const [accountState, flash] = await Promise.all([loadAccount(context), takeFlash(request)]);
  const site = toSiteFrame(content, context.config.publicUrl, accountState);
  const root: RootData = { nonce: context.cspNonce, site, flash: flash.toast, liveAfter: accountState.liveAfter };
  return data(root, flash.clear ? { headers: { "Set-Cookie": flash.clear } } : undefined);
}

/**
 * Site content and the signed-in state change rarely: reload them after form submissions (sign-in,
 * sign-out, and the redirects that follow) and when asked to (a cart change elsewhere), not on
 * every navigation.
 */
export function shouldRevalidate({ formMethod, actionResult, currentUrl, nextUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  const submitted = (formMethod !== undefined && formMethod.toUpperCase() !== "GET") || actionResult !== undefined;
  const reloaded = formMethod === undefined && currentUrl.href === nextUrl.href;
  return submitted || reloaded ? defaultShouldRevalidate : false;
}

export function Layout({ children }: { children: ReactNode }) {
  const data = useRootData();
  const nonce = data?.nonce;
  const primary = data?.site.primaryColor ?? CMS_DEFAULTS.branding.primary_color;
  return (
    <html lang="en" style={{ "--color-brand": primary } as CSSProperties}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content={primary} />
        <meta name="format-detection" content="telephone=no" />
        <Meta />
        <Links />
        {INLINE_STYLES ? <InlineStylesheet /> : null}
      </head>
      <body className="flex min-h-screen flex-col">
        <IconSprite />
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

function NavigationProgress() {
  const navigation = useNavigation();
  if (navigation.state !== "loading") return null;
  return (
    <div className="pointer-events-none fixed inset-x-0 top-16 z-40 flex justify-center">
      <Spinner className="rounded-full bg-white px-3 py-1.5 shadow-md ring-1 ring-gray-200" />
    </div>
  );
}

/** The top banner of a route whose handle asks for one (the home page), from its loader data. */
function useRouteTopBanner(): TopBannerContent | null {
  const matches = useMatches();
  for (const match of matches) {
    const handle = match.handle as { topBanner?: boolean } | undefined;
    const data = match.loaderData as { topBanner?: TopBannerContent } | undefined;
    if (handle?.topBanner && data?.topBanner) return data.topBanner;
  }
  return null;
}

function SiteFrame({ children }: { children: ReactNode }) {
  const site = useSite();
  const flash = useRootData()?.flash ?? null;
  const topBanner = useRouteTopBanner();
  return (
    <>
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-white px-4 py-2 font-semibold text-gray-900 shadow focus:not-sr-only focus:fixed focus:left-3 focus:top-3"
      >
        Skip to content
      </a>
      {topBanner ? <TopBanner banner={topBanner} /> : null}
      <SiteHeader site={site} />
      <NavigationProgress />
      <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
        {children}
      </main>
      <SiteFooter site={site} />
      <WhatsappFloatingButton whatsapp={site.whatsapp} />
      <Toaster flash={flash} />
      <LiveUpdates />
    </>
  );
}

export default function App() {
  // Marks the page interactive: browser tests wait for it before they move a fake clock.
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);
  return (
    <SiteFrame>
      <Outlet />
    </SiteFrame>
  );
}

/** The statuses that have a page of their own, with that page's title. */
const STATUS_PAGES: Record<number, { title: string; View: ComponentType }> = {
  404: { title: "Page not found", View: NotFoundView },
  403: { title: "Access Denied", View: AccessDenied },
  401: { title: "Please sign in", View: SignInRequired },
};

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const statusPage = isRouteErrorResponse(error) ? STATUS_PAGES[error.status] : undefined;
  if (statusPage) {
    return (
      <SiteFrame>
        <title>{statusPage.title}</title>
        <statusPage.View />
      </SiteFrame>
    );
  }
  const refusal = isRouteErrorResponse(error) && error.status >= 400 && error.status < 500 ? messageOf(error.data) : null;
  if (refusal) {
    return (
      <SiteFrame>
        <title>Request refused</title>
        <section className="container-page py-20 text-center" aria-labelledby="error-title">
          <h1 id="error-title" className="text-2xl font-bold text-gray-900">
            {refusal}
          </h1>
          <a href="/" className="mt-6 inline-flex items-center rounded-lg bg-brand-strong px-5 py-2.5 text-sm font-semibold text-white hover:opacity-90">
            Return to Home
          </a>
        </section>
      </SiteFrame>
    );
  }
  const details = import.meta.env.DEV && error instanceof Error ? error.stack ?? error.message : null;
  return (
    <SiteFrame>
      <title>Something went wrong</title>
      <section className="container-page py-20 text-center" aria-labelledby="error-title">
        <h1 id="error-title" className="text-2xl font-bold text-gray-900">
          Something went wrong
        </h1>
        <p className="mx-auto mt-3 max-w-md text-gray-700">
          We couldn't load this page. Please check your connection and try again in a moment.
        </p>
        <a
          href="/"
          className="mt-6 inline-flex items-center rounded-lg bg-brand-strong px-5 py-2.5 text-sm font-semibold text-white hover:opacity-90"
        >
          Return to Home
        </a>
        {details ? (
          <pre className="mx-auto mt-8 max-w-3xl overflow-x-auto rounded-lg bg-gray-100 p-4 text-left text-xs text-gray-800">
            {details}
          </pre>
        ) : null}
      </section>
    </SiteFrame>
  );
}

/** The message of a refusal thrown as data({ error }) (an unreadable form, say). */
function messageOf(data: unknown): string | null {
  const message = typeof data === "object" && data !== null ? (data as { error?: unknown }).error : undefined;
  return typeof message === "string" && message.trim() !== "" ? message : null;
}
