import { STOCK_ALERT_TEXTS } from "../../domain/catalog/wishlist-texts";
import { BellIcon } from "../ui/icons";
import { STOCK_ALERT_ACTION, useProductSwitch } from "./product-switch";

/**
 * 'Notify me when available' on a sold-out phone's page (docs/storefront.md). A form, so it works
 * before scripts load; signed out it asks to sign in first and subscribes once back on the page.
 * `waiting` is the server's word; while a change is on its way it shows the change.
 */
export function StockAlert({ productId, waiting }: { productId: string; waiting: boolean }) {
  const { fetcher, busy, shown, onSubmit, intent } = useProductSwitch("stock-alert", productId, waiting);
  return (
    <fetcher.Form method="post" action={STOCK_ALERT_ACTION} onSubmit={onSubmit} className="mt-3">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="productId" value={productId} />
      {shown ? (
        <div className="flex flex-wrap items-center justify-between gap-2 rounded-lg bg-emerald-50 px-3 py-2 text-sm">
          <p className="text-emerald-900">
            <span className="block font-semibold">{STOCK_ALERT_TEXTS.subscribed}</span>
            <span className="block">{STOCK_ALERT_TEXTS.subscribedDetail}</span>
          </p>
          <button type="submit" disabled={busy} className="rounded-md px-2 py-2 font-semibold text-gray-900 underline underline-offset-2 hover:text-brand-strong">
            {STOCK_ALERT_TEXTS.cancel}
          </button>
        </div>
      ) : (
        <button
          type="submit"
          disabled={busy}
          aria-busy={busy}
          className="inline-flex h-12 w-full items-center justify-center gap-2 rounded-lg bg-brand-strong px-5 text-base font-semibold text-white hover:opacity-90 disabled:opacity-60"
        >
          <BellIcon className="h-5 w-5" />
          {STOCK_ALERT_TEXTS.subscribe}
        </button>
      )}
    </fetcher.Form>
  );
}
