import { type ChangeEvent, type FormEvent, type ReactNode, useState } from "react";
import { useNavigate } from "react-router";
import { SEARCH_MAX_LENGTH, type ShopQuery, type ShopView, parseShopQuery } from "./shop-url";
import { activeFilterCount, brandSlug, shopHref } from "../../domain/catalog/shop-params";
import { BRANDS, GRADES, GRADE_LABELS, PRICE_SLIDER, STORAGE_OPTIONS } from "../../lib/constants";
import { formatNaira, nairaToKobo } from "../../lib/money";
import { SearchField } from "./search-field";

/** The one GET form of the shop; the search box, sort and view buttons outside it join it by this id. */
export const SHOP_FORM_ID = "shop-filters";

/** The results' heading (their count): 'Apply filters' brings the buyer there, with or without script. */
export const SHOP_RESULTS_ID = "results";

export interface ShopForm {
  /** What the controls show: the applied query plus edits not applied yet (typing, dragging). */
  draft: ShopQuery;
  edit(changes: Partial<ShopQuery>): void;
  /** A filter change: from page 1, as a new history entry, so Back restores the previous filters. */
  apply(changes: Partial<ShopQuery>): void;
  showView(view: ShopView): void;
  /** Resolves once the new results are shown. */
  submit(event: FormEvent<HTMLFormElement>): Promise<void>;
}

/**
 * The shop's controls with JavaScript: they apply on change by navigating to the query's
 * URL. Without JavaScript the same controls submit the GET form.
 */
export function useShopForm(query: ShopQuery): ShopForm {
  const navigate = useNavigate();
  const href = shopHref(query);
  const [draft, setDraft] = useState(query);
  const [draftOf, setDraftOf] = useState(href);
  if (draftOf !== href) {
    // The URL changed (applied, Back, a link): the controls follow it.
    setDraftOf(href);
    setDraft(query);
  }
  const go = async (next: ShopQuery) => {
    const valid = parseShopQuery(next);
    setDraft(valid);
    await navigate(shopHref(valid), { preventScrollReset: true });
  };
  return {
    draft,
    edit: (changes) => setDraft({ ...draft, ...changes }),
    apply: (changes) => void go({ ...draft, ...changes, page: 1 }),
    showView: (view) => void go({ ...query, view }),
    submit: (event) => {
      event.preventDefault();
      return go({ ...draft, page: 1 });
    },
  };
}

export function ShopSearchBox({ form }: { form: ShopForm }) {
  return (
    <div role="search" className="flex gap-2">
      <SearchField
        id="shop-search"
        form={SHOP_FORM_ID}
        value={form.draft.search}
        onChange={(search) => form.edit({ search })}
        maxLength={SEARCH_MAX_LENGTH}
      />
    </div>
  );
}

// Without JavaScript the panel cannot be toggled: show it, and hide the toggle.
const NO_SCRIPT_STYLE = `#${SHOP_FORM_ID}{display:block}#shop-filter-toggle{display:none}`;

/** The filter panel: always shown from large screens up, toggled below that. */
export function ShopFilterPanel({ form, view }: { form: ShopForm; view: ShopView }) {
  const [open, setOpen] = useState(false);
  const active = activeFilterCount(form.draft);
  return (
    <aside className="lg:w-64 lg:shrink-0">
      <noscript>
        <style>{NO_SCRIPT_STYLE}</style>
      </noscript>
      <button
        id="shop-filter-toggle"
        type="button"
        aria-expanded={open}
        aria-controls={SHOP_FORM_ID}
        onClick={() => setOpen((value) => !value)}
        className="inline-flex h-11 items-center gap-2 rounded-lg border border-gray-300 px-4 text-sm font-semibold text-gray-900 hover:bg-gray-50 lg:hidden"
      >
        <FilterIcon />
        {active > 0 ? `Filters (${active})` : "Filters"}
      </button>
      <form
        id={SHOP_FORM_ID}
        method="get"
        action={`/shop#${SHOP_RESULTS_ID}`}
        aria-label="Filters"
        onSubmit={(event) => {
          setOpen(false);
          void form.submit(event).then(showResults);
        }}
        className={`${open ? "block" : "hidden"} mt-3 space-y-5 rounded-xl border border-gray-200 p-4 lg:mt-0 lg:block`}
      >
        <input type="hidden" name="view" value={view} />
        <ListFilterGroup form={form} filter="brand" legend="Brand" choices={BRANDS} sentAs={brandSlug} />
        <ListFilterGroup form={form} filter="grade" legend="Grade" choices={GRADES} shownAs={(grade) => `Grade ${grade} · ${GRADE_LABELS[grade]}`} />
        <ListFilterGroup form={form} filter="storage" legend="Storage" choices={STORAGE_OPTIONS} />
        <PriceRange form={form} />
        <CheckboxGroup legend="Seller and inspection" columns={1}>
          <FlagFilter form={form} flag="verified" label="Verified vendors only" />
          <FlagFilter form={form} flag="inspected" label="Admin inspected only" />
        </CheckboxGroup>
        <button
          type="submit"
          className="h-11 w-full rounded-lg bg-gray-900 px-4 text-sm font-semibold text-white hover:bg-gray-800"
        >
          Apply filters
        </button>
      </form>
    </aside>
  );
}

/** On a phone the results sit below the filters: scroll to their count and read it out. */
function showResults() {
  const heading = document.getElementById(SHOP_RESULTS_ID);
  heading?.scrollIntoView({ block: "start" });
  heading?.focus({ preventScroll: true });
}

type ListFilter = "brand" | "grade" | "storage";

interface ListFilterGroupProps<K extends ListFilter> {
  form: ShopForm;
  filter: K;
  legend: string;
  choices: ReadonlyArray<ShopQuery[K][number]>;
  /** What the form sends for a choice (the brand's slug); the choice itself by default. */
  sentAs?: (choice: ShopQuery[K][number]) => string;
  shownAs?: (choice: ShopQuery[K][number]) => string;
}

/** One checkbox per choice of a list filter; ticking one applies the filter at once. */
function ListFilterGroup<K extends ListFilter>({ form, filter, legend, choices, sentAs = (choice) => choice, shownAs = (choice) => choice }: ListFilterGroupProps<K>) {
  const selected: ReadonlyArray<string> = form.draft[filter];
  const toggled = (choice: string) => (selected.includes(choice) ? selected.filter((v) => v !== choice) : [...selected, choice]);
  return (
    <CheckboxGroup legend={legend}>
      {choices.map((choice) => (
        <Checkbox
          key={choice}
          name={filter}
          value={sentAs(choice)}
          label={shownAs(choice)}
          checked={selected.includes(choice)}
          onChange={() => form.apply({ [filter]: toggled(choice) } as Partial<ShopQuery>)}
        />
      ))}
    </CheckboxGroup>
  );
}

/** A yes/no filter; ticking it applies it at once. */
function FlagFilter({ form, flag, label }: { form: ShopForm; flag: "verified" | "inspected"; label: string }) {
  return (
    <Checkbox
      name={flag}
      value="true"
      label={label}
      checked={form.draft[flag]}
      onChange={(event) => form.apply({ [flag]: event.target.checked } as Partial<ShopQuery>)}
    />
  );
}

function CheckboxGroup({ legend, columns = 2, children }: { legend: string; columns?: 1 | 2; children: ReactNode }) {
  return (
    <fieldset>
      <legend className="text-sm font-bold text-gray-900">{legend}</legend>
      <div className={`mt-2 grid gap-x-3 gap-y-1 ${columns === 2 ? "grid-cols-2 lg:grid-cols-1" : "grid-cols-1"}`}>
        {children}
      </div>
    </fieldset>
  );
}

function Checkbox({
  name,
  value,
  label,
  checked,
  onChange,
}: {
  name: string;
  value: string;
  label: string;
  checked: boolean;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
}) {
  return (
    <label className="flex min-h-10 cursor-pointer items-center gap-2 text-sm text-gray-800">
      <input
        type="checkbox"
        name={name}
        value={value}
        checked={checked}
        onChange={onChange}
        className="h-5 w-5 shrink-0 rounded border-gray-300 accent-[var(--color-brand-strong)]"
      />
      {label}
    </label>
  );
}

/** ₦ on the slider's scale; its top reads "₦1,000,000+" because it means no upper limit. */
export function sliderNaira(naira: number): string {
  return `${formatNaira(nairaToKobo(naira))}${naira >= PRICE_SLIDER.maxNaira ? "+" : ""}`;
}

/**
 * Two sliders, lowest and highest price. Dragging only moves them; the price applies when a
 * slider is let go (the input's change event, which React's onChange does not mean).
 */
function PriceRange({ form }: { form: ShopForm }) {
  const { minPrice, maxPrice } = form.draft;
  return (
    <fieldset>
      <legend className="text-sm font-bold text-gray-900">Price range</legend>
      <p className="mt-1 text-sm text-gray-800" aria-hidden="true">
        {sliderNaira(minPrice)} – {sliderNaira(maxPrice)}
      </p>
      <PriceSlider form={form} bound="minPrice" label="Minimum price" keep={(value) => Math.min(value, maxPrice)} />
      <PriceSlider form={form} bound="maxPrice" label="Maximum price" keep={(value) => Math.max(value, minPrice)} />
    </fieldset>
  );
}

/** One bound of the price range; `keep` stops it from crossing the other bound. */
function PriceSlider({
  form,
  bound,
  label,
  keep,
}: {
  form: ShopForm;
  bound: "minPrice" | "maxPrice";
  label: string;
  keep: (value: number) => number;
}) {
  const id = `shop-${bound === "minPrice" ? "min" : "max"}-price`;
  const value = form.draft[bound];
  const applyOnRelease = (input: HTMLInputElement | null) => {
    if (!input) return;
    const onRelease = () => form.apply({ [bound]: Number(input.value) });
    input.addEventListener("change", onRelease);
    return () => input.removeEventListener("change", onRelease);
  };
  return (
    <>
      <label htmlFor={id} className="mt-2 block text-xs text-gray-700">
        {label}
      </label>
      <input
        id={id}
        ref={applyOnRelease}
        type="range"
        name={bound}
        min={PRICE_SLIDER.minNaira}
        max={PRICE_SLIDER.maxNaira}
        step={PRICE_SLIDER.stepNaira}
        value={value}
        aria-valuetext={sliderNaira(value)}
        onChange={(event) => form.edit({ [bound]: keep(Number(event.target.value)) })}
        className="w-full accent-[var(--color-brand-strong)]"
      />
    </>
  );
}

function FilterIcon() {
  return (
    <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" strokeLinejoin="round" className="h-5 w-5" aria-hidden="true" focusable="false">
      <path d="M4 6h16M7 12h10M10 18h4" />
    </svg>
  );
}
