import type {
  accounts, cart, notifications, orderStatusHistory, orders, payments, products, profiles, refunds, reviews, userActivities, userRoles, users,
  vendorPreapprovalFields, vendorPreapprovalSubmissions, vendors,
} from "../schema";

// ---------------------------------------------------------------------------------------------
// Rows

export type NewUser = typeof users.$inferInsert;
export type NewAccount = typeof accounts.$inferInsert;
export type NewProfile = typeof profiles.$inferInsert;
export type NewRole = typeof userRoles.$inferInsert;
export type NewVendor = typeof vendors.$inferInsert;
export type NewProduct = typeof products.$inferInsert;
export type NewPayment = typeof payments.$inferInsert;
export type NewOrder = typeof orders.$inferInsert;
export type NewOrderStatus = typeof orderStatusHistory.$inferInsert;
export type NewRefund = typeof refunds.$inferInsert;
export type NewReview = typeof reviews.$inferInsert;
export type NewCartItem = typeof cart.$inferInsert;
export type NewNotification = typeof notifications.$inferInsert;
export type NewField = typeof vendorPreapprovalFields.$inferInsert;
export type NewSubmission = typeof vendorPreapprovalSubmissions.$inferInsert;
export type NewActivity = typeof userActivities.$inferInsert;
