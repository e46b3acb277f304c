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

/** What a list request (transactions, refunds, transfers) asks for: which page, and which dates. */
export interface ListRequest {
  perPage: number;
  page: number;
  from: number | undefined;
  to: number | undefined;
}

export function listRequestOf(query: Record<string, unknown>): ListRequest {
  return {
    // Paystack's prose documentation says perPage; its OpenAPI description says per_page. Both work here.
    perPage: positiveInteger(query.perPage ?? query.per_page) ?? 50,
    page: positiveInteger(query.page) ?? 1,
    from: dateOf(query.from),
    to: dateOf(query.to),
  };
}

/** Whether a record made at `createdAt` (ISO) falls between the request's `from` and `to`. */
export function withinDates(request: ListRequest, createdAt: string): boolean {
  const time = Date.parse(createdAt);
  return (request.from === undefined || time >= request.from) && (request.to === undefined || time <= request.to);
}

/** The requested page of the matching records, and the paging meta Paystack's lists answer with. */
export function pageOf<T>(matching: readonly T[], request: ListRequest) {
  const { perPage, page } = request;
  const skipped = (page - 1) * perPage;
  return {
    items: matching.slice(skipped, skipped + perPage),
    meta: { total: matching.length, skipped, perPage, page, pageCount: Math.ceil(matching.length / perPage) },
  };
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
