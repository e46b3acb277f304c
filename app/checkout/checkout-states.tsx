import type { ReactNode } from "react";
import { Link } from "react-router";
import { CHECKOUT_TEXTS as T } from "../../domain/checkout/texts";

export const primaryLinkClass =
  "inline-flex min-h-11 items-center justify-center rounded-lg bg-brand-strong px-5 py-2.5 text-sm font-semibold text-white hover:opacity-90";
export const secondaryLinkClass =
  "inline-flex min-h-11 items-center justify-center rounded-lg border border-gray-300 bg-white px-5 py-2.5 text-sm font-semibold text-gray-900 hover:bg-gray-50";

/** A link of a page's button row; the first, primary one stands out. */
export interface PageLink {
  to: string;
  label: string;
  primary?: boolean;
}

export function PageLinks({ links }: { links: readonly PageLink[] }) {
  return links.map((link) => (
    <Link key={link.to} to={link.to} className={link.primary ? primaryLinkClass : secondaryLinkClass}>
      {link.label}
    </Link>
  ));
}

function StateCard({ title, body, children, headingLevel = 1 }: { title: string; body: string; children: ReactNode; headingLevel?: 1 | 2 }) {
  const Heading = headingLevel === 1 ? "h1" : "h2";
  return (
    <div className="mx-auto w-full max-w-md rounded-2xl border border-gray-200 bg-white p-6 text-center shadow-sm">
      <Heading id="checkout-state-title" className="text-xl font-extrabold text-gray-900">
        {title}
      </Heading>
      <p className="mt-2 text-gray-700">{body}</p>
      <div className="mt-6 flex flex-col justify-center gap-3 sm:flex-row">{children}</div>
    </div>
  );
}

/** 'Authentication Required' on the page itself, not a redirect (docs/cart-and-checkout.md). */
export function CheckoutSignedOut() {
  return (
    <section className="container-page py-14" aria-labelledby="checkout-state-title">
      <StateCard title={T.authRequired} body={T.authRequiredBody}>
        <PageLinks links={[{ to: "/auth", label: T.signIn, primary: true }, { to: "/shop", label: T.continueShopping }]} />
      </StateCard>
    </section>
  );
}

export function CheckoutEmptyCart() {
  return (
    <div className="mt-6">
      <StateCard title={T.cartEmpty} body={T.cartEmptyBody} headingLevel={2}>
        <PageLinks links={[{ to: "/shop", label: T.continueShopping, primary: true }]} />
      </StateCard>
    </div>
  );
}
