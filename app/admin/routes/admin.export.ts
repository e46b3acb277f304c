import { data } from "react-router";
import { EXPORT_KINDS, type ExportKind, exportCsv } from "../../../domain/admin/export";
import { ORDER_SEARCH_TEXTS, type OrderSearch, parseOrderSearch } from "../../../domain/orders/admin-search";
import { vendorExists } from "../../../domain/orders/admin";
import { lagosToday } from "../../../lib/lagos-time";
import { forbiddenFrom, requireBackOffice } from "../../server/admin-forms.server";
import type { Route } from "./+types/admin.export";

/**
 * The search of an orders export: the Orders tab's, checked by the same schema. A bad value is
 * refused with 400 and its message before anything is streamed.
 */
async function orderSearchOf(request: Request, db: Route.LoaderArgs["context"]["db"]): Promise<OrderSearch> {
  const parsed = parseOrderSearch(new URL(request.url).searchParams);
  if (!parsed.ok) {
    const message = Object.values(parsed.errors).find(Boolean) ?? ORDER_SEARCH_TEXTS.invalid;
    throw data({ error: message, fieldErrors: parsed.errors }, { status: 400 });
  }
  if (parsed.search.vendorId && !(await vendorExists(db, parsed.search.vendorId))) {
    throw data({ error: ORDER_SEARCH_TEXTS.badVendor, fieldErrors: { vendor: ORDER_SEARCH_TEXTS.badVendor } }, { status: 400 });
  }
  return parsed.search;
}

/**
 * GET /admin/export/orders, /admin/export/payments or /admin/export/payouts: a CSV download,
 * streamed as it is read.
 * The orders export takes the Orders tab's search (q, from, to, status, vendor); a filtered one
 * is named tokunbo-orders-filtered-….csv so it is never taken for every order.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const viewer = await requireBackOffice(context);
  const kind = params.kind as ExportKind;
  if (!EXPORT_KINDS.includes(kind)) throw data({ error: "Not found" }, { status: 404 });
  const search = kind === "orders" ? await orderSearchOf(request, context.db) : {};
  const filtered = Object.keys(search).length > 0;
  const chunks = (() => {
    try {
      return exportCsv(context.db, viewer, kind, search);
    } catch (error) {
      return forbiddenFrom(error);
    }
  })();
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await chunks.next();
      if (next.done) controller.close();
      else controller.enqueue(encoder.encode(next.value));
    },
    async cancel() {
      await chunks.return(undefined);
    },
  });
  return new Response(body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="tokunbo-${kind}${filtered ? "-filtered" : ""}-${lagosToday()}.csv"`,
      "Cache-Control": "no-store",
    },
  });
}
