/**
 * The vendor dashboard (operations.md §2): the vendor's own record, listings and orders. Every
 * query is scoped to the caller's vendor record, so a vendor never reads another's rows.
 */
import { desc, eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { type Grade, type OrderStatus, type ProductStatus, type VendorStatus, type WarrantyType } from "../../lib/constants";
import { commissionOf } from "../../lib/money";
import { recordActivity } from "../activity/service";
import { products } from "../catalog/schema";
import { orders } from "../orders/schema";
import { Refusal } from "./errors";
import { vendors } from "./schema";
import { VENDOR_TEXTS } from "./texts";
import { type VendorDetails, detailColumns } from "./validation";
import { orderNumberOf } from "../orders/status";

export interface VendorProfile {
  id: string;
  businessName: string;
  contactEmail: string;
  contactPhone: string;
  businessAddress: string;
  status: VendorStatus;
  verified: boolean;
  /** Percent of the final price kept by the marketplace. */
  commissionRate: number;
  /** Kobo. */
  totalSales: number;
  createdAt: string;
}

export interface VendorProductRow {
  id: string;
  name: string;
  brand: string;
  model: string;
  storage: string;
  grade: Grade;
  image: string | null;
  status: ProductStatus;
  isLive: boolean;
  stockQuantity: number;
  /** Kobo. */
  suggestedPrice: number;
  /** Kobo; null until approved. */
  finalPrice: number | null;
  createdAt: string;
}

export interface ShippingDetails {
  customerName: string;
  customerPhone: string;
  customerEmail: string;
  shippingAddress: string;
  city: string;
  state: string;
  deliveryNotes: string | null;
}

export interface VendorOrder {
  id: string;
  /** The last 8 characters of the id. */
  orderNumber: string;
  status: OrderStatus;
  createdAt: string;
  product: { id: string; name: string; brand: string; model: string; storage: string; grade: Grade; image: string | null };
  quantity: number;
  /** Kobo. */
  unitPrice: number;
  totalAmount: number;
  /** The marketplace's commission on this order, at the vendor's rate. */
  commission: number;
  /** What the vendor is paid: total minus commission. */
  netAmount: number;
  warrantyType: WarrantyType;
  trackingNumber: string | null;
  estimatedDeliveryDate: string | null;
  /** Who to ship to; only once the order is paid (and not cancelled): unpaid orders are not the vendor's to ship. */
  shipTo: ShippingDetails | null;
}

/** Statuses in which the vendor needs the buyer's delivery details. */
const TO_SHIP: readonly OrderStatus[] = ["paid", "processing", "shipped", "delivered"];
const ORDERS_SHOWN = 200;

/** The caller's vendor record in full, or null. */
export async function getOwnVendor(db: Database, userId: string): Promise<VendorProfile | null> {
  const [row] = await db
    .select({
      id: vendors.id,
      businessName: vendors.businessName,
      contactEmail: vendors.contactEmail,
      contactPhone: vendors.contactPhone,
      businessAddress: vendors.businessAddress,
      status: vendors.status,
      verified: vendors.verified,
      commissionRate: vendors.commissionRate,
      totalSales: vendors.totalSales,
      createdAt: vendors.createdAt,
    })
    .from(vendors)
    .where(eq(vendors.userId, userId));
  return row ? { ...row, createdAt: new Date(row.createdAt).toISOString() } : null;
}

/** The vendor's own listings, newest first, in every status. */
export async function listOwnProducts(db: Database, vendorId: string): Promise<VendorProductRow[]> {
  const rows = await db
    .select({
      id: products.id,
      name: products.name,
      brand: products.brand,
      model: products.model,
      storage: products.storage,
      grade: products.grade,
      image: sql<string | null>`${products.images}[1]`,
      status: products.status,
      isLive: products.isLive,
      stockQuantity: products.stockQuantity,
      suggestedPrice: products.suggestedPrice,
      finalPrice: products.finalPrice,
      createdAt: products.createdAt,
    })
    .from(products)
    .where(eq(products.vendorId, vendorId))
    .orderBy(desc(products.createdAt), desc(products.id))
    .limit(500);
  return rows.map((row) => ({ ...row, image: row.image || null, createdAt: new Date(row.createdAt).toISOString() }));
}

/** Orders for the caller's products, newest first, with the commission and the vendor's net (operations.md §9). */
export async function listVendorOrders(db: Database, actor: { userId: string }): Promise<VendorOrder[]> {
  const vendor = await getOwnVendor(db, actor.userId);
  if (!vendor) throw new Refusal(404, VENDOR_TEXTS.vendorNotFound);
  const rows = await db
    .select({
      id: orders.id,
      status: orders.status,
      createdAt: orders.createdAt,
      quantity: orders.quantity,
      unitPrice: orders.unitPrice,
      totalAmount: orders.totalAmount,
      warrantyType: orders.warrantyType,
      trackingNumber: orders.trackingNumber,
      estimatedDeliveryDate: orders.estimatedDeliveryDate,
      customerName: orders.customerName,
      customerPhone: orders.customerPhone,
      customerEmail: orders.customerEmail,
      shippingAddress: orders.shippingAddress,
      city: orders.city,
      state: orders.state,
      deliveryNotes: orders.deliveryNotes,
      productId: products.id,
      productName: products.name,
      brand: products.brand,
      model: products.model,
      storage: products.storage,
      grade: products.grade,
      image: sql<string | null>`${products.images}[1]`,
    })
    .from(orders)
    .innerJoin(products, eq(products.id, orders.productId))
    .where(eq(orders.vendorId, vendor.id))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(ORDERS_SHOWN);
  return rows.map((row) => {
    const commission = commissionOf(row.totalAmount, vendor.commissionRate);
    return {
      id: row.id,
      orderNumber: orderNumberOf(row.id),
      status: row.status,
      createdAt: new Date(row.createdAt).toISOString(),
      product: { id: row.productId, name: row.productName, brand: row.brand, model: row.model, storage: row.storage, grade: row.grade, image: row.image || null },
      quantity: row.quantity,
      unitPrice: row.unitPrice,
      totalAmount: row.totalAmount,
      commission,
      netAmount: row.totalAmount - commission,
      warrantyType: row.warrantyType,
      trackingNumber: row.trackingNumber,
      estimatedDeliveryDate: row.estimatedDeliveryDate,
      shipTo: TO_SHIP.includes(row.status)
        ? {
            customerName: row.customerName,
            customerPhone: row.customerPhone,
            customerEmail: row.customerEmail,
            shippingAddress: row.shippingAddress,
            city: row.city,
            state: row.state,
            deliveryNotes: row.deliveryNotes,
          }
        : null,
    };
  });
}

/** The vendor edits their business details (storefront.md §7, vendor update); never status or verification. */
export async function updateVendorProfile(db: Database, actor: { userId: string }, input: VendorDetails): Promise<VendorProfile> {
  return db.transaction(async (tx) => {
    const [updated] = await tx
      .update(vendors)
      .set({ ...detailColumns(input), updatedAt: sql`now()` })
      .where(eq(vendors.userId, actor.userId))
      .returning({ id: vendors.id });
    if (!updated) throw new Refusal(404, VENDOR_TEXTS.vendorNotFound);
    await recordActivity(tx, {
      userId: actor.userId,
      userType: "vendor",
      activityType: "vendor_profile_updated",
      description: `${input.businessName} updated their business details`,
      metadata: { vendor_id: updated.id },
    });
    return (await getOwnVendor(tx, actor.userId)) as VendorProfile;
  });
}
