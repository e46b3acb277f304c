import { data, redirect } from "react-router";
import { signInHref } from "../../checkout/cart-sign-in";
import { exportMyData } from "../../../domain/privacy/export";
import { lagosToday } from "../../../lib/lagos-time";
import type { Route } from "./+types/account.data";

/**
 * GET /account/data: 'Download my data' (docs/accounts.md, 'Your data'), a JSON file of the
 * signed-in user's own records. Signed out, the browser goes to sign in and comes back.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const viewer = await context.getViewer();
  if (!viewer) throw redirect(signInHref("/account/data"));
  const mine = await exportMyData(context.db, viewer.userId);
  if (!mine) throw data({ error: "Not found" }, { status: 404 });
  return new Response(`${JSON.stringify(mine, null, 2)}\n`, {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="tokunbo-my-data-${lagosToday()}.json"`,
      "Cache-Control": "no-store",
    },
  });
}
