import { Form, Link, data, redirect, useNavigation } from "react-router";
import { Refusal } from "../../../domain/core/refusal";
import { z } from "../../../lib/zod";
import {
  type AdminUser, assignAdminRole, listAdminUsers, removeAdminRole,
} from "../../../domain/accounts/admin-management";
import { ADMIN_MANAGEMENT_TEXTS, assignAdminSchema } from "../../../domain/accounts/admin-management-validation";
import { ActionButton, ConfirmAction, FieldError, inputClass } from "../../admin/admin-ui";
import { DashboardTabs, dashboardSections } from "../../ui/tabs";
import { formatDateTime } from "../../ui/format";
import { useAction } from "../../ui/answer";
import { type IntentAnswer, answerOf } from "../../ui/forms";
import { formRefused, formSuccess, refusedForm, unknownIntent } from "../../server/intent-answers.server";
import { requireRole } from "../../server/access.server";
import { formObject } from "../../server/admin-forms.server";
import { may } from "../../../domain/core/access";
import type { Route } from "./+types/super-admin";
import { readForm } from "../../server/forms.server";
import { PageTitle } from "../../ui/page-title";
import { logServerError } from "../../server/log.server";

const SECTIONS = dashboardSections({ admins: "Admin Management", settings: "System Settings", security: "Security" });
type TabId = (typeof SECTIONS.ids)[number];
const tabSchema = z.enum(SECTIONS.ids).catch("admins");

/** The page checks the role itself (docs/super-admin.md): signed out → /auth, others → Access Denied. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await context.getViewer();
  if (!viewer) throw redirect("/auth");
  if (!may(viewer, "manage_admins")) throw data({ denied: true }, { status: 403 });
  const tab: TabId = tabSchema.parse(new URL(request.url).searchParams.get("tab") ?? undefined);
  if (tab !== "admins") return { tab, admins: null, loadFailed: false };
  try {
    return { tab, admins: await listAdminUsers(context.db, viewer), loadFailed: false };
  } catch (error) {
    logServerError("Failed to load admin users", error);
    return { tab, admins: null, loadFailed: true };
  }
}

const removeSchema = z.object({ roleId: z.guid({ error: ADMIN_MANAGEMENT_TEXTS.notFound }) });

/** Assign or remove the admin role; super admins only, decided here whatever the page showed. */
export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await requireRole(context, "manage_admins");
  const values = formObject(await readForm(request));
  try {
    if (values.intent === "assign") {
      const parsed = assignAdminSchema.safeParse(values);
      if (!parsed.success) {
        const message = parsed.error.issues[0]?.message ?? ADMIN_MANAGEMENT_TEXTS.invalidEmail;
        return formRefused("assign", "invalid", ADMIN_MANAGEMENT_TEXTS.assignFailed, message, { identifier: message });
      }
      const { email } = await assignAdminRole(context.db, viewer, parsed.data.identifier);
      return formSuccess("assign", ADMIN_MANAGEMENT_TEXTS.assigned, { detail: email });
    }
    if (values.intent === "remove") {
      const parsed = removeSchema.safeParse(values);
      if (!parsed.success) return formRefused("remove", "not_found", ADMIN_MANAGEMENT_TEXTS.removeFailed, ADMIN_MANAGEMENT_TEXTS.notFound);
      const { email } = await removeAdminRole(context.db, viewer, parsed.data.roleId);
      return formSuccess("remove", ADMIN_MANAGEMENT_TEXTS.removed, { detail: email });
    }
    return unknownIntent(ADMIN_MANAGEMENT_TEXTS.assignFailed);
  } catch (error) {
    if (error instanceof Refusal) {
      const title = values.intent === "remove" ? ADMIN_MANAGEMENT_TEXTS.removeFailed : ADMIN_MANAGEMENT_TEXTS.assignFailed;
      // The assign form shows the refusal beside its one field.
      const refusal = values.intent === "assign" ? new Refusal(error.code, error.message, { fieldErrors: { identifier: error.message } }) : error;
      return refusedForm(values.intent ?? "unknown", title, refusal);
    }
    throw error;
  }
}

export function meta() {
  return [{ title: "Super Admin" }, { name: "robots", content: "noindex" }];
}

const SHORTCUTS = [
  { to: "/", label: "Home" },
  { to: "/cms", label: "CMS Dashboard" },
  { to: "/admin", label: "Admin Dashboard" },
  { to: "/vendor-dashboard", label: "Vendor Dashboard" },
  { to: "/shop", label: "Shop" },
  { to: "/orders", label: "My Orders" },
] as const;

function AdminRow({ admin }: { admin: AdminUser }) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("roleId") === admin.roleId;
  const who = admin.fullName?.trim() || admin.email;
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-gray-200 bg-white p-4" aria-label={who}>
      <div className="min-w-0">
        <p className="font-bold text-gray-900">{who}</p>
        <p className="break-all text-sm text-gray-700">{admin.email}</p>
        <p className="break-all text-xs text-gray-600">
          User ID <code>{admin.userId}</code> · since {formatDateTime(admin.assignedAt)}
        </p>
      </div>
      <div className="flex items-center gap-2">
        <span className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${admin.role === "super_admin" ? "bg-violet-100 text-violet-900" : "bg-sky-100 text-sky-900"}`}>
          {admin.role === "super_admin" ? "Super admin" : "Admin"}
        </span>
        {admin.role === "admin" ? (
          <ConfirmAction trigger="Remove admin role" question={ADMIN_MANAGEMENT_TEXTS.confirmRemove(who)}>
            <Form method="post" preventScrollReset>
              <input type="hidden" name="intent" value="remove" />
              <input type="hidden" name="roleId" value={admin.roleId} />
              <ActionButton busy={busy} variant="danger">
                Yes, remove
              </ActionButton>
            </Form>
          </ConfirmAction>
        ) : null}
      </div>
    </li>
  );
}

function AssignForm({ result }: { result: IntentAnswer | undefined }) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "assign";
  const mine = answerOf("assign", result);
  const error = mine && !mine.ok ? mine.fieldErrors.identifier : undefined;
  return (
    <Form method="post" preventScrollReset className="rounded-xl border border-gray-200 bg-white p-4" key={result?.ok ? JSON.stringify(result) : "assign"}>
      <input type="hidden" name="intent" value="assign" />
      <h3 className="font-bold text-gray-900">Create Admin</h3>
      <ol className="mt-2 list-decimal space-y-1 pl-5 text-sm text-gray-700">
        <li>The person signs up for an account first (at /auth) and verifies their e-mail.</li>
        <li>Enter their e-mail address or user ID below to give them the admin role.</li>
      </ol>
      <div className="mt-3 flex flex-col gap-3 sm:flex-row sm:items-end">
        <div className="flex-1">
          <label htmlFor="admin-identifier" className="block text-sm font-semibold text-gray-900">
            Email or user ID
          </label>
          <input id="admin-identifier" name="identifier" required autoComplete="off" className={inputClass}
            aria-invalid={error ? true : undefined} aria-describedby={error ? "admin-identifier-error" : undefined} />
          <FieldError id="admin-identifier-error" message={error} />
        </div>
        <ActionButton busy={busy} variant="primary">
          Assign Admin Role
        </ActionButton>
      </div>
    </Form>
  );
}

function AdminManagement({ admins, loadFailed, result }: { admins: AdminUser[] | null; loadFailed: boolean; result: IntentAnswer | undefined }) {
  return (
    <section aria-label="Admin Management" className="space-y-4">
      <h2 className="text-lg font-bold text-gray-900">Admin Management</h2>
      {loadFailed || !admins ? (
        <p role="alert" className="rounded-xl border border-red-200 bg-red-50 p-4 text-red-900">
          {ADMIN_MANAGEMENT_TEXTS.loadFailed}
        </p>
      ) : admins.length === 0 ? (
        <p className="rounded-xl border border-dashed border-gray-300 p-6 text-center text-sm text-gray-700">No admins yet.</p>
      ) : (
        <ul className="space-y-3">
          {admins.map((admin) => (
            <AdminRow key={admin.roleId} admin={admin} />
          ))}
        </ul>
      )}
      <AssignForm result={result} />
    </section>
  );
}

function ComingSoon({ title }: { title: string }) {
  return (
    <section aria-label={title} className="rounded-xl border border-dashed border-gray-300 p-8 text-center">
      <h2 className="text-lg font-bold text-gray-900">{title}</h2>
      <p className="mt-1 text-gray-700">Coming soon.</p>
    </section>
  );
}

export default function SuperAdminDashboard({ loaderData }: Route.ComponentProps) {
  const { answer: result } = useAction<{ intent: string }>({ page: true });
  return (
    <section className="container-page py-8" aria-labelledby="super-admin-title">
      <PageTitle id="super-admin-title">Super Admin</PageTitle>
      <nav aria-label="Shortcuts" className="mt-6 grid grid-cols-2 gap-3 sm:grid-cols-3">
        {SHORTCUTS.map((shortcut) => (
          <Link key={shortcut.to} to={shortcut.to} className="rounded-xl border border-gray-200 p-4 font-semibold text-gray-900 hover:border-brand-strong">
            {shortcut.label}
          </Link>
        ))}
      </nav>
      <Link
        to="/super-admin-creator"
        className="mt-6 inline-flex items-center justify-center rounded-lg bg-brand-strong px-5 py-2.5 text-sm font-semibold text-white hover:opacity-90"
      >
        Make another user super admin
      </Link>
      <div className="mt-8">
        <DashboardTabs tabs={SECTIONS.tabs} current={loaderData.tab} label="Super admin sections" />
      </div>
      <div className="mt-5">
        {loaderData.tab === "admins" ? (
          <AdminManagement admins={loaderData.admins} loadFailed={loaderData.loadFailed} result={result} />
        ) : (
          <ComingSoon title={loaderData.tab === "settings" ? "System Settings" : "Security"} />
        )}
      </div>
    </section>
  );
}
