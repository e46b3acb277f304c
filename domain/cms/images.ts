/**
 * Images uploaded from the CMS: banner slides, carousel backgrounds, category pictures (JPEG,
 * PNG or WebP, stored as WebP with renditions) and the logo (also SVG, sanitized). The type
 * is read from the bytes, never from the name (decisions.md 11).
 */
import { randomBytes } from "node:crypto";
import { LIMITS } from "../../lib/constants";
import { publicUrlFor, type FileStorage } from "../media/storage";
import { storeImage } from "../media/variants";
import { UnsafeSvgError, looksLikeSvg, sanitizeSvg } from "./svg";
import { CMS_IMAGE_MAX_BYTES, CMS_TEXTS } from "./validation";

export class CmsImageError extends Error {
  readonly status = 400;
}

type RasterType = "image/jpeg" | "image/png" | "image/webp";

/** The raster type the bytes start with, if any. */
export function rasterTypeOf(bytes: Buffer): RasterType | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "image/jpeg";
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return "image/png";
  if (bytes.subarray(0, 4).toString("latin1") === "RIFF" && bytes.subarray(8, 12).toString("latin1") === "WEBP") return "image/webp";
  return null;
}

const randomName = () => randomBytes(16).toString("hex");

async function storeRaster(storage: FileStorage, folder: string, bytes: Buffer): Promise<string> {
  const key = `cms/${folder}/${randomName()}.webp`;
  try {
    await storeImage(storage, key, bytes);
  } catch {
    // The header said image, but the picture itself could not be read.
    throw new CmsImageError(CMS_TEXTS.uploadFailed);
  }
  return publicUrlFor(key);
}

/** A banner, carousel or category image: JPEG, PNG or WebP up to 5 MB. Returns its URL. */
export async function storeCmsImage(storage: FileStorage, folder: string, bytes: Buffer): Promise<string> {
  if (bytes.length > CMS_IMAGE_MAX_BYTES) throw new CmsImageError(CMS_TEXTS.imageSize);
  if (!rasterTypeOf(bytes)) throw new CmsImageError(CMS_TEXTS.imageType);
  return storeRaster(storage, folder, bytes);
}

/** The logo: JPEG, PNG or SVG up to 2,097,152 bytes; an SVG is stored sanitized. Returns its URL. */
export async function storeLogo(storage: FileStorage, bytes: Buffer): Promise<string> {
  if (bytes.length > LIMITS.logoMaxBytes) throw new CmsImageError(CMS_TEXTS.logoSize);
  const raster = rasterTypeOf(bytes);
  if (raster === "image/jpeg" || raster === "image/png") return storeRaster(storage, "branding", bytes);
  if (raster || !looksLikeSvg(bytes)) throw new CmsImageError(CMS_TEXTS.logoType);
  let svg: string;
  try {
    svg = sanitizeSvg(bytes);
  } catch (error) {
    if (error instanceof UnsafeSvgError) throw new CmsImageError(CMS_TEXTS.logoType);
    throw error;
  }
  return storage.put(`cms/branding/${randomName()}.svg`, Buffer.from(svg, "utf8"));
}
