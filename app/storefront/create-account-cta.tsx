import { Link } from "react-router";
import { TEXTS } from "../../lib/constants";

/** Call to action for signed-out visitors. */
export function CreateAccountCta({ signedIn }: { signedIn: boolean }) {
  if (signedIn) return null;
  return (
    <section aria-labelledby="cta-title" className="container-page py-12">
      <div className="rounded-2xl bg-gray-900 px-6 py-10 text-center text-white sm:px-12">
        <h2 id="cta-title" className="text-2xl font-bold sm:text-3xl">
          Ready for your next phone?
        </h2>
        <p className="mx-auto mt-3 max-w-xl text-gray-200">
          Create a free account to keep a cart, check out securely and track your orders to your door.
        </p>
        <div className="mt-6 flex flex-col justify-center gap-3 sm:flex-row">
          <Link
            to="/auth"
            className="inline-flex items-center justify-center rounded-lg bg-brand-strong px-6 py-3 font-semibold text-white hover:opacity-90"
          >
            {TEXTS.createAccount}
          </Link>
          <Link
            to="/shop"
            className="inline-flex items-center justify-center rounded-lg border border-white/40 px-6 py-3 font-semibold text-white hover:bg-white/10"
          >
            Browse Phones
          </Link>
        </div>
      </div>
    </section>
  );
}
