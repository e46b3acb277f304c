import type { z } from "zod";

/** The shipping fields of the checkout form, named as checkoutSchema names them. */
export const SHIPPING_FIELDS = ["customerName", "customerPhone", "shippingAddress", "city", "state", "deliveryNotes"] as const;
export type ShippingField = (typeof SHIPPING_FIELDS)[number];
export type ShippingValues = Record<ShippingField, string>;
export type ShippingErrors = Partial<Record<ShippingField, string>>;

export const CHECKOUT_FORM_ID = "checkout-form";

/**
 * Each ticked line sends its checkbox `productId`; its quantity travels in a hidden field named
 * after the product, because an unticked checkbox sends nothing and repeated pairs would shift.
 */
export const quantityFieldOf = (productId: string) => `quantity:${productId}`;

/** The checkout form as checkoutSchema's input: the same on the server (no scripts) and in the browser. */
export function checkoutInputFromForm(form: FormData): { items: Array<{ productId: string; quantity: string }>; shipping: ShippingValues; buyNow: boolean } {
  const items = form.getAll("productId").map((value) => {
    const productId = String(value);
    return { productId, quantity: String(form.get(quantityFieldOf(productId)) ?? "") };
  });
  return { items, shipping: shippingValuesFromForm(form), buyNow: form.get(BUY_NOW_FIELD) === "1" };
}

/** The checkout form as the page sends it, for callers without the page (tests, load tests). */
export function checkoutForm(items: ReadonlyArray<{ productId: string; quantity: number | string }>, shipping: Partial<Record<ShippingField, string | null>>): URLSearchParams {
  const form = new URLSearchParams();
  for (const { productId, quantity } of items) {
    form.append("productId", productId);
    form.set(quantityFieldOf(productId), String(quantity));
  }
  for (const name of SHIPPING_FIELDS) form.set(name, shipping[name] ?? "");
  return form;
}

/** Set on a Buy Now checkout: one phone, bought outside the cart (docs/cart-and-checkout.md). */
export const BUY_NOW_FIELD = "buyNow";

export function shippingValuesFromForm(form: FormData): ShippingValues {
  return Object.fromEntries(SHIPPING_FIELDS.map((name) => [name, String(form.get(name) ?? "")])) as ShippingValues;
}

/** The first message of each shipping field that failed. */
export function shippingErrorsOf(error: z.ZodError): ShippingErrors {
  const errors: ShippingErrors = {};
  for (const issue of error.issues) {
    const [section, field] = issue.path;
    if (section === "shipping" && isShippingField(field) && !errors[field]) errors[field] = issue.message;
  }
  return errors;
}

function isShippingField(value: unknown): value is ShippingField {
  return (SHIPPING_FIELDS as readonly unknown[]).includes(value);
}
