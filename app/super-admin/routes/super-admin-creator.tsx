import { Form, data, redirect } from "react-router";
import { z } from "../../../lib/zod";
import { grantSuperAdminByEmail } from "../../../domain/accounts/super-admin";
import { SUPER_ADMIN_TEXTS } from "../../../domain/accounts/texts";
import { AuthCard } from "../../account/auth-ui";
import { SubmitButton, TextField } from "../../ui/form-field";
import { FormError, FormSuccess, useBusy, useFormErrors } from "../../ui/forms";
import { useAction } from "../../ui/answer";
import { requireRole } from "../../server/access.server";
import { formValues } from "../../server/auth-forms.server";
import { formRefused, formSuccess, invalidForm } from "../../server/intent-answers.server";
import { may } from "../../../domain/core/access";
import type { Route } from "./+types/super-admin-creator";
import { readForm } from "../../server/forms.server";

const creatorSchema = z.object({
  email: z.string().trim().min(1, SUPER_ADMIN_TEXTS.invalidEmail).max(255, SUPER_ADMIN_TEXTS.invalidEmail).pipe(z.email(SUPER_ADMIN_TEXTS.invalidEmail)),
});

/** Only a super admin may open this page (docs/super-admin.md); others see Access Denied. */
export async function loader({ context }: Route.LoaderArgs) {
  const viewer = await context.getViewer();
  if (!viewer) throw redirect("/auth");
  if (!may(viewer, "manage_admins")) throw data({ denied: true }, { status: 403 });
  return { denied: false };
}

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await requireRole(context, "manage_admins");
  const parsed = creatorSchema.safeParse(formValues(await readForm(request), "email"));
  if (!parsed.success) return invalidForm("create", SUPER_ADMIN_TEXTS.createFailed, parsed.error);
  const outcome = await grantSuperAdminByEmail(context.db, viewer, parsed.data.email);
  if (outcome === "no-user") {
    return formRefused("create", "not_found", SUPER_ADMIN_TEXTS.createFailed, SUPER_ADMIN_TEXTS.noSuchUser, { email: SUPER_ADMIN_TEXTS.noSuchUser });
  }
  return formSuccess("create", SUPER_ADMIN_TEXTS.roleAssigned);
}

export function meta() {
  return [{ title: "Create Super Admin" }, { name: "robots", content: "noindex" }];
}

export default function SuperAdminCreator() {
  const { answer: result } = useAction<{ intent: string }>({ page: true });
  const { errors, validate } = useFormErrors("create", result, creatorSchema, SUPER_ADMIN_TEXTS.createFailed);
  const busy = useBusy("create");
  const done = result?.intent === "create" && result.ok;
  return (
    <AuthCard title="Create Super Admin" subtitle="Give another person full control of the shop. They must have signed up first.">
      {done ? (
        <FormSuccess className="mb-4">{SUPER_ADMIN_TEXTS.roleAssigned}</FormSuccess>
      ) : null}
      <Form method="post" noValidate onSubmit={validate} className="space-y-4">
        <input type="hidden" name="intent" value="create" />
        <FormError message={errors.form} />
        <TextField label="Email" name="email" type="email" autoComplete="off" inputMode="email" required error={errors.email} />
        <SubmitButton busy={busy} busyText="Assigning…">
          Make Super Admin
        </SubmitButton>
      </Form>
    </AuthCard>
  );
}
