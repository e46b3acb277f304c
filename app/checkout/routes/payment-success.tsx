import { data } from "react-router";
import { PAYMENT_TEXTS as P } from "../../../domain/checkout/texts";
import { confirmPayment } from "../../../domain/payments/confirmation";
import { type PaymentOutcome, PaymentResult, failedCheck } from "../payment-result";
import { siteFromMatches } from "../../site/site";
import type { Route } from "./+types/payment-success";
import { readForm } from "../../server/forms.server";

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: `${P.pageTitle} | ${siteFromMatches(matches).siteName}` }, { name: "robots", content: "noindex" }];
}

const NO_STORE = { "Cache-Control": "no-store" };
const MAX_REFERENCE_LENGTH = 200;

/** The provider returns with `reference` (ours) or `trxref`; its `status` is never read (decisions.md 1). */
export function loader({ request }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const reference = params.get("reference")?.trim() || params.get("trxref")?.trim() || null;
  return data({ reference: reference && reference.length <= MAX_REFERENCE_LENGTH ? reference : null }, { headers: NO_STORE });
}

/** The verification when scripts have not loaded (the page's <noscript> form and Retry): the server decides. */
export async function action({ request, context }: Route.ActionArgs) {
  const reference = String((await readForm(request)).get("reference") ?? "").trim();
  const answer = (outcome: PaymentOutcome, status = 200) => data(outcome, { status, headers: NO_STORE });
  if (!reference || reference.length > MAX_REFERENCE_LENGTH) return answer({ check: failedCheck(reference, P.noReference) }, 400);
  const viewer = await context.getViewer();
  if (!viewer) return answer({ check: failedCheck(reference, P.reasonSignedOut), signedOut: true }, 401);
  const deps = { db: context.db, mailer: context.mailer, publicUrl: context.config.publicUrl, payments: context.payments };
  return answer({ check: await confirmPayment(deps, viewer.userId, reference) });
}

export default function PaymentSuccessPage({ loaderData, actionData }: Route.ComponentProps) {
  return <PaymentResult reference={loaderData.reference} submitted={actionData} />;
}
