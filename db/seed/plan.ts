import { type Grade, PRICING_DEFAULTS, type ProductStatus, type StorageOption } from "../../lib/constants";
import { finalPriceFromSuggested, koboToNaira, nairaToKobo } from "../../lib/money";
import {
  listingDescription, PHONE_MODELS, type PhoneModel, roundToStep, storageOptionsOf, suggestedPriceNaira,
} from "./catalogue";
import { DEMO_VENDORS, type DemoVendor } from "./demo-accounts";
import { between, intBetween, pick, type Random, shuffle, weighted, weightedIndex } from "./random";

// ---------------------------------------------------------------------------------------------
// Catalogue plan (independent of the database, so images can be rendered first)

export type View = "front" | "back";

export interface ListingPlan {
  phone: PhoneModel;
  storage: StorageOption;
  grade: Grade;
  color: string;
  views: View[];
  status: ProductStatus;
  vendorIndex: number;
  stock: number;
  isLive: boolean;
  adminInspected: boolean;
  suggestedKobo: number;
  /** Null until approved. */
  finalKobo: number | null;
  ageDays: number;
  description: string;
}

const GRADE_WEIGHTS: readonly (readonly [Grade, number])[] = [["A", 45], ["B", 35], ["C", 20]];
const PENDING_LISTINGS = 12;
const REJECTED_LISTINGS = 4;
const SOLD_OUT_LISTINGS = 5;
const UNVERIFIED_PENDING_LISTINGS = 2;
const DISCOUNT_SHARE = 0.3;

const vendorIndexes = (test: (v: DemoVendor) => boolean) =>
  DEMO_VENDORS.flatMap((v, i) => (test(v) ? [i] : []));
const VERIFIED_VENDORS = vendorIndexes((v) => v.status === "approved" && v.verified);
const UNVERIFIED_VENDOR = vendorIndexes((v) => v.status === "approved" && !v.verified)[0] ?? 0;
/**
 * Who sells the approved phones: the verified vendors in DEMO_VENDORS order, then the approved
 * but unverified one with a few (so the shop's "verified vendors only" filter has work to do).
 */
const SELLING_VENDORS = [...VERIFIED_VENDORS, UNVERIFIED_VENDOR];
const SELLING_VENDOR_WEIGHTS = [42, 28, 22, 8];

export function planListings(random: Random): ListingPlan[] {
  const seen = new Set<string>();
  const drafts = PHONE_MODELS.flatMap((phone) =>
    Array.from({ length: phone.listings }, () => draftListing(random, phone, seen)),
  );
  const order = shuffle(random, drafts.map((_, i) => i));
  const statusOf = new Map<number, "pending" | "rejected" | "sold-out">();
  order.slice(0, PENDING_LISTINGS).forEach((i) => statusOf.set(i, "pending"));
  order.slice(PENDING_LISTINGS, PENDING_LISTINGS + REJECTED_LISTINGS).forEach((i) => statusOf.set(i, "rejected"));
  order
    .slice(PENDING_LISTINGS + REJECTED_LISTINGS, PENDING_LISTINGS + REJECTED_LISTINGS + SOLD_OUT_LISTINGS)
    .forEach((i) => statusOf.set(i, "sold-out"));
  let pendingSeen = 0;
  let rejectedSeen = 0;
  return drafts.map((draft, i) => {
    const kind = statusOf.get(i) ?? "live";
    if (kind === "pending") return asPending(random, draft, pendingSeen++);
    if (kind === "rejected") return asRejected(random, draft, rejectedSeen++);
    return asApproved(random, draft, kind === "sold-out");
  });
}

type Draft = Pick<ListingPlan, "phone" | "storage" | "grade" | "color" | "views" | "suggestedKobo" | "description">;

function draftListing(random: Random, phone: PhoneModel, seen: Set<string>): Draft {
  const options = storageOptionsOf(phone);
  // Smaller storage is what mostly comes in from the UK, so weight towards the first options.
  const storage = options[Math.floor(random() ** 1.6 * options.length)] as StorageOption;
  const grade = weighted(random, GRADE_WEIGHTS);
  const key = (c: string) => `${phone.model}|${storage}|${grade}|${c}`;
  const fresh = phone.colors.filter((c) => !seen.has(key(c)));
  const color = pick(random, fresh.length > 0 ? fresh.slice(0, 3) : phone.colors);
  seen.add(key(color));
  const views: View[] = random() < 0.8 ? ["front", "back"] : ["front"];
  const description = listingDescription({ phone, storage, grade, color }, random);
  const suggestedKobo = nairaToKobo(suggestedPriceNaira(phone, storage, grade));
  return { phone, storage, grade, color, views, suggestedKobo, description };
}

function asApproved(random: Random, draft: Draft, soldOut: boolean): ListingPlan {
  const marked = finalPriceFromSuggested(draft.suggestedKobo, PRICING_DEFAULTS.markupPercentage);
  // Some sell a little below the suggested price, so the storefront's percent-off badge shows.
  const discounted = random() < DISCOUNT_SHARE;
  const finalKobo = discounted ? nairaToKobo(roundToStep(koboToNaira(marked) * (1 - between(random, 0.04, 0.1)))) : marked;
  return {
    ...draft,
    status: "approved",
    vendorIndex: SELLING_VENDORS[weightedIndex(random, SELLING_VENDOR_WEIGHTS)] ?? 0,
    stock: soldOut ? 0 : weighted(random, [[1, 25], [2, 20], [3, 20], [4, 15], [5, 10], [8, 10]]),
    // Sold out is stock 0 alone (docs/storefront.md): the vendor's switch stays on.
    isLive: true,
    adminInspected: random() < 0.45,
    finalKobo: Math.min(finalKobo, marked),
    ageDays: soldOut ? between(random, 40, 88) : between(random, 1, 88),
  };
}

function asPending(random: Random, draft: Draft, seen: number): ListingPlan {
  const vendorIndex = seen < UNVERIFIED_PENDING_LISTINGS
    ? UNVERIFIED_VENDOR
    : (VERIFIED_VENDORS[seen % VERIFIED_VENDORS.length] ?? 0);
  return {
    ...draft, status: "pending", vendorIndex, stock: intBetween(random, 1, 3), isLive: true,
    adminInspected: false, finalKobo: null, ageDays: between(random, 0.1, 4),
  };
}

function asRejected(random: Random, draft: Draft, seen: number): ListingPlan {
  return {
    ...draft, status: "rejected", vendorIndex: VERIFIED_VENDORS[seen % VERIFIED_VENDORS.length] ?? 0,
    stock: 1, isLive: false, adminInspected: false, finalKobo: null, ageDays: between(random, 8, 40),
  };
}
