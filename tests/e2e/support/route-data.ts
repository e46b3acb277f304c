import type { APIRequestContext, Page } from "@playwright/test";
import { UNSAFE_decodeViaTurboStream as decodeViaTurboStream } from "react-router";

/*
 * What a page's script reads and sends, from a journey: a route's loader data and a post to a
 * route's action, both as React Router's `.data` requests with the page's session.
 */

function dataUrl(path: string): string {
  const url = new URL(path, "http://app");
  url.pathname = `${url.pathname === "/" ? "/_root" : url.pathname}.data`;
  return url.pathname + url.search;
}

async function decode(body: Buffer): Promise<unknown> {
  const decoded = await decodeViaTurboStream(new Response(new Uint8Array(body)).body!, globalThis);
  await decoded.done;
  return decoded.value;
}

/** A route's loader data; `routeId` as in app/routes.ts ("checkout/routes/cart"). */
export async function loaderData<T>(request: APIRequestContext, path: string, routeId: string): Promise<T> {
  const url = dataUrl(path);
  const response = await request.get(`${url}${url.includes("?") ? "&" : "?"}_routes=${encodeURIComponent(routeId)}`);
  const value = (await decode(await response.body())) as Record<string, { data?: T }>;
  if (!value[routeId] || !("data" in value[routeId])) throw new Error(`${path} gave no data for ${routeId} (${response.status()})`);
  return value[routeId].data as T;
}

/** Posts to a route's action as its page's script does: the answer's status and data, or where it redirects. */
export async function postAction<T = Record<string, unknown>>(request: APIRequestContext, path: string, form: Record<string, string> | URLSearchParams) {
  const body = new URLSearchParams(form).toString();
  const response = await request.post(dataUrl(path), { data: body, headers: { "Content-Type": "application/x-www-form-urlencoded" }, maxRedirects: 0 });
  const value = (await decode(await response.body())) as { data?: T; error?: unknown; redirect?: string; status?: number };
  if (typeof value.redirect === "string") return { status: value.status ?? 302, redirect: value.redirect, data: undefined };
  return { status: response.status(), data: value.data as T, redirect: undefined };
}

export interface CartLineData {
  id: string;
  quantity: number;
  product: { id: string; price: number };
}

/** The signed-in buyer's cart lines, as the cart page loads them. */
export async function cartLines(page: Page): Promise<CartLineData[]> {
  return (await loaderData<{ lines: CartLineData[] | null }>(page.request, "/cart", "checkout/routes/cart")).lines ?? [];
}
