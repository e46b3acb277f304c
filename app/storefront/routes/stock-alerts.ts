import { data } from "react-router";
import { cancelStockAlert, stockAlertChangeSchema, subscribeToStockAlert } from "../../../domain/catalog/stock-alerts";
import { STOCK_ALERT_TEXTS } from "../../../domain/catalog/wishlist-texts";
import { signInHref } from "../../checkout/cart-sign-in";
import { answerPage, answering, invalid, isDocumentRequest, ok } from "../../server/answer.server";
import { redirectWithToast } from "../../server/flash.server";
import { readForm } from "../../server/forms.server";
import type { Failure } from "../../ui/answer";
import type { Route } from "./+types/stock-alerts";

/**
 * 'Notify me when available' and its cancelling, from a sold-out phone's page, with or without
 * scripts (docs/storefront.md). Signed out, a form without scripts goes to sign in, returning to
 * the phone's page; a fetcher gets a 401.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = Object.fromEntries(await readForm(request));
  const productId = typeof form.productId === "string" ? form.productId : "";
  const page = /^[0-9a-f-]{36}$/i.test(productId) ? `/product/${productId}` : "/shop";
  const viewer = await context.getViewer();
  if (!viewer) {
    if (isDocumentRequest(request)) return redirectWithToast(signInHref(page), { kind: "error", title: STOCK_ALERT_TEXTS.signInRequired });
    return data<Failure>({ ok: false, code: "forbidden", message: STOCK_ALERT_TEXTS.failed, detail: STOCK_ALERT_TEXTS.signInRequired, fieldErrors: {} }, { status: 401 });
  }
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
