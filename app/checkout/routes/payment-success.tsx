import { data } from "react-router";
import { PAYMENT_TEXTS as P } from "../../../domain/payments/texts";
import { confirmPayment } from "../../../domain/flows/confirm-payment";
import { type PaymentOutcome, PaymentResult, failedCheck, outcomeOf } from "../payment-result";
import { invalid, ok } from "../../server/answer.server";
import type { Failure } from "../../ui/answer";
import { siteFromMatches } from "../../site/site";
import type { Route } from "./+types/payment-success";
import { readForm } from "../../server/forms.server";

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: `${P.pageTitle} | ${siteFromMatches(matches).siteName}` }, { name: "robots", content: "noindex" }];
}

const NO_STORE = { "Cache-Control": "no-store" };
const MAX_REFERENCE_LENGTH = 200;

/** The provider returns with `reference` (ours) or `trxref`; its `status` is never read (docs/payments.md). */
export function loader({ request }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const reference = params.get("reference")?.trim() || params.get("trxref")?.trim() || null;
  return data({ reference: reference && reference.length <= MAX_REFERENCE_LENGTH ? reference : null }, { headers: NO_STORE });
}

/**
 * The verification, asked by the page's script on arrival and on Retry, and by its forms when
 * scripts have not loaded: the server asks the provider and decides.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const reference = String((await readForm(request)).get("reference") ?? "").trim();
  if (!reference || reference.length > MAX_REFERENCE_LENGTH) return invalid<PaymentOutcome>({ reference: P.noReference }, P.noReference, { check: failedCheck(reference, P.noReference) });
  const viewer = await context.getViewer();
  if (!viewer) {
    const failure: Failure<PaymentOutcome> = { ok: false, code: "unauthenticated", message: P.reasonSignedOut, fieldErrors: {}, check: failedCheck(reference, P.reasonSignedOut), signedOut: true };
    return data(failure, { status: 401, headers: NO_STORE });
  }
  const deps = { db: context.db, mailer: context.mailer, publicUrl: context.config.publicUrl, payments: context.payments };
  return ok<PaymentOutcome>("", { check: await confirmPayment(deps, viewer.userId, reference) }, { headers: NO_STORE });
}

export default function PaymentSuccessPage({ loaderData, actionData }: Route.ComponentProps) {
  const submitted = actionData ? outcomeOf(actionData, loaderData.reference ?? "") : undefined;
  return <PaymentResult reference={loaderData.reference} submitted={submitted} />;
}
