import { randomBytes, randomInt, randomUUID } from "node:crypto";
import { CHECKOUT_WARRANTY, type OrderStatus, type PaymentStatus, PRICING_DEFAULTS } from "../../lib/constants";
import { DEMO_CUSTOMERS } from "./demo-accounts";
import { mustFind, newestFirst, type People, type Person } from "./people";
import { isApproved, isBuyable } from "./products";
import { between, intBetween, pick, type Random, shuffle, weighted } from "./random";
import type { NewCartItem, NewOrder, NewOrderStatus, NewPayment, NewProduct, NewRefund, NewReview } from "./rows";
import { after, DAY_MS, daysAgo, isoDate, MINUTE_MS } from "./time";

// ---------------------------------------------------------------------------------------------
// Checkouts: payments and their orders

/** How many checkouts end in each status; each checkout is one payment and 1–2 orders. */
const CHECKOUT_PLAN: readonly (readonly [OrderStatus, number])[] = [
  ["delivered", 10], ["shipped", 4], ["processing", 4], ["paid", 4], ["pending", 3], ["cancelled", 3], ["refunded", 1],
];

/** Age range in days of a checkout by its status; pending ones are minutes old, like a live reservation. */
const CHECKOUT_AGE: Record<OrderStatus, [number, number]> = {
  delivered: [12, 75],
  shipped: [2, 5],
  processing: [1, 3],
  paid: [0.1, 1],
  pending: [5 / 1440, 20 / 1440],
  cancelled: [3, 45],
  refunded: [20, 60],
};

/** Days from placing the order to its last status change. */
const STATUS_DELAY: Record<OrderStatus, number> = {
  pending: 0, paid: 3 / 1440, processing: 0.5, shipped: 1, delivered: 3, cancelled: 35 / 1440, refunded: 10,
};

const CANCELLED_PAYMENT_STATUSES: readonly PaymentStatus[] = ["failed", "refunded", "failed"];

const DELIVERY_NOTES = [
  null, null, "Please call before delivery.", "Leave with the security man at the gate.",
  "Deliver after 4pm on weekdays.", null, "Office address, ask for me at the front desk.",
];

interface Checkout {
  status: OrderStatus;
  customer: Person;
  placedAt: Date;
  items: { product: NewProduct; quantity: number }[];
}

export function buildCheckouts(now: Date, people: People, productRows: readonly NewProduct[], random: Random) {
  const checkouts = planCheckouts(now, people, productRows, random);
  const payments: NewPayment[] = [];
  const orders: NewOrder[] = [];
  const history: NewOrderStatus[] = [];
  const refunds: NewRefund[] = [];
  let cancelledSeen = 0;
  for (const checkout of checkouts) {
    const placed = checkoutRows(now, checkout, random);
    const paymentStatus = checkout.status === "cancelled"
      ? (CANCELLED_PAYMENT_STATUSES[cancelledSeen++ % CANCELLED_PAYMENT_STATUSES.length] as PaymentStatus)
      : paymentStatusFor(checkout.status);
    const payment = paymentRow(checkout, placed, paymentStatus);
    payments.push(payment);
    if (paymentStatus === "refunded") refunds.push(refundRow(now, payment));
    orders.push(...placed);
    for (const order of placed) history.push(...historyRows(now, order, paymentStatus));
  }
  return { payments, orders, history, refunds };
}

/** A refunded payment came back through the provider as one processed refund of the whole amount (docs/after-sale.md). */
function refundRow(now: Date, payment: NewPayment): NewRefund {
  const at = after(payment.createdAt as Date, STATUS_DELAY.refunded, now);
  return {
    paymentId: payment.id as string,
    amount: payment.amount,
    reason: payment.refundReason ?? "Refunded",
    status: "processed",
    providerRefundId: randomInt(1_000_000, 9_999_999),
    idempotencyKey: `seed:${payment.id}`,
    isTest: true,
    processedAt: at,
    createdAt: at,
    updatedAt: at,
  };
}

/** The statuses an order passed through to reach its own; a refunded cancellation had been paid first. */
function statusPath(status: OrderStatus, paymentStatus: PaymentStatus): OrderStatus[] {
  if (status === "cancelled") return paymentStatus === "refunded" ? ["pending", "paid", "cancelled"] : ["pending", "cancelled"];
  if (status === "refunded") return ["pending", "paid", "processing", "shipped", "delivered", "refunded"];
  const progress: OrderStatus[] = ["pending", "paid", "processing", "shipped", "delivered"];
  return progress.slice(0, progress.indexOf(status) + 1);
}

/** One history row per status the order entered, each at its usual delay after placing; shipping notes the tracking number. */
function historyRows(now: Date, order: NewOrder, paymentStatus: PaymentStatus): NewOrderStatus[] {
  const placedAt = order.createdAt as Date;
  return statusPath(order.status as OrderStatus, paymentStatus).map((status) => ({
    orderId: order.id as string,
    status,
    note: status === "shipped" ? `Tracking number ${order.trackingNumber}` : null,
    createdAt: after(placedAt, STATUS_DELAY[status], now),
  }));
}

function planCheckouts(now: Date, people: People, productRows: readonly NewProduct[], random: Random): Checkout[] {
  const [demoCustomer, ...others] = people.customers as [Person, ...Person[]];
  return CHECKOUT_PLAN.flatMap(([status, count]) =>
    Array.from({ length: count }, (_, i) => {
      const [minAge, maxAge] = CHECKOUT_AGE[status];
      const placedAt = daysAgo(now, between(random, minAge, maxAge));
      // The demo customer gets one checkout in every status, so My Orders shows them all.
      const customer = i === 0 ? demoCustomer : pick(random, others);
      const itemCount = random() < 0.3 ? 2 : 1;
      const items = pickProducts(random, productRows, status, placedAt, itemCount).map((product) => ({
        product,
        quantity: random() < 0.1 && (product.stockQuantity ?? 0) > 1 ? 2 : 1,
      }));
      return { status, customer, placedAt, items };
    }),
  );
}

function pickProducts(
  random: Random, productRows: readonly NewProduct[], status: OrderStatus, placedAt: Date, count: number,
): NewProduct[] {
  const stillForSale = status === "pending" || status === "paid" || status === "processing";
  const candidates = productRows.filter((p) =>
    (stillForSale ? isBuyable(p) : isApproved(p)) && (p.createdAt as Date).getTime() < placedAt.getTime() - DAY_MS / 2);
  const pool = candidates.length > 0 ? candidates : productRows.filter(isBuyable);
  return shuffle(random, pool).slice(0, count);
}

function paymentStatusFor(status: OrderStatus): PaymentStatus {
  if (status === "refunded") return "refunded";
  return status === "pending" ? "pending" : "successful";
}

function checkoutRows(now: Date, checkout: Checkout, random: Random): NewOrder[] {
  const customer = mustFind(CUSTOMER_DETAILS, checkout.customer.email);
  const updatedAt = after(checkout.placedAt, STATUS_DELAY[checkout.status], now);
  const notes = pick(random, DELIVERY_NOTES);
  const shipping = shippingDetails(now, checkout, random);
  return checkout.items.map(({ product, quantity }) => {
    const unitPrice = product.finalPrice as number;
    return {
      id: randomUUID(),
      customerId: checkout.customer.id,
      productId: product.id as string,
      vendorId: product.vendorId,
      customerName: customer.fullName,
      customerEmail: customer.email,
      customerPhone: customer.phone,
      shippingAddress: customer.address,
      city: customer.city,
      state: customer.state,
      deliveryNotes: notes,
      quantity,
      unitPrice,
      totalAmount: unitPrice * quantity,
      status: checkout.status,
      warrantyType: CHECKOUT_WARRANTY,
      warrantyDays: PRICING_DEFAULTS.warrantyDays,
      ...shipping,
      createdAt: checkout.placedAt,
      updatedAt,
    };
  });
}

const CUSTOMER_DETAILS = new Map(DEMO_CUSTOMERS.map((c) => [c.email, c]));
/** The couriers (lib/couriers.ts) of the demo orders, each with a tracking number of its format made of 7 digits. */
const SEED_COURIERS: Record<string, (digits: number) => string> = {
  "GIG Logistics": (digits) => `GIGL-${digits}`,
  "Red Star Express": (digits) => `RSX-${digits}`,
  "DHL Nigeria": (digits) => `${digits}`.padEnd(10, "0"),
};
const SEED_COURIER_NAMES = Object.keys(SEED_COURIERS);

function shippingDetails(
  now: Date, checkout: Checkout, random: Random,
): Pick<NewOrder, "trackingNumber" | "estimatedDeliveryDate" | "carrier" | "shippedAt" | "deliveredAt"> {
  const delivered = checkout.status === "delivered" || checkout.status === "refunded";
  if (checkout.status !== "shipped" && !delivered) {
    return { trackingNumber: null, estimatedDeliveryDate: null };
  }
  // Parcels still on the road are due in the next few days.
  const from = checkout.status === "shipped" ? now : checkout.placedAt;
  const eta = new Date(from.getTime() + intBetween(random, checkout.status === "shipped" ? 1 : 3, 5) * DAY_MS);
  const carrier = pick(random, SEED_COURIER_NAMES);
  const trackingNumber = SEED_COURIERS[carrier]!(intBetween(random, 1_000_000, 9_999_999));
  // The moments the history records for shipping and delivery.
  const shippedAt = after(checkout.placedAt, STATUS_DELAY.shipped, now);
  const deliveredAt = delivered ? after(checkout.placedAt, STATUS_DELAY.delivered, now) : null;
  return { trackingNumber, carrier, estimatedDeliveryDate: isoDate(eta), shippedAt, deliveredAt };
}

function paymentRow(checkout: Checkout, placed: readonly NewOrder[], status: PaymentStatus): NewPayment {
  const id = randomUUID();
  const customer = mustFind(CUSTOMER_DETAILS, checkout.customer.email);
  const orderIds = placed.map((o) => o.id as string);
  const deliveryFee = PRICING_DEFAULTS.deliveryFeeKobo;
  const amount = placed.reduce((sum, o) => sum + o.totalAmount, 0) + deliveryFee;
  const paid = status === "successful" || status === "refunded";
  const paidAt = paid ? new Date(checkout.placedAt.getTime() + 3 * MINUTE_MS) : null;
  for (const order of placed) order.paymentId = id;
  return {
    id,
    customerId: checkout.customer.id,
    paymentReference: `pay_${checkout.placedAt.getTime()}${randomBytes(6).toString("hex")}`,
    amount,
    deliveryFee,
    status,
    paymentMethod: "card",
    // Demo money is test money (docs/payments.md): every view labels it 'Test'.
    isTest: true,
    gatewayReference: paid ? String(randomInt(1_000_000_000, 4_000_000_000)) : null,
    refundReason: status === "refunded" ? (checkout.status === "refunded" ? "Battery failed within the warranty" : "Customer cancelled before dispatch") : null,
    paidAt,
    metadata: {
      all_order_ids: orderIds,
      order_ids: orderIds,
      order_count: orderIds.length,
      total_orders: orderIds.length,
      customer_id: checkout.customer.id,
      customer_name: customer.fullName,
      customer_phone: customer.phone,
      shipping_address: `${customer.address}, ${customer.city}, ${customer.state}`,
      cart_item_ids: placed.map(() => randomUUID()),
      payment_id: id,
      total_amount: amount,
      delivery_fee: deliveryFee,
    },
    createdAt: checkout.placedAt,
    updatedAt: paidAt ?? checkout.placedAt,
  };
}

// ---------------------------------------------------------------------------------------------
// Reviews

const REVIEW_TOTAL = 150;
const UNAPPROVED_REVIEWS = 20;
const RATING_WEIGHTS: readonly (readonly [number, number])[] = [[5, 50], [4, 30], [3, 10], [2, 7], [1, 3]];

const REVIEW_COMMENTS: Record<number, readonly string[]> = {
  5: [
    "Phone came exactly as described. Battery health was as stated. Very happy.",
    "Delivered in two days, no scratches, everything works. 100% recommend.",
    "Neat UK-used, no lock wahala at all. The seller picked my calls.",
    "Cheaper than what I saw in Computer Village for the same grade.",
    "Camera is still sharp and the battery lasts me from morning till night.",
    "Second phone I'm buying here. Original parts, no issues.",
    "Bought it for my wife and she loves it. Packaged well with charger.",
    "Reached me in 48 hours. Everything works perfectly.",
    "Exactly the condition they described. Very honest seller.",
  ],
  4: [
    "Good phone, small scratch on the frame but they mentioned it.",
    "Delivery took a bit longer than promised but the phone is clean.",
    "Battery was a little lower than stated but fine for the price.",
    "Works well on MTN and Glo. Charger is not original though.",
    "Solid phone. Would have liked the original box.",
    "Condition is even better than the grade suggested. Just one small mark.",
  ],
  3: [
    "Phone is okay but the battery drains faster than I expected.",
    "More scratches on the screen than the pictures showed. Works fine.",
    "Took five days to reach me. The phone itself is good.",
    "Average. Speaker is a little low but they offered to check it.",
  ],
  2: [
    "Battery health lower than stated. Waiting for them to sort it out under warranty.",
    "Fingerprint sensor is slow. Support responded but it is not fixed yet.",
    "Delivery was delayed twice and nobody called me.",
  ],
  1: ["Phone kept restarting, returned it under warranty. The refund took a week."],
};

export function buildReviews(
  now: Date, people: People, productRows: readonly NewProduct[], orderRows: readonly NewOrder[], random: Random,
): NewReview[] {
  const approvedProducts = productRows.filter(isApproved);
  const byId = new Map(productRows.map((p) => [p.id as string, p]));
  const taken = new Set<string>();
  const drafts: NewReview[] = [];
  const add = (customer: string, product: NewProduct, createdAt: Date, orderId: string | null) => {
    const key = `${customer}:${product.id}`;
    if (taken.has(key) || drafts.length >= REVIEW_TOTAL) return;
    taken.add(key);
    const rating = weighted(random, RATING_WEIGHTS);
    const comment = pick(random, REVIEW_COMMENTS[rating] ?? []);
    drafts.push({ productId: product.id as string, customerId: customer, orderId, rating, comment, approved: true, createdAt });
  };
  for (const order of orderRows.filter((o) => o.status === "delivered")) {
    const reviewedAt = after(order.updatedAt as Date, between(random, 0.5, 5), now);
    add(order.customerId, mustFind(byId, order.productId), reviewedAt, order.id as string);
  }
  while (drafts.length < REVIEW_TOTAL) {
    const product = pick(random, approvedProducts);
    const createdAt = (product.createdAt as Date).getTime();
    add(pick(random, people.customers).id, product, new Date(createdAt + random() * (now.getTime() - createdAt)), null);
  }
  // The newest reviews are the ones still waiting for an admin.
  for (const review of [...drafts].sort(newestFirst).slice(0, UNAPPROVED_REVIEWS)) review.approved = false;
  return drafts;
}

// ---------------------------------------------------------------------------------------------
// Cart

export function buildCart(now: Date, people: People, productRows: readonly NewProduct[]): NewCartItem[] {
  const customer = people.customers[0] as Person;
  const discounted = productRows.filter((p) => isBuyable(p) && (p.finalPrice as number) < p.suggestedPrice);
  const others = productRows.filter((p) => isBuyable(p) && p.brand !== "Apple" && !discounted.includes(p));
  const chosen = [discounted[0], others[0], others[Math.floor(others.length / 2)]].filter((p): p is NewProduct => !!p);
  return chosen.map((product, i) => ({
    customerId: customer.id,
    productId: product.id as string,
    quantity: i === 1 && (product.stockQuantity ?? 0) >= 2 ? 2 : 1,
    createdAt: daysAgo(now, 1 + i),
    updatedAt: daysAgo(now, 1 + i),
  }));
}
