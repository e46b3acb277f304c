import { randomUUID } from "node:crypto";
import { may } from "../../domain/core/access";
import { LIMITS, type OrderStatus, PRICING_DEFAULTS, type Role } from "../../lib/constants";
import { formatNaira } from "../../lib/money";
import { DEMO_ACCOUNTS, DEMO_CUSTOMERS, DEMO_VENDORS, type DemoVendor } from "./demo-accounts";
import { isApproved, isBuyable } from "./products";
import { between, type Random } from "./random";
import type {
  NewAccount, NewActivity, NewCartItem, NewField, NewNotification, NewOrder, NewPayment, NewProduct, NewProfile,
  NewSubmission, NewUser, NewVendor,
} from "./rows";
import { daysAgo, MINUTE_MS } from "./time";

// ---------------------------------------------------------------------------------------------
// People and vendors

export interface Person {
  id: string;
  email: string;
  fullName: string;
  phone: string | null;
  createdAt: Date;
  roles: { role: Role; at: Date }[];
}

export interface People {
  all: Person[];
  byEmail: Map<string, Person>;
  admin: Person;
  customers: Person[];
}

export function userRow(p: Person): NewUser {
  return { id: p.id, name: p.fullName, email: p.email, emailVerified: true, createdAt: p.createdAt, updatedAt: p.createdAt };
}

export function profileRow(p: Person): NewProfile {
  return { userId: p.id, fullName: p.fullName, phone: p.phone, createdAt: p.createdAt, updatedAt: p.createdAt };
}

export function accountRow(p: Person, passwordHash: string): NewAccount {
  return {
    id: randomUUID(), accountId: p.id, providerId: "credential", userId: p.id, password: passwordHash,
    createdAt: p.createdAt, updatedAt: p.createdAt,
  };
}

/** When each vendor applied and (if decided) was reviewed, in days before now. */
function vendorTimeline(vendor: DemoVendor, index: number): { applied: number; reviewed: number | null } {
  if (vendor.status === "pending") return { applied: 2, reviewed: null };
  if (vendor.status === "rejected") return { applied: 30, reviewed: 27 };
  if (!vendor.verified) return { applied: 15, reviewed: 12 };
  return { applied: 120 - index * 6, reviewed: 117 - index * 6 };
}

export function buildVendors(now: Date, people: People): NewVendor[] {
  return DEMO_VENDORS.map((v, index) => {
    const { applied, reviewed } = vendorTimeline(v, index);
    const createdAt = daysAgo(now, applied);
    return {
      id: randomUUID(),
      userId: mustFind(people.byEmail, v.ownerEmail).id,
      businessName: v.businessName,
      contactEmail: v.ownerEmail,
      contactPhone: v.contactPhone,
      businessAddress: v.businessAddress,
      status: v.status,
      verified: v.verified,
      commissionRate: PRICING_DEFAULTS.commissionRate,
      rejectionReason: v.rejectionReason ?? null,
      createdAt,
      updatedAt: reviewed === null ? createdAt : daysAgo(now, reviewed),
    };
  });
}

export function buildPeople(now: Date, random: Random): People {
  const person = (email: string, fullName: string, phone: string | null, createdAt: Date): Person => ({
    id: randomUUID(), email, fullName, phone, createdAt, roles: [],
  });
  const staff = DEMO_ACCOUNTS.filter((a) => may(a, "back_office")).map((a) => {
    const p = person(a.email, a.fullName, null, daysAgo(now, 150));
    p.roles.push({ role: a.role, at: p.createdAt });
    return p;
  });
  // Vendors sign up as customers shortly before applying; approval adds the vendor role.
  const owners = DEMO_VENDORS.map((v, i) => {
    const { applied, reviewed } = vendorTimeline(v, i);
    const signedUp = new Date(daysAgo(now, applied).getTime() - 45 * MINUTE_MS);
    const p = person(v.ownerEmail, v.ownerName, v.contactPhone, signedUp);
    p.roles.push({ role: "customer", at: signedUp });
    if (v.status === "approved" && reviewed !== null) p.roles.push({ role: "vendor", at: daysAgo(now, reviewed) });
    return p;
  });
  const customers = DEMO_CUSTOMERS.map((c, i) => {
    const p = person(c.email, c.fullName, c.phone, daysAgo(now, i === 0 ? 120 : between(random, 85, 140)));
    p.roles.push({ role: "customer", at: p.createdAt });
    return p;
  });
  const all = [...staff, ...owners, ...customers];
  const admin = staff.find((p) => p.roles.some((r) => r.role === "admin"));
  if (!admin) throw new Error("DEMO_ACCOUNTS needs an admin");
  return { all, byEmail: new Map(all.map((p) => [p.email, p])), admin, customers };
}

export function mustFind<K, V>(map: Map<K, V>, key: K): V {
  const value = map.get(key);
  if (value === undefined) throw new Error(`Seed data is inconsistent: ${String(key)} not found`);
  return value;
}

// ---------------------------------------------------------------------------------------------
// Notifications, pre-approval, activity

export interface World {
  now: Date;
  people: People;
  vendors: NewVendor[];
  products: NewProduct[];
  orders: NewOrder[];
  payments: NewPayment[];
  cart: NewCartItem[];
}

const orderNumber = (order: NewOrder) => (order.id as string).slice(-LIMITS.orderNumberLength);
export const newestFirst = (a: { createdAt?: Date | null }, b: { createdAt?: Date | null }) =>
  (b.createdAt as Date).getTime() - (a.createdAt as Date).getTime();

function notice(userId: string, type: string, title: string, message: string, at: Date, read: boolean): NewNotification {
  return { userId, type, title, message, createdAt: at, read };
}

export function buildNotifications(world: World): NewNotification[] {
  return [...customerNotifications(world), ...vendorNotifications(world), ...applicantNotifications(world)];
}

function customerNotifications(world: World): NewNotification[] {
  const customer = world.people.customers[0] as Person;
  const mine = world.orders.filter((o) => o.customerId === customer.id);
  const first = (status: OrderStatus) => mine.find((o) => o.status === status);
  const nameOf = (o: NewOrder) => world.products.find((p) => p.id === o.productId)?.name ?? "phone";
  const say = (type: string, title: string, message: string, at: Date, read: boolean) =>
    notice(customer.id, type, title, message, at, read);
  const paid = first("paid");
  const shipped = first("shipped");
  const delivered = first("delivered");
  const cancelled = first("cancelled");
  const onSale = world.cart
    .map((c) => world.products.find((p) => p.id === c.productId))
    .find((p) => p && (p.finalPrice as number) < p.suggestedPrice);
  return [
    say("info", "Welcome to Tokunbo Phones", "Every phone is graded, checked and covered by a 30-day warranty.",
      customer.createdAt, true),
    ...(paid ? [say("order", "Payment successful",
      `We received ${formatNaira(paid.totalAmount)} for order #${orderNumber(paid)}. Your ${nameOf(paid)} is being prepared.`,
      paid.updatedAt as Date, true)] : []),
    ...(shipped ? [say("order", "Order shipped",
      `Order #${orderNumber(shipped)} (${nameOf(shipped)}) is on the way. Tracking number ${shipped.trackingNumber}.`,
      shipped.updatedAt as Date, false)] : []),
    ...(delivered ? [say("order", "Order delivered",
      `Order #${orderNumber(delivered)} was delivered. Enjoy your phone and tell others how it went in a review.`,
      delivered.updatedAt as Date, true)] : []),
    ...(cancelled ? [say("warning", "Payment not completed",
      `Payment for order #${orderNumber(cancelled)} did not go through, so the order was cancelled.`,
      cancelled.updatedAt as Date, false)] : []),
    ...(onSale ? [say("product", "Price drop on an item in your cart",
      `${onSale.name} is now ${formatNaira(onSale.finalPrice as number)}, down from ${formatNaira(onSale.suggestedPrice)}.`,
      daysAgo(world.now, 0.5), false)] : []),
  ];
}

function vendorNotifications(world: World): NewNotification[] {
  const vendor = world.vendors[0] as NewVendor;
  const own = world.products.filter((p) => p.vendorId === vendor.id);
  const say = (type: string, title: string, message: string, at: Date, read: boolean) =>
    notice(vendor.userId, type, title, message, at, read);
  const sale = world.orders.find((o) => o.vendorId === vendor.id && (o.status === "paid" || o.status === "processing"));
  const approved = own.filter(isApproved).sort((a, b) => (b.updatedAt as Date).getTime() - (a.updatedAt as Date).getTime())
    .at(0);
  const rejected = own.find((p) => p.status === "rejected");
  const low = own.find((p) => isBuyable(p) && (p.stockQuantity ?? 0) <= LIMITS.lowStockThreshold);
  return [
    say("info", "Verification complete",
      `${vendor.businessName} is now a verified vendor. Your listings show the verified badge.`, vendor.updatedAt as Date, true),
    ...(sale ? [say("order", "New order received",
      `Order #${orderNumber(sale)} has been paid: ${sale.quantity} × ${own.find((p) => p.id === sale.productId)?.name}. Please prepare it for dispatch.`,
      sale.createdAt as Date, false)] : []),
    ...(approved ? [say("product", "Product approved",
      `${approved.name} is now live in the shop at ${formatNaira(approved.finalPrice as number)}.`, approved.updatedAt as Date, true)] : []),
    ...(rejected ? [say("warning", "Product not approved",
      `${rejected.name} was not approved: the photos do not match the stated grade. Please update the listing and submit it again.`,
      rejected.updatedAt as Date, false)] : []),
    ...(low ? [say("warning", "Low stock",
      `${low.name} has only ${low.stockQuantity} left in stock.`, daysAgo(world.now, 1), false)] : []),
    say("info", "Weekly payout sent",
      `Your payout for last week's delivered orders (minus ${vendor.commissionRate}% commission) was sent to your bank account.`,
      daysAgo(world.now, 3), true),
  ];
}

function applicantNotifications(world: World): NewNotification[] {
  return world.vendors.flatMap((v): NewNotification[] => {
    if (v.status === "pending") {
      return [notice(v.userId, "info", "Application received",
        `Thanks for applying with ${v.businessName}. Our team reviews applications in ${LIMITS.vendorReviewDays}.`,
        v.createdAt as Date, false)];
    }
    if (v.status === "rejected") {
      return [notice(v.userId, "warning", "Vendor application rejected", v.rejectionReason ?? "Please contact support.",
        v.updatedAt as Date, false)];
    }
    return [];
  });
}

export function buildPreapprovalFields(now: Date): NewField[] {
  const createdAt = daysAgo(now, 140);
  const fields: [string, string, NewField["fieldType"], boolean][] = [
    ["cac_registration_number", "CAC registration number", "text", true],
    ["owner_full_name", "Owner's full name", "text", true],
    ["business_phone", "Business phone number", "phone", true],
    ["id_document", "Valid ID (NIN slip, driver's licence or passport)", "file", true],
    ["store_description", "Tell us about your store", "textarea", false],
  ];
  return fields.map(([fieldName, fieldLabel, fieldType, required], i) => ({
    fieldName, fieldLabel, fieldType, required, active: true, fieldOrder: i + 1, createdAt,
  }));
}

export function buildSubmission(world: World, documentUrl: string): NewSubmission {
  const vendor = world.vendors.find((v) => v.status === "pending");
  if (!vendor) throw new Error("DEMO_VENDORS needs a pending vendor");
  const owner = world.people.all.find((p) => p.id === vendor.userId) as Person;
  return {
    vendorId: vendor.id as string,
    status: "pending",
    submissionData: {
      cac_registration_number: "BN 3482915",
      owner_full_name: owner.fullName,
      business_phone: vendor.contactPhone,
      id_document: documentUrl,
      store_description:
        "We have sold UK-used iPhones and Samsung phones at Garki International Market since 2019. "
        + "Every phone is tested before sale; pickup in Garki or delivery within Abuja.",
    },
    createdAt: new Date((vendor.createdAt as Date).getTime() + 20 * MINUTE_MS),
  };
}

function activity(
  userId: string, userType: NewActivity["userType"], activityType: string, activityDescription: string,
  createdAt: Date, metadata: Record<string, unknown> = {},
): NewActivity {
  return { userId, userType, activityType, activityDescription, createdAt, metadata };
}

/** A recent history for the admin activity log, drawn from the rows above. */
export function buildActivities(world: World): NewActivity[] {
  const admin = world.people.admin.id;
  const nameOf = (productId: string) => world.products.find((p) => p.id === productId)?.name;
  const newest = <T extends { createdAt?: Date | null }>(rows: readonly T[], n: number) =>
    [...rows].sort(newestFirst).slice(0, n);
  const ordersIn = (status: OrderStatus, n: number) => newest(world.orders.filter((o) => o.status === status), n);
  const decided = world.vendors.filter((v) => v.status !== "pending");
  return [
    ...world.people.customers.slice(0, 4).map((c) =>
      activity(c.id, "buyer", "sign_up", `${c.fullName} created an account`, c.createdAt)),
    ...world.vendors.map((v) => activity(v.userId, "vendor", "vendor_application",
      `${v.businessName} applied to sell`, v.createdAt as Date, { vendor_id: v.id })),
    ...decided.map((v) => activity(admin, "admin", `vendor_${v.status}`,
      `${v.status === "approved" ? "Approved" : "Rejected"} vendor ${v.businessName}`, v.updatedAt as Date, { vendor_id: v.id })),
    ...newest(world.products.filter((p) => p.status === "pending"), 3).map((p) =>
      activity(ownerOf(world, p.vendorId), "vendor", "product_created", `Listed ${p.name} (grade ${p.grade})`,
        p.createdAt as Date, { product_id: p.id })),
    ...newest(world.products.filter(isApproved), 4).map((p) =>
      activity(admin, "admin", "product_approved", `Approved ${p.name} at ${formatNaira(p.finalPrice as number)}`,
        p.updatedAt as Date, { product_id: p.id })),
    ...world.products.filter((p) => p.status === "rejected").slice(0, 2).map((p) =>
      activity(admin, "admin", "product_rejected", `Rejected ${p.name}`, p.updatedAt as Date, { product_id: p.id })),
    ...ordersIn("pending", 3).map((o) =>
      activity(o.customerId, "buyer", "order_placed", `Placed order #${orderNumber(o)} for ${nameOf(o.productId)}`,
        o.createdAt as Date, { order_id: o.id })),
    ...ordersIn("paid", 3).map((o) =>
      activity(o.customerId, "buyer", "order_paid", `Paid ${formatNaira(o.totalAmount)} for order #${orderNumber(o)}`,
        o.updatedAt as Date, { order_id: o.id })),
    ...ordersIn("shipped", 2).map((o) =>
      activity(admin, "admin", "order_shipped", `Marked order #${orderNumber(o)} as shipped (${o.trackingNumber})`,
        o.updatedAt as Date, { order_id: o.id })),
    activity(admin, "admin", "cms_updated", "Updated the home page top banner", daysAgo(world.now, 6),
      { section: "top_banner" }),
  ];
}

function ownerOf(world: World, vendorId: string): string {
  return (world.vendors.find((v) => v.id === vendorId) as NewVendor).userId;
}
