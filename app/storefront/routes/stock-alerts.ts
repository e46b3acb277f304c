import { cancelStockAlert, stockAlertChangeSchema, subscribeToStockAlert } from "../../../domain/catalog/stock-alerts";
import { STOCK_ALERT_TEXTS } from "../../../domain/catalog/wishlist-texts";
import { phonePageOf, signInHref } from "../../checkout/cart-sign-in";
import { answerPage, answering, invalid, ok, signInRequired } from "../../server/answer.server";
import { readForm } from "../../server/forms.server";
import type { Route } from "./+types/stock-alerts";

/**
 * 'Notify me when available' and its cancelling, from a sold-out phone's page, with or without
 * scripts (docs/storefront.md). Signed out, a form without scripts goes to sign in, returning to
 * the phone's page; a fetcher gets a 401.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = Object.fromEntries(await readForm(request));
  const page = phonePageOf(form.productId);
  const viewer = await context.getViewer();
  if (!viewer) return signInRequired(request, { signInPage: signInHref(page), failed: STOCK_ALERT_TEXTS.failed, required: STOCK_ALERT_TEXTS.signInRequired });
  const parsed = stockAlertChangeSchema.safeParse(form);
  if (!parsed.success) return answerPage(request, page, invalid(parsed.error, STOCK_ALERT_TEXTS.failed));
  const change = parsed.data;
  return answerPage(
    request,
    page,
    answering(async () => {
      if (change.intent === "subscribe") {
        await subscribeToStockAlert(context.db, viewer.userId, change.productId);
        return ok(STOCK_ALERT_TEXTS.saved, { waiting: true });
      }
      await cancelStockAlert(context.db, viewer.userId, change.productId);
      return ok(STOCK_ALERT_TEXTS.cancelled, { waiting: false });
    }, STOCK_ALERT_TEXTS.failed),
  );
}
