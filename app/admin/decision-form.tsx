import { type ReactNode, useState } from "react";
import type { FieldErrors } from "../ui/answer";
import { useHydrated } from "../ui/use-hydrated";
import { ActionButton, FieldError, inputClass, useAdminAction } from "./admin-ui";

/** What a decision's own fields need: the form's id prefix, the errors and the error's id for `aria-describedby`. */
export interface DecisionFieldProps {
  id: string;
  errors: FieldErrors;
  describe: (name: string) => string | undefined;
}

/**
 * An admin's decision on a claim or a return: the decision, the fields it needs (`fields`, shown
 * through CSS alone, the form then being a `group`), a note (required to reject), and a tick first
 * whose words name the decision. It works the same without scripts; the server checks everything again.
 */
export function AdminDecisionForm<D extends string>({ action, idName, subjectId, id, decisions, labels, confirm, hint, noteMax, label, fields }: {
  action: string;
  /** The hidden field naming the claim or return. */
  idName: string;
  subjectId: string;
  /** The prefix of the fields' ids. */
  id: string;
  decisions: readonly D[];
  labels: Record<D, string>;
  /** The tick's words for each decision. */
  confirm: Record<D, string>;
  /** Under the decision: what a refund gives back. */
  hint: ReactNode;
  noteMax: number;
  /** The button's accessible name. */
  label: string;
  fields?: (props: DecisionFieldProps) => ReactNode;
}) {
  const { fetcher, busy, errors } = useAdminAction();
  const [decision, setDecision] = useState<D | "">("");
  const [confirmed, setConfirmed] = useState(false);
  const hydrated = useHydrated();
  const describe = (name: string) => (errors[name] ? `${id}-${name}-error` : undefined);
  return (
    <fetcher.Form method="post" action={action} noValidate className={`${fields ? "group " : ""}grid gap-3 rounded-lg border border-gray-200 p-3 sm:grid-cols-2`}>
      <input type="hidden" name={idName} value={subjectId} />
      <div>
        <label htmlFor={`${id}-decision`} className="block text-sm font-semibold text-gray-900">Decision</label>
        <select id={`${id}-decision`} name="decision" value={decision} onChange={(e) => { setDecision(e.target.value as D); setConfirmed(false); }}
          className={inputClass} aria-invalid={errors.decision ? true : undefined} aria-describedby={describe("decision")}>
          <option value="">Choose a decision</option>
          {decisions.map((value) => (
            <option key={value} value={value}>{labels[value]}</option>
          ))}
        </select>
        <FieldError id={`${id}-decision-error`} message={errors.decision} />
        <p className="mt-1 text-xs text-gray-600">{hint}</p>
      </div>
      {fields?.({ id, errors, describe })}
      <div className="sm:col-span-2">
        <label htmlFor={`${id}-note`} className="block text-sm font-semibold text-gray-900">Note (required to reject)</label>
        <textarea id={`${id}-note`} name="note" rows={2} maxLength={noteMax} className={inputClass}
          aria-invalid={errors.note ? true : undefined} aria-describedby={describe("note")} />
        <FieldError id={`${id}-note-error`} message={errors.note} />
      </div>
      <div className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-900 sm:col-span-2">
        <p>The buyer and the vendor are told at once. A refund sends money back through Paystack and cannot be undone.</p>
        <label className="mt-2 flex items-center gap-2 font-semibold">
          <input type="checkbox" name="confirm" value="yes" checked={confirmed} onChange={(e) => setConfirmed(e.target.checked)} className="h-5 w-5 rounded border-gray-300"
            aria-describedby={describe("confirm")} />
          {decision ? confirm[decision] : "Yes, I have checked this decision"}
        </label>
        <FieldError id={`${id}-confirm-error`} message={errors.confirm} />
      </div>
      <div className="sm:col-span-2 sm:text-right">
        <ActionButton busy={busy} disabled={hydrated && (!decision || !confirmed)} variant={decision === "reject" ? "danger" : "primary"} label={label}>
          Save decision
        </ActionButton>
      </div>
    </fetcher.Form>
  );
}
