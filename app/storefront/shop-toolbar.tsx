import type { ReactNode } from "react";
import { SHOP_VIEWS, type ShopQuery, type ShopView } from "./shop-url";
import { DEFAULT_SORT, SORT_OPTIONS } from "../../lib/constants";
import { SHOP_FORM_ID, SHOP_RESULTS_ID, type ShopForm } from "./shop-filters";

/** Shown as the sort when searching with the default sort: results come most alike first. */
export const BEST_MATCH = "Best match";

const DEFAULT_SORT_LABEL = SORT_OPTIONS.find((option) => option.value === DEFAULT_SORT)?.label ?? "";

const VIEW_LABELS: Record<ShopView, string> = { grid: "Grid view", list: "List view" };

/** The product count (announced when it changes), the sort and the grid or list view. */
export function ShopToolbar({ form, query, count }: { form: ShopForm; query: ShopQuery; count: string }) {
  const searching = query.search !== "";
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      {/* The heading of the results under the page's h1, so the cards' h3 skip no level. */}
      <h2 id={SHOP_RESULTS_ID} tabIndex={-1} className="scroll-mt-20 text-sm font-normal text-gray-700" aria-live="polite">
        {count}
      </h2>
      <div className="flex items-center gap-2">
        <label htmlFor="shop-sort" className="text-sm font-semibold text-gray-900">
          Sort by
        </label>
        <select
          id="shop-sort"
          name="sort"
          form={SHOP_FORM_ID}
          value={query.sort ?? ""}
          onChange={(event) => form.apply({ sort: SORT_OPTIONS.find((option) => option.value === event.target.value)?.value })}
          className="h-10 rounded-lg border border-gray-300 bg-white px-2 text-sm text-gray-900 focus:border-brand-strong focus:outline-none focus:ring-2 focus:ring-brand-strong/30"
        >
          {/* The default sort submits no value: best match for a search, newest otherwise. */}
          <option value="">{searching ? BEST_MATCH : DEFAULT_SORT_LABEL}</option>
          {SORT_OPTIONS.filter((option) => searching || option.value !== DEFAULT_SORT).map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
        <div role="group" aria-label="View" className="flex rounded-lg border border-gray-300 p-0.5">
          {SHOP_VIEWS.map((view) => (
            // A submit button of the filter form, so the view changes without JavaScript too.
            <button
              key={view}
              type="submit"
              form={SHOP_FORM_ID}
              name="view"
              value={view}
              aria-pressed={query.view === view}
              title={VIEW_LABELS[view]}
              onClick={(event) => {
                event.preventDefault();
                form.showView(view);
              }}
              className={`inline-flex h-9 w-9 items-center justify-center rounded-md ${
                query.view === view ? "bg-gray-900 text-white" : "text-gray-700 hover:bg-gray-100"
              }`}
            >
              <span className="sr-only">{VIEW_LABELS[view]}</span>
              {view === "grid" ? <GridIcon /> : <ListIcon />}
            </button>
          ))}
        </div>
      </div>
    </div>
  );
}

function ToolbarIcon({ children }: { children: ReactNode }) {
  return (
    <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" strokeLinejoin="round" className="h-5 w-5" aria-hidden="true" focusable="false">
      {children}
    </svg>
  );
}

const GridIcon = () => (
  <ToolbarIcon>
    <rect x="4" y="4" width="6.5" height="6.5" rx="1" />
    <rect x="13.5" y="4" width="6.5" height="6.5" rx="1" />
    <rect x="4" y="13.5" width="6.5" height="6.5" rx="1" />
    <rect x="13.5" y="13.5" width="6.5" height="6.5" rx="1" />
  </ToolbarIcon>
);

const ListIcon = () => (
  <ToolbarIcon>
    <path d="M9 6h11M9 12h11M9 18h11" />
    <circle cx="4.5" cy="6" r="1" />
    <circle cx="4.5" cy="12" r="1" />
    <circle cx="4.5" cy="18" r="1" />
  </ToolbarIcon>
);
