import { type ReactNode, useCallback } from "react";
import { Link } from "react-router";
import type { Page } from "../../domain/core/paging";
import { type Answer, useAction } from "../ui/answer";
import { FileLink } from "../ui/file-link";

/** A back-office form's fetcher: shows the answer as a toast once, and tells whether it is busy. */
export function useAdminAction(onSuccess?: () => void) {
  const onAnswer = useCallback((answer: Answer) => answer.ok && onSuccess?.(), [onSuccess]);
  const { fetcher, busy, fieldErrors } = useAction({ onAnswer });
  return { fetcher, busy, errors: fieldErrors };
}

export function SectionHeading({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
      <h2 className="text-lg font-bold text-gray-900">{title}</h2>
      {children}
    </div>
  );
}

/** Downloads every order, payment or payout as CSV, or only the orders the current search finds (`query`). */
export function ExportLink({ kind, query = "", filtered = false, label }: { kind: "orders" | "payments" | "payouts"; query?: string; filtered?: boolean; label?: string }) {
  return (
    <FileLink href={`/admin/export/${kind}${query ? `?${query}` : ""}`} className="rounded-lg px-3 py-2 text-sm font-semibold text-brand-strong ring-1 ring-inset ring-gray-300 hover:bg-gray-50">
      {label ?? (filtered ? `Export these ${kind} (CSV)` : `Export ${kind} (CSV)`)}
    </FileLink>
  );
}

export function EmptyRow({ text }: { text: string }) {
  return <p className="rounded-xl border border-dashed border-gray-300 p-6 text-center text-sm text-gray-700">{text}</p>;
}

/** A tab's list, or the line saying it has nothing to show. */
export function ListOrEmpty({ count, empty, children }: { count: number; empty: string; children: ReactNode }) {
  if (count > 0) return children;
  return (
    <div className="mt-4">
      <EmptyRow text={empty} />
    </div>
  );
}

/** A tab's cards one under another; `children` draws one card (an <li> with its key). */
export function CardList<T>({ items, empty, children }: { items: readonly T[]; empty: string; children: (item: T) => ReactNode }) {
  return (
    <ListOrEmpty count={items.length} empty={empty}>
      <ul className="mt-4 space-y-3">{items.map(children)}</ul>
    </ListOrEmpty>
  );
}

/** Previous / next page links of a list, keeping the other query parameters. */
export function Pager({ page, hasMore, params }: { page: number; hasMore: boolean; params: Record<string, string | undefined> }) {
  const href = (p: number) => {
    const search = new URLSearchParams(Object.entries({ ...params, page: String(p) }).filter((e): e is [string, string] => Boolean(e[1])));
    return `?${search}`;
  };
  if (page <= 1 && !hasMore) return null;
  return (
    <nav aria-label="Pages" className="mt-4 flex items-center justify-between gap-3 text-sm">
      {page > 1 ? (
        <Link to={href(page - 1)} preventScrollReset className="rounded-lg border border-gray-300 px-3 py-2 font-semibold hover:bg-gray-50">
          Previous
        </Link>
      ) : (
        <span />
      )}
      <span className="text-gray-700">Page {page}</span>
      {hasMore ? (
        <Link to={href(page + 1)} preventScrollReset className="rounded-lg border border-gray-300 px-3 py-2 font-semibold hover:bg-gray-50">
          Next
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}

/** The filter of a dashboard list: its links' name, the query parameter it sets, and its choices. */
export interface ListFilter {
  label: string;
  param: string;
  options: ReadonlyArray<{ value: string; label: string }>;
}

/** The choices of a filter: "All", then each value by its label. */
export function filterOptions<V extends string>(values: readonly V[], labels: Record<V, string>) {
  return [{ value: "", label: "All" }, ...values.map((value) => ({ value, label: labels[value] }))];
}

/** The filter of a list by its status ('?status='). */
export function statusFilter<V extends string>(label: string, statuses: readonly V[], labels: Record<V, string>): ListFilter {
  return { label, param: "status", options: filterOptions(statuses, labels) };
}

/** One dashboard tab's list of cards: its filter links, one page of cards, and the pager keeping the filter. */
export function FilteredCardList<T>({
  tab,
  filter,
  current,
  page,
  empty,
  children,
}: {
  tab: string;
  filter: ListFilter;
  current: string;
  page: Page<T>;
  empty: string;
  children: (item: T) => ReactNode;
}) {
  return (
    <>
      <FilterLinks label={filter.label} options={filter.options} current={current} param={filter.param} tab={tab} />
      <CardList items={page.items} empty={empty}>
        {children}
      </CardList>
      <Pager page={page.page} hasMore={page.hasMore} params={{ tab, [filter.param]: current }} />
    </>
  );
}

/** Filter links above a list (status filters): the current one is marked. */
export function FilterLinks({
  label,
  options,
  current,
  param,
  tab,
}: {
  label: string;
  options: ReadonlyArray<{ value: string; label: string }>;
  current: string;
  param: string;
  tab: string;
}) {
  return (
    <nav aria-label={label} className="flex flex-wrap gap-2">
      {options.map((option) => (
        <Link
          key={option.value}
          to={`?tab=${tab}${option.value ? `&${param}=${option.value}` : ""}`}
          preventScrollReset
          aria-current={option.value === current ? "true" : undefined}
          className={`rounded-full px-3 py-1.5 text-sm font-semibold ring-1 ring-inset ${
            option.value === current ? "bg-brand-strong text-white ring-brand-strong" : "bg-white text-gray-800 ring-gray-300 hover:bg-gray-50"
          }`}
        >
          {option.label}
        </Link>
      ))}
    </nav>
  );
}

const buttonStyles = {
  primary: "bg-brand-strong text-white hover:opacity-90",
  secondary: "bg-white text-gray-900 ring-1 ring-inset ring-gray-300 hover:bg-gray-50",
  danger: "bg-red-700 text-white hover:bg-red-800",
} as const;

export function ActionButton({
  children,
  busy = false,
  variant = "secondary",
  name,
  value,
  type = "submit",
  label,
  disabled = false,
}: {
  children: ReactNode;
  busy?: boolean;
  variant?: keyof typeof buttonStyles;
  name?: string;
  value?: string;
  type?: "submit" | "button";
  label?: string;
  /** Not ready yet (nothing chosen); busy also disables. */
  disabled?: boolean;
}) {
  return (
    <button
      type={type}
      name={name}
      value={value}
      disabled={busy || disabled}
      aria-label={label}
      className={`inline-flex min-h-10 items-center justify-center gap-2 rounded-lg px-3 py-2 text-sm font-semibold disabled:opacity-60 ${busy ? "cursor-wait" : "disabled:cursor-not-allowed"} ${buttonStyles[variant]}`}
    >
      {busy ? <span aria-hidden="true" className="h-4 w-4 animate-spin rounded-full border-2 border-current/40 border-t-current" /> : null}
      {children}
    </button>
  );
}

/**
 * A destructive action behind a confirmation that works without scripts: the first button
 * opens the question, the second one acts.
 */
export function ConfirmAction({ trigger, question, children }: { trigger: string; question: string; children: ReactNode }) {
  return (
    <details className="group relative">
      <summary className="inline-flex min-h-10 items-center rounded-lg px-3 py-2 text-sm font-semibold text-red-800 ring-1 ring-inset ring-red-300 hover:bg-red-50">
        {trigger}
      </summary>
      <div role="alertdialog" aria-label={trigger} className="mt-2 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-900 sm:absolute sm:right-0 sm:z-10 sm:w-72">
        <p>{question}</p>
        <div className="mt-3 flex gap-2">{children}</div>
      </div>
    </details>
  );
}

export function FieldError({ id, message }: { id: string; message?: string }) {
  if (!message) return null;
  return (
    <p id={id} className="mt-1 text-sm text-red-700">
      {message}
    </p>
  );
}

export const inputClass =
  "mt-1 block w-full rounded-lg border border-gray-300 px-3 py-2 text-base text-gray-900 focus:border-brand-strong focus:outline-none focus:ring-2 focus:ring-brand-strong/30";
