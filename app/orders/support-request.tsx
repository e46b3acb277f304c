import { useAction } from "../ui/answer";
import { FormButton, TextAreaField } from "../ui/form-field";

/**
 * 'Ask our support team' on a claim or a return: the buyer's note, folded until opened. `idName`
 * names the claim or the return; `minLength` also gives the note's minimum to the browser.
 */
export function SupportRequestForm({ action, idName, subjectId, fieldId, limits, minLength = false }: {
  action: string;
  idName: string;
  subjectId: string;
  fieldId: string;
  limits: { noteMin: number; noteMax: number };
  minLength?: boolean;
}) {
  const { fetcher, busy, fieldErrors } = useAction();
  return (
    <details className="rounded-lg border border-gray-200 p-3">
      <summary className="cursor-pointer text-sm font-semibold text-brand-strong">Ask our support team</summary>
      <fetcher.Form method="post" action={action} noValidate className="mt-3 space-y-3">
        <input type="hidden" name="intent" value="escalate" />
        <input type="hidden" name={idName} value={subjectId} />
        <TextAreaField
          id={fieldId}
          label="What should our support team know?"
          name="note"
          rows={3}
          minLength={minLength ? limits.noteMin : undefined}
          maxLength={limits.noteMax}
          required
          error={fieldErrors.note}
          hint={`${limits.noteMin} to ${limits.noteMax} characters.`}
        />
        <FormButton busy={busy} busyText="Sending…" className="w-full sm:w-auto">
          Send to support
        </FormButton>
      </fetcher.Form>
    </details>
  );
}
