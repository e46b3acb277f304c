/**
 * Names of the renditions stored beside every catalogue image, and the srcset that offers
 * them. Plain string functions with no server imports, so pages may import them too.
 *
 * A stored image `products/x/front.webp` has beside it:
 * - `products/x/front-320w.webp`, `-640w`, `-1280w`: WebP renditions at most that
 *   wide (never enlarged: a rendition wider than the original has the original's width);
 * - `products/x/front-og.jpg`: a 1200×630 JPEG for link previews (WhatsApp and others do
 *   not reliably show WebP previews).
 */

export const PUBLIC_UPLOADS_PREFIX = "/uploads/";

/**
 * Widths of the WebP renditions, narrowest first: thumbnails and cards on plain screens;
 * cards on phone screens; the gallery on dense screens.
 */
export const IMAGE_WIDTHS = [320, 640, 1280] as const;
export type ImageWidth = (typeof IMAGE_WIDTHS)[number];

export const PREVIEW_IMAGE = { width: 1200, height: 630, type: "image/jpeg" } as const;

/** A stored WebP original (not itself a rendition). */
const OWN_IMAGE = /^\/uploads\/(?:[a-z0-9_.-]+\/)*[a-z0-9_.-]+\.webp$/;
const RENDITION_SUFFIX = /-(?:\d+w\.webp|og\.jpg)$/;

/** True for a WebP original stored by this site; such images have renditions beside them. */
export function hasRenditions(url: string): boolean {
  return OWN_IMAGE.test(url) && !RENDITION_SUFFIX.test(url) && !url.includes("..");
}

function withSuffix(pathOrKey: string, suffix: string): string {
  return pathOrKey.replace(/\.webp$/, suffix);
}

/** `a/b.webp` → `a/b-320w.webp`; works on storage keys and public URLs alike. */
export function widthRenditionPath(pathOrKey: string, width: number): string {
  return withSuffix(pathOrKey, `-${width}w.webp`);
}

/** `a/b.webp` → `a/b-og.jpg`. */
export function previewRenditionPath(pathOrKey: string): string {
  return withSuffix(pathOrKey, "-og.jpg");
}

/** The srcset of a stored image, or undefined for images that are not ours (they are shown as they are). */
export function imageSrcSet(url: string): string | undefined {
  if (!hasRenditions(url)) return undefined;
  return IMAGE_WIDTHS.map((width) => `${widthRenditionPath(url, width)} ${width}w`).join(", ");
}

/** The image for link previews: the JPEG rendition of a stored image, otherwise the image itself. */
export function previewImageUrl(url: string): string {
  return hasRenditions(url) ? previewRenditionPath(url) : url;
}
