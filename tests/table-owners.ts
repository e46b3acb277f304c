/**
 * Who writes each table (docs/architecture.md): one domain module per table. Any other module
 * that needs a change in it calls a function of the owner. Tables are named as in the database.
 */
export const TABLE_OWNERS: Record<string, string> = {
  users: "accounts",
  sessions: "accounts",
  accounts: "accounts",
  verifications: "accounts",
  email_changes: "accounts",
  rate_limits: "accounts",
  profiles: "accounts",
  user_roles: "accounts",
  saved_addresses: "accounts",
  user_activities: "activity",
  live_events: "live",
  email_outbox: "mail",
  notifications: "notifications",
  admin_pricing_config: "pricing",
  delivery_state_fees: "pricing",
  products: "catalog",
  catalogue_version: "catalog",
  product_search_texts: "catalog",
  wishlist_items: "catalog",
  /** Who uploaded each catalogue photo (domain/catalog/photos.ts). */
  uploaded_images: "catalog",
  stock_alerts: "catalog",
  reviews: "reviews",
  cart: "cart",
  orders: "orders",
  order_status_history: "orders",
  vendor_ledger_entries: "ledger",
  payments: "payments",
  refunds: "payments",
  payment_disputes: "payments",
  payment_dispute_events: "payments",
  vendors: "vendors",
  vendor_preapproval_fields: "vendors",
  vendor_preapproval_submissions: "vendors",
  warranty_claims: "claims",
  warranty_claim_events: "claims",
  order_returns: "returns",
  order_return_events: "returns",
  vendor_bank_accounts: "payouts",
  payout_runs: "payouts",
  vendor_payouts: "payouts",
  vendor_commission_changes: "payouts",
  cms_content: "cms",
};

/** The one exception: deleting an account scrubs or removes the person's rows in every table. */
export const WRITES_ANY_TABLE = ["domain/privacy/deletion.ts"];
