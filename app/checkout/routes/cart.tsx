import { Refusal } from "../../../domain/core/refusal";
import { data, redirect } from "react-router";
import { z } from "zod";
import {
  CART_TEXTS, cartItemIdSchema, clearCart, listCart, removeCartItem, setCartQuantity, setQuantitySchema, stockCapText,
} from "../../../domain/cart/service";
import { CartView, SignedOutCart } from "../cart-view";
import { redirectWithToast } from "../../server/flash.server";
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

/** The cart's buttons when scripts have not loaded: each change comes back to /cart with its toast. */
export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await requireUser(context);
  const form = Object.fromEntries(await readForm(request));
  const parsed = actionSchema.safeParse(form);
  if (!parsed.success) {
    const intent = typeof form.intent === "string" && Object.hasOwn(FAILURE_TEXT, form.intent) ? (form.intent as keyof typeof FAILURE_TEXT) : "quantity";
    return redirectWithToast("/cart", { kind: "error", title: FAILURE_TEXT[intent], description: parsed.error.issues[0]?.message });
  }
  const input = parsed.data;
  try {
    if (input.intent === "clear") {
      await clearCart(context.db, viewer);
      return redirect("/cart");
    }
    if (input.intent === "remove") {
      await removeCartItem(context.db, viewer, input.itemId);
      return redirectWithToast("/cart", { kind: "success", title: CART_TEXTS.removed });
    }
    const changed = await setCartQuantity(context.db, viewer, input);
    if (changed.quantity === null) return redirectWithToast("/cart", { kind: "success", title: CART_TEXTS.removed });
    if (changed.cappedAt !== null) return redirectWithToast("/cart", { kind: "info", title: stockCapText(changed.cappedAt) });
    return redirect("/cart");
  } catch (error) {
    if (!(error instanceof Refusal)) throw error;
    return redirectWithToast("/cart", { kind: "error", title: FAILURE_TEXT[input.intent], description: error.message });
  }
}

export default function CartPage({ loaderData }: Route.ComponentProps) {
  return loaderData.lines === null ? <SignedOutCart /> : <CartView lines={loaderData.lines} />;
}
