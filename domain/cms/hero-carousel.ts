/**
 * The home page's banner carousel as the page shows it (docs/cms.md, hero_banners):
 * only active banners, with colours, images and timing checked, so a bad stored value falls
 * back instead of reaching the markup. Plain data with no server imports.
 */
import { LIMITS } from "../../lib/constants";
import { hexColourOr, safeImageUrl, slideIntervalMs } from "../../lib/safe-values";
import { CMS_DEFAULTS, type HeroBannersContent, type HeroStats } from "./defaults";

export interface HeroCarouselSlide {
  id: string;
  title: string;
  subtitle: string;
  description: string;
  ctaPrimary: string;
  backgroundImage: string | null;
  backgroundColor: string;
  textColor: string;
}

export interface HeroCarousel {
  autoplay: boolean;
  /** Milliseconds between slides. */
  interval: number;
  loop: boolean;
  showDots: boolean;
  showArrows: boolean;
  slides: HeroCarouselSlide[];
  stats: HeroStats;
}

const FALLBACK_SLIDE = CMS_DEFAULTS.hero_banners.banners[0]!;

const textOf = (value: unknown): string => (typeof value === "string" ? value.trim() : "");

function toSlide(banner: Record<string, unknown>, position: number): HeroCarouselSlide {
  const image = textOf(banner.background_image);
  return {
    id: textOf(banner.id) || `hero-${position + 1}`,
    title: textOf(banner.title),
    subtitle: textOf(banner.subtitle),
    description: textOf(banner.description),
    ctaPrimary: textOf(banner.cta_primary) || CMS_DEFAULTS.hero_banner.cta_primary,
    backgroundImage: image ? safeImageUrl(image) : null,
    backgroundColor: hexColourOr(banner.background_color, FALLBACK_SLIDE.background_color),
    textColor: hexColourOr(banner.text_color, FALLBACK_SLIDE.text_color),
  };
}

function isActiveBanner(banner: unknown): banner is Record<string, unknown> {
  if (!banner || typeof banner !== "object") return false;
  const { active, title } = banner as Record<string, unknown>;
  return active === true && textOf(title) !== "";
}

/** The carousel to show in place of the hero, or null when it is off or has no active banner. */
export function heroCarouselOf(content: HeroBannersContent): HeroCarousel | null {
  if (content.enabled !== true || !Array.isArray(content.banners)) return null;
  // Stored rows may predate the form's rules, so each banner is read as unknown JSON.
  const slides = (content.banners as unknown[]).filter(isActiveBanner).map(toSlide);
  if (slides.length === 0) return null;
  return {
    autoplay: content.autoplay === true,
    interval: slideIntervalMs(content.interval, LIMITS.heroIntervalMs),
    loop: content.infinite_loop === true,
    showDots: content.show_dots === true,
    showArrows: content.show_arrows === true,
    slides,
    stats: content.stats,
  };
}
