import { data } from "react-router";
import { EXPORT_KINDS, type ExportKind, exportCsv } from "../../../domain/admin/export";
import { lagosToday } from "../../../domain/orders/status";
import { forbiddenFrom, requireBackOffice } from "../../server/admin-forms.server";
import type { Route } from "./+types/admin.export";

/** GET /admin/export/orders or /admin/export/payments: a CSV download, streamed as it is read. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const viewer = await requireBackOffice(context);
  const kind = params.kind as ExportKind;
  if (!EXPORT_KINDS.includes(kind)) throw data({ error: "Not found" }, { status: 404 });
  const chunks = (() => {
    try {
      return exportCsv(context.db, viewer, kind);
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
      "Content-Disposition": `attachment; filename="tokunbo-${kind}-${lagosToday()}.csv"`,
      "Cache-Control": "no-store",
    },
  });
}
