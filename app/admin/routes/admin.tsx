import { Link, data } from "react-router";
import { z } from "../../../lib/zod";
import { dashboardCounts, salesSummary } from "../../../domain/admin/dashboard";
import { listActivities } from "../../../domain/activity/service";
import { listPaymentsForAdmin, listProductsForAdmin, listVendorsForAdmin } from "../../../domain/admin/listings";
import { DASHBOARD_TEXTS } from "../../../domain/admin/validation";
import type { Viewer } from "../../../domain/accounts/viewer";
import { listOrderVendors, listOrdersForAdmin } from "../../../domain/orders/admin";
import { ORDER_SEARCH_TEXTS, type OrderSearchField, parseOrderSearch } from "../../../domain/orders/admin-search";
import { getPayoutsOverview } from "../../../domain/payouts/admin-payouts";
import { getPricingConfig } from "../../../domain/pricing/service";
import { getDeliveryFees } from "../../../domain/pricing/delivery";
import { DeliveryFeesForm } from "../admin-delivery-fees";
import { listReviewsForAdmin } from "../../../domain/reviews/moderation";
import { listPreapprovalFields } from "../../../domain/vendors/preapproval-fields";
import { PRODUCT_STATUSES, USER_TYPES, VENDOR_STATUSES } from "../../../lib/constants";
import { AdminProductsTab, AdminVendorsTab } from "../admin-catalog";
import {
  AdminActivitiesTab, AdminPaymentsTab, AdminPreapprovalTab, AdminPricingTab, AdminReviewsTab,
} from "../admin-operations";
import { AdminOrdersTab } from "../admin-orders";
import { AdminPayoutsTab } from "../admin-payouts";
import { AdminClaimsTab } from "../admin-claims";
import { listClaimsForAdmin } from "../../../domain/claims/service";
import { listReturnsForAdmin } from "../../../domain/returns/service";
import { AdminReturnsList } from "../admin-returns";
import { CLAIM_FILTERS } from "../../../domain/claims/validation";
import { AdminCounts, SalesChart } from "../admin-summary";
import { DashboardTabs, dashboardSections } from "../../ui/tabs";
import { ADMIN_GUARD, guardPage } from "../../server/access.server";
import type { Route } from "./+types/admin";
import { PageTitle } from "../../ui/page-title";
import { logServerError } from "../../server/log.server";

const SECTIONS = dashboardSections({
  vendors: "Vendors",
  products: "Products",
  orders: "Orders",
  claims: "Claims",
  reviews: "Reviews",
  payments: "Payments",
  payouts: "Payouts",
  preapproval: "Pre-Approval",
  pricing: "Pricing",
  activities: "Activities",
});

/** Query parameters of the dashboard; anything unknown falls back to the default. */
const querySchema = z.object({
  tab: z.enum(SECTIONS.ids).catch("vendors"),
  page: z.coerce.number().int().min(1).max(10_000).catch(1),
  status: z.string().optional().catch(undefined),
  approved: z.enum(["true", "false"]).optional().catch(undefined),
  flagged: z.enum(["true"]).optional().catch(undefined),
  userType: z.enum(USER_TYPES).optional().catch(undefined),
});
type Query = z.infer<typeof querySchema>;

const oneOf = <T extends string>(values: readonly T[], value: string | undefined): T | undefined =>
  values.includes(value as T) ? (value as T) : undefined;

async function loadTab({ db, paymentsMode }: Route.LoaderArgs["context"], viewer: Viewer, q: Query, params: URLSearchParams) {
  switch (q.tab) {
    case "vendors": {
      const status = oneOf(VENDOR_STATUSES, q.status);
      return { tab: q.tab, status: status ?? "", vendors: await listVendorsForAdmin(db, viewer, { status, page: q.page }) };
    }
    case "products": {
      const status = oneOf(PRODUCT_STATUSES, q.status);
      const [products, pricing] = await Promise.all([listProductsForAdmin(db, viewer, { status, page: q.page }), getPricingConfig(db)]);
      return { tab: q.tab, status: status ?? "", products, markup: pricing.markupPercentage };
    }
    case "orders": {
      // The search (docs/admin.md): a bad value is shown beside its field and nothing is listed.
      const parsed = parseOrderSearch(params);
      const vendors = await listOrderVendors(db, viewer);
      let errors: Partial<Record<OrderSearchField, string>> = parsed.ok ? {} : parsed.errors;
      if (parsed.ok && parsed.search.vendorId && !vendors.some((vendor) => vendor.id === parsed.search.vendorId)) {
        errors = { vendor: ORDER_SEARCH_TEXTS.badVendor };
      }
      const orders = parsed.ok && Object.keys(errors).length === 0 ? await listOrdersForAdmin(db, viewer, { ...parsed.search, page: q.page }) : null;
      return { tab: q.tab, search: parsed.values, errors, vendors, orders };
    }
    case "claims": {
      const filter = oneOf(CLAIM_FILTERS, q.status);
      const [claims, returns] = await Promise.all([listClaimsForAdmin(db, viewer, { filter, page: q.page }), listReturnsForAdmin(db, viewer)]);
      return { tab: q.tab, status: filter ?? "", claims, returns };
    }
    case "reviews": {
      const approved = q.approved === undefined ? undefined : q.approved === "true";
      return { tab: q.tab, approved: q.approved ?? "", reviews: await listReviewsForAdmin(db, viewer, { approved, page: q.page }) };
    }
    case "payments": {
      const [payments, flagged] = await Promise.all([
        listPaymentsForAdmin(db, viewer, { flagged: q.flagged === "true", page: q.page }),
        listPaymentsForAdmin(db, viewer, { flagged: true, page: 1 }),
      ]);
      // A fresh key in each refund form: submitting the same form twice refunds once (docs/admin.md).
      const withKey = <T extends object>(item: T) => ({ ...item, refundKey: crypto.randomUUID() });
      return { tab: q.tab, flagged: q.flagged ?? "", payments: { ...payments, items: payments.items.map(withKey) }, flaggedPayments: flagged.items.map(withKey) };
    }
    case "payouts":
      return { tab: q.tab, payouts: await getPayoutsOverview(db, viewer), testMode: paymentsMode === "test" };
    case "preapproval":
      return { tab: q.tab, fields: await listPreapprovalFields(db, viewer) };
    case "pricing": {
      const [pricing, deliveryFees] = await Promise.all([getPricingConfig(db), getDeliveryFees(db)]);
      return { tab: q.tab, pricing, deliveryFees };
    }
    case "activities":
      return { tab: q.tab, userType: q.userType ?? "", activities: await listActivities(db, viewer, { userType: q.userType }) };
  }
}

/** Admin dashboard (docs/admin.md): admins and super admins only; others are sent away. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await guardPage(context, ADMIN_GUARD);
  const params = new URL(request.url).searchParams;
  const query = querySchema.parse(Object.fromEntries(params));
  try {
    const [counts, sales, section] = await Promise.all([
      dashboardCounts(context.db, viewer),
      salesSummary(context.db, viewer),
      loadTab(context, viewer, query, params),
    ]);
    // A search that could not be run is a bad request: the page shows why beside each field.
    const refused = section.tab === "orders" && section.orders === null;
    return data({ failed: false as const, counts, sales, section }, { status: refused ? 400 : 200 });
  } catch (error) {
    logServerError("Failed to load the admin dashboard", error);
    return data({ failed: true as const, tab: query.tab });
  }
}

export function meta() {
  return [{ title: "Admin Dashboard" }, { name: "robots", content: "noindex" }];
}

function TabContent({ section }: { section: Awaited<ReturnType<typeof loadTab>> }) {
  switch (section.tab) {
    case "vendors":
      return <AdminVendorsTab vendors={section.vendors} status={section.status} />;
    case "products":
      return <AdminProductsTab products={section.products} status={section.status} markup={section.markup} />;
    case "orders":
      return <AdminOrdersTab orders={section.orders} search={section.search} errors={section.errors} vendors={section.vendors} />;
    case "claims":
      return (
        <>
          <AdminClaimsTab claims={section.claims} filter={section.status} />
          <AdminReturnsList returns={section.returns} />
        </>
      );
    case "reviews":
      return <AdminReviewsTab reviews={section.reviews} approved={section.approved} />;
    case "payments":
      return <AdminPaymentsTab payments={section.payments} flagged={section.flaggedPayments} filter={section.flagged} />;
    case "payouts":
      return <AdminPayoutsTab overview={section.payouts} testMode={section.testMode} />;
    case "preapproval":
      return <AdminPreapprovalTab fields={section.fields} />;
    case "pricing":
      return (
        <>
          <AdminPricingTab pricing={section.pricing} />
          <DeliveryFeesForm fees={section.deliveryFees} />
        </>
      );
    case "activities":
      return <AdminActivitiesTab activities={section.activities} userType={section.userType} />;
  }
}

export default function AdminDashboard({ loaderData }: Route.ComponentProps) {
  const current = loaderData.failed ? loaderData.tab : loaderData.section.tab;
  return (
    <div className="container-page py-6 sm:py-8">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <PageTitle>Admin Dashboard</PageTitle>
        <nav aria-label="Other dashboards" className="flex gap-2 text-sm font-semibold">
          <Link to="/products" className="rounded-lg px-3 py-2 ring-1 ring-inset ring-gray-300 hover:bg-gray-50">Products</Link>
          <Link to="/cms" className="rounded-lg px-3 py-2 ring-1 ring-inset ring-gray-300 hover:bg-gray-50">CMS Dashboard</Link>
        </nav>
      </div>
      {loaderData.failed ? (
        <div role="alert" className="mt-6 rounded-xl border border-red-200 bg-red-50 p-6 text-center text-red-900">
          <p className="font-semibold">{DASHBOARD_TEXTS.loadFailed}</p>
          <Link to={`?tab=${current}`} className="mt-3 inline-block font-semibold underline">Try Again</Link>
        </div>
      ) : (
        <>
          <div className="mt-6 space-y-4">
            <AdminCounts counts={loaderData.counts} />
            <SalesChart sales={loaderData.sales} />
          </div>
          <div className="mt-6">
            <DashboardTabs tabs={SECTIONS.tabs} current={current} label="Admin sections" />
          </div>
          <div className="mt-5">
            <TabContent section={loaderData.section} />
          </div>
        </>
      )}
    </div>
  );
}
