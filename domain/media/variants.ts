/**
 * Writes the renditions of a stored image (see image-urls.ts for their names): WebP at each
 * width of IMAGE_WIDTHS and the link-preview JPEG. Used by the demo seed and by anything
 * that stores catalogue images.
 */
import sharp, { type Sharp, type WebpOptions } from "sharp";
import { IMAGE_WIDTHS, PREVIEW_IMAGE, previewRenditionPath, widthRenditionPath } from "./image-urls";
import type { FileStorage } from "./storage";

// Photos and flat artwork alike compress well at low effort, which encodes about three times faster.
const ORIGINAL_WEBP_OPTIONS: WebpOptions = { quality: 80, effort: 2 };
const RENDITION_WEBP_OPTIONS: WebpOptions = { quality: 75, effort: 2 };
// Baseline, not progressive: previews are fetched whole by link-preview robots, and it encodes faster.
const PREVIEW_JPEG_OPTIONS = { quality: 80 } as const;

/** Storage keys of every rendition of the image stored under key. */
export function renditionKeys(key: string): string[] {
  return [...IMAGE_WIDTHS.map((width) => widthRenditionPath(key, width)), previewRenditionPath(key)];
}

/** Renditions of the image under key that are not stored yet. */
export async function missingRenditionKeys(storage: FileStorage, key: string): Promise<string[]> {
  const keys = renditionKeys(key);
  const present = await Promise.all(keys.map((k) => storage.exists(k)));
  return keys.filter((_, i) => !present[i]);
}

/**
 * Stores `source` (any format sharp reads: WebP, JPEG, PNG, SVG…) as a WebP original under
 * `key`, with every rendition beside it. Returns how many files were written.
 */
export async function storeImage(storage: FileStorage, key: string, source: Buffer): Promise<number> {
  const original = await encodeWebp(load(source), ORIGINAL_WEBP_OPTIONS);
  await storage.put(key, original);
  return 1 + (await writeRenditions(storage, key, source, original, renditionKeys(key)));
}

/** Removes an image stored by storeImage: the original and every rendition (those already gone are fine). */
export async function deleteStoredImage(storage: FileStorage, key: string): Promise<void> {
  await Promise.all([key, ...renditionKeys(key)].map((k) => storage.delete(k)));
}

/**
 * Makes the renditions of the WebP original already stored under `key` from its bytes;
 * `only` limits them to some rendition keys. Returns how many files were written.
 */
export function writeImageVariants(
  storage: FileStorage,
  key: string,
  original: Buffer,
  only: readonly string[] = renditionKeys(key),
): Promise<number> {
  return writeRenditions(storage, key, original, original, only);
}

/**
 * Renditions are never enlarged: every width at or above the source's own shares the
 * full-size WebP. Smaller ones are rendered from the source (a vector source renders sharp
 * at any size, and cheaper than scaling pixels).
 */
async function writeRenditions(
  storage: FileStorage,
  key: string,
  source: Buffer,
  fullSizeWebp: Buffer,
  only: readonly string[],
): Promise<number> {
  if (only.length === 0) return 0;
  const sourceWidth = (await sharp(source).metadata()).autoOrient.width;
  const jobs: Array<[string, () => Promise<Buffer>]> = IMAGE_WIDTHS.map((width) => [
    widthRenditionPath(key, width),
    () => (width >= sourceWidth ? Promise.resolve(fullSizeWebp) : encodeWebp(load(source).resize({ width }), RENDITION_WEBP_OPTIONS)),
  ]);
  jobs.push([previewRenditionPath(key), () => renderPreviewJpeg(source)]);

  const wanted = jobs.filter(([renditionKey]) => only.includes(renditionKey));
  await Promise.all(wanted.map(async ([renditionKey, render]) => storage.put(renditionKey, await render())));
  return wanted.length;
}

function load(image: Buffer): Sharp {
  return sharp(image, { autoOrient: true });
}

function encodeWebp(pipeline: Sharp, options: WebpOptions): Promise<Buffer> {
  return pipeline.webp(options).toBuffer();
}

/**
 * The whole image, fitted into 1200×630 and centred on its own corner colour, so a portrait
 * phone photo sits on a seamless background in a landscape preview card.
 */
async function renderPreviewJpeg(image: Buffer): Promise<Buffer> {
  const { width, height } = PREVIEW_IMAGE;
  const { data, info } = await load(image)
    .resize({ width, height, fit: "inside" })
    .flatten({ background: "#ffffff" })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const background = { r: data[0] ?? 255, g: data[1] ?? 255, b: data[2] ?? 255 };
  const left = Math.floor((width - info.width) / 2);
  const top = Math.floor((height - info.height) / 2);
  return sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } })
    .extend({ left, right: width - info.width - left, top, bottom: height - info.height - top, background })
    .jpeg(PREVIEW_JPEG_OPTIONS)
    .toBuffer();
}
