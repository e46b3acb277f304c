import { type ReactNode, Suspense, use } from "react";
import type * as AccountHeaderModule from "./account-header";

type AccountHeader = typeof AccountHeaderModule;

let loading: Promise<AccountHeader> | undefined;

/**
 * The site bar's signed-in parts (the bell, the account menu and their entries in the drawer)
 * are a chunk of their own: most storefront visitors are signed out and never fetch it. Once it
 * has arrived, the promise carries React's `status` and `value`, so `use` reads it at once and
 * later renders never wait.
 */
export function loadAccountHeader(): Promise<AccountHeader> {
  if (!loading) {
    const promise = import("./account-header");
    promise.then(
      (value) => Object.assign(promise, { status: "fulfilled", value }),
      () => {},
    );
    loading = promise;
  }
  return loading;
}

function AccountHeaderPart({ render }: { render: (parts: AccountHeader) => ReactNode }) {
  return render(use(loadAccountHeader()));
}

/** Rendered in place by the server (entry.server loads the chunk first); hydrated in the browser once the chunk is in. */
export function SignedInPart({ render }: { render: (parts: AccountHeader) => ReactNode }) {
  return (
    <Suspense fallback={null}>
      <AccountHeaderPart render={render} />
    </Suspense>
  );
}
