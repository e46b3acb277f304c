import { createHash } from "node:crypto";
import { listingName } from "./catalogue";
import { imageUrls } from "./images";
import type { ListingPlan } from "./plan";
import { between, type Random } from "./random";
import type { NewProduct, NewVendor } from "./rows";
import { after, daysAgo } from "./time";

// ---------------------------------------------------------------------------------------------
// Products

/**
 * `inspectorId`: the demo admin, who completed the checklist of every inspected listing
 * (docs/admin.md). Approved listings carry their suggested price as the comparison price the
 * admin approved with them (docs/admin.md).
 */
export function buildProducts(
  now: Date, listings: readonly ListingPlan[], vendorRows: readonly NewVendor[], random: Random, inspectorId: string,
): NewProduct[] {
  return listings.map((listing, index) => {
    const vendor = vendorRows[listing.vendorIndex] as NewVendor;
    const createdAt = daysAgo(now, listing.ageDays);
    const reviewedAt = listing.status === "pending" ? createdAt : after(createdAt, between(random, 0.1, 1.5), now);
    return {
      id: demoProductId(index),
      vendorId: vendor.id as string,
      name: listingName(listing.phone, listing.storage),
      brand: listing.phone.brand,
      model: listing.phone.model,
      storage: listing.storage,
      color: listing.color,
      description: listing.description,
      grade: listing.grade,
      images: imageUrls(listing),
      suggestedPrice: listing.suggestedKobo,
      finalPrice: listing.finalKobo,
      // The comparison price an admin approves with a listing: the suggested price at approval.
      comparePrice: listing.status === "approved" ? listing.suggestedKobo : null,
      stockQuantity: listing.stock,
      status: listing.status,
      isLive: listing.isLive,
      adminInspected: listing.adminInspected,
      inspectedBy: listing.adminInspected ? inspectorId : null,
      inspectedAt: listing.adminInspected ? reviewedAt : null,
      createdAt,
      updatedAt: reviewedAt,
    };
  });
}

/**
 * The id of the demo listing at `index` of the plan: the same on every seed, so links to demo
 * phones (and tests that need a pending or hidden one) stay valid. Shaped like a random UUID.
 */
export function demoProductId(index: number): string {
  const hex = createHash("sha256").update(`tokunbo-demo-product-${index}`).digest("hex");
  const variant = (8 | (Number.parseInt(hex.charAt(16), 16) & 3)).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

export const isApproved = (p: NewProduct) => p.status === "approved";
export const isBuyable = (p: NewProduct) => isApproved(p) && p.isLive === true && (p.stockQuantity ?? 0) > 0;
