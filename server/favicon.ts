import type { RequestHandler } from "express";
import sharp from "sharp";
import { SITE_ICON_SVG } from "../lib/site-icon";

const SIZE = 48;

/**
 * An .ico file holding one PNG image (readable by every browser since 2007): a 6-byte header,
 * one 16-byte directory entry, then the PNG.
 */
export function icoFromPng(png: Buffer, size: number): Buffer {
  const header = Buffer.alloc(22);
  header.writeUInt16LE(0, 0); // reserved
  header.writeUInt16LE(1, 2); // type: icon
  header.writeUInt16LE(1, 4); // one image
  header.writeUInt8(size % 256, 6); // width (0 means 256)
  header.writeUInt8(size % 256, 7); // height
  header.writeUInt8(0, 8); // no palette
  header.writeUInt8(0, 9); // reserved
  header.writeUInt16LE(1, 10); // colour planes
  header.writeUInt16LE(32, 12); // bits per pixel
  header.writeUInt32LE(png.length, 14);
  header.writeUInt32LE(header.length, 18); // where the PNG starts
  return Buffer.concat([header, png]);
}

let icon: Promise<Buffer> | undefined;

/** GET /favicon.ico: the site icon, drawn once per process, cached by browsers for a day. */
export const serveFavicon: RequestHandler = async (_req, res, next) => {
  try {
    icon ??= sharp(Buffer.from(SITE_ICON_SVG), { density: 300 }).resize(SIZE, SIZE).png().toBuffer().then((png) => icoFromPng(png, SIZE));
    res.set({ "Content-Type": "image/x-icon", "Cache-Control": "public, max-age=86400" }).send(await icon);
  } catch (error) {
    icon = undefined;
    next(error);
  }
};
