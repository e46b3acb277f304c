/** The checkout form and selection, shared by the browser (instant feedback) and the server (the decision). */
import { z } from "../../lib/zod";
import { LIMITS } from "../../lib/constants";
import { shippingSchema } from "../../lib/shipping";
import { CHECKOUT_TEXTS as T } from "./texts";

/** Shipping bounds of docs/cart-and-checkout.md (lib/shipping.ts, shared with saved addresses). */
export { shippingSchema };

export const checkoutItemSchema = z.object({
  productId: z.guid({ error: T.checkInput }),
  quantity: z.coerce
    .number({ error: T.quantityInvalid })
    .int(T.quantityInvalid)
    .min(1, T.quantityInvalid)
    .max(99, T.quantityInvalid)
    .max(LIMITS.maxUnitsPerLine, T.quantityOverCap(LIMITS.maxUnitsPerLine)),
});

export const checkoutSchema = z.object({
  items: z
    .array(checkoutItemSchema, { error: T.selectAtLeastOne })
    .min(1, T.selectAtLeastOne)
    .max(50, T.checkInput)
    .refine((items) => new Set(items.map((i) => i.productId)).size === items.length, T.checkInput),
  shipping: shippingSchema,
  /** Buy Now (docs/cart-and-checkout.md): exactly one phone, bought outside the cart. */
  buyNow: z.boolean().optional(),
}).refine((input) => !input.buyNow || input.items.length === 1, { message: T.checkInput, path: ["items"] });

export type ShippingDetails = z.output<typeof shippingSchema>;
export type CheckoutInput = z.output<typeof checkoutSchema>;

/** Phones in a checkout, all lines together. */
export function unitCount(items: readonly { quantity: number }[]): number {
  return items.reduce((sum, item) => sum + item.quantity, 0);
}

/**
 * What to take out when a checkout holds more than LIMITS.maxUnitsPerCheckout phones, else null.
 * placeOrder decides; the cart and checkout pages say it before the buyer presses Place Order.
 */
export function overUnitCap(units: number): string | null {
  return units > LIMITS.maxUnitsPerCheckout ? T.unitsOverOrderCap(LIMITS.maxUnitsPerCheckout, units) : null;
}

/** The first message of a failed parse, or the documented fallback. */
export function firstCheckoutError(error: z.ZodError): string {
  return error.issues[0]?.message || T.checkInput;
}
