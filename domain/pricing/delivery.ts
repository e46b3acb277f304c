/** Delivery fees by state (docs/cart-and-checkout.md, docs/admin.md): read for checkout and the storefront, saved by admins. */
import { sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { deliveryStateFees } from "../../db/schema/buyers";
import { NIGERIAN_STATES } from "../../lib/constants";
import { formatNaira } from "../../lib/money";
import { recordActivity } from "../activity/service";
import { type Actor, assertMay } from "../core/access";
import { type DeliveryFees, isNigerianState } from "./delivery-fees";
import { getPricingConfig } from "./service";
import type { StateFeesInput } from "./validation";

/** The fees in force: the pricing config's delivery fee as the default, and each state's own fee. */
export async function getDeliveryFees(db: Database): Promise<DeliveryFees> {
  const [{ deliveryFeeKobo }, rows] = await Promise.all([getPricingConfig(db), db.select().from(deliveryStateFees)]);
  const byState: DeliveryFees["byState"] = {};
  for (const row of rows) if (isNigerianState(row.state)) byState[row.state] = row.fee;
  return { defaultFeeKobo: deliveryFeeKobo, byState };
}

/** The activity log's line: each state's own fee, the rest on the default. */
function stateFeesDescription(input: StateFeesInput, defaultFeeKobo: number): string {
  const own = NIGERIAN_STATES.filter((state) => input[state] !== null).map((state) => `${state} ${formatNaira(input[state]!)}`);
  const rest = `other states the default ${formatNaira(defaultFeeKobo)}`;
  return own.length ? `Set delivery fees by state: ${own.join(", ")}; ${rest}` : `Set every state's delivery fee to the default ${formatNaira(defaultFeeKobo)}`;
}

/**
 * Replaces every state's own fee at once (admins only): a state left blank pays the default.
 * Checkouts from now on charge these; orders already placed keep the fee they were charged.
 */
export async function updateStateDeliveryFees(db: Database, actor: Actor, input: StateFeesInput): Promise<DeliveryFees> {
  assertMay(actor, "back_office");
  const rows = NIGERIAN_STATES.filter((state) => input[state] !== null).map((state) => ({ state, fee: input[state]! }));
  return db.transaction(async (tx) => {
    // Two admins saving at once take turns, so one whole table wins, never a mix.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('delivery_state_fees'))`);
    await tx.delete(deliveryStateFees);
    if (rows.length) await tx.insert(deliveryStateFees).values(rows);
    const saved = await getDeliveryFees(tx);
    await recordActivity(tx, {
      userId: actor.userId,
      userType: "admin",
      activityType: "pricing_updated",
      description: stateFeesDescription(input, saved.defaultFeeKobo),
      metadata: { delivery_state_fees: saved.byState, default_delivery_fee: saved.defaultFeeKobo },
    });
    return saved;
  });
}
