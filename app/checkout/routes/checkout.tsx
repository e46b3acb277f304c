import { type ShouldRevalidateFunctionArgs, data, redirectDocument } from "react-router";
import { listCart } from "../../../domain/cart/service";
import { buyNowLine } from "../../../domain/checkout/buy-now";
import { placeOrder } from "../../../domain/flows/place-order";
import { Refusal } from "../../../domain/core/refusal";
import { CHECKOUT_TEXTS as T } from "../../../domain/checkout/texts";
import { checkoutSchema, firstCheckoutError } from "../../../domain/checkout/validation";
import { getDeliveryFees } from "../../../domain/pricing/delivery";
import { listAddresses } from "../../../domain/accounts/addresses";
import { orderNumberOf } from "../../../domain/orders/status";
import { findPayableCheckout } from "../../../domain/payments/reservation";
import { DELIVER_TO_PARAM } from "../saved-address-picker";
import { CheckoutView } from "../checkout-view";
import { type ShippingValues, checkoutInputFromForm, shippingErrorsOf, shippingValuesFromForm } from "../checkout-form-data";
import { CheckoutSignedOut } from "../checkout-states";
import { siteFromMatches } from "../../site/site";
import { invalid, refused } from "../../server/answer.server";
import { redirectWithToast } from "../../server/flash.server";
import type { Route } from "./+types/checkout";
import { readForm } from "../../server/forms.server";

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: `${T.pageTitle} | ${siteFromMatches(matches).siteName}` }, { name: "robots", content: "noindex" }];
}

const NO_STORE = { "Cache-Control": "no-store" };

/**
 * A signed-out visitor gets the page's own sign-in card (docs/cart-and-checkout.md), not a redirect.
 * `?buy=<id>&qty=n` (Buy Now) shows that one phone instead of the cart (docs/cart-and-checkout.md).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await context.getViewer();
  const testMode = context.paymentsMode === "test";
  if (!viewer) return data({ signedIn: false as const, testMode }, { headers: NO_STORE });
  const query = new URL(request.url).searchParams;
  const buyingNow = query.has("buy");
  const [lines, deliveryFees, savedAddresses, held] = await Promise.all([
    buyingNow ? buyNowLine(context.db, query).then((line) => (line ? [line] : [])) : listCart(context.db, viewer.userId),
    getDeliveryFees(context.db),
    listAddresses(context.db, viewer.userId),
    findPayableCheckout(context.db, viewer.userId),
  ]);
  const account = { email: viewer.email, fullName: viewer.fullName ?? "" };
  const deliverTo = query.get(DELIVER_TO_PARAM);
  const unpaidOrder = held && { orderId: held.orderId, orderNumber: orderNumberOf(held.orderId), payableUntil: held.payableUntil.toISOString() };
  return data({ signedIn: true as const, testMode, buyNow: buyingNow, lines, deliveryFees, account, savedAddresses, deliverTo, unpaidOrder }, { headers: NO_STORE });
}

/** The lines are kept current by the page itself (over fetch), so a lost connection never replaces it with the error view. */
export function shouldRevalidate({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  const plainReload = formMethod === undefined && currentUrl.href === nextUrl.href;
  return plainReload ? false : defaultShouldRevalidate;
}

/** What a refused order brings back, so the page shows again as it was sent. */
export type CheckoutReturned = { values: ShippingValues; ticked: string[] };

/**
 * Places the order, from the page's form with or without scripts: off to the provider's payment
 * page, or the refusal with each field's message. The cart's lines change through /cart.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await context.getViewer();
  if (!viewer) return redirectWithToast("/auth", { kind: "error", title: T.signInToOrder });
  const form = await readForm(request);
  const returned: CheckoutReturned = { values: shippingValuesFromForm(form), ticked: form.getAll("productId").map(String) };
  const parsed = checkoutSchema.safeParse(checkoutInputFromForm(form));
  if (!parsed.success) return invalid<CheckoutReturned>(shippingErrorsOf(parsed.error), firstCheckoutError(parsed.error), returned);
  try {
    const placed = await placeOrder(
      { db: context.db, payments: context.payments, publicUrl: context.config.publicUrl },
      { userId: viewer.userId, email: viewer.email, clientIp: context.clientIp },
      parsed.data,
    );
    // A whole-page visit even for a fetcher: the payment page is not one of ours.
    return redirectDocument(placed.authorizationUrl);
  } catch (error) {
    if (!(error instanceof Refusal)) throw error;
    return refused<CheckoutReturned>(error, undefined, returned);
  }
}

export default function CheckoutPage({ loaderData, actionData }: Route.ComponentProps) {
  if (!loaderData.signedIn) return <CheckoutSignedOut />;
  return <CheckoutView {...loaderData} result={actionData} />;
}
