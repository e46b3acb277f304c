import { z } from "./zod";
import { LIMITS, NIGERIAN_STATES } from "./constants";
import { nigerianPhoneSchema } from "./nigerian-phone";

/** The messages of the shipping fields (docs/cart-and-checkout.md), shared by checkout and saved addresses. */
export const SHIPPING_TEXTS = {
  fullNameShort: "Full name must be at least 2 characters",
  fullNameLong: "Full name must be at most 100 characters",
  phoneInvalid: "Please enter a valid Nigerian phone number",
  addressShort: "Street address must be at least 5 characters",
  addressLong: "Street address must be at most 200 characters",
  cityShort: "City must be at least 2 characters",
  cityLong: "City must be at most 60 characters",
  stateRequired: "Please choose your state",
  notesLong: "Delivery notes must be at most 500 characters",
} as const;

const T = SHIPPING_TEXTS;

const bounded = (min: number, max: number, short: string, long: string) =>
  z.string({ error: short }).trim().min(min, short).max(max, long);

/**
 * Where a phone goes: the shipping bounds of docs/cart-and-checkout.md, used by the checkout form
 * and by saved delivery addresses; the e-mail comes from the account, never the form.
 */
export const shippingSchema = z.object({
  customerName: bounded(2, 100, T.fullNameShort, T.fullNameLong),
  customerPhone: nigerianPhoneSchema(T.phoneInvalid),
  shippingAddress: bounded(5, 200, T.addressShort, T.addressLong),
  city: bounded(2, 60, T.cityShort, T.cityLong),
  state: z.enum(NIGERIAN_STATES, { error: T.stateRequired }),
  deliveryNotes: z
    .string()
    .trim()
    .max(LIMITS.deliveryNotesMax, T.notesLong)
    .nullish()
    .transform((value) => value || null),
});
