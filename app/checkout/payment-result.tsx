import { type ReactNode, type RefObject, useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import type { CartLine } from "../../domain/cart/service";
import { PAYMENT_TEXTS as P } from "../../domain/payments/texts";
import type { PaymentCheck } from "../../domain/payments/confirmation";
import { PAYMENT_FAILED_LABEL, TEST_PAYMENT_LABEL } from "../../lib/constants";
import { formatNaira } from "../../lib/money";
import { type Answer, useAction } from "../ui/answer";
import { useRouteData } from "../ui/use-route-data";
import { CHECKOUT_ITEMS_KEY } from "./cart-view";
import { signInHref } from "./cart-sign-in";
import { PageLinks, primaryLinkClass, secondaryLinkClass } from "./checkout-states";
import { CheckCircleIcon, XCircleIcon } from "../ui/icons";
import { announceCartUpdated } from "../site/live-events";
import { toast } from "../ui/toast";
import { TestPaymentBadge, UnpaidOrderActions } from "../orders/unpaid-order";

/** What the page shows once the server has answered; `signedOut` adds the sign-in link. */
export interface PaymentOutcome {
  check: PaymentCheck;
  signedOut?: boolean;
}

type FailedCheck = Extract<PaymentCheck, { status: "failed" }>;
type SuccessfulCheck = Extract<PaymentCheck, { status: "successful" }>;

export function failedCheck(reference: string, ...reasons: string[]): FailedCheck {
  return { status: "failed", reference, reasons };
}

/**
 * /payment-success (docs/payments.md): a spinner while our
 * server verifies the payment with the provider, then its answer. `submitted` is the answer of
 * the form sent without scripts.
 */
export function PaymentResult({ reference, submitted }: { reference: string | null; submitted?: PaymentOutcome }) {
  return (
    <section className="container-page flex justify-center py-10 sm:py-14">
      <div aria-live="polite" className="w-full max-w-lg">
        {reference ? <Verification reference={reference} submitted={submitted} /> : <NoReference />}
      </div>
    </section>
  );
}

function NoReference() {
  useEffect(() => void toast.once({ id: "payment-no-reference", kind: "error", title: P.noReference }), []);
  return (
    <ResultCard tone="failed" title={P.noReference}>
      <p className="mt-2 text-gray-700">{P.noReferenceBody}</p>
      <Buttons>
        <PageLinks links={[{ to: "/orders", label: P.checkOrders, primary: true }, { to: "/shop", label: P.continueShopping }]} />
      </Buttons>
    </ResultCard>
  );
}

function Verification({ reference, submitted }: { reference: string; submitted?: PaymentOutcome }) {
  const { outcome, verify } = useVerification(reference, submitted);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (outcome) heading.current?.focus();
  }, [outcome]);

  if (!outcome) return <Verifying reference={reference} />;
  if (outcome.check.status === "successful") return <PaymentSucceeded check={outcome.check} heading={heading} />;
  return <PaymentFailed check={outcome.check} signedOut={outcome.signedOut ?? false} heading={heading} onRetry={verify} />;
}

/** Asks our server once on arrival and again on Retry; the toasts of docs/payments.md follow each answer. */
function useVerification(reference: string, submitted?: PaymentOutcome) {
  const [outcome, setOutcome] = useState<PaymentOutcome | null>(submitted ?? null);
  const started = useRef(false);
  const { submit } = useAction<PaymentOutcome>({ quiet: true });
  const loadCart = useRouteData<{ lines: CartLine[] | null }>();
  const requestCheck = async (): Promise<PaymentOutcome> => outcomeOf(await submit(VERIFY_ACTION, { reference }), reference);
  const announce = async ({ check }: PaymentOutcome): Promise<void> => {
    if (check.status === "failed") return void toast.error(check.paymentFailed ? PAYMENT_FAILED_LABEL : P.verificationFailed);
    toast.success(check.removedCartItems > 0 ? P.verifiedRemoved(check.removedCartItems) : P.verifiedUpdating);
    sessionStorage.removeItem(CHECKOUT_ITEMS_KEY);
    // The webhook may have emptied the lines before this page asked, so the cart is announced
    // either way; the verification answer does not carry the new count.
    const cart = await loadCart(CART_PAGE);
    if (cart?.lines) announceCartUpdated(cart.lines.reduce((sum, line) => sum + line.quantity, 0));
  };

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    if (submitted) return void announce(submitted);
    void requestCheck().then((answer) => {
      setOutcome(answer);
      void announce(answer);
    });
    // Once per page: the check runs on arrival only.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [reference, submitted]);

  const verify = async () => {
    setOutcome(null);
    const answer = await requestCheck();
    setOutcome(answer);
    void announce(answer);
  };
  return { outcome, verify };
}

const VERIFY_ACTION = "/payment-success";
const CART_PAGE = "/cart";

/** What the page shows for the verification's answer. */
export function outcomeOf(answer: Answer<PaymentOutcome>, reference: string): PaymentOutcome {
  if (answer.ok) return { check: answer.check, signedOut: answer.signedOut };
  return { check: answer.check ?? failedCheck(reference, answer.message || P.reasonOffline), signedOut: answer.signedOut };
}

function Verifying({ reference }: { reference: string }) {
  return (
    <div className="flex min-h-80 flex-col items-center justify-center rounded-2xl border border-gray-200 bg-white p-6 text-center shadow-sm" aria-busy="true">
      <span aria-hidden="true" className="h-10 w-10 animate-spin rounded-full border-4 border-gray-200 border-t-brand-strong" />
      <h1 className="mt-4 text-xl font-bold text-gray-900">{P.verifying}</h1>
      <noscript>
        <form method="post" className="mt-4">
          <input type="hidden" name="reference" value={reference} />
          <p className="text-sm text-gray-700">{P.verifyWithoutScripts}</p>
          <button type="submit" className={`${primaryLinkClass} mt-3`}>
            {P.verifyNow}
          </button>
        </form>
      </noscript>
    </div>
  );
}

function PaymentSucceeded({ check, heading }: { check: SuccessfulCheck; heading: RefObject<HTMLHeadingElement | null> }) {
  return (
    <ResultCard tone="success" title={P.successTitle} heading={heading}>
      {check.isTest ? <p className="mt-2"><TestPaymentBadge /></p> : null}
      <ul className="mt-4 w-full space-y-1 text-left text-sm text-gray-900" aria-label={P.paidOrdersLabel} data-testid="paid-orders">
        {check.orders.map((line) => (
          <li key={line.orderNumber} className="flex justify-between gap-4 rounded-lg bg-gray-50 px-3 py-2">
            <span className="font-semibold">{P.paidOrderName(line.productName, line.quantity)}</span>
            <span className="whitespace-nowrap text-gray-700">{P.paidOrderNumber(line.orderNumber)}</span>
          </li>
        ))}
      </ul>
      <dl className="mt-5 divide-y divide-gray-100 rounded-xl border border-gray-200 text-left text-sm" data-testid="payment-summary">
        <SummaryRow label={P.ordersLabel} value={String(check.orderCount)} />
        <SummaryRow label={P.deliveryLabel} value={check.deliveryFee === 0 ? P.freeDelivery : formatNaira(check.deliveryFee)} />
        <SummaryRow label={P.totalLabel} value={formatNaira(check.amount)} />
        <SummaryRow label={P.statusLabel} value={check.isTest ? `${P.paidStatus} (${TEST_PAYMENT_LABEL})` : P.paidStatus} />
        <SummaryRow label={P.referenceLabel} value={check.reference} mono />
      </dl>
      <ul className="mt-4 list-disc space-y-1 pl-5 text-left text-sm text-gray-700">
        <li>{P.receiptNotice}</li>
        <li>{P.ordersNotice}</li>
      </ul>
      <Buttons>
        <PageLinks
          links={[
            { to: "/orders", label: P.viewOrders, primary: true },
            { to: "/checkout", label: P.backToCheckout },
            { to: "/shop", label: P.continueShopping },
          ]}
        />
      </Buttons>
    </ResultCard>
  );
}

function PaymentFailed({
  check, signedOut, heading, onRetry,
}: {
  check: FailedCheck;
  signedOut: boolean;
  heading: RefObject<HTMLHeadingElement | null>;
  onRetry: () => Promise<void>;
}) {
  return (
    <ResultCard tone="failed" title={check.paymentFailed ? PAYMENT_FAILED_LABEL : P.failedTitle} heading={heading}>
      {check.isTest ? <p className="mt-2"><TestPaymentBadge /></p> : null}
      <p className="mt-3 text-gray-700">{P.failedIntro}</p>
      <ul className="mt-2 list-disc space-y-1 pl-5 text-left text-sm text-gray-800" data-testid="payment-reasons">
        {check.reasons.map((reason) => (
          <li key={reason}>{reason}</li>
        ))}
      </ul>
      <p className="mt-4 break-all text-sm text-gray-700">
        {P.referenceLabel}: <span className="font-mono text-gray-900">{check.reference}</span>
      </p>
      {check.paymentFailed ? <DeclinedWayOn payable={check.payable} /> : <UnverifiedWayOn reference={check.reference} signedOut={signedOut} onRetry={onRetry} />}
    </ResultCard>
  );
}

/**
 * The provider said declined or cancelled: checking again would say the same, so the way on is
 * 'Pay now' (a new payment for the same reserved phones), then 'Cancel order', and a quiet link.
 */
function DeclinedWayOn({ payable }: { payable: FailedCheck["payable"] }) {
  return (
    <>
      {payable ? (
        <div className="mt-4 w-full text-left">
          <UnpaidOrderActions orderId={payable.orderId} payableUntil={payable.payableUntil} />
        </div>
      ) : (
        <Buttons>
          <PageLinks links={[{ to: "/shop", label: P.continueShopping, primary: true }]} />
        </Buttons>
      )}
      <Link to="/orders" className="mt-5 inline-flex min-h-11 items-center text-sm font-semibold text-brand-strong underline underline-offset-2">
        {P.myOrders}
      </Link>
    </>
  );
}

/** The payment could not be checked (signed out, provider unreachable, not confirmed yet): checking again may help. */
function UnverifiedWayOn({ reference, signedOut, onRetry }: { reference: string; signedOut: boolean; onRetry: () => Promise<void> }) {
  return (
    <>
      {signedOut ? (
        <Link to={signInHref(`/payment-success?reference=${encodeURIComponent(reference)}`)} className={`${primaryLinkClass} mt-4`}>
          {P.signIn}
        </Link>
      ) : null}
      <Buttons>
        <form
          method="post"
          onSubmit={(event) => {
            event.preventDefault();
            void onRetry();
          }}
        >
          <input type="hidden" name="reference" value={reference} />
          <button type="submit" className={`${signedOut ? secondaryLinkClass : primaryLinkClass} w-full`}>
            {P.retry}
          </button>
        </form>
        <PageLinks links={[{ to: "/orders", label: P.checkOrders }, { to: "/checkout", label: P.backToCheckout }]} />
      </Buttons>
    </>
  );
}

function ResultCard({
  tone, title, heading, children,
}: {
  tone: "success" | "failed";
  title: string;
  heading?: RefObject<HTMLHeadingElement | null>;
  children: ReactNode;
}) {
  const Icon = tone === "success" ? CheckCircleIcon : XCircleIcon;
  return (
    <div className="flex min-h-80 flex-col items-center rounded-2xl border border-gray-200 bg-white p-6 text-center shadow-sm">
      <Icon className={`h-12 w-12 ${tone === "success" ? "text-green-700" : "text-red-700"}`} />
      <h1 ref={heading} tabIndex={-1} className="mt-3 text-2xl font-extrabold text-gray-900 focus:outline-none">
        {title}
      </h1>
      {children}
    </div>
  );
}

function Buttons({ children }: { children: ReactNode }) {
  return <div className="mt-6 flex w-full flex-col gap-3 sm:flex-row sm:flex-wrap sm:justify-center">{children}</div>;
}

function SummaryRow({ label, value, mono = false }: { label: string; value: string; mono?: boolean }) {
  return (
    <div className="flex justify-between gap-4 px-4 py-2.5">
      <dt className="text-gray-700">{label}</dt>
      <dd className={`text-right font-semibold text-gray-900 ${mono ? "break-all font-mono text-xs" : ""}`}>{value}</dd>
    </div>
  );
}
