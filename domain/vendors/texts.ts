import { LIMITS } from "../../lib/constants";

/** User-visible texts of vendors (docs/vendors.md), word for word, then our own. */
export const VENDOR_TEXTS = {
  signInToApply: "Please sign in to apply as a vendor",
  acceptTerms: "Please accept the terms and conditions",
  /** Beside 'Submit Application' while it is disabled. */
  acceptTermsToSubmit: "Tick 'I accept the vendor terms and conditions' above to submit your application.",
  applicationSubmitted: "Application submitted! Please proceed to create your vendor account.",
  applicationFailed: "Failed to submit application. Please try again.",
  vendorNotFound: "Vendor account not found",
  loadVendorFailed: "Failed to load vendor information",
  preapprovalSubmitted: "Pre-approval information submitted successfully!",
  preapprovalFailed: "Failed to submit information.",
  ordersLoadFailed: "Failed to load orders",
  ordersRefreshed: "Orders refreshed",
  productHidden: "Product is now hidden",
  productVisible: "Product is now visible",
  visibilityFailed: "Failed to update product visibility",
  profileUpdated: "Vendor information updated",
  profileUpdateFailed: "Failed to update vendor information",
  noVendorAccount: "No Vendor Account Found",
  applyAsVendor: "Apply as Vendor",
  statusUpdateFailed: "Failed to update vendor status",
  rejected: "Your vendor application was rejected. Please contact support.",
  // Ours (the spec leaves these out):
  alreadyApplied: "You have already applied to sell on Tokunbo. One application per account.",
  preapprovalAlreadySent: "Your pre-approval information is already with our team.",
  preapprovalNotPending: "Only applications under review take pre-approval information.",
  underReviewTitle: "Application Under Review",
  underReviewBody: `Thank you! Our team is reviewing your information and will get back to you within ${LIMITS.vendorReviewDays}.`,
  businessNameTooShort: "Business name must be at least 2 characters",
  businessNameTooLong: "Business name must be less than 100 characters",
  phoneInvalid: "Please enter a valid Nigerian phone number",
  addressTooShort: "Business address must be at least 5 characters",
  addressTooLong: "Business address must be less than 200 characters",
  defaultRejectionReason: "Please contact support.",
  reasonTooLong: "The reason must be less than 500 characters",
} as const;

/** 'Vendor {status} successfully' (docs/admin.md). */
export function vendorStatusUpdated(status: string): string {
  return `Vendor ${status} successfully`;
}
