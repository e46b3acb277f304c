import { data } from "react-router";
import { Refusal } from "../../../domain/core/refusal";
import { vendorStatementCsv } from "../../../domain/payouts/earnings";
import { PAYOUT_FORM_TEXTS, statementMonthSchema } from "../../../domain/payouts/validation";
import { requireRole } from "../../server/access.server";
import type { Route } from "./+types/vendor-dashboard.statement";

/**
 * GET /vendor-dashboard/statement?month=2026-11: the vendor's own statement for a Lagos month as
 * CSV (docs/vendors.md). Signed out 401, another role 403, a bad month 400 with its message.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await requireRole(context, "sell");
  const month = statementMonthSchema.safeParse(new URL(request.url).searchParams.get("month") ?? undefined);
  if (!month.success) throw data({ error: month.error.issues[0]?.message ?? PAYOUT_FORM_TEXTS.month }, { status: 400 });
  try {
    const { filename, csv } = await vendorStatementCsv(context.db, viewer, month.data);
    return new Response(csv, {
      headers: {
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": `attachment; filename="${filename}"`,
        "Cache-Control": "no-store",
      },
    });
  } catch (error) {
    if (error instanceof Refusal) throw data({ error: error.message }, { status: error.status });
    throw error;
  }
}
