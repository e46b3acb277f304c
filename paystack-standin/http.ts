import { randomBytes } from "node:crypto";
import type { Response } from "express";

/** What the stand-in's routes share: Paystack's refusals, and reading Paystack's loosely typed inputs. */

export function refuse(res: Response, status: number, message: string): void {
  res.status(status).json({ status: false, message });
}

/** Paystack's 400 'validation_error': what is wrong, and what to do next. */
export function refuseInvalid(res: Response, error: { message: string; nextStep: string; code: string }): void {
  res.status(400).json({ status: false, message: error.message, meta: { nextStep: error.nextStep }, type: "validation_error", code: error.code });
}

export function sendHtml(res: Response, status: number, html: string): void {
  res.status(status).type("html").set("Cache-Control", "no-store").send(html);
}

export const isPlainObject = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === "object" && !Array.isArray(value);

/** A request body as an object of fields; anything else (an array, a number) has none. */
export const fieldsOf = (body: unknown): Record<string, unknown> => (isPlainObject(body) ? body : {});

/** A positive whole number of kobo, given as a number or a string of digits (Paystack accepts both). */
export function wholeKobo(value: unknown): number | undefined {
  const amount = typeof value === "string" && /^\d+$/.test(value.trim()) ? Number(value) : value;
  return typeof amount === "number" && Number.isSafeInteger(amount) && amount > 0 ? amount : undefined;
}

/** A page number or page size from a query string, at most 1000. */
export function positiveInteger(value: unknown): number | undefined {
  const n = typeof value === "string" && /^\d+$/.test(value) ? Number(value) : undefined;
  return n !== undefined && n >= 1 ? Math.min(n, 1000) : undefined;
}

export function dateOf(value: unknown): number | undefined {
  const time = typeof value === "string" ? Date.parse(value) : Number.NaN;
  return Number.isNaN(time) ? undefined : time;
}

/** Paystack takes metadata as an object or as stringified JSON. */
export function parseMetadata(metadata: unknown): unknown {
  if (typeof metadata !== "string") return metadata ?? null;
  try {
    return JSON.parse(metadata) as unknown;
  } catch {
    return metadata;
  }
}

const ALPHABET = "abcdefghijklmnopqrstuvwxyz0123456789";
export function randomCode(length: number): string {
  return [...randomBytes(length)].map((byte) => ALPHABET[byte % ALPHABET.length]).join("");
}
