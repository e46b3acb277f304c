import { type ShouldRevalidateFunctionArgs, data, redirect, redirectDocument } from "react-router";
import { Refusal } from "../../../domain/core/refusal";
import { cancelUnpaidCheckout, unpaidOrderSchema } from "../../../domain/checkout/retry";
import { payAgain } from "../../../domain/flows/pay-again";
import { listCustomerOrders } from "../../../domain/orders/customer";
import { buyerClaims } from "../../../domain/claims/service";
import { buyerReturns } from "../../../domain/returns/service";
import { CANCELLATION_TEXTS, paidOrderCancellationSchema } from "../../../domain/orders/cancellation";
import { cancelPaidOrder } from "../../../domain/flows/cancel-paid-order";
import { formatNaira } from "../../../lib/money";
import { REVIEW_SUBMISSION_TEXTS, reviewSubmissionSchema, submitReview } from "../../../domain/reviews/submission";
import type { ReviewExtra } from "../order-review-form";
import { UNPAID_ORDER_TEXTS } from "../unpaid-order";
import { OrdersLoadFailed, OrdersView } from "../order-view";
import { siteFromMatches } from "../../site/site";
import { formValues } from "../../server/auth-forms.server";
import { invalidForm, unknownIntent } from "../../server/intent-answers.server";
import { AUTH_TEXTS } from "../../../domain/accounts/texts";
import { redirectWithToast } from "../../server/flash.server";
import type { Route } from "./+types/orders";
import { mailDepsOf, readForm } from "../../server/forms.server";
import { confirmOrderReceived } from "../../../domain/flows/confirm-received";
import { orderReceivedSchema } from "../../../domain/orders/status";
import { RECEIVED_TEXTS } from "../order-received";
import { logServerError } from "../../server/log.server";
import { listBanks } from "../../../domain/payouts/bank-accounts";
import { sendRefundToAccount } from "../../../domain/flows/refund-to-account";
import { REFUND_ACCOUNT_TEXTS, refundAccountSchema } from "../../../domain/payments/refund-account-texts";

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: `My Orders | ${siteFromMatches(matches).siteName}` }, { name: "robots", content: "noindex" }];
}

/** The signed-in buyer's own orders (docs/orders.md: /orders requires sign-in). */
export async function loader({ context }: Route.LoaderArgs) {
  const viewer = await context.getViewer();
  if (!viewer) throw redirect("/auth");
  const [list, claims, returns] = await Promise.all([listCustomerOrders(context.db, viewer.userId), buyerClaims(context.db, viewer.userId), buyerReturns(context.db, viewer.userId)]);
  const waitsForAccount = list.orders.some((order) => order.refunds.some((refund) => refund.needsAccount));
  const refundBanks = waitsForAccount ? await listBanks(context).catch(() => null) : null;
  return data({ ...list, ...claims, ...returns, refundBanks }, { headers: { "Cache-Control": "no-store" } });
}

/** Opening or closing a dialog changes only the address: the orders on the page are already current. */
export function shouldRevalidate({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  const dialogOnly = formMethod === undefined && currentUrl.pathname === nextUrl.pathname && currentUrl.search !== nextUrl.search;
  return dialogOnly ? false : defaultShouldRevalidate;
}

/**
 * The review form of a delivered order, 'Pay now' and 'Cancel order' of an unpaid one, and
 * 'Cancel order' (with a reason and a refund) of a paid one not shipped yet; with or without
 * scripts the answer comes back to /orders (Pay now goes on to the payment page).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await context.getViewer();
  if (!viewer) return redirect("/auth");
  const form = await readForm(request);
  const intent = form.get("intent");
  if (intent === "pay-now" || intent === "cancel-order") return unpaidOrderAction(context, viewer, intent, form);
  if (intent === "received") return receivedAction(context, viewer, form);
  if (intent === "cancel-paid-order") return paidOrderCancellation(context, viewer, form);
  if (intent === "refund-account") return refundAccountAction(context, viewer, form);
  if (intent !== "review") return unknownIntent(AUTH_TEXTS.somethingWentWrong);
  const values = formValues(form, "orderId", "rating", "comment");
  const parsed = reviewSubmissionSchema.safeParse(values);
  if (!parsed.success) return invalidForm<ReviewExtra>("review", REVIEW_SUBMISSION_TEXTS.failed, parsed.error, { values });
  try {
    const { message } = await submitReview(context.db, viewer, parsed.data);
    return redirectWithToast("/orders", { kind: "success", title: message });
  } catch (error) {
    if (!(error instanceof Refusal)) throw error;
    return redirectWithToast("/orders", { kind: "error", title: REVIEW_SUBMISSION_TEXTS.failed, description: error.message });
  }
}

export default function OrdersPage({ loaderData }: Route.ComponentProps) {
  return (
    <OrdersView
      orders={loaderData.orders}
      counts={loaderData.counts}
      claims={loaderData.claims}
      warranties={loaderData.warranties}
      returns={loaderData.returns}
      returnOffers={loaderData.returnOffers}
      refundBanks={loaderData.refundBanks}
    />
  );
}

export function ErrorBoundary() {
  return <OrdersLoadFailed />;
}

/** A refund Paystack holds for the buyer's bank account goes to the account the buyer gives; the answer comes back as a toast. */
async function refundAccountAction(context: Route.ActionArgs["context"], viewer: { userId: string }, form: FormData) {
  const parsed = refundAccountSchema.safeParse(formValues(form, "refundId", "bankCode", "accountNumber"));
  if (!parsed.success) return redirectWithToast("/orders", { kind: "error", title: REFUND_ACCOUNT_TEXTS.failed, description: parsed.error.issues[0]?.message });
  try {
    const { account } = await sendRefundToAccount(context, viewer, parsed.data);
    return redirectWithToast("/orders", { kind: "success", title: REFUND_ACCOUNT_TEXTS.done, description: REFUND_ACCOUNT_TEXTS.sentTo(account) });
  } catch (error) {
    if (!(error instanceof Refusal)) throw error;
    return redirectWithToast("/orders", { kind: "error", title: REFUND_ACCOUNT_TEXTS.failed, description: error.message });
  }
}

/** 'I received my phone': the buyer's own shipped order becomes delivered; the answer comes back to /orders as a toast. */
async function receivedAction(context: Route.ActionArgs["context"], viewer: { userId: string }, form: FormData) {
  const parsed = orderReceivedSchema.safeParse({ orderId: form.get("orderId") });
  if (!parsed.success) return redirectWithToast("/orders", { kind: "error", title: RECEIVED_TEXTS.failed, description: parsed.error.issues[0]?.message });
  try {
    await confirmOrderReceived(mailDepsOf(context), viewer, parsed.data.orderId);
    return redirectWithToast("/orders", { kind: "success", title: RECEIVED_TEXTS.done });
  } catch (error) {
    if (!(error instanceof Refusal)) throw error;
    return redirectWithToast("/orders", { kind: "error", title: RECEIVED_TEXTS.failed, description: error.message });
  }
}

async function unpaidOrderAction(
  context: Route.ActionArgs["context"],
  viewer: { userId: string; email: string },
  intent: "pay-now" | "cancel-order",
  form: FormData,
) {
  const failure = intent === "pay-now" ? UNPAID_ORDER_TEXTS.payNowFailed : UNPAID_ORDER_TEXTS.cancelFailed;
  const parsed = unpaidOrderSchema.safeParse({ orderId: form.get("orderId") });
  if (!parsed.success) return redirectWithToast("/orders", { kind: "error", title: failure, description: parsed.error.issues[0]?.message });
  try {
    if (intent === "cancel-order") {
      await cancelUnpaidCheckout(context.db, viewer, parsed.data);
      return redirectWithToast("/orders", { kind: "success", title: UNPAID_ORDER_TEXTS.cancelled });
    }
    const deps = { db: context.db, payments: context.payments, publicUrl: context.config.publicUrl };
    const placed = await payAgain(deps, { userId: viewer.userId, email: viewer.email, clientIp: context.clientIp }, parsed.data);
    // A full page load: the payment page is not one of ours (in test mode it only shares our address).
    return redirectDocument(placed.authorizationUrl);
  } catch (error) {
    if (!(error instanceof Refusal)) throw error;
    return redirectWithToast("/orders", { kind: "error", title: failure, description: error.message });
  }
}

/** A paid order not shipped yet: cancelled with the buyer's reason, then refunded (docs/after-sale.md). */
async function paidOrderCancellation(context: Route.ActionArgs["context"], viewer: { userId: string }, form: FormData) {
  const parsed = paidOrderCancellationSchema.safeParse({ orderId: form.get("orderId"), reason: form.get("reason"), otherReason: form.get("otherReason") ?? undefined });
  if (!parsed.success) {
    return redirectWithToast("/orders", { kind: "error", title: CANCELLATION_TEXTS.failed, description: parsed.error.issues[0]?.message });
  }
  try {
    const deps = {
      db: context.db,
      payments: context.payments,
      mailer: context.mailer,
      publicUrl: context.config.publicUrl,
      onRefundError: (error: unknown) => logServerError("The refund of a cancelled order could not be sent; reconciliation will send it", error),
    };
    const cancelled = await cancelPaidOrder(deps, viewer, parsed.data);
    const description = cancelled.refund && cancelled.refund.status !== "failed" ? CANCELLATION_TEXTS.refundOnItsWay(formatNaira(cancelled.refundAmount)) : undefined;
    return redirectWithToast("/orders", { kind: "success", title: CANCELLATION_TEXTS.cancelled, description });
  } catch (error) {
    if (!(error instanceof Refusal)) throw error;
    return redirectWithToast("/orders", { kind: "error", title: CANCELLATION_TEXTS.failed, description: error.message });
  }
}
