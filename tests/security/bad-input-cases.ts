import { createHmac, randomUUID } from "node:crypto";
import fc from "fast-check";
import type { z } from "zod";
import { forgotPasswordSchema, signInSchema, signUpSchema, vendorSignUpSchema } from "../../domain/accounts/validation";
import { profileSchema, savedAddressSchema } from "../../domain/accounts/account-validation";
import { preapprovalFieldSchema } from "../../domain/vendors/preapproval-field-validation";
import { addToCartSchema, setQuantitySchema } from "../../domain/cart/service";
import { stockAlertChangeSchema } from "../../domain/catalog/stock-alerts";
import { wishlistChangeSchema } from "../../domain/catalog/wishlist";
import { productFormSchema } from "../../domain/catalog/management-validation";
import { approvalFinalPriceSchema, comparePriceChoiceSchema } from "../../domain/catalog/moderation-validation";
import { pricingConfigSchema, stateFeesSchema } from "../../domain/pricing/validation";
import { adjustmentSchema, commissionChangeSchema } from "../../domain/payouts/validation";
import { INSPECTION_POINTS } from "../../lib/constants";
import { ORDER_SEARCH_LIMITS, parseOrderSearch } from "../../domain/orders/admin-search";
import { reviewSubmissionSchema } from "../../domain/reviews/submission";
import { deleteAccountSchema } from "../../domain/privacy/validation";
import { vendorApplicationSchema, vendorDetailsSchema } from "../../domain/vendors/validation";
import { resolveBankSchema, saveBankSchema } from "../../domain/payouts/bank-validation";
import { statementMonthSchema } from "../../domain/payouts/validation";
import { parsePaystackTransaction } from "../../domain/payments/paystack-client";
import { isRefundEvent, parseRefundEvent } from "../../domain/payments/refund-events";
import { SHIPPING } from "../support/shop";
import { PAGE_BODY_LIMITS } from "../../server/security";
import type { Actor, Person, World } from "./world";

/*
 * Bad input for every door: per door, who may use it (so the input, not the access check, is
 * what gets refused) and a fast-check generator of requests that must be refused. Generators
 * only ever produce input that is wrong: where a random value could happen to be valid, the
 * door's own schema decides (`refuses`) and valid draws are skipped.
 */

export interface BadRequest {
  method: string;
  /** Path and query string. */
  url: string;
  headers: Record<string, string>;
  body?: string | FormData;
  /** Form fields as sent, for the door's `refuses` check. */
  fields?: Record<string, string>;
}

export interface Extras {
  /** A pending vendor who has not sent the pre-approval form; two required fields are active. */
  freshApplicant: Person;
  /** A customer with no cart, orders or notifications: doors that ignore their input change nothing for them. */
  newcomer: Person;
  /** The payments secret key: signs webhooks and opens the Paystack stand-in's API. */
  secretKey: string;
}

export interface DoorCase {
  actor: Actor | "freshApplicant" | "newcomer";
  /**
   * refuse: every input gets a 4xx (a redirect only with an error toast when `toastRedirects`).
   * read: a GET; any answer below 500 that changes nothing.
   * ignore: the door takes no input (sign-out, clear): any answer below 500 that changes nothing.
   */
  expect: "refuse" | "read" | "ignore";
  /** Post/Redirect/Get pages: a refused form comes back with an error toast. */
  toastRedirects?: boolean;
  /** Event streams stay open: only the status and headers are read. */
  stream?: boolean;
  inputs(world: World, extras: Extras): fc.Arbitrary<BadRequest>;
  /** What a particular draw must get, when not `expect`; "valid" for a draw that is valid input after all (skipped). */
  judge?(request: BadRequest, world: World, extras: Extras): Expectation | "valid";
}

export type Expectation = DoorCase["expect"];

/** Refused when `wrong` says the draw is wrong; otherwise valid input, skipped. */
const refusesIf = (wrong: (request: BadRequest, world: World) => boolean) => (request: BadRequest, world: World): Expectation | "valid" => (wrong(request, world) ? "refuse" : "valid");

// ---------------------------------------------------------------------------------------------
// Values

/** Names every object inherits: a lookup with `in` or `obj[name]` finds them where a table has no such key. */
export const INHERITED_NAMES = ["valueOf", "constructor", "__proto__", "toString", "hasOwnProperty"];

/** Strings that break naive code: inherited names, control and format characters, lone surrogates, huge ones. */
export const EDGE_STRINGS = [
  ...INHERITED_NAMES,
  "", " ", "\u0000", "a\u0000b", "\uD800", "x\uDC00", "\u202Eevil\u202C", "\u200B\u200D\uFEFF", "e\u0301\u0301\u0301\u0301",
  "👩‍👩‍👧‍👦", "🇳🇬", "ـــ", "١٢٣", "𝟏𝟐𝟑", "\r\n\t", "' or '1'='1", "\"; drop table users; --", "<script>alert(1)</script>",
  "${7*7}", "{{7*7}}", "../../etc/passwd", "%00", "NaN", "null", "true", "[]", "{}", "x".repeat(10_000), "€".repeat(5000),
];

/** Percent-escapes that decode to invalid UTF-8 or nothing at all, sent as they are. */
const RAW_ESCAPES = ["%ED%A0%80", "%FF%FE", "%C0%AF", "%", "%zz", "%E2%80%AE"];

export const nastyText: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: fc.constantFrom(...EDGE_STRINGS), weight: 4 },
  { arbitrary: fc.string({ unit: "binary", maxLength: 40 }), weight: 2 },
  { arbitrary: fc.string({ unit: "grapheme", maxLength: 40 }), weight: 1 },
  { arbitrary: fc.string({ minLength: 2000, maxLength: 12_000 }), weight: 1 },
);

/** Quantities and prices that are never a whole number within bounds. */
export const badNumberText = fc.constantFrom(
  "-1", "-0.5", "0.5", "1.5", "1e308", "1e999", "-1e999", "9007199254740993", "2147483648", "-2147483649",
  "99999999999999999999999", "NaN", "Infinity", "-Infinity", "1,000", "１２", "12abc", "abc", "1e-7", "0x", "--1",
);

/** As JSON values: numbers beyond every limit and values of the wrong type. */
export const badJsonNumber: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(-1, 0.5, -0.5, 1e308, 2 ** 53 + 2, 2 ** 31, -(2 ** 31) - 1, Number.MAX_VALUE, -Number.MAX_VALUE, 1e-7),
  fc.constantFrom("abc", "1.5", "", {}, { $gt: 0 }, [[]], "NaN"),
  fc.double({ noInteger: true, noDefaultInfinity: true, noNaN: true }),
);

/** Ids nobody has: malformed, or well-formed and unknown. */
export const strangeId: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom("", "abc", "1", "-1", "0", "00000000-0000-0000-0000-000000000000", "' or '1'='1", "%00", "..%2F..%2Fetc", "null", "undefined-id"),
  fc.uuid(),
  nastyText.map((text) => text.slice(0, 1500)),
);

export const jsonShapes: fc.Arbitrary<unknown> = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  fc.dictionary(fc.constantFrom("quantity", "items", "reference", "rating", "comment", "isLive", "shipping", "__proto__", "constructor"), fc.jsonValue({ maxDepth: 2 })),
  fc.array(fc.anything({ maxDepth: 1, withNullPrototype: true }).map((value) => safeJson(value)), { maxLength: 3 }),
);

function safeJson(value: unknown): unknown {
  try {
    return JSON.parse(JSON.stringify(value) ?? "null");
  } catch {
    return null;
  }
}

// ---------------------------------------------------------------------------------------------
// Bodies

type Fields = Record<string, string>;

function encodeForm(fields: Fields, raw: string[] = []): string {
  const pairs = Object.entries(fields).map(([name, value]) => `${escapeForm(name)}=${escapeForm(value)}`);
  return [...pairs, ...raw].join("&");
}

/** encodeURIComponent refuses lone surrogates; a browser sends them as U+FFFD. */
function escapeForm(text: string): string {
  return encodeURIComponent(wellFormed(text));
}

const wellFormed = (text: string) => text.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, "\uFFFD");

function multipart(fields: Fields, files: UploadedFile[] = []): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const file of files) form.append(file.field, new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
  return form;
}

const FORM = "application/x-www-form-urlencoded";

/** Ways of sending form fields to a page action, right and wrong. */
function formBodies(fields: Fields): fc.Arbitrary<Pick<BadRequest, "headers" | "body" | "fields">> {
  const as = (headers: Record<string, string>, body: BadRequest["body"]) => ({ headers, body, fields });
  return fc.oneof(
    { arbitrary: fc.constant(as({ "content-type": FORM }, encodeForm(fields))), weight: 6 },
    { arbitrary: fc.constant(as({}, multipart(fields))), weight: 3 },
    { arbitrary: fc.constantFrom(...RAW_ESCAPES).map((raw) => as({ "content-type": FORM }, encodeForm(fields, [`intent=${raw}`, `${raw}=${raw}`]))), weight: 1 },
    { arbitrary: fc.constant(as({ "content-type": "application/json" }, JSON.stringify(fields))), weight: 1 },
    { arbitrary: fc.constant(as({ "content-type": "text/plain" }, encodeForm(fields))), weight: 1 },
    { arbitrary: fc.constant(as({ "content-type": "application/xml" }, `<form>${Object.keys(fields).map((k) => `<${k}/>`).join("")}</form>`)), weight: 1 },
    { arbitrary: fc.constant(as({ "content-type": "multipart/form-data; boundary=nothere" }, "--elsewhere\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\nb")), weight: 1 },
    { arbitrary: fc.constant(as({ "content-type": "multipart/form-data" }, "no boundary at all")), weight: 1 },
    { arbitrary: fc.constant(as({ "content-type": FORM }, `intent=x&pad=${"a".repeat(PAGE_BODY_LIMITS.form)}`)), weight: 1 },
  );
}

/** Ways of sending a JSON body to /api, right and wrong. */
function jsonBodies(value: fc.Arbitrary<unknown>): fc.Arbitrary<Pick<BadRequest, "headers" | "body">> {
  const json = { "content-type": "application/json" };
  return fc.oneof(
    { arbitrary: value.map((v) => ({ headers: json, body: JSON.stringify(v) ?? "null" })), weight: 6 },
    { arbitrary: fc.constantFrom("{", "{\"quantity\": 1e400}", "[1,", "{\"a\":\"\\ud800\"}", "\u0000", "{'single': 1}", "NaN").map((body) => ({ headers: json, body })), weight: 2 },
    { arbitrary: fc.constant({ headers: { "content-type": FORM }, body: "quantity=2&reference=x" }), weight: 1 },
    { arbitrary: fc.constant({ headers: { "content-type": "text/plain" }, body: "{\"quantity\":2}" }), weight: 1 },
    { arbitrary: fc.constant({ headers: { "content-type": "application/xml" }, body: "<quantity>2</quantity>" }), weight: 1 },
    { arbitrary: fc.constant({ headers: {}, body: multipart({ quantity: "2" }) }), weight: 1 },
    { arbitrary: fc.constant({ headers: json, body: `{"pad":"${"a".repeat(110_000)}"}` }), weight: 1 },
    { arbitrary: fc.constant({ headers: { ...json, "content-encoding": "gzip" }, body: "not gzip" }), weight: 1 },
  );
}

// ---------------------------------------------------------------------------------------------
// Uploads that lie

interface UploadedFile {
  field: string;
  name: string;
  type: string;
  bytes: Uint8Array;
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** A PNG header declaring a 100,000 × 100,000 picture, and nothing after it. */
function enormousPng(): Uint8Array {
  const header = Buffer.alloc(33);
  Buffer.from(PNG_SIGNATURE).copy(header, 0);
  header.writeUInt32BE(13, 8);
  header.write("IHDR", 12, "ascii");
  header.writeUInt32BE(100_000, 16);
  header.writeUInt32BE(100_000, 20);
  header.set([8, 6, 0, 0, 0], 24);
  return header;
}

export const LYING_FILES: Array<Omit<UploadedFile, "field">> = [
  { name: "photo.jpg", type: "image/jpeg", bytes: Buffer.from("this is plain text, not a picture") },
  { name: "photo.png", type: "image/png", bytes: Buffer.from([...PNG_SIGNATURE, 0, 0, 0]) },
  { name: "photo.jpg", type: "image/jpeg", bytes: Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46]) },
  { name: "huge.png", type: "image/png", bytes: enormousPng() },
  { name: "logo.svg", type: "image/svg+xml", bytes: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script><foo') },
  { name: "page.html", type: "text/html", bytes: Buffer.from("<html><script>alert(document.cookie)</script></html>") },
  { name: "empty.webp", type: "image/webp", bytes: new Uint8Array(0) },
  { name: "../../../etc/passwd", type: "image/gif", bytes: Buffer.from("GIF89a") },
  { name: "zip.webp", type: "image/webp", bytes: Buffer.from([0x50, 0x4b, 0x03, 0x04, 1, 2, 3, 4]) },
];

const lyingFile = (field: string) => fc.constantFrom(...LYING_FILES).map((file) => ({ ...file, field }));

function uploadBodies(fields: Fields, field: string): fc.Arbitrary<Pick<BadRequest, "headers" | "body" | "fields">> {
  return fc.oneof(
    { arbitrary: fc.array(lyingFile(field), { minLength: 1, maxLength: 2 }).map((files) => ({ headers: {}, body: multipart(fields, files), fields })), weight: 4 },
    { arbitrary: formBodies(fields), weight: 2 },
    {
      arbitrary: fc.constant({
        headers: { "content-type": "multipart/form-data; boundary=cut" },
        body: `--cut\r\nContent-Disposition: form-data; name="${field}"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\n\xff\xd8\xff`,
        fields,
      }),
      weight: 1,
    },
  );
}

// ---------------------------------------------------------------------------------------------
// Requests

const get = (url: string, headers: Record<string, string> = {}): BadRequest => ({ method: "GET", url, headers });

/** A query string of the given parameter names (and strangers), with nasty values and raw escapes. */
function badQuery(names: readonly string[]): fc.Arbitrary<string> {
  const name = fc.oneof({ arbitrary: fc.constantFrom(...names, "page"), weight: 4 }, { arbitrary: nastyText.map((t) => t.slice(0, 200)), weight: 1 });
  const value = fc.oneof(nastyText.map((t) => t.slice(0, 1500)), badNumberText, fc.constantFrom(...RAW_ESCAPES));
  return fc.array(fc.tuple(name, value), { minLength: 1, maxLength: 5 }).map((pairs) => {
    const encoded = pairs.map(([key, text]) => `${escapeForm(key)}=${RAW_ESCAPES.includes(text) ? text : escapeForm(text)}`);
    return `?${encoded.join("&")}`;
  });
}

/** Values of the Orders tab's search (q, from, to, status, vendor) that are wrong: malformed dates, overlong text, unknown statuses and vendors. */
const BAD_ORDER_SEARCH: Record<string, readonly string[]> = {
  q: ["x".repeat(ORDER_SEARCH_LIMITS.textMax + 1), "€".repeat(ORDER_SEARCH_LIMITS.textMax + 1), "a\u0000b", "tab\there", "%", "_", "\\", "#", "# 1234abcd", "+234", "' or '1'='1"],
  from: ["2026-02-30", "2026-13-01", "26-03-01", "2026/03/01", "01-03-2026", "1999-12-31", "2101-01-01", "2026-03-01T00:00", "tomorrow", "0000-00-00", "-2026-03-01"],
  to: ["2026-02-29", "2026-00-10", "2026-3-1", "99999-01-01", "yesterday", "2026-03-01 ", "1970-01-01"],
  status: ["lost", "Paid", "PAID", " paid", "paid,shipped", "refunded;", "valueOf", "__proto__"],
  vendor: ["not-a-vendor", "00000000-0000-0000-0000-000000000000", "00000000-0000-4000-8000-000000000000", "' or 1=1 --", "1"],
};

/** A query of the orders search with bad and good values mixed, and a from date after its to date. */
const badOrderSearch = (extra: readonly string[] = []): fc.Arbitrary<string> => {
  const pair = fc.oneof(
    { arbitrary: fc.constantFrom(...Object.keys(BAD_ORDER_SEARCH)).chain((name) => fc.constantFrom(...BAD_ORDER_SEARCH[name]!).map((value) => [name, value] as const)), weight: 4 },
    { arbitrary: fc.constantFrom(["from", "2026-03-10"], ["to", "2026-03-01"], ["q", "ngozi"], ["status", "paid"]).map(([name, value]) => [name, value] as const), weight: 1 },
    { arbitrary: fc.tuple(fc.constantFrom("q", "from", "to", "status", "vendor", ...extra), nastyText.map((t) => t.slice(0, 1500))), weight: 1 },
  );
  return fc.array(pair, { minLength: 1, maxLength: 5 }).map((pairs) => `?${pairs.map(([key, value]) => `${escapeForm(key)}=${escapeForm(value)}`).join("&")}`);
};

/** Whether the orders search of a URL is refused by the one schema the tab and the export share. */
const orderSearchRefused = (url: string) => !parseOrderSearch(new URL(url, "http://door.test").searchParams).ok;

const queryDoor = (path: string, names: readonly string[], actor: DoorCase["actor"] = "anonymous", extra: Partial<DoorCase> = {}): DoorCase => ({
  actor,
  expect: "read",
  inputs: () => badQuery(names).map((query) => get(`${path}${query}`)),
  ...extra,
});

/** A path parameter that names nothing (or someone else's record), plus a bad query. */
const idDoor = (pathOf: (id: string) => string, actor: DoorCase["actor"], othersIds: (w: World) => string[], expect: DoorCase["expect"] = "refuse"): DoorCase => ({
  actor,
  expect,
  inputs: (world) =>
    fc.tuple(fc.oneof(strangeId, fc.constantFrom(...othersIds(world))), badQuery(["id"])).map(([id, query]) => get(`${pathOf(escapeForm(id) || "%20")}${query}`)),
});

function pageAction(path: string, fields: fc.Arbitrary<Fields>, bodies: (fields: Fields) => fc.Arbitrary<Pick<BadRequest, "headers" | "body" | "fields">> = formBodies) {
  // React Router's single fetch posts to PATH.data; a form without scripts posts to PATH.
  const target = fc.constantFrom(path, `${path === "/" ? "/_root" : path}.data`);
  const accept = fc.constantFrom<Record<string, string>>({}, { accept: "text/html" });
  return fc.tuple(target, accept, fields.chain(bodies)).map(([url, headers, body]) => ({ method: "POST", url, ...body, headers: { ...headers, ...body.headers } }));
}

function apiCall(method: string, path: string, body: fc.Arbitrary<unknown>): fc.Arbitrary<BadRequest> {
  return jsonBodies(body).map((sent) => ({ method, url: path, ...sent }));
}

/** Random fields named like the form's, with nasty values, an intent, and strangers. */
function formFields(intents: readonly string[], names: Record<string, fc.Arbitrary<string>>): fc.Arbitrary<Fields> {
  const known = Object.entries(names).map(([name, value]) => fc.option(value.map((v) => [name, v] as const), { nil: undefined }));
  return fc
    .tuple(fc.oneof(fc.constantFrom(...intents), fc.constantFrom(...INHERITED_NAMES), nastyText), fc.tuple(...known), fc.dictionary(nastyText.map((k) => k.slice(0, 30)), nastyText, { maxKeys: 2 }))
    .map(([intent, pairs, strangers]) => ({ ...strangers, ...Object.fromEntries(pairs.filter((pair) => pair !== undefined)), intent }));
}

const text = (...likely: string[]) => (likely.length ? fc.oneof(nastyText, fc.constantFrom(...likely)) : nastyText);
const fails = (schema: z.ZodType, values: unknown) => !schema.safeParse(values).success;

// ---------------------------------------------------------------------------------------------
// The doors

export function doorCases(): Record<string, DoorCase> {
  return {
    // Pages: query strings and path parameters
    "GET /": queryDoor("/", ["q", "slide", "tab"]),
    "GET /product/:id": idDoor((id) => `/product/${id}`, "anonymous", (w) => [w.pendingProduct.id]),
    "GET /shop": queryDoor("/shop", ["q", "brand", "grade", "storage", "minPrice", "maxPrice", "sort", "page", "view", "inStock"]),
    "GET /privacy": queryDoor("/privacy", ["section"]),
    "GET /auth": queryDoor("/auth", ["tab", "redirect", "next"]),
    "GET /auth/verify-email": queryDoor("/auth/verify-email", ["token", "callbackURL"]),
    "GET /auth/reset-password": queryDoor("/auth/reset-password", ["token", "error"]),
    "GET /auth/cancel-email-change": queryDoor("/auth/cancel-email-change", ["token"]),
    "GET /auth/sign-out": queryDoor("/auth/sign-out", ["next"]),
    "GET /vendor-auth": queryDoor("/vendor-auth", ["signup", "tab"]),
    "GET /super-admin": queryDoor("/super-admin", ["tab"], "superAdmin"),
    "GET /super-admin-bootstrap": queryDoor("/super-admin-bootstrap", ["tab"], "customer"),
    "GET /super-admin-creator": queryDoor("/super-admin-creator", ["email"], "superAdmin"),
    "GET /dev/mailbox": queryDoor("/dev/mailbox", ["id", "to", "page"]),
    "GET /cart": queryDoor("/cart", ["item"], "customer"),
    "GET /checkout": queryDoor("/checkout", ["items", "productId", "buy", "qty", "deliverTo"], "customer"),
    "GET /payment-success": queryDoor("/payment-success", ["reference", "trxref", "status"], "customer"),
    "GET /notifications": queryDoor("/notifications", ["page"], "customer"),
    "GET /account": queryDoor("/account", ["address"], "customer"),
    "GET /account/data": queryDoor("/account/data", ["format", "user"], "newcomer"),
    "GET /account/delete": queryDoor("/account/delete", ["step"], "newcomer"),
    "GET /wishlist": queryDoor("/wishlist", ["page", "productId"], "customer"),
    "GET /orders": queryDoor("/orders", ["order", "track", "review", "claim", "tab"], "customer"),
    "GET /claim-photos/*": {
      actor: "customer",
      expect: "refuse",
      inputs: () =>
        fc
          .oneof(strangeId, fc.constantFrom("claims/..%2F..%2Fauth-secret", "claims/", "..%2Fauth-secret", `claims/${"0".repeat(32)}.webp`, "preapproval/x.webp"))
          .map((key) => get(`/claim-photos/${key.includes("%") ? key : escapeForm(key)}`)),
    },
    "GET /sitemap.xml": queryDoor("/sitemap.xml", ["page"]),
    "GET /robots.txt": queryDoor("/robots.txt", ["x"]),
    "GET /admin": {
      actor: "admin",
      expect: "read",
      inputs: () =>
        fc.oneof(
          badQuery(["tab", "page", "q", "status", "userType", "from", "to", "vendor"]),
          badOrderSearch(["page"]).map((query) => `${query}&tab=orders`),
        ).map((query) => get(`/admin${query}`)),
      // The Orders tab refuses a bad search with 400 and the message beside its field.
      judge: (request) => {
        const params = new URL(request.url, "http://door.test").searchParams;
        return Object.fromEntries(params).tab === "orders" && orderSearchRefused(request.url) ? "refuse" : "read";
      },
    },
    "GET /admin/preapproval-documents/*": {
      actor: "admin",
      expect: "refuse",
      inputs: (world) =>
        fc
          .oneof(strangeId, fc.constantFrom("preapproval/..%2F..%2Fauth-secret", "preapproval/", "..%2Fauth-secret", `preapproval/${world.applicant.documentKey.slice(12, 20)}.webp`))
          .map((key) => get(`/admin/preapproval-documents/${key.includes("%") ? key : escapeForm(key)}`)),
    },
    "GET /admin/export/:kind": {
      actor: "admin",
      expect: "refuse",
      inputs: () =>
        fc
          .tuple(fc.oneof(strangeId, fc.constantFrom("orders", "payments", "payouts")), fc.oneof(badQuery(["q", "from", "to", "status", "vendor"]), badOrderSearch()))
          .map(([kind, query]) => get(`/admin/export/${escapeForm(kind) || "%20"}${query}`)),
      // The orders export refuses a bad search with 400 and its message; the payments and payouts exports take no search.
      judge: (request) => {
        if (/^\/admin\/export\/orders\?/.test(request.url)) return orderSearchRefused(request.url) ? "refuse" : "read";
        return /^\/admin\/export\/(payments|payouts)\?/.test(request.url) ? "read" : "refuse";
      },
    },
    "GET /cms": queryDoor("/cms", ["tab"], "admin"),
    "GET /become-vendor": queryDoor("/become-vendor", ["ref"]),
    "GET /vendor-application": queryDoor("/vendor-application", ["ref"], "customer"),
    "GET /vendor-pre-approval": queryDoor("/vendor-pre-approval", ["field"], "freshApplicant"),
    "GET /vendor-dashboard": queryDoor("/vendor-dashboard", ["tab", "page"], "vendor"),
    "GET /vendor-dashboard/statement": {
      actor: "vendor",
      expect: "refuse",
      inputs: () => fc.oneof(badQuery(["month"]), fc.constantFrom(...BAD_MONTHS).map((month) => `?month=${escapeForm(month)}`)).map((query) => get(`/vendor-dashboard/statement${query}`)),
      // A well-formed month is a download, even of a month with no entries.
      judge: (request) => (statementMonthSchema.safeParse(new URL(request.url, "http://door.test").searchParams.get("month") ?? undefined).success ? "read" : "refuse"),
    },
    "GET /products": queryDoor("/products", ["q", "status", "page", "add", "edit", "delete"], "vendor"),
    "GET /products/images": queryDoor("/products/images", ["url"], "vendor"),
    "GET /*": {
      actor: "anonymous",
      expect: "refuse",
      inputs: () => fc.array(strangeId, { minLength: 1, maxLength: 3 }).map((parts) => get(`/no-such-page/${parts.map((p) => escapeForm(p) || "x").join("/")}`)),
    },

    // Page actions
    "POST /auth": {
      actor: "anonymous",
      expect: "refuse",
      inputs: () => pageAction("/auth", formFields(["signin", "signup", "forgot", "resend"], { email: text("a@b", "user@example.ng"), password: text("Password1!"), fullName: text("Ada Obi"), confirmPassword: text("Password1!") })),
      judge: refusesIf(({ fields }) => refusesAccountForm(fields, { signin: signInSchema, signup: signUpSchema, forgot: forgotPasswordSchema, resend: forgotPasswordSchema })),
    },
    "POST /auth/reset-password": {
      actor: "anonymous",
      expect: "refuse",
      inputs: () => pageAction("/auth/reset-password", formFields(["reset"], { token: text(randomUUID()), password: text("Password1!"), confirmPassword: text("Password1!") })),
          },
    "POST /auth/sign-out": { actor: "anonymous", expect: "ignore", inputs: () => pageAction("/auth/sign-out", formFields(["signout"], { next: text() })) },
    "POST /vendor-auth": {
      actor: "anonymous",
      expect: "refuse",
      inputs: () => pageAction("/vendor-auth", formFields(["signin", "signup", "forgot", "resend"], { fullName: text("Ada Obi"), email: text("a@b", "shop@example.ng"), password: text("Password1!") })),
      judge: refusesIf(({ fields }) => refusesAccountForm(fields, { signin: signInSchema, signup: vendorSignUpSchema, forgot: forgotPasswordSchema, resend: forgotPasswordSchema })),
    },
    "POST /super-admin": {
      actor: "superAdmin",
      expect: "refuse",
      inputs: () => pageAction("/super-admin", formFields(["assign", "remove"], { identifier: text("nobody@example.ng", randomUUID()), roleId: strangeId })),
    },
    "POST /super-admin-bootstrap": { actor: "customer", expect: "refuse", inputs: () => pageAction("/super-admin-bootstrap", formFields(["bootstrap"], {})) },
    "POST /super-admin-creator": {
      actor: "superAdmin",
      expect: "refuse",
      inputs: () => pageAction("/super-admin-creator", formFields(["create"], { email: text("nobody@example.ng", "a@b") })),
    },
    "POST /cart": {
      actor: "customer",
      expect: "refuse",
      toastRedirects: true,
      inputs: (world) => pageAction("/cart", cartLineFields(world)),
      judge: refusesIf(({ fields }, world) => refusesCartLine(fields, world)),
    },
    "POST /cart/items": {
      actor: "customer",
      expect: "refuse",
      toastRedirects: true,
      inputs: (world) =>
        pageAction("/cart/items", formFields(["add"], { productId: fc.oneof(strangeId, fc.constant(world.pendingProduct.id), fc.constant(world.vendor.productId)), quantity: fc.oneof(badNumberText, nastyText) })),
      judge: refusesIf(({ fields }, world) => fields?.productId !== world.vendor.productId || fails(addToCartSchema, fields)),
    },
    "POST /checkout": {
      actor: "customer",
      expect: "refuse",
      toastRedirects: true,
      inputs: (world) => pageAction("/checkout", checkoutFields(world)),
    },
    "POST /payment-success": {
      actor: "customer",
      expect: "refuse",
      inputs: () => pageAction("/payment-success", formFields(["verify"], { reference: fc.oneof(fc.constantFrom("", " ", "x".repeat(201)), fc.string({ minLength: 201, maxLength: 400 })) })).filter((r) => r.fields?.reference !== undefined),
      judge: refusesIf(({ fields }) => (fields?.reference ?? "").trim() === "" || (fields?.reference ?? "").trim().length > 200),
    },
    // Only input the form's schema refuses is sent: a valid draw would delete the newcomer (or count a wrong password).
    "POST /account/delete": {
      actor: "newcomer",
      expect: "refuse",
      inputs: () => pageAction("/account/delete", formFields(["delete"], { password: text("not-the-password", ""), confirmation: text("DELETE", "delete", " DELETE") })),
      judge: refusesIf(({ fields }) => fails(deleteAccountSchema, { password: fields?.password, confirmation: fields?.confirmation })),
    },
    "POST /account": {
      actor: "customer",
      expect: "refuse",
      toastRedirects: true,
      inputs: () =>
        pageAction("/account", formFields(["profile", "email", "password", "end-session", "save-address", "delete-address", "default-address"], {
          fullName: text("Ada Obi"), phone: text("0803 123 4567", ""), newEmail: text("ada.new@example.com"), currentPassword: text("not-the-password"),
          password: text("eko-atlantic-2027", "short"), confirmPassword: text("eko-atlantic-2027"), sessionId: strangeId, addressId: fc.oneof(strangeId, fc.constant(randomUUID())),
          label: text("Home"), customerName: text("Ada Obi"), customerPhone: text("0803 123 4567"), shippingAddress: text("12 Allen Avenue"), city: text("Ikeja"), state: text("Lagos", "Atlantis"),
        })),
      // The customer has no saved address and no other device the draws could name, and no draw knows
      // their password (a change of address and of password both need it).
      judge: refusesIf(({ fields }) => {
        const sent = fields ?? {};
        if (sent.intent === "profile") return fails(profileSchema, sent);
        if (sent.intent === "save-address") return Boolean(sent.addressId) || fails(savedAddressSchema, sent);
        return true;
      }),
    },
    "POST /wishlist/items": {
      actor: "customer",
      expect: "refuse",
      toastRedirects: true,
      inputs: (world) => pageAction("/wishlist/items", formFields(["add", "remove"], { productId: fc.oneof(strangeId, fc.constant(world.pendingProduct.id)) })),
      // Removing a phone that is not on the list is no change, not bad input; adding one without a public page is refused.
      judge: refusesIf(({ fields }) => fails(wishlistChangeSchema, fields) || fields?.intent === "add"),
    },
    "POST /stock-alerts": {
      actor: "customer",
      expect: "refuse",
      toastRedirects: true,
      inputs: (world) =>
        pageAction("/stock-alerts", formFields(["subscribe", "cancel"], { productId: fc.oneof(strangeId, fc.constant(world.pendingProduct.id), fc.constant(world.vendor.productId)) })),
      // Subscribing is refused for a phone without a public page and for one in stock; cancelling no alert changes nothing.
      judge: refusesIf(({ fields }) => fails(stockAlertChangeSchema, fields) || fields?.intent === "subscribe"),
    },
    "POST /notifications": {
      actor: "customer",
      expect: "refuse",
      toastRedirects: true,
      inputs: (world) => pageAction("/notifications", formFields(["read"], { id: fc.oneof(strangeId, fc.constant(world.otherCustomer.notificationId)) })),
      judge: refusesIf(({ fields }) => fields?.intent !== "read-all"),
    },
    "POST /orders": {
      actor: "customer",
      expect: "refuse",
      toastRedirects: true,
      inputs: (world) =>
        pageAction("/orders", formFields(["review", "pay-now", "cancel-order", "cancel-paid-order", "received", "refund-account"], {
          orderId: fc.oneof(strangeId, fc.constant(world.otherCustomer.orderId), fc.constant(world.customer.orderId)), rating: fc.oneof(badNumberText, fc.constantFrom("1", "5")), comment: text("Lovely phone"),
          refundId: strangeId, bankCode: text("058"), accountNumber: text("0001234567"),
          reason: text("I changed my mind", "Other"), otherReason: text("My brother gave me his phone", ""),
        })),
      // The world's orders are paid and delivered: 'Pay now', both 'Cancel order' and 'I received my phone' refuse every one of them.
      judge: refusesIf(({ fields }, world) => fields?.intent !== "review" || fields?.orderId !== world.customer.orderId || fails(reviewSubmissionSchema, fields)),
    },
    "POST /orders/claims": {
      actor: "customer",
      expect: "refuse",
      toastRedirects: true,
      // Only orders and claims that are not the customer's: every draw is refused, nothing is stored.
      inputs: (world) =>
        pageAction(
          "/orders/claims",
          formFields(["open", "escalate", "return"], {
            orderId: fc.oneof(strangeId, fc.constant(world.otherCustomer.orderId)), reason: text("battery_performance", "other"),
            description: text("The battery drains within two hours of light use."), claimId: strangeId, note: text("The vendor did not look at the photos."),
            carrier: text("GIG Logistics", "Other"), carrierName: text("Bolt Send"), trackingNumber: text("GIGL-5501234"),
          }),
          (fields) => fc.oneof(formBodies(fields), uploadBodies(fields, "photos")),
        ),
    },
    "POST /vendor-dashboard/claims": {
      actor: "vendor",
      expect: "refuse",
      toastRedirects: true,
      inputs: () =>
        pageAction("/vendor-dashboard/claims", formFields(["answer", "received", "refund", "returned", "replace"], {
          claimId: strangeId, answer: text("accept", "decline"), outcome: text("repair", "refund"), returnInstructions: text("Bring it to Shop 4, Ikeja."),
          declineReason: text("Battery wear is normal for its age."), confirm: text("yes"), carrier: text("DHL Nigeria", "Other"), carrierName: text("Bolt Send"),
          trackingNumber: text("1234567890"), productId: strangeId,
        })),
    },
    "POST /admin/claims": {
      actor: "admin",
      expect: "refuse",
      toastRedirects: true,
      inputs: () =>
        pageAction("/admin/claims", formFields(["decide"], {
          claimId: strangeId, decision: text("full_refund", "partial_refund", "replacement", "reject"), amountNaira: fc.oneof(badNumberText, fc.constant("25000")),
          note: text("Water damage is not covered."), confirm: text("yes"),
        })),
    },
    "POST /orders/returns": {
      actor: "customer",
      expect: "refuse",
      toastRedirects: true,
      // Only orders and returns that are not the customer's: every draw is refused, nothing is stored.
      inputs: (world) =>
        pageAction("/orders/returns", formFields(["ask", "send", "cancel", "escalate"], {
          orderId: fc.oneof(strangeId, fc.constant(world.otherCustomer.orderId)), reason: text("I changed my mind about the colour"), unused: text("yes"),
          returnId: strangeId, note: text("The vendor never told me where to send it."), confirm: text("yes"),
          carrier: text("GIG Logistics", "Other"), carrierName: text("Bolt Send"), trackingNumber: text("GIGL-5501234"),
        })),
    },
    "POST /vendor-dashboard/returns": {
      actor: "vendor",
      expect: "refuse",
      toastRedirects: true,
      inputs: () =>
        pageAction("/vendor-dashboard/returns", formFields(["instructions", "received", "refund", "reject"], {
          returnId: strangeId, instructions: text("Send it by GIG to Shop 4, Ikeja."), restock: text("yes"), confirm: text("yes"), reason: text("It arrived with a cracked screen."),
        })),
    },
    "POST /admin/returns": {
      actor: "admin",
      expect: "refuse",
      toastRedirects: true,
      inputs: () =>
        pageAction("/admin/returns", formFields(["decide"], {
          returnId: strangeId, decision: text("refund", "reject"), note: text("The phone was bought over a month ago."), confirm: text("yes"),
        })),
    },
    "POST /admin/vendors": {
      actor: "admin",
      expect: "refuse",
      toastRedirects: true,
      inputs: (world) =>
        pageAction("/admin/vendors", formFields(["status", "commission"], {
          vendorId: fc.oneof(strangeId, fc.constant(world.applicant.vendorId)), status: text("approved", "rejected"), reason: text("Not enough detail given"),
          rate: fc.oneof(badNumberText, fc.constantFrom("8", "100.5", "7.125")),
        })),
      // intent=commission changes the rate; any other intent sets the status.
      judge: refusesIf(({ fields }, world) =>
        fields?.vendorId !== world.applicant.vendorId ||
        (fields.intent === "commission"
          ? fails(commissionChangeSchema, fields)
          : !["approved", "rejected", "pending"].includes(fields.status ?? "") || (fields.reason ?? "").trim().length > 500)),
    },
    "POST /admin/products": {
      actor: "admin",
      expect: "refuse",
      toastRedirects: true,
      inputs: (world) =>
        pageAction("/admin/products", formFields(["decide", "inspect", "withdraw-inspection"], {
          productId: fc.oneof(strangeId, fc.constant(world.pendingProduct.id)), decision: text("approve", "reject"), reason: text(),
          compareSource: text("suggested", "custom", "none"), comparePriceNaira: fc.oneof(badNumberText, fc.constant("900000")), point: text(INSPECTION_POINTS[0]),
          finalPriceNaira: fc.oneof(badNumberText, fc.constant("850000"), fc.constant("")),
        })),
      // One ticked point never completes the checklist, and the pending listing was never inspected to withdraw.
      judge: refusesIf(({ fields }, world) =>
        fields?.intent !== "decide" || fields.productId !== world.pendingProduct.id || !["approve", "reject"].includes(fields.decision ?? "") ||
        (fields.reason ?? "").trim().length > 500 || (fields.decision === "approve" && (fails(comparePriceChoiceSchema, fields) || fails(approvalFinalPriceSchema, fields)))),
    },
    "POST /admin/orders": {
      actor: "admin",
      expect: "refuse",
      toastRedirects: true,
      inputs: (world) =>
        pageAction("/admin/orders", formFields(["status", "record-payment"], {
          orderId: fc.oneof(strangeId, fc.constant(world.customer.orderId)), status: text("shipped", "cancelled", "paid"), trackingNumber: text(),
          estimatedDeliveryDate: text("2026-13-45"), confirmCancel: text("yes"), method: text("bank_transfer", "cash", "pos"), reference: text("GTB-55012"),
          amountNaira: fc.oneof(badNumberText, fc.constant("250000")), note: text(),
        })),
      // The customer's order is delivered: it takes no payment and 'Paid' is never a menu move.
      judge: refusesIf(({ fields }, world) =>
        fields?.intent !== "status" || fields.orderId !== world.customer.orderId || fields.status === "paid" ||
        !["pending", "processing", "shipped", "delivered", "cancelled"].includes(fields.status ?? "")),
    },
    "POST /admin/payments": {
      actor: "admin",
      expect: "refuse",
      toastRedirects: true,
      // No payment the stand-in knows: every draw is refused before the provider is asked.
      inputs: () =>
        pageAction("/admin/payments", formFields(["refund"], {
          paymentId: strangeId, orderId: strangeId, amountNaira: fc.oneof(badNumberText, fc.constantFrom("1000", "0.001", "-5", "0")), reason: text("Scratched screen"),
          idempotencyKey: text("0123456789abcdef01"), confirm: text("yes", "no"),
        })),
    },
    "POST /admin/payouts": {
      actor: "admin",
      expect: "refuse",
      toastRedirects: true,
      inputs: (world) =>
        pageAction("/admin/payouts", formFields(["start", "retry", "adjust", "finalize-otp", "resend-otp"], {
          payoutId: strangeId, otp: text("123456"), vendorId: fc.oneof(strangeId, fc.constant(world.vendor.vendorId)), direction: text("credit", "debit"),
          amountNaira: fc.oneof(badNumberText, fc.constantFrom("1000", "0", "0.001")), reason: text("Courier fee refunded"),
        })),
      // Starting a run takes no input, and an adjustment of the world's vendor that passes the schema is made.
      judge: refusesIf(({ fields }, world) =>
        fields?.intent !== "start" && !(fields?.intent === "adjust" && fields.vendorId === world.vendor.vendorId && !fails(adjustmentSchema, fields))),
    },
    "POST /admin/reviews": {
      actor: "admin",
      expect: "refuse",
      toastRedirects: true,
      inputs: (world) => pageAction("/admin/reviews", formFields(["decide"], { reviewId: fc.oneof(strangeId, fc.constant(world.pendingReview.id)), decision: text("approve", "reject") })),
      judge: refusesIf(({ fields }, world) => fields?.reviewId !== world.pendingReview.id || !["approve", "reject"].includes(fields.decision ?? "")),
    },
    "POST /admin/preapproval-fields": {
      actor: "admin",
      expect: "refuse",
      toastRedirects: true,
      inputs: () =>
        pageAction("/admin/preapproval-fields", formFields(["add", "toggle", "delete"], { fieldId: strangeId, active: text("true", "false"), fieldName: text("shop_photo"), fieldLabel: text("Shop photo"), fieldType: text("text", "file"), required: text("on"), fieldOrder: fc.oneof(badNumberText, fc.constant("3")) })),
      judge: refusesIf(({ fields }) => fields?.intent !== "add" || fails(preapprovalFieldSchema, fields)),
    },
    "POST /admin/pricing": {
      actor: "admin",
      expect: "refuse",
      toastRedirects: true,
      inputs: () => pageAction("/admin/pricing", formFields(["save"], { markupPercentage: fc.oneof(badNumberText, fc.constant("10")), commissionRate: fc.oneof(badNumberText, fc.constant("5")), deliveryFeeNaira: fc.oneof(badNumberText, fc.constant("2500")), warrantyDays: fc.oneof(badNumberText, fc.constantFrom("30", "0", "366", "7.5")), autoDeliverAfterDays: fc.oneof(badNumberText, fc.constantFrom("14", "0", "61", "2.5")),
        returnWindowDays: fc.oneof(badNumberText, fc.constantFrom("7", "0", "31", "-1", "2.5")),
        payoutWeekday: fc.oneof(badNumberText, fc.constantFrom("5", "7", "Friday")), payoutMinimumNaira: fc.oneof(badNumberText, fc.constantFrom("5000", "99.99", "1000000.01")) })),
      judge: refusesIf(({ fields }) => fails(pricingConfigSchema, fields)),
    },
    "POST /admin/delivery-fees": {
      actor: "admin",
      expect: "refuse",
      toastRedirects: true,
      inputs: () =>
        pageAction("/admin/delivery-fees", formFields(["save"], {
          "fee:Kano": fc.oneof(badNumberText, fc.constantFrom("5500", "", "50000.01", "-1", "₦4,000")),
          "fee:Lagos": fc.oneof(badNumberText, fc.constantFrom("0", "", "1.234")),
          "fee:Federal Capital Territory": fc.oneof(badNumberText, fc.constantFrom("4000", "abc")),
        })),
      judge: refusesIf(({ fields }) => fails(stateFeesSchema, fields)),
    },
    "POST /cms": {
      actor: "admin",
      expect: "refuse",
      inputs: () =>
        fc.oneof(
          pageAction("/cms", formFields(["save"], { section: text("hero_banner", "branding", "no_such_section", ...INHERITED_NAMES) }).map((f) => ({ ...f, section: f.section === "hero_banner" || f.section === "branding" ? "no_such_section" : (f.section ?? "") }))),
          pageAction("/cms", fc.constantFrom("hero_banner", "branding").map((section) => ({ section, [section === "branding" ? "logo_url" : "image_url"]: "" })), (fields) => uploadBodies(fields, `${fields.section === "branding" ? "logo_url" : "image_url"}__file`).filter((b) => b.body instanceof FormData)),
        ),
    },
    "POST /vendor-application": {
      actor: "customer",
      expect: "refuse",
      inputs: () => pageAction("/vendor-application", formFields(["apply"], { businessName: text("Ade Phones"), contactEmail: text("ade@example.ng"), contactPhone: text("08031234567"), businessAddress: text("12 Allen Avenue, Ikeja"), acceptTerms: text("on") })),
      judge: refusesIf(({ fields }) => fails(vendorApplicationSchema, fields)),
    },
    "POST /vendor-pre-approval": {
      actor: "freshApplicant",
      expect: "refuse",
      inputs: () => pageAction("/vendor-pre-approval", formFields(["submit"], { [PREAPPROVAL_EMAIL_FIELD]: text("not-an-email") }), (fields) => uploadBodies(fields, PREAPPROVAL_FILE_FIELD)),
    },
    "POST /vendor-dashboard": {
      actor: "vendor",
      expect: "refuse",
      toastRedirects: true,
      inputs: (world) =>
        pageAction("/vendor-dashboard", formFields(["live", "profile", "move", "cancel", "resolve-bank", "save-bank"], {
          productId: fc.oneof(strangeId, fc.constant(world.otherVendor.productId), fc.constant(world.vendor.productId)), isLive: text("true", "false"),
          businessName: text("Ade Phones"), contactEmail: text("ade@example.ng"), contactPhone: text("08031234567"), businessAddress: text("12 Allen Avenue, Ikeja"),
          orderId: fc.oneof(strangeId, fc.constant(world.otherVendor.orderId), fc.constant(world.vendor.orderId)), status: text("processing", "shipped", "delivered", "cancelled"),
          reason: text("Out of stock", "Other", "I changed my mind"), otherReason: text("", "x".repeat(301)),
          carrier: text("GIG Logistics", "Other"), carrierName: text("Ikeja Dispatch"), trackingNumber: text("GIGL-55012"), estimatedDeliveryDate: text("2026-02-30", "1999-01-01"),
          bankCode: text("058", "", "05 8"), accountNumber: fc.oneof(badNumberText, fc.constantFrom(...BAD_ACCOUNT_NUMBERS), nastyText), password: fc.oneof(text("x".repeat(129)), fc.constant("a-password")),
          accountName: text("ADEBAYO OLUWASEUN"),
        })),
      judge: refusesIf(({ fields }, world) => refusesVendorDashboard(fields, world)),
    },
    "POST /products": {
      actor: "vendor",
      expect: "refuse",
      inputs: (world) =>
        pageAction("/products", productFields(world), (fields) => fc.oneof(formBodies(fields), uploadBodies(fields, "imageFiles"))),
      judge: refusesIf(({ fields, body }, world) => refusesProductForm(fields, body, world)),
    },
    "POST /products/images": {
      actor: "vendor",
      expect: "refuse",
      inputs: () => pageAction("/products/images", fc.constant({}), (fields) => uploadBodies(fields, "images")),
    },

    // Express doors
    "GET /healthz": queryDoor("/healthz", ["deep"]),
    "GET /favicon.ico": queryDoor("/favicon.ico", ["v", "size"]),
    "POST /paystack-standin/transaction/initialize": {
      actor: "anonymous",
      expect: "refuse",
      inputs: (_w, { secretKey }) =>
        apiCall("POST", "/paystack-standin/transaction/initialize", fc.oneof(jsonShapes, fc.record({ email: nastyText, amount: badJsonNumber, reference: nastyText, currency: text("NGN", "USD"), callback_url: text("javascript:alert(1)") }, { requiredKeys: [] }))).map(withBearer(secretKey)),
    },
    "GET /paystack-standin/transaction/verify/:reference": {
      actor: "anonymous",
      expect: "refuse",
      inputs: (_w, { secretKey }) => strangeId.map((reference) => withBearer(secretKey)(get(`/paystack-standin/transaction/verify/${escapeForm(reference) || "%20"}`))),
    },
    "GET /paystack-standin/transaction": {
      actor: "anonymous",
      expect: "read",
      inputs: (_w, { secretKey }) => badQuery(["perPage", "per_page", "page", "status", "from", "to"]).map((query) => withBearer(secretKey)(get(`/paystack-standin/transaction${query}`))),
    },
    "POST /paystack-standin/refund": {
      actor: "anonymous",
      expect: "refuse",
      inputs: (_w, { secretKey }) => apiCall("POST", "/paystack-standin/refund", fc.oneof(jsonShapes, fc.record({ transaction: nastyText, amount: badJsonNumber }, { requiredKeys: [] }))).map(withBearer(secretKey)),
    },
    "GET /paystack-standin/refund": {
      actor: "anonymous",
      expect: "read",
      inputs: (_w, { secretKey }) => badQuery(["perPage", "per_page", "page", "transaction", "from", "to"]).map((query) => withBearer(secretKey)(get(`/paystack-standin/refund${query}`))),
    },
    "POST /paystack-standin/refund/retry_with_customer_details/:id": {
      actor: "anonymous",
      expect: "refuse",
      inputs: (_w, { secretKey }) =>
        fc.tuple(strangeId, fc.oneof(jsonShapes, fc.record({ refund_account_details: fc.oneof(jsonShapes, fc.record({ currency: text("NGN"), account_number: nastyText, bank_id: nastyText }, { requiredKeys: [] })) }, { requiredKeys: [] })))
          .chain(([id, body]) => apiCall("POST", `/paystack-standin/refund/retry_with_customer_details/${escapeForm(id) || "%20"}`, fc.constant(body)))
          .map(withBearer(secretKey)),
    },
    "GET /paystack-standin/refund/:id": {
      actor: "anonymous",
      expect: "refuse",
      inputs: (_w, { secretKey }) => strangeId.map((id) => withBearer(secretKey)(get(`/paystack-standin/refund/${escapeForm(id) || "%20"}`))),
    },
    "GET /paystack-standin/refunds": {
      actor: "anonymous",
      expect: "refuse",
      inputs: () => fc.tuple(strangeId, badQuery(["page"])).map(([reference, query]) => get(`/paystack-standin/refunds?reference=${escapeForm(reference)}${query.replace(/^\?/, "&")}`)),
    },
    "GET /paystack-standin/bank": {
      actor: "anonymous",
      expect: "read",
      inputs: (_w, { secretKey }) => badQuery(["country", "currency", "perPage", "page", "use_cursor", "next"]).map((query) => withBearer(secretKey)(get(`/paystack-standin/bank${query}`))),
    },
    "GET /paystack-standin/bank/resolve": {
      actor: "anonymous",
      expect: "refuse",
      inputs: (_w, { secretKey }) => badQuery(["account_number", "bank_code"]).map((query) => withBearer(secretKey)(get(`/paystack-standin/bank/resolve${query}`))),
    },
    "POST /paystack-standin/transferrecipient": {
      actor: "anonymous",
      expect: "refuse",
      inputs: (_w, { secretKey }) =>
        apiCall("POST", "/paystack-standin/transferrecipient", fc.oneof(jsonShapes, fc.record({ type: text("nuban"), name: nastyText, account_number: nastyText, bank_code: text("058"), currency: text("NGN"), metadata: jsonShapes }, { requiredKeys: [] }))).map(withBearer(secretKey)),
    },
    "POST /paystack-standin/transfer": {
      actor: "anonymous",
      expect: "refuse",
      inputs: (_w, { secretKey }) => apiCall("POST", "/paystack-standin/transfer", fc.oneof(jsonShapes, transferFields)).map(withBearer(secretKey)),
    },
    "POST /paystack-standin/transfer/bulk": {
      actor: "anonymous",
      expect: "refuse",
      inputs: (_w, { secretKey }) =>
        apiCall("POST", "/paystack-standin/transfer/bulk", fc.oneof(jsonShapes, fc.record({ source: text("balance"), currency: text("NGN"), transfers: fc.oneof(jsonShapes, fc.array(transferFields, { maxLength: 3 })) }, { requiredKeys: [] }))).map(withBearer(secretKey)),
    },
    "POST /paystack-standin/transfer/finalize_transfer": {
      actor: "anonymous",
      expect: "refuse",
      inputs: (_w, { secretKey }) =>
        apiCall("POST", "/paystack-standin/transfer/finalize_transfer", fc.oneof(jsonShapes, fc.record({ transfer_code: nastyText, otp: fc.oneof(nastyText, text("123456")) }, { requiredKeys: [] }))).map(withBearer(secretKey)),
    },
    "POST /paystack-standin/transfer/resend_otp": {
      actor: "anonymous",
      expect: "refuse",
      inputs: (_w, { secretKey }) =>
        apiCall("POST", "/paystack-standin/transfer/resend_otp", fc.oneof(jsonShapes, fc.record({ transfer_code: nastyText, reason: text("transfer") }, { requiredKeys: [] }))).map(withBearer(secretKey)),
    },
    "GET /paystack-standin/transfer": {
      actor: "anonymous",
      expect: "read",
      inputs: (_w, { secretKey }) => badQuery(["perPage", "per_page", "page", "status", "recipient", "from", "to"]).map((query) => withBearer(secretKey)(get(`/paystack-standin/transfer${query}`))),
    },
    "GET /paystack-standin/transfer/verify/:reference": {
      actor: "anonymous",
      expect: "refuse",
      inputs: (_w, { secretKey }) => strangeId.map((reference) => withBearer(secretKey)(get(`/paystack-standin/transfer/verify/${escapeForm(reference) || "%20"}`))),
    },
    "GET /paystack-standin/transfer/:idOrCode": {
      actor: "anonymous",
      expect: "refuse",
      inputs: (_w, { secretKey }) => strangeId.map((code) => withBearer(secretKey)(get(`/paystack-standin/transfer/${escapeForm(code) || "%20"}`))),
    },
    "GET /paystack-standin/transfers": queryDoor("/paystack-standin/transfers", ["page"], "admin"),
    "GET /paystack-standin/pay/:accessCode": idDoor((code) => `/paystack-standin/pay/${code}`, "anonymous", () => ["x"]),
    "POST /paystack-standin/pay/:accessCode": {
      actor: "anonymous",
      expect: "refuse",
      inputs: () =>
        fc.tuple(strangeId, formFields(["pay", "cancel"], { card: text("4084084084084081"), expiry: text("12/30"), cvv: text("408") }).chain(formBodies)).map(([code, body]) => ({ method: "POST", url: `/paystack-standin/pay/${escapeForm(code) || "%20"}`, ...body })),
    },
    "POST /api/webhooks/paystack": {
      actor: "anonymous",
      expect: "refuse",
      inputs: (_w, { secretKey }) => webhookCalls(secretKey),
      judge: (request, _w, { secretKey }) => (isAcknowledgedEvent(request, secretKey) ? "ignore" : "refuse"),
    },
    "GET /api/products": queryDoor("/api/products", ["q", "brand", "grade", "storage", "minPrice", "maxPrice", "sort", "page", "view"]),
    "GET /api/events": {
      actor: "customer",
      expect: "read",
      stream: true,
      inputs: () => fc.tuple(badQuery(["after"]), fc.option(fc.oneof(nastyText, badNumberText), { nil: undefined })).map(([query, lastEventId]) => get(`/api/events${query}`, lastEventId === undefined ? {} : { "last-event-id": lastEventId.replace(/[^\x20-\x7e]/g, "") })),
    },
    "GET /uploads/*": {
      actor: "anonymous",
      expect: "refuse",
      inputs: (world) => fc.oneof(strangeId, fc.constantFrom(world.applicant.documentKey, "..%2F..%2Fauth-secret", "%2e%2e/%2e%2e/auth-secret", "products/", ".env")).map((key) => get(`/uploads/${key.includes("%") ? key : escapeForm(key)}`)),
    },
  };
}

export const PREAPPROVAL_EMAIL_FIELD = "business_email";
export const PREAPPROVAL_FILE_FIELD = "cac_certificate";

// ---------------------------------------------------------------------------------------------
// Door helpers

function withBearer(secretKey: string) {
  return (request: BadRequest): BadRequest => ({ ...request, headers: { ...request.headers, authorization: `Bearer ${secretKey}` } });
}

/** Months a statement is refused for (a 400 with 'Choose a month such as 2026-11'). */
const BAD_MONTHS = ["2026-13", "2026-00", "2026-1", "26-11", "2026-11-01", "1999-12", "2026/11", " 2026-11", "2026-11 ", "November 2026", "２０２６-１１"];

/** Account numbers that are never ten digits once spaces are gone. */
const BAD_ACCOUNT_NUMBERS = ["", "012345678", "01234567890", "0123-456789", "١٢٣٤٥٦٧٨٩٠", "０１２３４５６７８９", "+2340123456", "0x12345678"];

/**
 * The vendor dashboard's intents: the world's orders are delivered, so every move or
 * cancellation of them is refused; payout details the schema accepts would reach Paystack and save, so only bad ones are tried.
 */
function refusesVendorDashboard(fields: Fields | undefined, world: World): boolean {
  switch (fields?.intent) {
    case "live":
      return fields.productId !== world.vendor.productId || !["true", "false"].includes(fields.isLive ?? "");
    case "profile":
      return fails(vendorDetailsSchema, fields);
    case "resolve-bank":
      return fails(resolveBankSchema, fields);
    case "save-bank":
      return fails(saveBankSchema, fields);
    default:
      return true;
  }
}

function refusesAccountForm(fields: Fields | undefined, schemas: Record<string, z.ZodType>): boolean {
  const schema = fields?.intent !== undefined && Object.hasOwn(schemas, fields.intent) ? schemas[fields.intent] : undefined;
  return !schema || fails(schema, fields);
}

function cartLineFields(world: World): fc.Arbitrary<Fields> {
  return formFields(["quantity", "remove"], {
    itemId: fc.oneof(strangeId, fc.constantFrom(world.otherCustomer.cartItemId, world.customer.cartItemId)),
    quantity: fc.oneof(badNumberText, nastyText),
  });
}

/** A line change refuses unless it names the buyer's own line with a usable quantity (or is a removal of it). */
function refusesCartLine(fields: Fields | undefined, world: World): boolean {
  if (!fields || fields.itemId !== world.customer.cartItemId) return true;
  if (fields.intent === "remove") return false;
  return fields.intent !== "quantity" || fails(setQuantitySchema, fields);
}

function checkoutFields(world: World): fc.Arbitrary<Fields> {
  const productId = fc.oneof(strangeId, fc.constant(world.pendingProduct.id));
  return fc.tuple(productId, fc.oneof(badNumberText, fc.constant("1")), fc.record({ customerName: text(SHIPPING.customerName), customerPhone: text(SHIPPING.customerPhone), shippingAddress: text(SHIPPING.shippingAddress), city: text(SHIPPING.city), state: text(SHIPPING.state) }))
    .map(([id, quantity, shipping]) => ({ intent: "place", productId: id, [`quantity_${id}`]: quantity, ...shipping }));
}

function productFields(world: World): fc.Arbitrary<Fields> {
  return formFields(["create", "update", "delete"], {
    productId: fc.oneof(strangeId, fc.constant(world.otherVendor.productId)),
    name: text("Pixel 7"),
    brand: text("Google"),
    model: text("Pixel 7"),
    storage: text("128GB"),
    grade: text("A"),
    suggestedPrice: fc.oneof(badNumberText, fc.constant("250000")),
    stockQuantity: fc.oneof(badNumberText, fc.constant("3")),
    color: text(),
    description: text(),
    // Never uploaded, or drawn for another vendor's demo listing: no listing of this vendor may show them.
    images: text("/uploads/products/elsewhere.webp", `/uploads/products/${"e".repeat(32)}.webp`, "/uploads/products/demo/pixel-7-obsidian-front.webp", "javascript:alert(1)"),
    vendorId: fc.oneof(strangeId, fc.constant(world.otherVendor.vendorId)),
  });
}

function refusesProductForm(fields: Fields | undefined, body: BadRequest["body"], world: World): boolean {
  if (!fields) return true;
  if (fields.intent === "delete") return fields.productId !== world.vendor.productId;
  if (fields.intent !== "create" && fields.intent !== "update") return true;
  if (fields.intent === "update" && fields.productId !== world.vendor.productId) return true;
  const withFiles = body instanceof FormData && body.getAll("imageFiles").length > 0;
  // None of the image addresses sent is an upload of this vendor's (docs/vendors.md).
  const withImages = Boolean(fields.images);
  const mode = fields.intent === "create" ? "add" : "edit";
  return withFiles || withImages || fails(productFormSchema(mode), { ...fields, images: [] });
}

function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

// ---------------------------------------------------------------------------------------------
// Webhook

function sign(body: string, secretKey: string): string {
  return createHmac("sha512", secretKey).update(body).digest("hex");
}

const unknownReference = fc.oneof(fc.constantFrom("pay_0", "", "' or 1=1 --"), fc.uuid().map((id) => `pay_${id}`), nastyText);

/** Bad signatures on any body, and well-signed events that are not a usable charge.success. */
/** A transfer (alone, or one of a batch) to a recipient nobody made: never valid. */
const transferFields = fc.record({ source: text("balance"), amount: badJsonNumber, recipient: nastyText, reference: nastyText, reason: nastyText }, { requiredKeys: [] });

function webhookCalls(secretKey: string): fc.Arbitrary<BadRequest> {
  const json = { "content-type": "application/json" };
  const malformedEvent = fc.oneof(
    jsonShapes.map((value) => JSON.stringify(value) ?? "null"),
    fc.constantFrom("{", "", "\u0000", "{\"event\":\"charge.success\"", "[]"),
    fc.record({ event: fc.constant("charge.success"), data: fc.oneof(jsonShapes, fc.record({ reference: unknownReference, amount: badJsonNumber, currency: text("NGN"), status: text("success") }, { requiredKeys: [] })) }).map((v) => JSON.stringify(v)),
    fc.record({ event: fc.oneof(nastyText, badJsonNumber), data: jsonShapes }).map((v) => JSON.stringify(v)),
    fc.record({
      event: fc.constantFrom("refund.processed", "refund.failed"),
      data: fc.oneof(jsonShapes, fc.record({ id: badJsonNumber, transaction_reference: unknownReference, amount: badJsonNumber, status: text("processed") }, { requiredKeys: [] })),
    }).map((v) => JSON.stringify(v)),
  );
  const badlySigned = fc.tuple(malformedEvent, fc.oneof(fc.constantFrom("", "00", "x".repeat(128), sign("{}", secretKey)), nastyText.map((t) => t.replace(/[^\x20-\x7e]/g, "")), fc.string({ unit: fc.constantFrom(..."0123456789abcdef"), minLength: 128, maxLength: 128 })), fc.boolean())
    .map(([body, signature, send]) => ({ method: "POST", url: "/api/webhooks/paystack", headers: send ? { ...json, "x-paystack-signature": signature } : json, body }));
  const wellSigned = malformedEvent.map((body) => ({ method: "POST", url: "/api/webhooks/paystack", headers: { ...json, "x-paystack-signature": sign(body, secretKey) }, body }));
  const oversized = fc.constant(`{"event":"charge.success","data":{"pad":"${"a".repeat(300_000)}"}}`).map((body) => ({ method: "POST", url: "/api/webhooks/paystack", headers: { ...json, "x-paystack-signature": sign(body, secretKey) }, body }));
  return fc.oneof({ arbitrary: badlySigned, weight: 3 }, { arbitrary: wellSigned, weight: 4 }, { arbitrary: oversized, weight: 1 });
}

/**
 * Paystack sends many kinds of event; the shop acknowledges (200, as Paystack expects) a
 * well-signed event it does not act on, and a charge.success for a payment it does not know.
 * Neither changes anything.
 */
function isAcknowledgedEvent(request: BadRequest, secretKey: string): boolean {
  const body = typeof request.body === "string" ? request.body : "";
  if (request.headers["x-paystack-signature"] !== sign(body, secretKey) || !isJson(body)) return false;
  const event = JSON.parse(body) as { event?: unknown; data?: unknown } | null;
  if (typeof event !== "object" || event === null || typeof event.event !== "string" || !("data" in event)) return false;
  if (isRefundEvent(event.event)) return parseRefundEvent(event.event, event.data) !== null;
  return event.event !== "charge.success" || parsePaystackTransaction(event.data) !== null;
}
