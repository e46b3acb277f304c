import { type AnyColumn, type SQL, sql } from "drizzle-orm";
import type { PgSelect } from "drizzle-orm/pg-core";

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

/** A table listed newest first: its creation time, and its id to order rows created together. */
export interface NewestFirstTable {
  createdAt: AnyColumn;
  id: AnyColumn;
}

/** Newest first, ties broken by id, so every page (or batch) follows one stable order. */
export function newestFirstById(table: NewestFirstTable): SQL[] {
  return [newestFirst(table.createdAt), sql`${table.id} desc`];
}

/** One page of a back-office list: the (`$dynamic()`) query ordered newest first and cut to the page. */
export async function newestPage<T extends PgSelect>(query: T, table: NewestFirstTable, page = 1): Promise<Page<Awaited<T>[number]>> {
  const window = pageWindow(page);
  const rows: Awaited<T> = await query.orderBy(...newestFirstById(table)).limit(window.limit).offset(window.offset);
  return toPage(rows, window);
}

export function mapPage<T, U>(page: Page<T>, toItem: (item: T) => U): Page<U> {
  return { ...page, items: page.items.map(toItem) };
}
