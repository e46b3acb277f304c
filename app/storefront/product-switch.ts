import { useEffect } from "react";
import { STOCK_ALERT_TEXTS, WISHLIST_TEXTS } from "../../domain/catalog/wishlist-texts";
import { takePending, useSignInFirst } from "../checkout/cart-sign-in";
import { useSite } from "../site/site";
import { type Answer, useAction } from "../ui/answer";

export const WISHLIST_ACTION = "/wishlist/items";
export const STOCK_ALERT_ACTION = "/stock-alerts";

/** The buyer's on/off forms on one phone: where each posts, its two intents, and why it asks to sign in. */
const SWITCHES = {
  wishlist: { action: WISHLIST_ACTION, on: "add", off: "remove", signIn: { required: WISHLIST_TEXTS.signInRequired, hint: WISHLIST_TEXTS.signInHint } },
  "stock-alert": { action: STOCK_ALERT_ACTION, on: "subscribe", off: "cancel", signIn: { required: STOCK_ALERT_TEXTS.signInRequired, hint: STOCK_ALERT_TEXTS.signInHint } },
} as const;

/**
 * A form switching something on or off for one phone (the heart, 'Notify me when available'), so it
 * works before scripts load. Signed out it asks to sign in first and switches on once back on the
 * phone's page. `saved` is the server's word; while a change is on its way it shows the change.
 */
export function useProductSwitch(
  kind: keyof typeof SWITCHES,
  productId: string,
  saved: boolean,
  answers?: { quiet?: boolean; onAnswer?: (answer: Answer) => void },
) {
  const { action, on, off, signIn } = SWITCHES[kind];
  const { signedIn } = useSite();
  const { fetcher, submit, busy } = useAction(answers);
  const requireSignIn = useSignInFirst(kind, signIn);
  const asked = fetcher.formData?.get("intent");
  const shown = asked === on ? true : asked === off ? false : saved;

  useEffect(() => {
    if (signedIn && takePending(kind, productId) !== null) void submit(action, { intent: on, productId });
    // Once, when the phone's page opens after signing in.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [productId, signedIn]);

  const onSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    if (!requireSignIn({ productId })) event.preventDefault();
  };
  return { fetcher, busy, shown, onSubmit, intent: shown ? off : on };
}
