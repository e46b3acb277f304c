import { sql } from "drizzle-orm";
import {
  bigint, boolean, check, index, integer, jsonb, numeric, pgEnum, pgTable, text,
} from "drizzle-orm/pg-core";
import { PREAPPROVAL_FIELD_TYPES, VENDOR_STATUSES } from "../../lib/constants";
import { users } from "./accounts";
import { createdAtColumn, timestampColumns, uuidPrimaryKey, uuidReference } from "./columns";

export const vendorStatusEnum = pgEnum("vendor_status", VENDOR_STATUSES);

/** A vendor record is also the vendor application: it is created pending by the applicant. */
export const vendors = pgTable(
  "vendors",
  {
    id: uuidPrimaryKey(),
    userId: text("user_id")
      .notNull()
      .unique()
      .references(() => users.id, { onDelete: "cascade" }),
    businessName: text("business_name").notNull(),
    contactEmail: text("contact_email").notNull(),
    contactPhone: text("contact_phone").notNull(),
    businessAddress: text("business_address").notNull(),
    status: vendorStatusEnum("status").notNull().default("pending"),
    verified: boolean("verified").notNull().default(false),
    /** Sum of paid order totals, in kobo. */
    totalSales: bigint("total_sales", { mode: "number" }).notNull().default(0),
    /** Percent of the final price kept by the marketplace. */
    commissionRate: numeric("commission_rate", { precision: 5, scale: 2, mode: "number" }).notNull().default(10),
    rejectionReason: text("rejection_reason"),
    ...timestampColumns(),
  },
  (t) => [
    check("vendors_commission_rate_range", sql`${t.commissionRate} >= 0 and ${t.commissionRate} <= 100`),
    check("vendors_total_sales_nonnegative", sql`${t.totalSales} >= 0`),
    check("vendors_verified_only_when_approved", sql`not ${t.verified} or ${t.status} = 'approved'`),
    index("vendors_status_created_idx").on(t.status, t.createdAt.desc()),
    index("vendors_created_idx").on(t.createdAt.desc()),
    index("vendors_business_name_idx").on(t.businessName),
  ],
);

export const preapprovalFieldTypeEnum = pgEnum("preapproval_field_type", PREAPPROVAL_FIELD_TYPES);

export const vendorPreapprovalFields = pgTable(
  "vendor_preapproval_fields",
  {
    id: uuidPrimaryKey(),
    fieldName: text("field_name").notNull().unique(),
    fieldLabel: text("field_label").notNull(),
    fieldType: preapprovalFieldTypeEnum("field_type").notNull(),
    required: boolean("required").notNull().default(false),
    active: boolean("active").notNull().default(true),
    fieldOrder: integer("field_order").notNull().default(0),
    createdAt: createdAtColumn(),
  },
  (t) => [
    check("preapproval_field_name_format", sql`${t.fieldName} ~ '^[a-z_]{1,50}$'`),
    check("preapproval_field_label_length", sql`char_length(${t.fieldLabel}) between 1 and 100`),
    index("preapproval_fields_active_order_idx").on(t.active, t.fieldOrder),
  ],
);

export const submissionStatusEnum = pgEnum("preapproval_submission_status", VENDOR_STATUSES);

export const vendorPreapprovalSubmissions = pgTable(
  "vendor_preapproval_submissions",
  {
    id: uuidPrimaryKey(),
    vendorId: uuidReference("vendor_id", () => vendors.id, "cascade"),
    submissionData: jsonb("submission_data").$type<Record<string, string>>().notNull(),
    status: submissionStatusEnum("status").notNull().default("pending"),
    createdAt: createdAtColumn(),
  },
  (t) => [index("preapproval_submissions_vendor_idx").on(t.vendorId, t.createdAt.desc())],
);
