import { Form, Link, data, useLoaderData, useSearchParams } from "react-router";
import { z } from "../../../lib/zod";
import {
  MANAGED_PAGE_SIZE,
  type ManagedProduct,
  type ManagementScope,
  createProduct,
  deleteProduct,
  getManagedProduct,
  listManagedProducts,
  scopeOf,
  updateProduct,
} from "../../../domain/catalog/management";
import {
  PRODUCT_TEXTS,
  maxImagesMessage,
  productFormSchema,
  productFormValues,
  productListQuerySchema,
} from "../../../domain/catalog/management-validation";
import { fileStorageFor } from "../../../domain/media/storage-config";
import { filesFromForm, storeUploadedImages } from "../../../domain/media/uploads";
import { withinUploadAllowance } from "../../../domain/media/upload-allowance";
import { listApprovedVendors } from "../../../domain/vendors/approval";
import { Refusal } from "../../../domain/core/refusal";
import { GRADE_LABELS, LIMITS, PRODUCT_STATUSES, PRODUCT_STATUS_LABELS, TEXTS } from "../../../lib/constants";
import { displayPrice, formatNaira } from "../../../lib/money";
import { productHeading } from "../../../lib/product-heading";
import { AccessDenied } from "../../site/access-denied";
import { type IntentAnswer, answerOf, useBusy } from "../../ui/forms";
import { useAction } from "../../ui/answer";
import { GradeBadge } from "../../ui/badges";
import { plural } from "../../ui/format";
import { ProductForm, type ProductFormValues } from "../product-form";
import { ModalDialog } from "../../ui/dialog";
import { ShopPagination } from "../../storefront/shop-pagination";
import { siteFromMatches } from "../../site/site";
import { StatusBadge, StockBadge } from "../../ui/status-badges";
import { FormButton } from "../../ui/form-field";
import { ProductThumb } from "../../ui/product-thumb";
import { requireRole } from "../../server/access.server";
import { redirectWithToast } from "../../server/flash.server";
import { type Actor, isRole, may } from "../../../domain/core/access";
import type { Route } from "./+types/products";
import { formRefused, invalidForm, refusedForm, unknownIntent } from "../../server/intent-answers.server";
import { readForm } from "../../server/forms.server";
import { logServerError } from "../../server/log.server";


type Dialog = { kind: "add" } | { kind: "edit"; product: ManagedProduct } | { kind: "delete"; product: ManagedProduct } | null;

/** The list's own filters (search, status, page), kept across dialogs and redirects. */
function listParams(url: URL): URLSearchParams {
  const kept = new URLSearchParams();
  for (const name of ["q", "status", "page"]) {
    const value = url.searchParams.get(name);
    if (value) kept.set(name, value);
  }
  return kept;
}

function withParams(params: URLSearchParams, extra: Record<string, string> = {}): string {
  const next = new URLSearchParams(params);
  for (const [name, value] of Object.entries(extra)) next.set(name, value);
  const query = next.toString();
  return query ? `/products?${query}` : "/products";
}

async function dialogFor(context: Route.LoaderArgs["context"], url: URL, scope: ManagementScope, viewer: Parameters<typeof getManagedProduct>[1] | null): Promise<{ dialog: Dialog; missing: boolean }> {
  if (scope === "public" || !viewer) return { dialog: null, missing: false };
  if (url.searchParams.get("add")) return { dialog: { kind: "add" }, missing: false };
  const id = url.searchParams.get("edit") ?? url.searchParams.get("delete");
  if (!id) return { dialog: null, missing: false };
  try {
    const product = await getManagedProduct(context.db, viewer, id);
    return { dialog: url.searchParams.get("edit") ? { kind: "edit", product } : { kind: "delete", product }, missing: false };
  } catch (error) {
    if (error instanceof Refusal && error.status === 404) return { dialog: null, missing: true };
    throw error;
  }
}

/** The list, or an empty one marked as failed ('Failed to load products') when the database does not answer. */
async function listOrEmpty(context: Route.LoaderArgs["context"], viewer: Parameters<typeof listManagedProducts>[1], query: Parameters<typeof listManagedProducts>[2]) {
  try {
    return { ...(await listManagedProducts(context.db, viewer, query)), failed: false };
  } catch (error) {
    logServerError("Failed to load the product list", error);
    const scope = scopeOf(viewer);
    return { scope, items: [], total: 0, page: 1, pageSize: MANAGED_PAGE_SIZE, pageCount: 1, hasVendorRecord: true, failed: true };
  }
}

/** Product management (docs/vendors.md): what each role sees is decided by the product service. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await context.getViewer();
  if (viewer && !isRole(viewer.role)) return data({ denied: true as const }, { status: 403 });
  const url = new URL(request.url);
  const query = productListQuerySchema.parse(Object.fromEntries(url.searchParams));
  const scope = scopeOf(viewer);
  const [page, { dialog, missing }] = await Promise.all([listOrEmpty(context, viewer, query), dialogFor(context, url, scope, viewer)]);
  const vendors = scope === "admin" && dialog?.kind === "add" ? await listApprovedVendors(context.db, viewer!) : [];
  return data({ denied: false as const, page, query, dialog, missing, vendors }, { headers: { "Cache-Control": "no-store" } });
}

const deleteSchema = z.object({ productId: z.string().min(1).max(100) });

/** The form's fields as typed, sent back with an error so a page without scripts can show them again. */
function typedValues(form: FormData): ProductFormValues {
  const values: ProductFormValues = {};
  for (const [name, value] of form) if (typeof value === "string" && name !== "images" && name !== "removeImages") values[name] = value;
  return values;
}

async function saveProduct(request: Request, context: Route.ActionArgs["context"], form: FormData, mode: "add" | "edit") {
  const viewer = await requireRole(context, "manage_products");
  const intent = mode === "add" ? "create" : "update";
  const failed = mode === "add" ? PRODUCT_TEXTS.addFailed : PRODUCT_TEXTS.updateFailed;
  const values = productFormValues(form);
  const removed = new Set(form.getAll("removeImages").filter((v): v is string => typeof v === "string"));
  values.images = (values.images as string[]).filter((url) => !removed.has(url));
  const parsed = productFormSchema(mode).safeParse(values);
  if (!parsed.success) return invalidForm(intent, failed, parsed.error, { values: typedValues(form) });
  const files = await filesFromForm(form, "imageFiles");
  if (parsed.data.images.length + files.length > LIMITS.productImagesMax) {
    return formRefused(intent, "invalid", failed, maxImagesMessage(), { images: maxImagesMessage() }, { values: typedValues(form) });
  }
  try {
    const storedNow =
      files.length > 0
        ? (await withinUploadAllowance(context.db, viewer.userId, files.length, () => storeUploadedImages(fileStorageFor(context.config), "products", files))).map((image) => image.url)
        : [];
    parsed.data.images.push(...storedNow);
    const saved =
      mode === "add"
        ? await createProduct(context.db, viewer, parsed.data, { storedNow })
        : await updateProduct(context.db, viewer, String(form.get("productId") ?? ""), parsed.data, { storedNow }, { publicUrl: context.config.publicUrl });
    return redirectWithToast(withParams(listParams(new URL(request.url))), savedToast(mode, viewer, saved.backToReview));
  } catch (error) {
    return refusedForm(intent, failed, error, { values: typedValues(form) });
  }
}

/** What the person saving is told: a vendor whose edit sent an approved listing back to review is told so (docs/vendors.md). */
function savedToast(mode: "add" | "edit", viewer: Actor, backToReview: boolean) {
  if (backToReview) return { kind: "info" as const, title: PRODUCT_TEXTS.backToReview, description: PRODUCT_TEXTS.backToReviewDetail };
  const title = mode === "edit" ? PRODUCT_TEXTS.updated : may(viewer, "sell") ? PRODUCT_TEXTS.addedPending : PRODUCT_TEXTS.added;
  return { kind: "success" as const, title };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const intent = String(form.get("intent"));
  if (intent === "create") return saveProduct(request, context, form, "add");
  if (intent === "update") return saveProduct(request, context, form, "edit");
  if (intent === "delete") {
    const viewer = await requireRole(context, "manage_products");
    const parsed = deleteSchema.safeParse({ productId: form.get("productId") });
    if (!parsed.success) return formRefused("delete", "invalid", PRODUCT_TEXTS.deleteFailed, PRODUCT_TEXTS.notFound);
    try {
      await deleteProduct(context.db, viewer, parsed.data.productId);
    } catch (error) {
      return refusedForm("delete", PRODUCT_TEXTS.deleteFailed, error);
    }
    return redirectWithToast(withParams(listParams(new URL(request.url))), { kind: "success", title: PRODUCT_TEXTS.deleted });
  }
  await requireRole(context, "manage_products");
  return unknownIntent(PRODUCT_TEXTS.updateFailed);
}

export function meta({ matches }: Route.MetaArgs) {
  const site = siteFromMatches(matches);
  return [{ title: `Products | ${site.siteName}` }, { name: "robots", content: "noindex" }];
}

/** A refused product form comes back with what was typed, for a page without scripts to show again. */
type ProductAnswer = IntentAnswer<{ values?: ProductFormValues }>;

type LoadedPage = Exclude<Awaited<ReturnType<typeof loader>>["data"], { denied: true }>;

export default function ProductsPage() {
  const loaded = useLoaderData<typeof loader>();
  const { answer: result } = useAction<{ intent: string; values?: ProductFormValues }>({ page: true });
  if (loaded.denied) return <AccessDenied message={PRODUCT_TEXTS.accessDeniedBody} />;
  return <ProductsView loaded={loaded} result={result} />;
}

function ProductsView({ loaded, result }: { loaded: LoadedPage; result: ProductAnswer | undefined }) {
  const { page, query, dialog, missing, vendors } = loaded;
  const [searchParams] = useSearchParams();
  const params = new URLSearchParams();
  for (const name of ["q", "status", "page"]) {
    const value = searchParams.get(name);
    if (value) params.set(name, value);
  }
  const manages = page.scope !== "public";
  const listUrl = withParams(params);
  return (
    <div className="container-page py-6 sm:py-10">
      <header className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-2xl font-extrabold text-gray-900 sm:text-3xl">Products</h1>
          <p className="mt-1 text-gray-700">
            {page.scope === "admin" ? "Every listing on the marketplace." : page.scope === "vendor" ? "Your listings." : "Phones available in the shop."}
          </p>
        </div>
        {manages && page.hasVendorRecord ? (
          <Link to={withParams(params, { add: "1" })} preventScrollReset className="rounded-lg bg-brand-strong px-4 py-2.5 text-sm font-semibold text-white hover:opacity-90">
            Add Product
          </Link>
        ) : null}
      </header>

      <Form method="get" role="search" aria-label="Products" className="mt-6 flex flex-col gap-3 sm:flex-row sm:items-end">
        <label className="flex-1 text-sm font-semibold text-gray-900">
          Search
          <input
            type="search"
            name="q"
            defaultValue={query.q ?? ""}
            placeholder="Name, brand or model"
            className="mt-1 block w-full rounded-lg border border-gray-300 px-3 py-2.5 text-base font-normal focus:border-brand-strong focus:outline-none focus:ring-2 focus:ring-brand-strong/30"
          />
        </label>
        {manages ? (
          <label className="text-sm font-semibold text-gray-900 sm:w-48">
            Status
            <select
              name="status"
              defaultValue={query.status ?? ""}
              className="mt-1 block w-full rounded-lg border border-gray-300 bg-white px-3 py-2.5 text-base font-normal"
            >
              <option value="">All</option>
              {PRODUCT_STATUSES.map((status) => (
                <option key={status} value={status}>
                  {PRODUCT_STATUS_LABELS[status]}
                </option>
              ))}
            </select>
          </label>
        ) : null}
        <button type="submit" className="rounded-lg border border-gray-300 px-4 py-2.5 text-sm font-semibold text-gray-900 hover:bg-gray-50">
          Apply
        </button>
      </Form>

      {missing ? (
        <p role="alert" className="mt-4 rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">
          {PRODUCT_TEXTS.notFound}
        </p>
      ) : null}

      {page.failed ? (
        <p role="alert" className="mt-6 rounded-xl border border-red-200 bg-red-50 p-4 text-red-900">
          {PRODUCT_TEXTS.loadFailed}
        </p>
      ) : !page.hasVendorRecord ? (
        <p role="alert" className="mt-6 rounded-xl border border-red-200 bg-red-50 p-4 text-red-900">
          {PRODUCT_TEXTS.vendorNotFound}.{" "}
          <Link to="/vendor-application" className="font-semibold underline">
            Apply as Vendor
          </Link>
        </p>
      ) : (
        <ProductList page={page} params={params} manages={manages} />
      )}

      {dialog?.kind === "add" && page.scope !== "public" ? (
        <ModalDialog title="Add Product" closeTo={listUrl} wide>
          <ProductFormSlot mode="add" scope={page.scope} action={withParams(params, { add: "1" })} vendors={vendors} result={result} />
        </ModalDialog>
      ) : null}
      {dialog?.kind === "edit" && page.scope !== "public" ? (
        <ModalDialog title={`Edit ${dialog.product.name}`} closeTo={listUrl} wide>
          <ProductFormSlot mode="edit" scope={page.scope} action={withParams(params, { edit: dialog.product.id })} product={dialog.product} result={result} />
        </ModalDialog>
      ) : null}
      {dialog?.kind === "delete" ? <DeleteDialog product={dialog.product} params={params} closeTo={listUrl} /> : null}
    </div>
  );
}

function ProductFormSlot(props: {
  mode: "add" | "edit";
  scope: Exclude<ManagementScope, "public">;
  action: string;
  product?: ManagedProduct;
  vendors?: ReadonlyArray<{ id: string; businessName: string }>;
  result: ProductAnswer | undefined;
}) {
  const intent = props.mode === "add" ? "create" : "update";
  const busy = useBusy(intent);
  const mine = answerOf(intent, props.result);
  return <ProductForm {...props} values={mine?.values} errors={mine && !mine.ok ? mine.fieldErrors : {}} busy={busy} />;
}

function DeleteDialog({ product, params, closeTo }: { product: ManagedProduct; params: URLSearchParams; closeTo: string }) {
  const busy = useBusy("delete");
  return (
    <ModalDialog title="Delete product" closeTo={closeTo}>
      <p className="text-gray-900">{PRODUCT_TEXTS.confirmDelete}</p>
      <p className="mt-1 text-sm text-gray-700">
        {product.name} · {product.storage} · Grade {product.grade}
      </p>
      <Form method="post" action={withParams(params, { delete: product.id })} className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <input type="hidden" name="intent" value="delete" />
        <input type="hidden" name="productId" value={product.id} />
        <Link to={closeTo} preventScrollReset className="rounded-lg border border-gray-300 px-4 py-3 text-center text-base font-semibold text-gray-900 hover:bg-gray-50">
          Cancel
        </Link>
        <FormButton busy={busy} busyText="Deleting…" variant="danger" className="sm:w-auto">
          Delete
        </FormButton>
      </Form>
    </ModalDialog>
  );
}

function ProductList({ page, params, manages }: { page: LoadedPage["page"]; params: URLSearchParams; manages: boolean }) {
  if (page.items.length === 0) {
    return <p className="mt-8 rounded-xl border border-dashed border-gray-300 p-8 text-center text-gray-700">{TEXTS.noProductsFound}</p>;
  }
  const first = (page.page - 1) * page.pageSize + 1;
  return (
    <section aria-label="Product list" className="mt-6">
      <p className="text-sm text-gray-700">
        Showing {first}–{first + page.items.length - 1} of {plural(page.total, "product", "products")}
      </p>
      <ul className="mt-3 divide-y divide-gray-200 rounded-xl border border-gray-200 bg-white">
        {page.items.map((product) => (
          <ProductRow key={product.id} product={product} params={params} manages={manages} showVendor={page.scope !== "vendor"} />
        ))}
      </ul>
      <ShopPagination
        page={page.page}
        pageCount={page.pageCount}
        hrefFor={(n) => {
          const next = new URLSearchParams(params);
          next.set("page", String(n));
          return `/products?${next.toString()}`;
        }}
      />
    </section>
  );
}

function ProductRow({ product, params, manages, showVendor }: { product: ManagedProduct; params: URLSearchParams; manages: boolean; showVendor: boolean }) {
  const price = product.finalPrice === null ? `Suggested ${formatNaira(product.suggestedPrice)}` : formatNaira(displayPrice(product));
  return (
    <li aria-label={product.name} className="flex flex-col gap-3 p-4 md:flex-row md:items-center">
      <div className="flex min-w-0 flex-1 items-start gap-3">
        <ProductThumb src={product.images[0] ?? null} />
        <div className="min-w-0">
          <h2 className="truncate font-semibold text-gray-900">
            {product.status === "approved" && product.isLive ? (
              <Link to={`/product/${product.id}`} className="hover:underline">
                {product.name}
              </Link>
            ) : (
              product.name
            )}
          </h2>
          <p className="text-sm text-gray-700">
            {productHeading(product)}
            {showVendor ? ` · ${product.vendorName}` : ""}
          </p>
          <div className="mt-1 flex flex-wrap items-center gap-1.5">
            <GradeBadge grade={product.grade} />
            <span className="sr-only">{GRADE_LABELS[product.grade]}</span>
            {manages ? <StatusBadge status={product.status} /> : null}
            <StockBadge stock={product.stockQuantity} />
            {manages && !product.isLive ? <span className="text-xs text-gray-600">Hidden from the shop</span> : null}
          </div>
        </div>
      </div>
      <p className="font-semibold text-gray-900 md:w-48 md:text-right">{price}</p>
      {manages ? (
        <div className="flex gap-2 md:w-40 md:justify-end">
          <RowLink
            to={withParams(params, { edit: product.id })}
            label="Edit"
            productName={product.name}
            className="rounded-lg border border-gray-300 px-3 py-2 text-sm font-semibold text-gray-900 hover:bg-gray-50"
          />
          <RowLink
            to={withParams(params, { delete: product.id })}
            label="Delete"
            productName={product.name}
            className="rounded-lg border border-red-300 px-3 py-2 text-sm font-semibold text-red-800 hover:bg-red-50"
          />
        </div>
      ) : null}
    </li>
  );
}

/** A row's Edit or Delete: opens its dialog over the list, which keeps its place. */
function RowLink({ to, label, productName, className }: { to: string; label: string; productName: string; className: string }) {
  return (
    <Link to={to} preventScrollReset aria-label={`${label} ${productName}`} className={className}>
      {label}
    </Link>
  );
}
