import { randomBytes } from "node:crypto";
import { Refusal } from "../core/refusal";
/**
 * Images uploaded from the CMS: banner slides, carousel backgrounds, category pictures (JPEG,
 * PNG or WebP, stored as WebP with renditions) and the logo (also SVG, sanitized). The type
 * is read from the bytes, never from the name (docs/cms.md), and pictures get the same
 * pixel and side limits as product photos. Each image is checked and given its address first
 * and stored only once the whole form is valid, so a refused form leaves no file behind.
 */
import { LIMITS } from "../../lib/constants";
import { withImageSlot } from "../media/image-work";
import { publicUrlFor, type FileStorage } from "../media/storage";
import { inspectImage, withinStoredSize } from "../media/uploads";
import { storeImage } from "../media/variants";
import { looksLikeSvg, sanitizeSvg } from "./svg";
import { CMS_IMAGE_MAX_BYTES, CMS_TEXTS } from "./validation";

/** A checked image with the address it will have; `store` writes it there. */
export interface PlannedImage {
  url: string;
  store(): Promise<void>;
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

async function planRaster(storage: FileStorage, folder: string, bytes: Buffer, shownAs: string): Promise<PlannedImage> {
  // Product photos' rules: readable, at most 100 megapixels.
  const size = await inspectImage({ name: shownAs, bytes });
  const key = `cms/${folder}/${randomName()}.webp`;
  return {
    url: publicUrlFor(key),
    store: async () => {
      try {
        await withImageSlot(async () => storeImage(storage, key, await withinStoredSize(bytes, size)));
      } catch {
        // The header said image, but the picture itself could not be read.
        throw new Refusal("invalid", CMS_TEXTS.uploadFailed);
      }
    },
  };
}

/** A banner, carousel or category image: JPEG, PNG or WebP up to 5 MB. Stores nothing yet. */
export async function planCmsImage(storage: FileStorage, folder: string, bytes: Buffer): Promise<PlannedImage> {
  if (bytes.length > CMS_IMAGE_MAX_BYTES) throw new Refusal("invalid", CMS_TEXTS.imageSize);
  if (!rasterTypeOf(bytes)) throw new Refusal("invalid", CMS_TEXTS.imageType);
  return planRaster(storage, folder, bytes, "The image");
}

/** The logo: JPEG, PNG or SVG up to 2,097,152 bytes; an SVG is stored sanitized. Stores nothing yet. */
export async function planLogo(storage: FileStorage, bytes: Buffer): Promise<PlannedImage> {
  if (bytes.length > LIMITS.logoMaxBytes) throw new Refusal("invalid", CMS_TEXTS.logoSize);
  const raster = rasterTypeOf(bytes);
  if (raster === "image/jpeg" || raster === "image/png") return planRaster(storage, "branding", bytes, "The logo");
  if (raster || !looksLikeSvg(bytes)) throw new Refusal("invalid", CMS_TEXTS.logoType);
  let svg: string;
  try {
    svg = sanitizeSvg(bytes);
  } catch (error) {
    if (error instanceof Refusal) throw new Refusal("invalid", CMS_TEXTS.logoType);
    throw error;
  }
  const key = `cms/branding/${randomName()}.svg`;
  return {
    url: publicUrlFor(key),
    store: async () => {
      await storage.put(key, Buffer.from(svg, "utf8"));
    },
  };
}
