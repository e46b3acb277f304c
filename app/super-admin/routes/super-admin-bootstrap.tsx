import { useEffect } from "react";
import { Form, Link, useNavigate } from "react-router";
import { bootstrapSuperAdmin, superAdminExists } from "../../../domain/accounts/super-admin";
import { SUPER_ADMIN_TEXTS } from "../../../domain/accounts/texts";
import { LIMITS } from "../../../lib/constants";
import { AuthCard } from "../../account/auth-ui";
import { SubmitButton } from "../../ui/form-field";
import { FormError, FormSuccess, useBusy } from "../../ui/forms";
import { useAction } from "../../ui/answer";
import { requireUser } from "../../server/access.server";
import { formRefused, formSuccess } from "../../server/intent-answers.server";
import type { Route } from "./+types/super-admin-bootstrap";

export async function loader({ context }: Route.LoaderArgs) {
  const viewer = await context.getViewer();
  return { signedIn: Boolean(viewer), open: !(await superAdminExists(context.db)) };
}

/** Makes the signed-in user the first super admin, only while there is none (docs/super-admin.md). */
export async function action({ context }: Route.ActionArgs) {
  const viewer = await requireUser(context);
  const outcome = await bootstrapSuperAdmin(context.db, viewer);
  if (outcome === "exists") {
    const errors = { form: SUPER_ADMIN_TEXTS.alreadyExists };
    return formRefused("bootstrap", "conflict", SUPER_ADMIN_TEXTS.bootstrapFailed, SUPER_ADMIN_TEXTS.alreadyExists, errors);
  }
  return formSuccess("bootstrap", SUPER_ADMIN_TEXTS.roleAssigned);
}

export function meta() {
  return [{ title: "Super Admin Setup" }, { name: "robots", content: "noindex" }];
}

export default function SuperAdminBootstrap({ loaderData }: Route.ComponentProps) {
  const { answer: result, fieldErrors } = useAction({ page: true });
  const assigned = result?.ok === true;
  const navigate = useNavigate();
  const busy = useBusy("bootstrap");

  useEffect(() => {
    if (!assigned) return;
    const timer = window.setTimeout(() => navigate("/super-admin"), LIMITS.bootstrapRedirectMs);
    return () => window.clearTimeout(timer);
  }, [assigned, navigate]);

  if (!loaderData.signedIn) {
    return (
      <AuthCard title="Super Admin Setup">
        <FormError message={SUPER_ADMIN_TEXTS.mustBeLoggedIn} />
        <Link
          to="/auth"
          className="mt-6 inline-flex w-full items-center justify-center rounded-lg bg-brand-strong px-4 py-3 text-base font-semibold text-white hover:opacity-90"
        >
          {SUPER_ADMIN_TEXTS.goToLogin}
        </Link>
      </AuthCard>
    );
  }
  if (assigned) {
    return (
      <AuthCard title="Super Admin Setup">
        <FormSuccess>{SUPER_ADMIN_TEXTS.roleAssigned} Taking you to the super admin dashboard…</FormSuccess>
        <Link to="/super-admin" className="mt-4 inline-block text-sm font-semibold text-brand-strong hover:underline">
          Go to the super admin dashboard now
        </Link>
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Super Admin Setup" subtitle="Make your account the first super admin of this shop.">
      {loaderData.open ? (
        <Form method="post" className="space-y-4">
          <input type="hidden" name="intent" value="bootstrap" />
          <FormError message={fieldErrors.form} />
          <p className="text-sm text-gray-700">This works only once: as soon as a super admin exists, this page is closed.</p>
          <SubmitButton busy={busy} busyText="Assigning…">
            Become Super Admin
          </SubmitButton>
        </Form>
      ) : (
        <FormError message={`${SUPER_ADMIN_TEXTS.alreadyExists} Ask a super admin to give you access.`} />
      )}
    </AuthCard>
  );
}
