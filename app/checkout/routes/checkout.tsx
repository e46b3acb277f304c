import { Refusal } from "../../../domain/core/refusal";
import { type ShouldRevalidateFunctionArgs, data, redirect } from "react-router";
import { z } from "zod";
import { CART_TEXTS, cartItemIdSchema, listCart, removeCartItem, setCartQuantity, setQuantitySchema, stockCapText } from "../../../domain/cart/service";
import { buyNowLine } from "../../../domain/checkout/buy-now";
import { placeOrder } from "../../../domain/checkout/service";
import { CHECKOUT_TEXTS as T } from "../../../domain/checkout/texts";
import { checkoutSchema, firstCheckoutError } from "../../../domain/checkout/validation";
import { getPricingConfig } from "../../../domain/pricing/service";
import { type CheckoutFormResult, CheckoutView } from "../checkout-view";
import { checkoutInputFromForm, shippingErrorsOf, shippingValuesFromForm } from "../checkout-form-data";
import { CheckoutSignedOut } from "../checkout-states";
import { siteFromMatches } from "../../site/site";
import { redirectWithToast } from "../../server/flash.server";
import type { Route } from "./+types/checkout";
import { readForm } from "../../server/forms.server";

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: `${T.pageTitle} | ${siteFromMatches(matches).siteName}` }, { name: "robots", content: "noindex" }];
}

const NO_STORE = { "Cache-Control": "no-store" };

/**
 * A signed-out visitor gets the page's own sign-in card (operations.md §2), not a redirect.
 * `?buy=<id>&qty=n` (Buy Now) shows that one phone instead of the cart (decisions.md 18).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await context.getViewer();
  const testMode = context.paymentsMode === "test";
  if (!viewer) return data({ signedIn: false as const, testMode }, { headers: NO_STORE });
  const query = new URL(request.url).searchParams;
  const buyingNow = query.has("buy");
  const [lines, pricing] = await Promise.all([
    buyingNow ? buyNowLine(context.db, query).then((line) => (line ? [line] : [])) : listCart(context.db, viewer.userId),
    getPricingConfig(context.db),
  ]);
  const account = { email: viewer.email, fullName: viewer.fullName ?? "" };
  return data({ signedIn: true as const, testMode, buyNow: buyingNow, lines, deliveryFee: pricing.deliveryFeeKobo, account }, { headers: NO_STORE });
}

/** The lines are kept current by the page itself (over fetch), so a lost connection never replaces it with the error view. */
export function shouldRevalidate({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  const plainReload = formMethod === undefined && currentUrl.href === nextUrl.href;
  return plainReload ? false : defaultShouldRevalidate;
}

/** The page's forms when scripts have not loaded: placing the order, and each line's quantity and remove buttons. */
export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await context.getViewer();
  if (!viewer) return redirectWithToast("/auth", { kind: "error", title: T.signInToOrder });
  const form = await readForm(request);
  const intent = form.get("intent");
  if (intent === "quantity" || intent === "remove") return changeLine(context, viewer, form);

  const ticked = form.getAll("productId").map(String);
  const values = shippingValuesFromForm(form);
  const refuse = (status: number, message: string, errors?: CheckoutFormResult["errors"]) =>
    data<CheckoutFormResult>({ message, errors, values, ticked }, { status });
  const parsed = checkoutSchema.safeParse(checkoutInputFromForm(form));
  if (!parsed.success) return refuse(400, firstCheckoutError(parsed.error), shippingErrorsOf(parsed.error));
  try {
    const placed = await placeOrder(
      { db: context.db, payments: context.payments, publicUrl: context.config.publicUrl },
      { userId: viewer.userId, email: viewer.email, clientIp: context.clientIp },
      parsed.data,
    );
    return redirect(placed.authorizationUrl);
  } catch (error) {
    if (!(error instanceof Refusal)) throw error;
    return refuse(error.status, error.message || T.processFailed);
  }
}

const lineChangeSchema = z.discriminatedUnion("intent", [
  setQuantitySchema.extend({ intent: z.literal("quantity") }),
  z.object({ intent: z.literal("remove"), itemId: cartItemIdSchema }),
]);

async function changeLine(context: Route.ActionArgs["context"], viewer: { userId: string }, form: FormData) {
  const parsed = lineChangeSchema.safeParse(Object.fromEntries(form));
  const failure = form.get("intent") === "remove" ? CART_TEXTS.removeFailed : CART_TEXTS.quantityFailed;
  if (!parsed.success) return redirectWithToast("/checkout", { kind: "error", title: failure, description: parsed.error.issues[0]?.message });
  try {
    if (parsed.data.intent === "remove") {
      await removeCartItem(context.db, viewer, parsed.data.itemId);
      return redirectWithToast("/checkout", { kind: "success", title: CART_TEXTS.removed });
    }
    // The page never offers less than 1; a lower number here is not a request to remove.
    const changed = await setCartQuantity(context.db, viewer, { ...parsed.data, quantity: Math.max(1, parsed.data.quantity) });
    if (changed.cappedAt !== null) return redirectWithToast("/checkout", { kind: "info", title: stockCapText(changed.cappedAt) });
    return redirect("/checkout");
  } catch (error) {
    if (!(error instanceof Refusal)) throw error;
    return redirectWithToast("/checkout", { kind: "error", title: failure, description: error.message });
  }
}

export default function CheckoutPage({ loaderData, actionData }: Route.ComponentProps) {
  if (!loaderData.signedIn) return <CheckoutSignedOut />;
  return (
    <CheckoutView
      lines={loaderData.lines}
      buyNow={loaderData.buyNow}
      deliveryFee={loaderData.deliveryFee}
      account={loaderData.account}
      testMode={loaderData.testMode}
      result={actionData as CheckoutFormResult | undefined}
    />
  );
}
