/**
 * The product form of /products (docs/vendors.md): texts and one schema for the browser (instant
 * feedback) and the server (the decision). Prices are typed in naira and leave here as kobo.
 */
import { z } from "../../lib/zod";
import { BRANDS, GRADES, LIMITS, PRODUCT_STATUSES, type ProductStatus, STORAGE_OPTIONS } from "../../lib/constants";
import { nairaToKobo } from "../../lib/money";
import { hasRenditions } from "../media/image-urls";

export const PRODUCT_TEXTS = {
  loadFailed: "Failed to load products",
  added: "Product added successfully!",
  addedPending: "Product added successfully! Awaiting admin approval.",
  addFailed: "Failed to add product",
  updated: "Product updated successfully!",
  updateFailed: "Failed to update product",
  confirmDelete: "Are you sure you want to delete this product?",
  deleted: "Product deleted successfully!",
  deleteFailed: "Failed to delete product",
  accessDeniedBody: "You need to be a vendor or admin to access product listing.",
  vendorNotFound: "Vendor account not found",
  // Ours (the spec leaves these out):
  notFound: "Product not found",
  priceAndStatusAreOurs: "Only our team can set the final price or status of a product.",
  chooseVendor: "Please choose an approved vendor",
  hasOrders: "This product has orders, so it cannot be deleted. Hide it from the shop instead.",
  nameRequired: "Product name is required",
  modelRequired: "Model is required",
  brandRequired: "Please choose a brand",
  storageRequired: "Please choose the storage",
  gradeRequired: "Please choose a grade",
  imageInvalid: "One of the images could not be used. Please upload it again.",
  imageNotOwned: "A listing can only show photos uploaded for it by its vendor. Please upload the photo again.",
  /** docs/vendors.md: the toast and notice when a vendor's edit sends an approved listing back to review. */
  backToReview: "Changes to an approved listing go back to review",
  backToReviewTitle: "Listing back in review",
  backToReviewDetail: "It is out of the shop until our team approves it again.",
  backToReviewNotice:
    "Changes to an approved listing go back to review: a new name, brand, model, storage, colour, grade, suggested price or photos take it out of the shop until our team approves it again. Stock and description changes do not.",
} as const;

/** 'Maximum {n} images allowed' (docs/vendors.md). */
export function maxImagesMessage(n: number = LIMITS.productImagesMax): string {
  return `Maximum ${n} images allowed`;
}

/** 'Product {status} successfully' (docs/admin.md). */
export function productStatusUpdated(status: ProductStatus): string {
  return `Product ${status} successfully`;
}

export const MAX_PRICE_NAIRA = 100_000_000;
export const MAX_STOCK = 10_000;

function nairaAmount(label: string) {
  return z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .transform((value) => value.replace(/[\s,₦]/g, ""))
    .pipe(z.string().regex(/^\d+(\.\d{1,2})?$/, `${label} must be an amount in naira, like 350000`))
    .transform(Number)
    .pipe(z.number().positive(`${label} must be more than ₦0`).max(MAX_PRICE_NAIRA, `${label} must be at most ₦100,000,000`))
    .transform(nairaToKobo);
}

function stockQuantity(minimum: 0 | 1) {
  const tooLow = `Stock quantity must be at least ${minimum}`;
  return z
    .string({ error: "Stock quantity is required" })
    .trim()
    .min(1, "Stock quantity is required")
    .pipe(z.string().regex(/^-?\d+$/, "Stock quantity must be a whole number"))
    .transform(Number)
    .pipe(z.number().int().min(minimum, tooLow).max(MAX_STOCK, `Stock quantity must be at most ${MAX_STOCK}`));
}

function optionalText(label: string, max: number) {
  return z
    .string()
    .trim()
    .max(max, `${label} must be less than ${max} characters`)
    .optional()
    .transform((value) => value || null);
}

/** Blank means "not given" for the admin-only fields. */
const blankToUndefined = (value: unknown) => (typeof value === "string" && value.trim() === "" ? undefined : value);

const imagesSchema = z
  .array(z.string().max(300).refine(hasRenditions, PRODUCT_TEXTS.imageInvalid), { error: PRODUCT_TEXTS.imageInvalid })
  .max(LIMITS.productImagesMax, maxImagesMessage())
  .default([]);

/**
 * The product form. Vendors send the listing fields; admins may also send the vendor (when
 * adding), the final price and the status. Whether the sender may set those is decided by the
 * product service, not here. Stock is at least 1 when adding and 0 when editing.
 */
export function productFormSchema(mode: "add" | "edit") {
  return z.object({
    name: z.string({ error: PRODUCT_TEXTS.nameRequired }).trim().min(1, PRODUCT_TEXTS.nameRequired).max(120, "Product name must be less than 120 characters"),
    brand: z.enum(BRANDS, { error: PRODUCT_TEXTS.brandRequired }),
    model: z.string({ error: PRODUCT_TEXTS.modelRequired }).trim().min(1, PRODUCT_TEXTS.modelRequired).max(80, "Model must be less than 80 characters"),
    storage: z.enum(STORAGE_OPTIONS, { error: PRODUCT_TEXTS.storageRequired }),
    grade: z.enum(GRADES, { error: PRODUCT_TEXTS.gradeRequired }),
    suggestedPrice: nairaAmount("Suggested price"),
    stockQuantity: stockQuantity(mode === "add" ? 1 : 0),
    color: optionalText("Color", 40),
    description: optionalText("Description", 2000),
    images: imagesSchema,
    vendorId: z.preprocess(blankToUndefined, z.guid({ error: PRODUCT_TEXTS.chooseVendor }).optional()),
    finalPrice: z.preprocess(blankToUndefined, nairaAmount("Final price").optional()),
    status: z.preprocess(blankToUndefined, z.enum(PRODUCT_STATUSES).optional()),
  });
}

export type ProductFormInput = z.output<ReturnType<typeof productFormSchema>>;

/** The product form's values as the schema reads them (images keep their order). */
export function productFormValues(form: FormData): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const name of ["name", "brand", "model", "storage", "grade", "suggestedPrice", "stockQuantity", "color", "description", "vendorId", "finalPrice", "status"]) {
    const value = form.get(name);
    if (typeof value === "string") values[name] = value;
  }
  values.images = form.getAll("images").filter((value): value is string => typeof value === "string" && value !== "");
  return values;
}

/** The management list's filters (status 'all' or missing means every status). */
export const productListQuerySchema = z.object({
  q: z.string().trim().max(100).optional().catch(undefined),
  status: z.enum(PRODUCT_STATUSES).optional().catch(undefined),
  page: z.coerce.number().int().min(1).max(10_000).optional().catch(undefined),
});
export type ProductListQuery = z.output<typeof productListQuerySchema>;
