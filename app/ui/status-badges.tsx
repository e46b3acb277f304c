import { ORDER_STATUS_LABELS, type OrderStatus, PRODUCT_STATUS_LABELS, type ProductStatus, stockBadge } from "../../lib/constants";

const STATUS_STYLES: Record<ProductStatus, string> = {
  pending: "bg-amber-100 text-amber-900 ring-amber-300",
  approved: "bg-emerald-100 text-emerald-900 ring-emerald-300",
  rejected: "bg-red-100 text-red-900 ring-red-300",
};

const PILL = "inline-flex items-center rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ring-inset";

/** Pending, Approved or Rejected, for products and vendors alike. */
export function StatusBadge({ status }: { status: ProductStatus }) {
  return <span className={`${PILL} ${STATUS_STYLES[status]}`}>{PRODUCT_STATUS_LABELS[status]}</span>;
}

/** 'Out of stock' at 0, 'Low stock' at 1 to 2, nothing above (docs/admin.md). */
export function StockBadge({ stock }: { stock: number }) {
  const text = stockBadge(stock);
  if (!text) return null;
  return <span className={`${PILL} ${stock <= 0 ? "bg-red-100 text-red-900 ring-red-300" : "bg-orange-100 text-orange-900 ring-orange-300"}`}>{text}</span>;
}

const ORDER_STYLES: Record<OrderStatus, string> = {
  pending: "bg-gray-100 text-gray-800 ring-gray-300",
  paid: "bg-sky-100 text-sky-900 ring-sky-300",
  processing: "bg-indigo-100 text-indigo-900 ring-indigo-300",
  shipped: "bg-violet-100 text-violet-900 ring-violet-300",
  delivered: "bg-emerald-100 text-emerald-900 ring-emerald-300",
  cancelled: "bg-red-100 text-red-900 ring-red-300",
  refunded: "bg-rose-100 text-rose-900 ring-rose-300",
};

export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  return <span className={`${PILL} ${ORDER_STYLES[status]}`}>{ORDER_STATUS_LABELS[status]}</span>;
}
