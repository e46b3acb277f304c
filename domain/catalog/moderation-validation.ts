/**
 * The admin's product forms: Approve with its comparison price (docs/admin.md) and the
 * 15-point inspection (docs/admin.md). zod and texts only, shared by the browser and the server.
 */
import { z } from "../../lib/zod";
import { INSPECTION_POINTS } from "../../lib/constants";
import { nairaTextToKobo } from "../../lib/money";

/** Where an approved listing's comparison ('Was') price comes from. */
export const COMPARE_PRICE_SOURCES = ["suggested", "custom", "none"] as const;
export type ComparePriceSource = (typeof COMPARE_PRICE_SOURCES)[number];

export const COMPARE_PRICE_MAX_NAIRA = 50_000_000;

export const MODERATION_TEXTS = {
  finalPriceLabel: "Final price (₦)",
  finalPriceHint: (markup: number) => `Prefilled with the suggested price plus the ${markup}% markup. Buyers pay this price.`,
  finalPrice: `Enter the final price in naira, from ₦1 to ₦${COMPARE_PRICE_MAX_NAIRA.toLocaleString("en-NG")}, with at most two decimals`,
  compareLegend: "Comparison price ('Was' price)",
  compareSuggested: (price: string) => `The vendor's suggested price, ${price}`,
  compareCustom: "Another price",
  compareNone: "None",
  compareHint: "Shown struck through beside the price only when it is above the final price.",
  comparePrice: `Enter the comparison price in naira, from ₦1 to ₦${COMPARE_PRICE_MAX_NAIRA.toLocaleString("en-NG")}, with at most two decimals`,
  compareSource: "Choose where the comparison price comes from",
  compareNotAbove: (finalPrice: string) => `The comparison price must be above the final price, ${finalPrice}`,
  inspect: "Inspect",
  inspectLegend: (count: number) => `Tick each of the ${count} points you checked`,
  markInspected: "Mark inspected",
  withdraw: "Withdraw inspection",
  confirmWithdraw: (name: string) => `Withdraw the inspection of ${name}? The 'Admin inspected' badge comes off at once.`,
  inspected: "Listing marked inspected",
  inspectionWithdrawn: "Inspection withdrawn",
  inspectFailed: "Failed to mark the listing inspected",
  incomplete: (ticked: number, total: number) =>
    `Tick all ${total} points of the checklist to mark this listing inspected (${ticked} of ${total} ticked).`,
  unknownPoint: "The checklist has changed. Reload the page and tick the points again.",
  notInspected: "This listing is not marked inspected.",
  inspectedBy: (name: string, when: string) => `Inspected by ${name} on ${when}`,
  notFound: "Product not found",
} as const;

/** Kobo from naira as typed ("450,000.50"), exactly, from ₦1 to COMPARE_PRICE_MAX_NAIRA. */
const approvalPriceKobo = (message: string) =>
  z
    .string({ error: message })
    .transform((value) => value.trim().replace(/,/g, ""))
    .pipe(z.string().regex(/^\d{1,9}(\.\d{1,2})?$/, message))
    .transform(nairaTextToKobo)
    .pipe(z.number().min(100, message).max(COMPARE_PRICE_MAX_NAIRA * 100, message));

const comparePriceKobo = approvalPriceKobo(MODERATION_TEXTS.comparePrice);

/** Approve's final price as the admin typed it; absent, the suggested price plus the markup. */
export const approvalFinalPriceSchema = z.object({
  finalPriceNaira: z.preprocess((value) => (value === "" ? undefined : value), approvalPriceKobo(MODERATION_TEXTS.finalPrice).optional()),
});

/** Approve's comparison price: none (also when the form says nothing: a 'Was' price is set on purpose), the suggested price, or another price. */
export const comparePriceChoiceSchema = z
  .object({
    compareSource: z.enum(COMPARE_PRICE_SOURCES, { error: MODERATION_TEXTS.compareSource }).optional().default("none"),
    comparePriceNaira: z.string().optional(),
  })
  .transform((value, ctx): ComparePriceChoice => {
    if (value.compareSource === "suggested") return { source: "suggested" };
    if (value.compareSource === "none") return { source: "none" };
    const price = comparePriceKobo.safeParse(value.comparePriceNaira ?? "");
    if (price.success) return { source: "custom", kobo: price.data };
    ctx.addIssue({ code: "custom", path: ["comparePriceNaira"], message: MODERATION_TEXTS.comparePrice });
    return z.NEVER;
  });

export type ComparePriceChoice = { source: "suggested" } | { source: "none" } | { source: "custom"; kobo: number };

/** The ticked points, by their text: only all of INSPECTION_POINTS marks a listing inspected. */
export const inspectionSchema = z.object({
  productId: z.guid({ error: MODERATION_TEXTS.notFound }),
  points: z.array(z.string()).max(INSPECTION_POINTS.length * 2, MODERATION_TEXTS.unknownPoint),
});

export type InspectionInput = z.infer<typeof inspectionSchema>;
