/** A buyer who paid on the stand-in's hosted page for phones of the shop in one checkout, for cancellation and refund tests. */
import { beforeAll } from "vitest";
import { confirmPayment } from "../../domain/flows/confirm-payment";
import { placeOrder } from "../../domain/flows/place-order";
import { SHIPPING, type ShopWithPayments, buyerWithCart, payOnHostedPage, useShopWithPayments } from "./shop";

/** The delivery fee of the checkouts (kobo). */
export const DELIVERY_FEE = 2_500_00;

/**
 * For a describe block: the shop with payments (its recording mailer and SQL over the database
 * included), the delivery fee set, and `paidCheckout` for a new buyer (named after the tag) each time.
 */
export function usePaidCheckouts(engine: "pglite" | "postgres", tag: string) {
  const world = useShopWithPayments(engine);
  let buyers = 0;
  beforeAll(async () => {
    await world.q("insert into admin_pricing_config (id, delivery_fee) values (1, $1) on conflict (id) do update set delivery_fee = excluded.delivery_fee", [DELIVERY_FEE]);
  });
  const checkout = (items?: { phone: 0 | 1; quantity: number }[]) => paidCheckout(world, `${tag}-${engine}-${++buyers}`, items);
  return { ...world, paidCheckout: checkout };
}

export interface PaidCheckout {
  buyer: Awaited<ReturnType<typeof buyerWithCart>>;
  reference: string;
  paymentId: string;
  /** Its orders, the dearest first. */
  orders: { id: string; productId: string; total: number }[];
}

/** Restocks the shop's phones (3 each, none sold), then a new buyer pays for the given ones (₦300,000 and ₦150,000 each, plus delivery). */
export async function paidCheckout(
  world: ShopWithPayments,
  buyerId: string,
  items: { phone: 0 | 1; quantity: number }[] = [{ phone: 0, quantity: 1 }],
): Promise<PaidCheckout> {
  const database = world.database();
  const shopDeps = world.deps();
  for (const phone of world.shop().phones) await database.query("update products set stock_quantity = 3, units_sold = 0, is_live = true where id = $1", [phone]);
  const buyer = await buyerWithCart(database.db, buyerId, []);
  const placed = await placeOrder(shopDeps, buyer, { items: items.map((i) => ({ productId: world.shop().phones[i.phone], quantity: i.quantity })), shipping: SHIPPING });
  await payOnHostedPage(placed.authorizationUrl, "approved");
  await confirmPayment(shopDeps, buyer.userId, placed.reference);
  const rows = await database.query<{ payment_id: string; order_id: string; product_id: string; total: number }>(
    "select p.id payment_id, o.id order_id, o.product_id, o.total_amount::int total from payments p join orders o on o.payment_id = p.id where p.payment_reference = $1 order by o.total_amount desc",
    [placed.reference],
  );
  return { buyer, reference: placed.reference, paymentId: rows[0]!.payment_id, orders: rows.map((r) => ({ id: r.order_id, productId: r.product_id, total: Number(r.total) })) };
}
