import { Link, redirect, useLoaderData } from "react-router";
import { z } from "../../../lib/zod";
import {
  type VendorProfile, getOwnVendor, listOwnProducts, listVendorOrders, summariseVendorOrders, updateVendorProfile,
} from "../../../domain/vendors/dashboard";
import { setProductLive } from "../../../domain/catalog/vendor-listings";
import { VENDOR_TEXTS } from "../../../domain/vendors/texts";
import { vendorDetailsSchema } from "../../../domain/vendors/validation";
import { VerifiedVendorBadge } from "../../ui/badges";
import { siteFromMatches } from "../../site/site";
import { VendorOrdersTab } from "../vendor-orders-tab";
import { VendorProductsTab } from "../vendor-products-tab";
import { VendorProfileTab } from "../vendor-profile-tab";
import { VendorClaimsTab } from "../vendor-claims-tab";
import { listVendorClaims } from "../../../domain/claims/service";
import { listVendorReturns } from "../../../domain/returns/service";
import { VendorReturnsList } from "../vendor-returns";
import { requireRole } from "../../server/access.server";
import { answerPage, answering, invalid, ok } from "../../server/answer.server";
import { useAction } from "../../ui/answer";
import { formValues } from "../../server/auth-forms.server";
import { retryAfterHeaders } from "../../account/retry-after";
import type { Route } from "./+types/vendor-dashboard";
import { formSuccess, invalidForm, refusedForm, unknownIntent } from "../../server/intent-answers.server";
import { mailDepsOf, readForm } from "../../server/forms.server";
import { type Actor, may } from "../../../domain/core/access";
import { moveOwnOrder } from "../../../domain/orders/moves";
import { ORDER_STATUS_TEXTS, vendorOrderMoveSchema } from "../../../domain/orders/status";
import { VENDOR_ORDER_MOVE_TEXTS } from "../vendor-order-moves";
import { PageTitle } from "../../ui/page-title";
import { dashboardSections } from "../../ui/tabs";
import { type EarningsTabData, VendorEarningsTab } from "../vendor-earnings-tab";
import { getVendorEarnings } from "../../../domain/payouts/earnings";
import { getOwnBankAccount, listBanks } from "../../../domain/payouts/bank-accounts";
import { getPricingConfig } from "../../../domain/pricing/service";
import { resolveBankAction, saveBankAction } from "../../server/bank-forms.server";
import { logServerError } from "../../server/log.server";
import { formatNaira } from "../../../lib/money";
import { vendorCancelOrder } from "../../../domain/flows/vendor-cancel-order";
import { VENDOR_CANCELLATION_TEXTS, vendorOrderCancellationSchema } from "../../../domain/orders/vendor-cancellation-validation";

const SECTIONS = dashboardSections({
  products: "Products",
  orders: "Orders",
  earnings: "Earnings",
  claims: "Claims",
  profile: "Profile",
});
type TabId = (typeof SECTIONS.ids)[number];

function tabOf(url: string): TabId {
  const wanted = new URL(url).searchParams.get("tab");
  return SECTIONS.ids.find((id) => id === wanted) ?? "products";
}

/**
 * Vendor guard (docs/vendors.md): signed out or not a vendor goes to /vendor-auth; an
 * application still under review goes to pre-approval first; a vendor without a record sees
 * 'No Vendor Account Found'.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await context.getViewer();
  if (!viewer) throw redirect("/vendor-auth");
  let vendor: Awaited<ReturnType<typeof getOwnVendor>>;
  try {
    vendor = await getOwnVendor(context.db, viewer.userId);
  } catch (error) {
    logServerError("Failed to load the vendor record", error);
    return { tab: tabOf(request.url), vendor: null, failed: true, products: [], orders: null, claims: null, returns: null, earnings: null };
  }
  if (vendor?.status === "pending") throw redirect("/vendor-pre-approval");
  if (!may(viewer, "sell")) throw redirect("/vendor-auth");
  if (!vendor) return { tab: tabOf(request.url), vendor: null, failed: false, products: [], orders: null, claims: null, returns: null, earnings: null };
  const tab = tabOf(request.url);
  const [products, orders, claims, returns, earnings] = await Promise.all([
    listOwnProducts(context.db, vendor.id),
    ordersOrNull(context.db, viewer, vendor),
    tab === "claims" ? claimsOrNull(context.db, viewer) : null,
    tab === "claims" ? returnsOrNull(context.db, viewer) : null,
    tab === "earnings" ? earningsOrNull(context, viewer, vendor) : null,
  ]);
  return { tab, vendor, failed: false, products, orders, claims, returns, earnings };
}

/**
 * The Earnings tab's money and payout details, or null ('Failed to load earnings') when the
 * database does not answer. Paystack's bank list failing only closes the bank form.
 */
async function earningsOrNull(context: Route.LoaderArgs["context"], viewer: Actor, vendor: VendorProfile): Promise<EarningsTabData | null> {
  try {
    const [earnings, bankAccount, pricing, banks] = await Promise.all([
      getVendorEarnings(context.db, viewer),
      getOwnBankAccount(context.db, viewer),
      getPricingConfig(context.db),
      banksOrNull(context),
    ]);
    return { earnings, bankAccount, banks, warrantyDays: pricing.warrantyDays, canSaveBank: vendor.status === "approved" };
  } catch (error) {
    logServerError("Failed to load the vendor's earnings", error);
    return null;
  }
}

/** Paystack's banks for the payout details form, or null (the form stays closed) when Paystack does not answer. */
async function banksOrNull(context: Route.LoaderArgs["context"]) {
  try {
    return await listBanks(context);
  } catch (error) {
    logServerError("Failed to load Paystack's banks", error);
    return null;
  }
}

/** The Claims section's Returns list, or null ('Failed to load returns') when the database does not answer. */
async function returnsOrNull(db: Route.LoaderArgs["context"]["db"], viewer: { userId: string }) {
  try {
    return await listVendorReturns(db, viewer.userId);
  } catch (error) {
    logServerError("Failed to load the vendor's returns", error);
    return null;
  }
}

/** The Claims section's list, or null ('Failed to load claims') when the database does not answer. */
async function claimsOrNull(db: Route.LoaderArgs["context"]["db"], viewer: { userId: string }) {
  try {
    return await listVendorClaims(db, viewer.userId);
  } catch (error) {
    logServerError("Failed to load the vendor's claims", error);
    return null;
  }
}

/** The Orders tab's list and paid-only summary, or null ('Failed to load orders') when the database does not answer. */
async function ordersOrNull(db: Route.LoaderArgs["context"]["db"], viewer: { userId: string }, vendor: VendorProfile) {
  try {
    const [list, summary] = await Promise.all([listVendorOrders(db, viewer), summariseVendorOrders(db, vendor)]);
    return { list, summary };
  } catch (error) {
    logServerError("Failed to load the vendor's orders", error);
    return null;
  }
}

const liveSchema = z.object({
  productId: z.guid({ error: "Product not found" }),
  isLive: z.enum(["true", "false"], { error: "isLive must be true or false" }).transform((v) => v === "true"),
});

const PRODUCTS_TAB = "/vendor-dashboard?tab=products";

/** A rate-limited look-up or password says when to try again, with or without scripts. */
export const headers = retryAfterHeaders;

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await requireRole(context, "sell");
  const form = await readForm(request);
  const intent = String(form.get("intent"));
  if (intent === "live") {
    const parsed = liveSchema.safeParse(formValues(form, "productId", "isLive"));
    if (!parsed.success) return answerPage(request, PRODUCTS_TAB, invalid(parsed.error, VENDOR_TEXTS.visibilityFailed));
    const changed = answering(async () => {
      const { isLive } = await setProductLive(context.db, viewer, parsed.data, { publicUrl: context.config.publicUrl });
      return ok(isLive ? VENDOR_TEXTS.productVisible : VENDOR_TEXTS.productHidden, { isLive });
    }, VENDOR_TEXTS.visibilityFailed);
    return answerPage(request, PRODUCTS_TAB, changed);
  }
  if (intent === "profile") {
    const parsed = vendorDetailsSchema.safeParse(formValues(form, "businessName", "contactEmail", "contactPhone", "businessAddress"));
    if (!parsed.success) return invalidForm("profile", VENDOR_TEXTS.profileUpdateFailed, parsed.error);
    try {
      await updateVendorProfile(context.db, viewer, parsed.data);
    } catch (error) {
      return refusedForm("profile", VENDOR_TEXTS.profileUpdateFailed, error);
    }
    return formSuccess("profile", VENDOR_TEXTS.profileUpdated);
  }
  if (intent === "move") return moveOrderAction(context, viewer, form);
  if (intent === "cancel") return cancelOrderAction(context, viewer, form);
  if (intent === "resolve-bank") return resolveBankAction(context, viewer, form);
  if (intent === "save-bank") return saveBankAction(context, viewer, form);
  return unknownIntent(VENDOR_TEXTS.loadVendorFailed);
}

/** A vendor's move of one of their own orders: processing, shipped (courier, tracking, estimated delivery) or delivered. */
async function moveOrderAction(context: Route.ActionArgs["context"], viewer: Actor, form: FormData) {
  const fields = formValues(form, "orderId", "status", "carrier", "carrierName", "trackingNumber", "estimatedDeliveryDate");
  const parsed = vendorOrderMoveSchema.safeParse(fields);
  if (!parsed.success) return invalidForm("move", ORDER_STATUS_TEXTS.updateFailed, parsed.error);
  try {
    const { status } = await moveOwnOrder(mailDepsOf(context), viewer, parsed.data);
    return formSuccess("move", VENDOR_ORDER_MOVE_TEXTS.moved(status));
  } catch (error) {
    return refusedForm("move", ORDER_STATUS_TEXTS.updateFailed, error);
  }
}

/** A vendor cancels one of their own paid or processing orders with a reason; the buyer is refunded in full. */
async function cancelOrderAction(context: Route.ActionArgs["context"], viewer: Actor, form: FormData) {
  const parsed = vendorOrderCancellationSchema.safeParse(formValues(form, "orderId", "reason", "otherReason"));
  if (!parsed.success) return invalidForm("cancel", VENDOR_CANCELLATION_TEXTS.failed, parsed.error);
  try {
    const onRefundError = (error: unknown) => logServerError("The refund of a cancelled order could not be sent; reconciliation will send it", error);
    const cancelled = await vendorCancelOrder({ ...mailDepsOf(context), payments: context.payments, onRefundError }, viewer, parsed.data);
    return formSuccess("cancel", VENDOR_CANCELLATION_TEXTS.cancelled, { detail: VENDOR_CANCELLATION_TEXTS.refunding(formatNaira(cancelled.refundAmount)) });
  } catch (error) {
    return refusedForm("cancel", VENDOR_CANCELLATION_TEXTS.failed, error);
  }
}

export function meta({ matches }: Route.MetaArgs) {
  const site = siteFromMatches(matches);
  return [{ title: `Vendor Dashboard | ${site.siteName}` }, { name: "robots", content: "noindex" }];
}

export default function VendorDashboardPage() {
  const { tab, vendor, failed, products, orders, claims, returns, earnings } = useLoaderData<typeof loader>();
  // The toast of the page's own forms (profile, bank account) and of any form sent without scripts.
  useAction({ page: true });
  if (failed) {
    return (
      <p role="alert" className="container-page my-14 rounded-xl border border-red-200 bg-red-50 p-4 text-red-900">
        {VENDOR_TEXTS.loadVendorFailed}
      </p>
    );
  }
  if (!vendor) return <NoVendorAccount />;
  return (
    <div className="container-page py-6 sm:py-10">
      <header className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-2xl font-extrabold text-gray-900 sm:text-3xl">Vendor Dashboard</h1>
          <p className="mt-1 flex flex-wrap items-center gap-2 text-gray-700">
            {vendor.businessName}
            {vendor.verified ? <VerifiedVendorBadge /> : null}
          </p>
        </div>
        <Link to="/products" className="rounded-lg border border-gray-300 px-4 py-2.5 text-sm font-semibold text-gray-900 hover:bg-gray-50">
          Manage Products
        </Link>
      </header>
      <nav aria-label="Vendor dashboard sections" className="mt-6">
        <ul className="grid grid-cols-3 gap-1 rounded-xl bg-gray-100 p-1 sm:inline-grid sm:grid-cols-5">
          {SECTIONS.tabs.map((item) => (
            <li key={item.id}>
              <Link
                to={`/vendor-dashboard?tab=${item.id}`}
                aria-current={item.id === tab ? "page" : undefined}
                preventScrollReset
                className={`block rounded-lg px-4 py-2.5 text-center text-sm font-semibold ${
                  item.id === tab ? "bg-white text-brand-strong shadow-sm" : "text-gray-700 hover:bg-white/60 hover:text-gray-900"
                }`}
              >
                {item.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <div className="mt-6">
        {tab === "products" ? <VendorProductsTab products={products} /> : null}
        {tab === "orders" ? <VendorOrdersTab orders={orders?.list ?? null} summary={orders?.summary ?? null} commissionRate={vendor.commissionRate} /> : null}
        {tab === "earnings" ? <VendorEarningsTab data={earnings} /> : null}
        {tab === "claims" ? (
          <>
            <VendorClaimsTab claims={claims} />
            <VendorReturnsList returns={returns} />
          </>
        ) : null}
        {tab === "profile" ? <VendorProfileTab vendor={vendor} /> : null}
      </div>
    </div>
  );
}

function NoVendorAccount() {
  return (
    <section className="container-page flex justify-center py-14" aria-labelledby="no-vendor-title">
      <div className="w-full max-w-md rounded-2xl border border-gray-200 bg-white p-6 text-center shadow-sm">
        <PageTitle id="no-vendor-title">{VENDOR_TEXTS.noVendorAccount}</PageTitle>
        <p className="mt-2 text-gray-700">Apply to sell on our marketplace to open your vendor dashboard.</p>
        <Link
          to="/vendor-application"
          className="mt-6 inline-flex items-center justify-center rounded-lg bg-brand-strong px-5 py-2.5 text-sm font-semibold text-white hover:opacity-90"
        >
          {VENDOR_TEXTS.applyAsVendor}
        </Link>
      </div>
    </section>
  );
}

