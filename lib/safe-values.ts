/**
 * Site content values checked before a page uses them: a stored value that slipped past the
 * CMS form's rules (an old row, a direct edit) falls back instead of reaching the markup.
 */
import { LIMITS } from "./constants";

const HEX_COLOUR = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;

/**
 * A same-site path or an https address; anything else (javascript:, data:, //host) is refused.
 * Browsers read a backslash as a slash and drop tabs and line breaks, so "/\host" and
 * "/<tab>/host" are other sites too: a path has no backslash, space or control character.
 */
export function safeImageUrl(url: string): string | null {
  const value = url.trim();
  if (value.startsWith("/") && !/^\/[/\\]/.test(value) && !/[\\\s\p{Cc}]/u.test(value)) return value;
  if (/^https:\/\//i.test(value)) return value;
  return null;
}

/** A link in site content follows the same rule as an image address. */
export const safeLinkUrl = safeImageUrl;

/** The colour when it is a #rgb or #rrggbb hex colour, else the fallback. */
export function hexColourOr(colour: unknown, fallback: string): string {
  return typeof colour === "string" && HEX_COLOUR.test(colour.trim()) ? colour.trim() : fallback;
}

/** Milliseconds a carousel slide stays: the configured value held to 1–30 seconds. */
export function slideIntervalMs(configured: unknown, fallback: number): number {
  const ms = Number(configured) || fallback;
  const min = LIMITS.homeBannerAutoplayMinSeconds * 1000;
  const max = LIMITS.homeBannerAutoplayMaxSeconds * 1000;
  return Math.min(max, Math.max(min, ms));
}
