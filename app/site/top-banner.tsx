import { useSyncExternalStore } from "react";
import { Link } from "react-router";
import { CMS_DEFAULTS, type TopBannerContent } from "../../domain/cms/defaults";
import { hexColourOr, safeLinkUrl } from "../../lib/safe-values";
import { CloseIcon } from "../ui/icons";
import { useRootData } from "./site";

export const TOP_BANNER_DISMISSED_KEY = "top_banner_dismissed";

const listeners = new Set<() => void>();
/** Fallback when storage is unavailable (private mode): hidden for this page view only. */
let dismissedInMemory = false;

function readDismissed(): boolean {
  try {
    return dismissedInMemory || window.localStorage.getItem(TOP_BANNER_DISMISSED_KEY) === "true";
  } catch {
    return dismissedInMemory;
  }
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  window.addEventListener("storage", listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", listener);
  };
}

function dismissBanner() {
  dismissedInMemory = true;
  try {
    window.localStorage.setItem(TOP_BANNER_DISMISSED_KEY, "true");
  } catch {
    // Storage unavailable: the in-memory flag applies.
  }
  for (const listener of listeners) listener();
}

/**
 * Runs as the page is parsed, before hydration: a banner dismissed on an earlier visit is
 * hidden at once instead of showing until the scripts load and then jumping away.
 */
const HIDE_WHEN_DISMISSED = `try{if(localStorage.getItem(${JSON.stringify(TOP_BANNER_DISMISSED_KEY)})==="true")document.currentScript.previousElementSibling.hidden=true}catch(e){}`;

/**
 * Announcement strip from the top_banner content block. The dismissed flag lives in
 * localStorage; it is read after hydration so the server and first client render agree.
 */
export function TopBanner({ banner }: { banner: TopBannerContent }) {
  // The server (and hydration) render as not dismissed; the stored flag applies right after.
  const dismissed = useSyncExternalStore(subscribe, readDismissed, () => false);
  const nonce = useRootData()?.nonce;

  if (!banner.enabled || !banner.text?.trim() || (banner.dismissible && dismissed)) return null;

  const url = banner.link_url ? safeLinkUrl(banner.link_url) : null;
  const link = url && banner.link_text ? { url, text: banner.link_text } : null;
  const internal = link?.url.startsWith("/") && !link.url.startsWith("//");

  return (
    <>
      <aside
        aria-label="Announcement"
        className="relative"
        style={{
          backgroundColor: hexColourOr(banner.background_color, CMS_DEFAULTS.top_banner.background_color),
          color: hexColourOr(banner.text_color, CMS_DEFAULTS.top_banner.text_color),
        }}
      >
        <div className="container-page flex min-h-10 items-center justify-center gap-x-3 py-2 pr-12 text-center text-sm font-medium">
          <p>
            {banner.text}
            {link ? (
              <>
                {" "}
                {internal ? (
                  <Link to={link.url} className="font-bold underline underline-offset-2">
                    {link.text}
                  </Link>
                ) : (
                  <a href={link.url} className="font-bold underline underline-offset-2" rel="noopener noreferrer">
                    {link.text}
                  </a>
                )}
              </>
            ) : null}
          </p>
          {banner.dismissible ? (
            <button
              type="button"
              onClick={dismissBanner}
              aria-label="Dismiss announcement"
              className="absolute right-2 top-1/2 inline-flex h-9 w-9 -translate-y-1/2 items-center justify-center rounded-full hover:bg-black/10"
            >
              <CloseIcon className="h-4 w-4" />
            </button>
          ) : null}
        </div>
      </aside>
      {banner.dismissible ? (
        <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: HIDE_WHEN_DISMISSED }} />
      ) : null}
    </>
  );
}
