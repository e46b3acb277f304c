/** A buyer, a vendor with phones, and paying on the stand-in's hosted page over HTTP, for payment tests. */
import type { Database } from "../../db/client";
import { cart } from "../../db/schema/cart";
import type { CheckoutInput } from "../../domain/checkout/validation";
import { insertListing, insertPerson, insertVendor } from "./rows";
import { TEST_CARDS } from "../../paystack-standin";

export const SHIPPING: CheckoutInput["shipping"] = {
  customerName: "Ada Okafor",
  customerPhone: "+2348031234567",
  shippingAddress: "12 Allen Avenue",
  city: "Ikeja",
  state: "Lagos",
  deliveryNotes: null,
};

export interface Shop {
  vendorId: string;
  vendorUserId: string;
  /** Listed phones, approved and live: 300,000 naira and 150,000 naira, 3 units each. */
  phones: [string, string];
}

export async function openShop(db: Database, tag: string): Promise<Shop> {
  const vendorUser = await insertPerson(db, `vendor-${tag}`, "vendor");
  const vendor = await insertVendor(db, vendorUser.userId, `Shop ${tag}`);
  const first = await insertListing(db, vendor.id, `iPhone 12 ${tag}`, { status: "approved", finalPrice: 300_000_00 });
  const second = await insertListing(db, vendor.id, `Pixel 7 ${tag}`, { status: "approved", finalPrice: 150_000_00, brand: "Google" });
  return { vendorId: vendor.id, vendorUserId: vendorUser.userId, phones: [first, second] };
}

export async function buyerWithCart(db: Database, id: string, lines: { productId: string; quantity: number }[]) {
  const buyer = await insertPerson(db, id);
  if (lines.length > 0) await db.insert(cart).values(lines.map((line) => ({ customerId: buyer.userId, ...line })));
  return { userId: buyer.userId, email: buyer.email, clientIp: "192.0.2.1" };
}

/** Submits the hosted payment page as a browser would; answers the redirect's Location. */
export async function payOnHostedPage(authorizationUrl: string, how: "approved" | "declined" | "cancel"): Promise<string> {
  const fields: Record<string, string> = how === "cancel"
    ? { action: "cancel" }
    : { action: "pay", card_number: TEST_CARDS[how], expiry: "12/30", cvv: "123" };
  const response = await fetch(authorizationUrl, { method: "POST", body: new URLSearchParams(fields), redirect: "manual" });
  if (response.status !== 303) throw new Error(`The hosted page answered ${response.status}: ${await response.text()}`);
  return response.headers.get("location") ?? "";
}
