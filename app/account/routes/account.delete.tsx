import { useState } from "react";
import { Form, Link, data, redirect, useNavigation } from "react-router";
import { signInHref } from "../../checkout/cart-sign-in";
import { signOutEverywhere } from "../../../domain/accounts/service";
import { Refusal } from "../../../domain/core/refusal";
import { fileStorageFor } from "../../../domain/media/storage-config";
import { deletionBlockers } from "../../../domain/privacy/blockers";
import { deleteAccount } from "../../../domain/privacy/deletion";
import { PRIVACY_TEXTS } from "../../../domain/privacy/texts";
import { refused } from "../../server/answer.server";
import { requireUser } from "../../server/access.server";
import { accountsOf } from "../../server/auth-forms.server";
import { redirectWithToast } from "../../server/flash.server";
import { readForm } from "../../server/forms.server";
import { FileLink } from "../../ui/file-link";
import { FormButton, TextField } from "../../ui/form-field";
import { PageTitle } from "../../ui/page-title";
import { useHydrated } from "../../ui/use-hydrated";
import { DELETE_PAGE_TEXTS as T } from "../data-rights-texts";
import type { Route } from "./+types/account.delete";
import { logServerError } from "../../server/log.server";

export const meta: Route.MetaFunction = () => [{ title: T.title }, { name: "robots", content: "noindex" }];

/** What deleting removes and keeps, and anything that must finish first (docs/accounts.md, 'Your data'). */
export async function loader({ context }: Route.LoaderArgs) {
  const viewer = await context.getViewer();
  if (!viewer) throw redirect(signInHref("/account/delete"));
  const blockers = await deletionBlockers(context.db, viewer.userId);
  return data({ email: viewer.email, blockers }, { headers: { "Cache-Control": "no-store" } });
}

/** Deletes the account; every session ends and the browser lands on the home page with the news. */
export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await requireUser(context);
  const form = await readForm(request);
  const fields = { password: form.get("password") ?? undefined, confirmation: form.get("confirmation") ?? undefined };
  try {
    await deleteAccount({ db: context.db, storage: fileStorageFor(context.config), logError: logServerError }, viewer.userId, fields);
  } catch (error) {
    if (error instanceof Refusal) return refused(error, PRIVACY_TEXTS.deleteFailed);
    throw error;
  }
  const setCookies = await signOutEverywhere(accountsOf(context), request.headers).catch((error: unknown) => {
    logServerError("Clearing the cookie of a deleted account failed", error);
    return [];
  });
  return redirectWithToast("/", { kind: "success", title: PRIVACY_TEXTS.accountDeleted, description: PRIVACY_TEXTS.accountDeletedDetail }, { setCookies });
}

export default function DeleteAccountPage({ loaderData, actionData }: Route.ComponentProps) {
  const { email, blockers } = loaderData;
  const busy = useNavigation().state !== "idle";
  const hydrated = useHydrated();
  // The confirm step belongs to the answer it was opened after: a refused attempt starts over from the form.
  const [confirmingAfter, setConfirmingAfter] = useState<typeof actionData | "closed">("closed");
  const confirming = confirmingAfter === actionData;
  const answer = actionData && !actionData.ok ? actionData : null;
  const errors = answer?.fieldErrors ?? {};

  return (
    <section className="container-page max-w-2xl py-8" aria-labelledby="delete-title">
      <PageTitle id="delete-title">{T.title}</PageTitle>
      <p className="mt-2 text-gray-700">{T.signedInAs(email)}</p>
      <div className="mt-6 space-y-3 text-gray-800">
        <h2 className="text-lg font-bold text-gray-900">{T.whatHappens}</h2>
        <ul className="list-disc space-y-1.5 pl-5">
          {T.consequences.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
        <p>
          {T.downloadFirst} <FileLink href="/account/data" className="font-semibold text-brand-strong underline">{T.downloadLink}</FileLink>
        </p>
      </div>

      {blockers.length > 0 ? (
        <div role="status" className="mt-6 rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-900">
          <p className="font-semibold">{T.notYet}</p>
          <ul className="mt-2 list-disc space-y-1 pl-5">
            {blockers.map((reason) => (
              <li key={reason}>{reason}</li>
            ))}
          </ul>
        </div>
      ) : null}

      {answer ? (
        <div role="alert" className="mt-6 rounded-lg border border-red-300 bg-red-50 p-4 text-red-800">
          <p className="font-semibold">{answer.message}</p>
          {answer.detail ? <p className="mt-1">{answer.detail}</p> : null}
        </div>
      ) : null}

      <Form method="post" className="mt-6 space-y-4" aria-labelledby="delete-form-title">
        <h2 id="delete-form-title" className="text-lg font-bold text-gray-900">{T.formTitle}</h2>
        <TextField label={T.passwordLabel} name="password" type="password" autoComplete="current-password" required error={errors.password} />
        <TextField
          label={T.confirmationLabel}
          name="confirmation"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          required
          hint={T.confirmationHint}
          error={errors.confirmation}
        />
        {confirming ? (
          <div role="alertdialog" aria-labelledby="delete-confirm-title" aria-describedby="delete-confirm-body" className="rounded-lg border border-red-300 bg-red-50 p-4">
            <p id="delete-confirm-title" className="font-bold text-red-800">{T.confirmTitle}</p>
            <p id="delete-confirm-body" className="mt-1 text-red-800">{T.confirmBody}</p>
            <div className="mt-4 flex flex-col gap-2 sm:flex-row">
              <FormButton busy={busy} busyText={T.deleting} variant="danger" className="w-full sm:w-auto">
                {T.confirmButton}
              </FormButton>
              <button type="button" onClick={() => setConfirmingAfter("closed")} className="rounded-lg border border-gray-300 px-4 py-3 font-semibold text-gray-800 hover:bg-gray-50">
                {T.cancel}
              </button>
            </div>
          </div>
        ) : hydrated ? (
          <button
            type="button"
            disabled={blockers.length > 0}
            onClick={() => setConfirmingAfter(actionData)}
            className="inline-flex w-full items-center justify-center rounded-lg bg-red-700 px-4 py-3 text-base font-semibold text-white hover:opacity-90 disabled:cursor-not-allowed disabled:opacity-60 sm:w-auto"
          >
            {T.deleteButton}
          </button>
        ) : (
          // Without scripts the typed confirmation word is the confirm step.
          <FormButton busy={busy} busyText={T.deleting} variant="danger" disabled={blockers.length > 0} className="w-full sm:w-auto">
            {T.deleteButton}
          </FormButton>
        )}
      </Form>
      <p className="mt-6">
        <Link to="/" className="font-semibold text-brand-strong underline">{T.keepAccount}</Link>
      </p>
    </section>
  );
}
