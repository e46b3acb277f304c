import { data } from "react-router";
import { z } from "../../../lib/zod";
import {
  CART_TEXTS, cartItemIdSchema, clearCart, listCart, removeCartItem, setCartQuantity, setQuantitySchema, stockCapText,
} from "../../../domain/cart/service";
import { CartView, SignedOutCart } from "../cart-view";
import type { Database } from "../../../db/client";
import type { Viewer } from "../../../domain/accounts/viewer";
import { answerPage, answering, invalid, ok } from "../../server/answer.server";
import { requireUser } from "../../server/access.server";
import type { Route } from "./+types/cart";
import { readForm } from "../../server/forms.server";

export const meta: Route.MetaFunction = () => [{ title: "Shopping Cart" }, { name: "robots", content: "noindex" }];

export async function loader({ context }: Route.LoaderArgs) {
  const viewer = await context.getViewer();
  if (!viewer) return data({ lines: null }, { headers: { "Cache-Control": "no-store" } });
  return data({ lines: await listCart(context.db, viewer.userId) }, { headers: { "Cache-Control": "no-store" } });
}

const actionSchema = z.discriminatedUnion("intent", [
  setQuantitySchema.extend({ intent: z.literal("quantity") }),
  z.object({ intent: z.literal("remove"), itemId: cartItemIdSchema }),
  z.object({ intent: z.literal("clear") }),
]);

const FAILURE_TEXT = { quantity: CART_TEXTS.quantityFailed, remove: CART_TEXTS.removeFailed, clear: CART_TEXTS.clearFailed } as const;

export type CartChanged = { cartCount: number };

/**
 * Every change to the signed-in buyer's cart, from the cart and the checkout pages: a fetcher
 * gets the answer, a form sent without scripts goes back to its page with the answer's toast.
 * A quantity of zero or less removes the line, wherever it comes from.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await requireUser(context);
  const form = Object.fromEntries(await readForm(request));
  const parsed = actionSchema.safeParse(form);
  if (!parsed.success) {
    const intent = typeof form.intent === "string" && Object.hasOwn(FAILURE_TEXT, form.intent) ? (form.intent as keyof typeof FAILURE_TEXT) : "quantity";
    return answerPage(request, "/cart", invalid(parsed.error, FAILURE_TEXT[intent]));
  }
  const input = parsed.data;
  return answerPage(request, "/cart", answering(() => changeCart(context.db, viewer, input), FAILURE_TEXT[input.intent]));
}

async function changeCart(db: Database, viewer: Viewer, input: z.infer<typeof actionSchema>) {
  if (input.intent === "clear") {
    await clearCart(db, viewer);
    return ok<CartChanged>("", { cartCount: 0 });
  }
  if (input.intent === "remove") return ok<CartChanged>(CART_TEXTS.removed, { cartCount: (await removeCartItem(db, viewer, input.itemId)).cartCount });
  const changed = await setCartQuantity(db, viewer, input);
  if (changed.quantity === null) return ok<CartChanged>(CART_TEXTS.removed, { cartCount: changed.cartCount });
  if (changed.cappedAt !== null) return ok<CartChanged>(stockCapText(changed.cappedAt), { cartCount: changed.cartCount, tone: "info" });
  return ok<CartChanged>("", { cartCount: changed.cartCount });
}

export default function CartPage({ loaderData }: Route.ComponentProps) {
  return loaderData.lines === null ? <SignedOutCart /> : <CartView lines={loaderData.lines} />;
}
