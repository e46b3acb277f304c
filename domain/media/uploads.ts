import { randomBytes } from "node:crypto";
import sharp, { type Metadata } from "sharp";
import { Refusal } from "../core/refusal";
/**
 * The upload pipeline for product photos and pre-approval documents (docs/vendors.md): each
 * file is checked by its bytes (JPEG, PNG or WebP, at most 8 MB, a picture sharp can read),
 * then stored as a WebP original with its renditions. The uploaded bytes themselves are never
 * stored or served, so nothing a person uploads can run as script, and photo metadata (such as
 * the GPS position in a phone camera's EXIF) does not reach the shop.
 */
import { LIMITS } from "../../lib/constants";
import { type FileStorage, publicUrlFor } from "./storage";
import { withImageSlot } from "./image-work";
import { storeImage } from "./variants";

export const UPLOAD_LIMITS = {
  maxBytes: 8 * 1024 * 1024,
  maxFiles: LIMITS.productImagesMax,
  /** 100 megapixels: beyond any phone camera, well short of a decompression bomb. */
  maxPixels: 100_000_000,
  /**
   * Longest side kept: twice the widest rendition, sharp on any screen the shop is seen on.
   * A 12 MP phone photo is scaled down before its renditions are made, which makes the stored
   * original a fraction of the size and the renditions quicker to draw.
   */
  maxStoredSide: 2560,
} as const;

export const UPLOAD_TEXTS = {
  uploadFailed: "Failed to upload some images",
  notAnImage: "is not a JPEG, PNG or WebP image. Please choose a photo.",
  tooLarge: "is larger than 8 MB. Please choose a smaller photo.",
  unreadable: "could not be read as a picture. Please choose another photo.",
  tooManyPixels: "has too many pixels. Please choose a smaller photo.",
  noFile: "Please choose at least one image.",
} as const;

/** '{n} images uploaded successfully' (docs/vendors.md). */
export function imagesUploaded(n: number): string {
  return `${n} images uploaded successfully`;
}

/** 'Maximum {n} images allowed' (docs/vendors.md). */
export function maxImagesAllowed(n: number = UPLOAD_LIMITS.maxFiles): string {
  return `Maximum ${n} images allowed`;
}

export type UploadFolder = "products" | "preapproval" | "claims";
export type ImageType = "image/jpeg" | "image/png" | "image/webp";


/** A refused upload; forms show the message beside their `images` field. */
export function refusedUpload(message: string, code: "invalid" | "rate_limited" = "invalid"): Refusal {
  return new Refusal(code, message, { fieldErrors: { images: message } });
}

export interface IncomingFile {
  /** The name the browser sent; only shown back in messages. */
  name: string;
  bytes: Buffer;
}

export interface StoredUpload {
  url: string;
  width: number;
  height: number;
  /** Size of the file as uploaded. */
  uploadedBytes: number;
}

const SIGNATURES: Array<[ImageType, (bytes: Buffer) => boolean]> = [
  ["image/jpeg", (b) => b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff],
  ["image/png", (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))],
  ["image/webp", (b) => b.subarray(0, 4).toString("latin1") === "RIFF" && b.subarray(8, 12).toString("latin1") === "WEBP"],
];

const SHARP_FORMATS: Record<ImageType, string> = { "image/jpeg": "jpeg", "image/png": "png", "image/webp": "webp" };

/** The image type the bytes start with, whatever the file is called; null for anything else. */
export function imageTypeOf(bytes: Buffer): ImageType | null {
  return SIGNATURES.find(([, matches]) => matches(bytes))?.[0] ?? null;
}

/** A short, printable version of the browser's file name for messages. */
function shownName(name: string): string {
  const clean = name.replace(/[\p{C}]/gu, "").trim() || "This file";
  return clean.length > 60 ? `${clean.slice(0, 57)}…` : clean;
}

/** Checks one file by its bytes; throws a refusal with a message naming the file. */
export async function inspectImage(file: IncomingFile): Promise<{ width: number; height: number }> {
  const name = shownName(file.name);
  if (file.bytes.length > UPLOAD_LIMITS.maxBytes) throw refusedUpload(`${name} ${UPLOAD_TEXTS.tooLarge}`);
  const type = imageTypeOf(file.bytes);
  if (!type) throw refusedUpload(`${name} ${UPLOAD_TEXTS.notAnImage}`);
  let metadata: Metadata;
  try {
    metadata = await sharp(file.bytes).metadata();
  } catch {
    throw refusedUpload(`${name} ${UPLOAD_TEXTS.unreadable}`);
  }
  const { width, height } = metadata.autoOrient;
  if (metadata.format !== SHARP_FORMATS[type] || !width || !height) throw refusedUpload(`${name} ${UPLOAD_TEXTS.unreadable}`);
  if (width * height > UPLOAD_LIMITS.maxPixels) throw refusedUpload(`${name} ${UPLOAD_TEXTS.tooManyPixels}`);
  return { width, height };
}

/**
 * Stores a batch of images under `folder`, all or nothing as far as checking goes: every file is
 * checked before the first is stored, so one bad file leaves nothing behind. Returns the public
 * URLs in the order given.
 */
export async function storeUploadedImages(storage: FileStorage, folder: UploadFolder, files: readonly IncomingFile[]): Promise<StoredUpload[]> {
  if (files.length === 0) throw refusedUpload(UPLOAD_TEXTS.noFile);
  if (files.length > UPLOAD_LIMITS.maxFiles) throw refusedUpload(maxImagesAllowed());
  const sizes = [];
  for (const file of files) sizes.push(await inspectImage(file));
  const stored: StoredUpload[] = [];
  for (const [i, file] of files.entries()) {
    const key = `${folder}/${randomBytes(16).toString("hex")}.webp`;
    const size = sizes[i]!;
    try {
      await withImageSlot(async () => storeImage(storage, key, await withinStoredSize(file.bytes, size)));
    } catch {
      throw refusedUpload(`${shownName(file.name)} ${UPLOAD_TEXTS.unreadable}`);
    }
    stored.push({ url: publicUrlFor(key), ...storedSize(size), uploadedBytes: file.bytes.length });
  }
  return stored;
}

function storedSize({ width, height }: { width: number; height: number }): { width: number; height: number } {
  const scale = Math.min(1, UPLOAD_LIMITS.maxStoredSide / Math.max(width, height));
  return { width: Math.round(width * scale), height: Math.round(height * scale) };
}

/** The picture itself when small enough; otherwise scaled down (upright) into a near-lossless WebP for the renditions. */
export async function withinStoredSize(bytes: Buffer, size: { width: number; height: number }): Promise<Buffer> {
  if (Math.max(size.width, size.height) <= UPLOAD_LIMITS.maxStoredSide) return bytes;
  const side = UPLOAD_LIMITS.maxStoredSide;
  return sharp(bytes, { autoOrient: true }).resize({ width: side, height: side, fit: "inside" }).webp({ quality: 92, effort: 1 }).toBuffer();
}

/** Reads the File parts of a multipart form into buffers (empty file inputs send a nameless, empty part). */
export async function filesFromForm(form: FormData, field: string): Promise<IncomingFile[]> {
  const parts = form.getAll(field).filter((part): part is File => typeof part !== "string" && (part.size > 0 || part.name !== ""));
  return Promise.all(parts.map(async (part) => ({ name: part.name, bytes: Buffer.from(await part.arrayBuffer()) })));
}
