/**
 * A signed-in buyer, over and over: phones into the cart, Place Order (POST /checkout), the
 * card paid on the stand-in's hosted page, the return page's check (POST /payment-success),
 * then a look at /orders. Each purchase finishes even when the time runs out during it, so no
 * payment is left half done by the load itself.
 */
import { type Random, intBetween, shuffle } from "../../db/seed/random";
import { TEST_CARDS } from "../../paystack-standin";
import { checkoutForm } from "../../app/checkout/checkout-form-data";
import { PAYMENT_TEXTS } from "../../domain/payments/texts";
import { SHIPPING } from "../../tests/support/shipping";
import { type Visit, think } from "./browsing";

export interface Buyer {
  id: string;
  cookie: string;
  /** The address the buyer's requests come from, passed on as a proxy would (X-Forwarded-For). */
  address: string;
}

export interface Line {
  productId: string;
  quantity: number;
}

/** What the buyer was told: the order was placed under this reference, and whether the payment was confirmed. */
export interface Purchase {
  buyerId: string;
  reference: string;
  lines: Line[];
  confirmed: boolean;
}

/** One buyer slot: its accounts take turns, one purchase each. */
export async function buy(visit: Visit, accounts: readonly Buyer[], phoneIds: readonly string[], purchases: Purchase[]): Promise<void> {
  if (!(await think(visit))) return;
  for (let turn = 0; performance.now() < visit.until; turn++) {
    const purchase = await purchaseOnce(visit, accounts[turn % accounts.length]!, chooseLines(visit.random, phoneIds));
    if (purchase) purchases.push(purchase);
    if (!(await think(visit))) return;
  }
}

/** One or two of the phones, one or two of each. */
function chooseLines(random: Random, phoneIds: readonly string[]): Line[] {
  return shuffle(random, phoneIds)
    .slice(0, intBetween(random, 1, 2))
    .map((productId) => ({ productId, quantity: intBetween(random, 1, 2) }));
}

/** The purchase as far as it got: undefined when no order was placed. */
async function purchaseOnce({ base, recorder }: Visit, buyer: Buyer, lines: Line[]): Promise<Purchase | undefined> {
  const sameSite = { Cookie: buyer.cookie, Origin: base, "X-Forwarded-For": buyer.address };
  for (const line of lines) {
    const form = new URLSearchParams({ productId: line.productId, quantity: String(line.quantity) });
    await recorder.request("add to cart (POST /cart/items)", `${base}/cart/items`, { method: "POST", headers: { ...sameSite, Accept: "application/json" }, body: form });
  }

  // The checkout and return pages' forms, posted as a browser without scripts posts them.
  const asPage = { ...sameSite, Accept: "text/html", "Content-Type": "application/x-www-form-urlencoded" };
  const placed = await recorder.request("place order (POST /checkout)", `${base}/checkout`, {
    method: "POST",
    headers: asPage,
    body: checkoutForm(lines, SHIPPING),
    redirect: "manual",
  });
  const authorizationUrl = placed.headers.get("location");
  if (placed.status !== 302 || !authorizationUrl) return undefined;

  await recorder.request("payment page (stand-in)", authorizationUrl);
  const card = new URLSearchParams({ action: "pay", card_number: TEST_CARDS.approved, expiry: "12/30", cvv: "408" });
  const paid = await recorder.request("pay by card (stand-in)", authorizationUrl, { method: "POST", body: card, redirect: "manual" });
  // The provider sends the buyer back to the return page with the reference the order was placed under.
  const reference = new URL(paid.headers.get("location") ?? "/", base).searchParams.get("reference");
  if (paid.status !== 303 || !reference) return undefined;
  const purchase: Purchase = { buyerId: buyer.id, reference, lines, confirmed: false };

  const verified = await recorder.request("confirm (POST /payment-success)", `${base}/payment-success?reference=${encodeURIComponent(reference)}`, {
    method: "POST",
    headers: asPage,
    body: new URLSearchParams({ reference }),
  });
  purchase.confirmed = verified.status === 200 && verified.text.includes(PAYMENT_TEXTS.successTitle);

  await recorder.request("orders page", `${base}/orders`, { headers: sameSite });
  return purchase;
}
