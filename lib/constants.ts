/**
 * Business constants, shared by server and browser.
 * Texts here are shown to users verbatim; tests assert them.
 */

export const SITE_DEFAULTS = {
  siteName: "Tokunbo Phones",
  primaryColor: "#FF4500",
  currency: "NGN",
  locale: "en-NG",
} as const;

export const GRADES = ["A", "B", "C"] as const;
export type Grade = (typeof GRADES)[number];

export const GRADE_LABELS: Record<Grade, string> = {
  A: "Excellent",
  B: "Good",
  C: "Fair",
};

export const GRADE_DESCRIPTIONS: Record<Grade, string> = {
  A: "Excellent condition with minimal signs of use",
  B: "Good condition with light signs of use",
  C: "Fair condition with visible signs of use",
};

export const BRANDS = ["Apple", "Samsung", "Google", "OnePlus", "Xiaomi", "Huawei", "Oppo", "Vivo"] as const;
export type Brand = (typeof BRANDS)[number];

/** `brand` query values of /shop; 'iphone' is an alias for Apple. */
export const BRAND_QUERY_ALIASES: Record<string, Brand> = {
  apple: "Apple",
  iphone: "Apple",
  samsung: "Samsung",
  google: "Google",
  oneplus: "OnePlus",
  xiaomi: "Xiaomi",
  huawei: "Huawei",
  oppo: "Oppo",
  vivo: "Vivo",
};

export const BRAND_STRIP = [
  { name: "iPhone", count: "120+ models", query: "apple" },
  { name: "Samsung", count: "85+ models", query: "samsung" },
  { name: "Google Pixel", count: "25+ models", query: "google" },
  { name: "OnePlus", count: "30+ models", query: "oneplus" },
] as const;

export const STORAGE_OPTIONS = ["32GB", "64GB", "128GB", "256GB", "512GB", "1TB"] as const;
export type StorageOption = (typeof STORAGE_OPTIONS)[number];

export const SORT_OPTIONS = [
  { value: "newest", label: "Newest" },
  { value: "price-low", label: "Price: Low to High" },
  { value: "price-high", label: "Price: High to Low" },
  { value: "rating", label: "Highest Rated" },
  { value: "popular", label: "Most Popular" },
] as const;
export type SortOption = (typeof SORT_OPTIONS)[number]["value"];
export const DEFAULT_SORT: SortOption = "newest";

export const PRICE_SLIDER = { minNaira: 0, maxNaira: 1_000_000, stepNaira: 10_000 } as const;

export const PRODUCT_STATUSES = ["pending", "approved", "rejected"] as const;
export type ProductStatus = (typeof PRODUCT_STATUSES)[number];

export const PRODUCT_STATUS_LABELS: Record<ProductStatus, string> = {
  pending: "Pending",
  approved: "Approved",
  rejected: "Rejected",
};

export const VENDOR_STATUSES = ["pending", "approved", "rejected"] as const;
export type VendorStatus = (typeof VENDOR_STATUSES)[number];
export const VENDOR_STATUS_LABELS: Record<VendorStatus, string> = PRODUCT_STATUS_LABELS;

export const ROLES = ["customer", "vendor", "admin", "super_admin"] as const;
export type Role = (typeof ROLES)[number];
export const ROLE_RANK: Record<Role, number> = { customer: 1, vendor: 2, admin: 3, super_admin: 4 };

/** Stock badge of docs/vendors.md: 0 is out of stock, 1 to 2 is low stock. */
export function stockBadge(stockQuantity: number): string | null {
  if (stockQuantity <= 0) return TEXTS.outOfStock;
  if (stockQuantity <= LIMITS.lowStockThreshold) return TEXTS.lowStock;
  return null;
}

export const ORDER_STATUSES = ["pending", "paid", "processing", "shipped", "delivered", "cancelled", "refunded"] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** Progress bar steps of My Orders, in order. */
export const ORDER_PROGRESS_STEPS = [
  { status: "pending", label: "Order Placed" },
  { status: "paid", label: "Payment Confirmed" },
  { status: "processing", label: "Processing" },
  { status: "shipped", label: "Shipped" },
  { status: "delivered", label: "Delivered" },
] as const;

export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  pending: "Pending",
  paid: "Successful",
  processing: "Processing",
  shipped: "Shipped",
  delivered: "Delivered",
  cancelled: "Cancelled",
  refunded: "Refunded",
};

export const ORDER_STATUS_DESCRIPTIONS: Record<OrderStatus | "other", string> = {
  pending: "Waiting for payment confirmation",
  paid: "Payment confirmed, preparing your order",
  processing: "Your order is being processed",
  shipped: "Your order is on the way",
  delivered: "Order delivered successfully",
  cancelled: "Order has been cancelled",
  refunded: "Your payment has been refunded",
  other: "Order status unknown",
};

export const PAYMENT_STATUSES = ["pending", "successful", "failed", "partially_refunded", "refunded"] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
/** The money arrived: whatever was refunded since, the payment has paid its orders and is never fulfilled again. */
export const PAID_PAYMENT_STATUSES = ["successful", "partially_refunded", "refunded"] as const satisfies readonly PaymentStatus[];
export function hasPaid(status: PaymentStatus): boolean {
  return (PAID_PAYMENT_STATUSES as readonly PaymentStatus[]).includes(status);
}
export const PAYMENT_STATUS_LABELS: Record<PaymentStatus, string> = {
  pending: "Pending",
  successful: "Successful",
  failed: "Failed",
  partially_refunded: "Partially refunded",
  refunded: "Refunded",
};

/** Who moved an order or a claim on, as its timeline shows (docs/after-sale.md). */
export const ACTOR_ROLES = ["buyer", "vendor", "admin", "system"] as const;
export type ActorRole = (typeof ACTOR_ROLES)[number];

/** Why a buyer cancels a paid order before it ships. */
export const CANCEL_REASONS = [
  "I changed my mind",
  "I ordered the wrong phone",
  "I found a better price",
  "Delivery will take too long",
  "Other",
] as const;
export type CancelReason = (typeof CANCEL_REASONS)[number];

/** Why a vendor cancels a paid order it cannot fulfil. */
export const VENDOR_CANCEL_REASONS = [
  "Out of stock",
  "Phone failed final check",
  "Cannot deliver to this address",
  "Other",
] as const;

export const REFUND_STATUSES = ["pending", "processed", "failed"] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];

/** What a warranty claim is about: the covered faults, 'not as described' and 'other'. */
export const CLAIM_REASONS = [
  "hardware_malfunction",
  "battery_performance",
  "screen_defect",
  "charging_problem",
  "not_as_described",
  "other",
  "never_arrived",
] as const;
export type ClaimReason = (typeof CLAIM_REASONS)[number];
export const CLAIM_REASON_LABELS: Record<ClaimReason, string> = {
  hardware_malfunction: "Hardware malfunction",
  battery_performance: "Battery performance",
  screen_defect: "Screen defect",
  charging_problem: "Charging problem",
  not_as_described: "Not as described",
  other: "Other",
  never_arrived: "Never arrived",
};
/** The reasons of a warranty claim on a delivered phone; 'never arrived' is opened on a shipped order instead. */
export const WARRANTY_CLAIM_REASONS = CLAIM_REASONS.filter((reason) => reason !== "never_arrived");

/**
 * open: waiting for the vendor; accepted / declined: the vendor answered; escalated: the buyer
 * asked the admins; resolved / rejected: an admin decided.
 */
/** Paystack's resolution of a card dispute the shop lost: the buyer's bank keeps the money. */
export const DISPUTE_LOST_RESOLUTION = "merchant-accepted";

export const CLAIM_STATUSES = ["open", "accepted", "declined", "escalated", "resolved", "rejected"] as const;
export type ClaimStatus = (typeof CLAIM_STATUSES)[number];
export const CLAIM_STATUS_LABELS: Record<ClaimStatus, string> = {
  open: "Waiting for the vendor",
  accepted: "Accepted by the vendor",
  declined: "Declined by the vendor",
  escalated: "With our support team",
  resolved: "Resolved",
  rejected: "Rejected",
};
/** Claims still being worked on: an order has at most one of these at a time. */
export const ACTIVE_CLAIM_STATUSES = ["open", "accepted", "declined", "escalated"] as const satisfies readonly ClaimStatus[];
export function isActiveClaim(status: ClaimStatus): boolean {
  return (ACTIVE_CLAIM_STATUSES as readonly ClaimStatus[]).includes(status);
}

export const CLAIM_VENDOR_OUTCOMES = ["repair", "replacement", "refund"] as const;
export type ClaimVendorOutcome = (typeof CLAIM_VENDOR_OUTCOMES)[number];
export const CLAIM_ADMIN_DECISIONS = ["full_refund", "partial_refund", "replacement", "reject"] as const;
export type ClaimAdminDecision = (typeof CLAIM_ADMIN_DECISIONS)[number];

/** Business days a vendor has to answer a claim; past this the claim is flagged to admins. */
export const CLAIM_ANSWER_BUSINESS_DAYS = 3;
/**
 * Business days each step of an accepted claim may take once the step before it is done: the
 * vendor confirms a returned phone within them of its sending, and refunds or sends a repaired
 * phone back within them of its arrival. Past that the buyer may ask our support team.
 */
export const CLAIM_OUTCOME_BUSINESS_DAYS = 5;
/**
 * Business days the buyer has for their own step of a claim, counted from the vendor's answer: to
 * ask our support team about a declined claim, or to send back the phone of an accepted one. Past
 * them the claim closes as rejected, with the reason on its timeline, so no claim holds the
 * vendor's money or the order for good.
 */
export const CLAIM_BUYER_BUSINESS_DAYS = 10;

/**
 * A change-of-mind return (docs/after-sale.md): requested by the buyer, instructions given by the
 * vendor, sent back by the buyer with tracking, received by the vendor, then refunded; or rejected
 * (vendor or admin, with a reason) or cancelled by the buyer before sending it. The last three are final.
 */
export const RETURN_STATUSES = ["requested", "instructions_given", "sent_back", "received", "refunded", "rejected", "cancelled"] as const;
export type ReturnStatus = (typeof RETURN_STATUSES)[number];
export const RETURN_STATUS_LABELS: Record<ReturnStatus, string> = {
  requested: "Waiting for the vendor's instructions",
  instructions_given: "Ready to send back",
  sent_back: "On its way back",
  received: "Received by the vendor",
  refunded: "Refunded",
  rejected: "Rejected",
  cancelled: "Cancelled",
};
/** Returns still being worked on: an order has at most one of these at a time. */
export const ACTIVE_RETURN_STATUSES = ["requested", "instructions_given", "sent_back", "received"] as const satisfies readonly ReturnStatus[];
export function isActiveReturn(status: ReturnStatus): boolean {
  return (ACTIVE_RETURN_STATUSES as readonly ReturnStatus[]).includes(status);
}
/** Business days the vendor has for each of its steps of a return (instructions, receipt), as claims do; past it the buyer may ask our support team. */
export const RETURN_VENDOR_BUSINESS_DAYS = CLAIM_OUTCOME_BUSINESS_DAYS;

export const WARRANTY_TYPES = ["basic_48hr", "standard_1week", "premium_1month"] as const;
export type WarrantyType = (typeof WARRANTY_TYPES)[number];
/**
 * The spec's warranty type column, kept for the data model; its labels are shown to nobody. What
 * buyers, vendors and admins see is `warrantyLabel(order.warrantyDays)` (docs/orders.md).
 */
export const CHECKOUT_WARRANTY: WarrantyType = "basic_48hr";

export const REVIEW_RATING = { min: 1, max: 5 } as const;

export const NOTIFICATION_TYPES = ["order", "product", "warning", "error", "info", "success"] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

export const USER_TYPES = ["vendor", "buyer", "admin"] as const;
export type UserType = (typeof USER_TYPES)[number];

export const PREAPPROVAL_FIELD_TYPES = ["text", "email", "phone", "textarea", "file"] as const;
export type PreapprovalFieldType = (typeof PREAPPROVAL_FIELD_TYPES)[number];

export const CMS_SECTIONS = [
  "branding",
  "hero_banner",
  "hero_banners",
  "top_banner",
  "home_banner",
  "featured_categories",
  "whatsapp_config",
  "vendor_instructions",
  "vendor_page_config",
  "become_vendor_page",
] as const;
export type CmsSection = (typeof CMS_SECTIONS)[number];

export const TOP_BANNER_PRESETS = [
  { name: "Dark Blue", background_color: "#1e3a8a", text_color: "#ffffff" },
  { name: "Primary", background_color: "#FF4500", text_color: "#ffffff" },
  { name: "Success", background_color: "#15803d", text_color: "#ffffff" },
  { name: "Warning", background_color: "#facc15", text_color: "#111827" },
  { name: "Danger", background_color: "#b91c1c", text_color: "#ffffff" },
] as const;

/**
 * The 15-point inspection (docs/admin.md): what the product page lists and what an admin ticks,
 * every item, to mark a listing inspected. The spec's static list had 12 of these with made-up
 * results; a listing shows them as checked only once an admin has completed the checklist.
 */
export const INSPECTION_POINTS = [
  "Battery health",
  "Screen",
  "Camera",
  "Speaker/Microphone",
  "Charging port",
  "Volume buttons",
  "Power button",
  "Network",
  "WiFi/Bluetooth",
  "Touch response",
  "Face ID/fingerprint",
  "Water damage",
  "Body and frame",
  "Sensors",
  "Not stolen or blacklisted (IMEI)",
] as const;

/** '30-day warranty': the days come from the pricing config (docs/orders.md). */
export function warrantyLabel(days: number): string {
  return `${days}-day warranty`;
}

/** What the warranty covers; its days come from the pricing config (docs/orders.md). */
export const WARRANTY_TERMS = {
  covers: ["Hardware malfunctions", "Battery performance", "Screen defects", "Charging problems"],
  excludes: ["Physical damage or drops", "Water damage", "Software issues", "Normal wear and tear"],
} as const;

export const MARKETING_STATS = {
  customers: "50,000+",
  phonesSold: "100,000+",
  satisfaction: "99%",
} as const;

export const LIMITS = {
  passwordMin: 8,
  passwordMax: 72,
  nameMin: 2,
  nameMax: 100,
  emailMax: 255,
  productImagesMax: 5,
  logoMaxBytes: 2_097_152,
  logoAllowedTypes: ["image/jpeg", "image/png", "image/svg+xml"],
  featuredProducts: 8,
  productRowPageSize: 4,
  shopSkeletonCards: 9,
  shopPageSize: 24,
  defaultAddQuantity: 1,
  unreadBadgeCap: 99,
  notificationToastMs: 5000,
  notificationsShown: 50,
  homeBannerAutoplayMs: 5000,
  homeBannerAutoplayMinSeconds: 1,
  homeBannerAutoplayMaxSeconds: 30,
  heroIntervalMs: 5000,
  lowStockThreshold: 2,
  activityLogLimit: 100,
  warrantyClaimDays: 30,
  vendorReviewDays: "2-3 business days",
  reservationMinutes: 30,
  fallbackOrderWindowHours: 2,
  sessionCheckIntervalMs: 30_000,
  sessionRefreshBeforeMs: 90_000,
  bootstrapRedirectMs: 2000,
  orderNumberLength: 8,
  preapprovalFieldNameMax: 50,
  preapprovalFieldLabelMax: 100,
  deliveryNotesMax: 500,
  /** The most units of one graded phone a buyer takes in one order line (cart, product page, checkout). */
  maxUnitsPerLine: 5,
  /** The most units one placed checkout holds, all lines together (Buy Now too): no buyer reserves most of the shop. */
  maxUnitsPerCheckout: 10,
} as const;

export const PRICING_DEFAULTS = {
  markupPercentage: 0,
  commissionRate: 10,
  deliveryFeeKobo: 0,
  warrantyDays: 30,
  warrantyDaysMin: 1,
  warrantyDaysMax: 365,
  /** A shipped order nobody marked delivered becomes delivered this many days after shipping (docs/after-sale.md). */
  autoDeliverAfterDays: 14,
  autoDeliverAfterDaysMin: 1,
  autoDeliverAfterDaysMax: 60,
  /** Days after delivery a buyer may return a phone they changed their mind about (docs/after-sale.md); 0 turns returns off. */
  returnWindowDays: 7,
  returnWindowDaysMin: 0,
  returnWindowDaysMax: 30,
  /** The weekly payout run's day (5 = Friday, Lagos time) and the least balance it pays (docs/payouts.md). */
  payoutWeekday: 5,
  payoutMinimumKobo: 500_000,
  payoutMinimumKoboMin: 10_000,
  payoutMinimumKoboMax: 100_000_000,
} as const;

/**
 * What an order whose payment did not go through shows everywhere (docs/payments.md): an order
 * still waiting for payment whose latest payment was declined, cancelled or abandoned.
 */
export const PAYMENT_FAILED_LABEL = "Payment failed";
export function isPaymentFailed(orderStatus: OrderStatus, paymentStatus: PaymentStatus | null | undefined): boolean {
  return orderStatus === "pending" && paymentStatus === "failed";
}

/** The label on every payment made in test mode, and on its orders (docs/payments.md). */
export const TEST_PAYMENT_LABEL = "Test";

/** The 36 states of Nigeria and the Federal Capital Territory. */
export const NIGERIAN_STATES = [
  "Abia", "Adamawa", "Akwa Ibom", "Anambra", "Bauchi", "Bayelsa", "Benue", "Borno", "Cross River",
  "Delta", "Ebonyi", "Edo", "Ekiti", "Enugu", "Federal Capital Territory", "Gombe", "Imo", "Jigawa",
  "Kaduna", "Kano", "Katsina", "Kebbi", "Kogi", "Kwara", "Lagos", "Nasarawa", "Niger", "Ogun", "Ondo",
  "Osun", "Oyo", "Plateau", "Rivers", "Sokoto", "Taraba", "Yobe", "Zamfara",
] as const;

export const TEXTS = {
  loading: "Loading...",
  notFound: "Oops! Page not found",
  notFoundLink: "Return to Home",
  productNotFound: "Product not found",
  productNotFoundBody: "The product you're looking for doesn't exist or is no longer available.",
  noProductsYet: "No products available yet.",
  noProductsInSection: "No products available in this section yet.",
  noProductsFound: "No products found",
  noReviews: "No reviews yet. Be the first to review this product!",
  unknownVendor: "Unknown Vendor",
  notSpecified: "Not specified",
  noDescription: "No description available",
  becomeVendor: "Become a Vendor",
  createAccount: "Create Account",
  checkingPermissions: "Checking permissions...",
  outOfStock: "Out of stock",
  lowStock: "Low stock",
} as const;

/*
 * Vendor payouts (docs/payouts.md). The ledger is append-only: each entry moves money into or out
 * of one of a vendor's two buckets, and a balance is a sum.
 */
/** dispute: a card dispute's amount held back while the bank decides (kept if lost); dispute_won: given back. */
export const LEDGER_ENTRY_KINDS = ["sale", "release", "refund", "adjustment", "payout", "payout_returned", "dispute", "dispute_won"] as const;
export type LedgerEntryKind = (typeof LEDGER_ENTRY_KINDS)[number];
export const LEDGER_ENTRY_LABELS: Record<LedgerEntryKind, string> = {
  sale: "Sale",
  release: "Warranty ended",
  refund: "Refund",
  adjustment: "Adjustment",
  payout: "Payout",
  payout_returned: "Payout returned",
  dispute: "Card dispute",
  dispute_won: "Card dispute won",
};
/** pending: sold, within the warranty window; available: can be paid out. */
export const LEDGER_BUCKETS = ["pending", "available"] as const;
export type LedgerBucket = (typeof LEDGER_BUCKETS)[number];

/** pending: the transfer was asked for (or is about to be); paid, failed and reversed come from Paystack. */
export const PAYOUT_STATUSES = ["pending", "paid", "failed", "reversed"] as const;
export type PayoutStatus = (typeof PAYOUT_STATUSES)[number];
export const PAYOUT_STATUS_LABELS: Record<PayoutStatus, string> = {
  pending: "Processing",
  paid: "Paid",
  failed: "Failed",
  reversed: "Reversed",
};

/** Weekdays for the payout run, Sunday first (as JavaScript's getDay counts them, in Lagos time). */
export const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"] as const;
/** A changed bank account holds the vendor's next payout this long. */
export const PAYOUT_HOLD_AFTER_BANK_CHANGE_HOURS = 24;
