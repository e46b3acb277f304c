import express, { type RequestHandler } from "express";
import { contentTypeOf } from "../domain/media/s3-storage";
import { isPrivateUploadPath } from "../domain/media/private-uploads";
import { fileStorageFor } from "../domain/media/storage-config";
import { assertValidKey } from "../domain/media/storage";
import type { Config } from "./config";
import { UPLOAD_HEADERS } from "./security";

// Stored files are never rewritten under the same name, so browsers may keep them for a year.
const ONE_YEAR_SECONDS = 31_536_000;

function withUploadHeaders(res: express.Response): void {
  for (const [name, value] of Object.entries(UPLOAD_HEADERS)) res.setHeader(name, value);
}

function notFound(res: express.Response): void {
  res.status(404).type("text/plain").send("Not found.");
}

/** Pre-approval documents answer like a missing file; admins read them through their own route. */
const refusePrivateFiles: RequestHandler = (req, res, next) => {
  if (isPrivateUploadPath(req.path)) return notFound(res);
  next();
};

/**
 * /uploads: files from the local uploads folder (the demo catalogue's images always live there)
 * and, when a bucket is configured, from the bucket, except the private pre-approval documents.
 * Each answer carries the headers that keep an uploaded file from running script (docs/vendors.md).
 */
export function serveUploads(config: Config): RequestHandler[] {
  const local = express.static(config.uploadsDir, {
    fallthrough: Boolean(config.s3),
    index: false,
    dotfiles: "deny",
    maxAge: ONE_YEAR_SECONDS * 1000,
    immutable: true,
    setHeaders: withUploadHeaders,
  });
  if (!config.s3) return [refusePrivateFiles, local];
  const storage = fileStorageFor(config);
  const fromBucket: RequestHandler = async (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const key = decodeURIComponent(req.path.replace(/^\/+/, ""));
    try {
      assertValidKey(key);
    } catch {
      return notFound(res);
    }
    try {
      const data = await storage.read(key);
      withUploadHeaders(res);
      res.setHeader("Cache-Control", `public, max-age=${ONE_YEAR_SECONDS}, immutable`);
      res.type(contentTypeOf(key)).send(data);
    } catch (error) {
      if ((error as { status?: number }).status === 404) return notFound(res);
      next(error);
    }
  };
  return [refusePrivateFiles, local, fromBucket];
}
