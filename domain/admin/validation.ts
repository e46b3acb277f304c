/** Back-office forms that are not a module's own; zod only, so the browser checks them too. */
import { z } from "../../lib/zod";


export const VENDOR_DECISION_TEXTS = {
  updated: (status: string) => `Vendor ${status} successfully`,
  updateFailed: "Failed to update vendor status",
  reasonRequired: "Give the reason for the rejection (10 to 500 characters)",
} as const;

export const PRODUCT_DECISION_TEXTS = {
  updated: (status: string) => `Product ${status} successfully`,
  updateFailed: "Failed to update product",
  reasonRequired: "Give the reason for the rejection (10 to 500 characters)",
} as const;

export const rejectionReasonSchema = z
  .string({ error: VENDOR_DECISION_TEXTS.reasonRequired })
  .trim()
  .min(10, VENDOR_DECISION_TEXTS.reasonRequired)
  .max(500, VENDOR_DECISION_TEXTS.reasonRequired);

export const DASHBOARD_TEXTS = {
  loadFailed: "Failed to load dashboard data",
} as const;
