import { type FormEvent, useCallback, useState } from "react";
import { Form } from "react-router";
import { fieldErrors, firstError } from "../../domain/accounts/validation";
import type { ManagedProduct, ManagementScope } from "../../domain/catalog/management";
import { PRODUCT_TEXTS, productFormSchema, productFormValues } from "../../domain/catalog/management-validation";
import { BRANDS, GRADE_LABELS, GRADES, LIMITS, PRODUCT_STATUSES, PRODUCT_STATUS_LABELS, STORAGE_OPTIONS } from "../../lib/constants";
import { koboToNaira } from "../../lib/money";
import { FormError } from "../ui/forms";
import { FormButton, SelectField, TextAreaField, TextField } from "../ui/form-field";
import { ImageUploader } from "./image-uploader";
import { toast } from "../ui/toast";

export type ProductFormValues = Partial<Record<string, string>>;

interface ProductFormProps {
  mode: "add" | "edit";
  scope: Exclude<ManagementScope, "public">;
  /** The URL the form posts to (keeps the dialog open on an error). */
  action: string;
  product?: ManagedProduct;
  /** Approved vendors an admin may add for. */
  vendors?: ReadonlyArray<{ id: string; businessName: string }>;
  /** What the server sent back with an error: the fields as typed, and a message per field. */
  values?: ProductFormValues;
  errors: Partial<Record<string, string>>;
  busy: boolean;
}

const GRADE_OPTIONS = GRADES.map((grade) => ({ value: grade, label: `${grade} (${GRADE_LABELS[grade]})` }));
const BRAND_OPTIONS = BRANDS.map((brand) => ({ value: brand, label: brand }));
const STORAGE_CHOICES = STORAGE_OPTIONS.map((storage) => ({ value: storage, label: storage }));
const STATUS_OPTIONS = PRODUCT_STATUSES.map((status) => ({ value: status, label: PRODUCT_STATUS_LABELS[status] }));

const naira = (kobo: number | null | undefined) => (kobo === null || kobo === undefined ? "" : String(koboToNaira(kobo)));

/**
 * The Add Product and edit forms (docs/vendors.md). Vendors never see the final price or
 * status (and the server refuses them if sent); admins choose the vendor when adding and may set
 * the final price and status when editing.
 */
export function ProductForm({ mode, scope, action, product, vendors = [], values, errors: serverErrors, busy }: ProductFormProps) {
  const [clientErrors, setClientErrors] = useState<Partial<Record<string, string>> | null>(null);
  const [uploading, setUploading] = useState(false);
  const onBusyChange = useCallback((value: boolean) => setUploading(value), []);
  const errors = clientErrors ?? serverErrors;
  const initial = (name: string, fallback: string) => values?.[name] ?? fallback;
  const failedTitle = mode === "add" ? PRODUCT_TEXTS.addFailed : PRODUCT_TEXTS.updateFailed;

  const validate = (event: FormEvent<HTMLFormElement>) => {
    const parsed = productFormSchema(mode).safeParse(productFormValues(new FormData(event.currentTarget)));
    if (parsed.success) {
      setClientErrors(null);
      return;
    }
    event.preventDefault();
    const found = fieldErrors(parsed.error);
    setClientErrors(found);
    toast.error(failedTitle, firstError(found));
  };

  return (
    <Form method="post" action={action} encType="multipart/form-data" noValidate onSubmit={validate} className="space-y-4">
      <input type="hidden" name="intent" value={mode === "add" ? "create" : "update"} />
      {product ? <input type="hidden" name="productId" value={product.id} /> : null}
      <FormError message={errors.form} />
      {scope === "vendor" && product?.status === "approved" ? (
        <p role="note" className="rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">
          {PRODUCT_TEXTS.backToReviewNotice}
        </p>
      ) : null}
      {scope === "admin" && mode === "add" ? (
        <SelectField
          label="Vendor"
          name="vendorId"
          placeholder="Choose an approved vendor"
          options={vendors.map((v) => ({ value: v.id, label: v.businessName }))}
          defaultValue={initial("vendorId", "")}
          required
          error={errors.vendorId}
        />
      ) : null}
      <TextField label="Product Name" name="name" defaultValue={initial("name", product?.name ?? "")} placeholder="iPhone 13 Pro Max" required error={errors.name} />
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField label="Brand" name="brand" placeholder="Choose a brand" options={BRAND_OPTIONS} defaultValue={initial("brand", product?.brand ?? "")} required error={errors.brand} />
        <TextField label="Model" name="model" defaultValue={initial("model", product?.model ?? "")} required error={errors.model} />
        <SelectField label="Storage" name="storage" placeholder="Choose the storage" options={STORAGE_CHOICES} defaultValue={initial("storage", product?.storage ?? "")} required error={errors.storage} />
        <SelectField label="Grade" name="grade" options={GRADE_OPTIONS} defaultValue={initial("grade", product?.grade ?? "A")} required error={errors.grade} />
        <TextField
          label="Suggested Price (₦)"
          name="suggestedPrice"
          inputMode="decimal"
          defaultValue={initial("suggestedPrice", naira(product?.suggestedPrice))}
          placeholder="350000"
          required
          error={errors.suggestedPrice}
        />
        <TextField
          label="Stock Quantity"
          name="stockQuantity"
          type="number"
          min={mode === "add" ? 1 : 0}
          step={1}
          defaultValue={initial("stockQuantity", String(product?.stockQuantity ?? LIMITS.defaultAddQuantity))}
          required
          error={errors.stockQuantity}
        />
        <TextField label="Color (optional)" name="color" defaultValue={initial("color", product?.color ?? "")} error={errors.color} />
        {scope === "admin" ? (
          <TextField
            label="Final Price (₦)"
            name="finalPrice"
            inputMode="decimal"
            defaultValue={initial("finalPrice", naira(product?.finalPrice))}
            hint="Leave empty to use the suggested price plus the markup."
            error={errors.finalPrice}
          />
        ) : null}
        {scope === "admin" && mode === "edit" ? (
          <SelectField label="Status" name="status" options={STATUS_OPTIONS} defaultValue={initial("status", product?.status ?? "pending")} error={errors.status} />
        ) : null}
      </div>
      <TextAreaField label="Description (optional)" name="description" rows={4} defaultValue={initial("description", product?.description ?? "")} error={errors.description} />
      <ImageUploader initial={product?.images ?? []} uploadUrl="/products/images" error={errors.images} onBusyChange={onBusyChange} />
      {scope === "vendor" && mode === "add" ? <p className="text-sm text-gray-700">Our team checks every listing and sets its final price before it appears in the shop.</p> : null}
      <FormButton busy={busy} busyText={mode === "add" ? "Adding…" : "Saving…"} disabled={uploading}>
        {mode === "add" ? "Add Product" : "Save Changes"}
      </FormButton>
    </Form>
  );
}
