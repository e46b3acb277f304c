import { useRouteLoaderData } from "react-router";
import { CMS_DEFAULTS } from "../../domain/cms/defaults";
import type { Role } from "../../lib/constants";
import type { ToastMessage } from "../ui/toast";

/** The signed-in user as the site bar shows them. */
export interface AccountSummary {
  userId: string;
  /** Full name, else the part of the e-mail before the @, else 'User'. */
  name: string;
  /** 'Good morning', 'Good afternoon' or 'Good evening', in Lagos time. */
  greeting: string;
  role: Role;
}

/** What the site frame (bar, footer, meta tags) needs; produced by the root loader. */
export interface SiteFrameData {
  siteName: string;
  /** Uploaded logo, or null for the built-in mark. */
  logoUrl: string | null;
  primaryColor: string;
  /** WhatsApp chat link, when WhatsApp is enabled and a number is configured. */
  whatsapp: { href: string; label: string; number: string } | null;
  /** Absolute origin of the site, for canonical and Open Graph URLs. */
  publicUrl: string;
  year: number;
  /** Items in the signed-in user's cart; 0 when signed out. */
  cartCount: number;
  /** The signed-in user's unread notifications; 0 when signed out. */
  unreadNotifications: number;
  signedIn: boolean;
  account: AccountSummary | null;
  /** The ids of the phones the signed-in user wished for, read once per page; empty when signed out. */
  wishedIds: string[];
}

export interface RootData {
  nonce: string;
  site: SiteFrameData;
  /** A toast the server set before a redirect. */
  flash: ToastMessage | null;
  /** The newest live event id when the page's data was read; the stream resumes after it. */
  liveAfter: number | null;
}

export const FALLBACK_SITE: SiteFrameData = {
  siteName: CMS_DEFAULTS.branding.site_name,
  logoUrl: null,
  primaryColor: CMS_DEFAULTS.branding.primary_color,
  whatsapp: null,
  publicUrl: "",
  year: new Date().getFullYear(),
  cartCount: 0,
  unreadNotifications: 0,
  signedIn: false,
  account: null,
  wishedIds: [],
};

export function useRootData(): RootData | undefined {
  return useRouteLoaderData("root") as RootData | undefined;
}

export function useSite(): SiteFrameData {
  return useRootData()?.site ?? FALLBACK_SITE;
}

type MetaMatch = { id: string; loaderData?: unknown } | undefined;

/** The site frame data from meta() matches (the root route's loader data). */
export function siteFromMatches(matches: readonly MetaMatch[]): SiteFrameData {
  const root = matches.find((m) => m?.id === "root");
  const data = root?.loaderData as RootData | undefined;
  return data?.site ?? FALLBACK_SITE;
}

/** Absolute URL for Open Graph tags; relative when no public URL is known. */
export function absoluteUrl(site: SiteFrameData, pathOrUrl: string): string {
  if (/^https?:\/\//i.test(pathOrUrl)) return pathOrUrl;
  if (!site.publicUrl) return pathOrUrl;
  return new URL(pathOrUrl, `${site.publicUrl}/`).href;
}

/** Title, description, canonical and Open Graph tags shared by the public pages. */
export function pageMeta(
  site: SiteFrameData,
  { title, description, path, image, type = "website" }: { title: string; description: string; path: string; image?: string | null; type?: string },
) {
  const url = absoluteUrl(site, path);
  const tags: Array<Record<string, string>> = [
    { title },
    { name: "description", content: description },
    { property: "og:site_name", content: site.siteName },
    { property: "og:type", content: type },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:url", content: url },
    { property: "og:locale", content: "en_NG" },
    { name: "twitter:card", content: image ? "summary_large_image" : "summary" },
  ];
  if (site.publicUrl) tags.push({ tagName: "link", rel: "canonical", href: url });
  if (image) {
    const imageUrl = absoluteUrl(site, image);
    tags.push({ property: "og:image", content: imageUrl }, { name: "twitter:image", content: imageUrl });
  }
  return tags;
}
