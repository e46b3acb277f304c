import { type AnyColumn, type SQL, sql } from "drizzle-orm";

export const ADMIN_PAGE_SIZE = 20;

/** One page of a back-office list; `hasMore` tells whether a next page exists. */
export interface Page<T> {
  items: T[];
  page: number;
  hasMore: boolean;
}

/** Reads one row more than a page to know whether another page follows, without counting. */
export function pageWindow(page: number, pageSize = ADMIN_PAGE_SIZE) {
  const current = Math.max(1, Math.floor(page));
  return { page: current, limit: pageSize + 1, offset: (current - 1) * pageSize, pageSize };
}

export function toPage<T>(rows: T[], window: { page: number; pageSize: number }): Page<T> {
  return { items: rows.slice(0, window.pageSize), page: window.page, hasMore: rows.length > window.pageSize };
}

/**
 * Newest first, in the order of the `(… created_at DESC NULLS LAST)` indexes. A plain `desc`
 * means NULLS FIRST, which such an index cannot serve; the columns are NOT NULL, so the
 * results are the same.
 */
export function newestFirst(column: AnyColumn): SQL {
  return sql`${column} desc nulls last`;
}
