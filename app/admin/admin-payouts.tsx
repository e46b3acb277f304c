import type { ReactNode } from "react";
import type { AdminPayoutRow, NameMismatchRow, PayoutRunView, PayoutsOverview, VendorBalanceRow } from "../../domain/payouts/admin-payouts";
import { ADJUSTMENT_BOUNDS, PAYOUT_ADMIN_TEXTS as T, RUN_AS_OF_TEXTS } from "../../domain/payouts/validation";
import type { PayoutStatus } from "../../lib/constants";
import { formatNaira } from "../../lib/money";
import { formatDateTime } from "../ui/format";
import { TestBadge } from "./admin-orders";
import { ActionButton, ConfirmAction, EmptyRow, ExportLink, FieldError, SectionHeading, inputClass, useAdminAction } from "./admin-ui";

const ACTION = "/admin/payouts";

/** The Payouts tab (docs/admin.md, payouts): the next run, who cannot be paid yet, balances, and the runs with their transfers. */
export function AdminPayoutsTab({ overview, testMode }: { overview: PayoutsOverview; testMode: boolean }) {
  return (
    <section aria-label="Payouts" className="space-y-6">
      <SectionHeading title="Payouts">
        <ExportLink kind="payouts" label={T.download} />
      </SectionHeading>
      <NextRun overview={overview} testMode={testMode} />
      <WithoutBankAccount vendors={overview.withoutBankAccount} />
      {overview.nameMismatches.length > 0 ? <NameMismatches accounts={overview.nameMismatches} /> : null}
      <Balances balances={overview.balances} />
      <Runs runs={overview.runs} />
    </section>
  );
}

function Panel({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div role="region" aria-label={title} className="rounded-xl border border-gray-200 bg-white p-4">
      <h3 className="font-bold text-gray-900">{title}</h3>
      {children}
    </div>
  );
}

function NextRun({ overview, testMode }: { overview: PayoutsOverview; testMode: boolean }) {
  const { fetcher, busy } = useAdminAction();
  const minimum = formatNaira(overview.minimum);
  return (
    <div className="flex flex-wrap items-start justify-between gap-3 rounded-xl border border-gray-200 bg-white p-4 text-sm">
      <div>
        <p className="font-semibold text-gray-900">
          {T.nextRun} <time dateTime={overview.nextRunAt}>{formatDateTime(overview.nextRunAt)}</time> ({T.lagosTime})
        </p>
        <p className="mt-1 text-gray-700">{T.schedule(overview.weekday, minimum)}</p>
      </div>
      <ConfirmAction trigger={T.start} question={T.startConfirm(minimum)}>
        <fetcher.Form method="post" action={ACTION}>
          <input type="hidden" name="intent" value="start" />
          {testMode ? (
            <label className="mb-3 block text-sm">
              <span className="font-semibold text-gray-900">{RUN_AS_OF_TEXTS.label}</span>
              <input type="date" name="asOf" className="mt-1 block w-full rounded-lg border border-gray-300 px-3 py-2" aria-describedby="run-as-of-hint" />
              <span id="run-as-of-hint" className="mt-1 block text-xs text-gray-600">{RUN_AS_OF_TEXTS.hint}</span>
            </label>
          ) : null}
          <ActionButton busy={busy} variant="danger" label={`${T.startButton}: ${T.start}`}>{T.startButton}</ActionButton>
        </fetcher.Form>
      </ConfirmAction>
    </div>
  );
}

const owed = (vendor: VendorBalanceRow) => T.owed(formatNaira(vendor.available), formatNaira(vendor.pending));

function WithoutBankAccount({ vendors }: { vendors: VendorBalanceRow[] }) {
  return (
    <Panel title={T.withoutBank}>
      {vendors.length === 0 ? (
        <p className="mt-1 text-sm text-gray-700">{T.everyoneHasBank}</p>
      ) : (
        <ul className="mt-2 space-y-1 text-sm text-gray-800">
          {vendors.map((vendor) => (
            <li key={vendor.vendorId}>
              <span className="font-semibold">{vendor.businessName}</span> · {owed(vendor)}
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}

function NameMismatches({ accounts }: { accounts: NameMismatchRow[] }) {
  return (
    <Panel title={T.nameMismatches}>
      <p className="mt-1 text-sm text-gray-700">{T.nameMismatchHint}</p>
      <ul className="mt-2 space-y-1 text-sm text-gray-800">
        {accounts.map((account) => (
          <li key={account.vendorId}>
            <span className="font-semibold">{account.businessName}</span>: {account.accountName} · {account.bankName} ****{account.accountNumber.slice(-4)}
          </li>
        ))}
      </ul>
    </Panel>
  );
}

function Balances({ balances }: { balances: VendorBalanceRow[] }) {
  return (
    <Panel title={T.balances}>
      {balances.length === 0 ? (
        <p className="mt-1 text-sm text-gray-700">{T.noBalances}</p>
      ) : (
        <ul className="mt-2 divide-y divide-gray-100 text-sm">
          {balances.map((vendor) => (
            <li key={vendor.vendorId} className="py-2" aria-label={`Balance of ${vendor.businessName}`} data-testid="payout-balance">
              <p className="text-gray-800">
                <span className="font-semibold text-gray-900">{vendor.businessName}</span> · {owed(vendor)}
              </p>
              <AdjustmentForm vendor={vendor} />
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}

/** 'Adjust': a credit or debit of the available balance, with the reason the vendor reads; asked twice. */
function AdjustmentForm({ vendor }: { vendor: VendorBalanceRow }) {
  const { fetcher, busy, errors } = useAdminAction();
  const id = `adjust-${vendor.vendorId}`;
  const describe = (name: string) => (errors[name] ? `${id}-${name}-error` : undefined);
  return (
    <details className="mt-1">
      <summary className="cursor-pointer font-semibold text-brand-strong">
        {T.adjust}
        <span className="sr-only"> the balance of {vendor.businessName}</span>
      </summary>
      <fetcher.Form method="post" action={ACTION} noValidate className="mt-2 grid gap-3 sm:grid-cols-2">
        <input type="hidden" name="intent" value="adjust" />
        <input type="hidden" name="vendorId" value={vendor.vendorId} />
        <fieldset className="sm:col-span-2" aria-describedby={describe("direction")}>
          <legend className="font-semibold text-gray-900">{T.directionLegend}</legend>
          <div className="mt-1 flex flex-wrap gap-x-4 gap-y-2 text-gray-800">
            <label className="flex items-center gap-2">
              <input type="radio" name="direction" value="credit" className="h-4 w-4" />
              {T.credit}
            </label>
            <label className="flex items-center gap-2">
              <input type="radio" name="direction" value="debit" className="h-4 w-4" />
              {T.debit}
            </label>
          </div>
          <FieldError id={`${id}-direction-error`} message={errors.direction} />
        </fieldset>
        <div>
          <label htmlFor={`${id}-amount`} className="block font-semibold text-gray-900">{T.amountLabel}</label>
          <input id={`${id}-amount`} name="amountNaira" inputMode="decimal" autoComplete="off" required className={inputClass}
            aria-invalid={errors.amountNaira ? true : undefined} aria-describedby={describe("amountNaira")} />
          <FieldError id={`${id}-amountNaira-error`} message={errors.amountNaira} />
        </div>
        <div>
          <label htmlFor={`${id}-reason`} className="block font-semibold text-gray-900">{T.reasonLabel}</label>
          <input id={`${id}-reason`} name="reason" required minLength={ADJUSTMENT_BOUNDS.reasonMin} maxLength={ADJUSTMENT_BOUNDS.reasonMax} className={inputClass}
            aria-invalid={errors.reason ? true : undefined} aria-describedby={describe("reason")} />
          <FieldError id={`${id}-reason-error`} message={errors.reason} />
        </div>
        <div className="sm:col-span-2">
          <ConfirmAction trigger={T.post} question={T.adjustConfirm(vendor.businessName)}>
            <ActionButton busy={busy} variant="danger" label={`${T.postButton}: ${vendor.businessName}`}>{T.postButton}</ActionButton>
          </ConfirmAction>
        </div>
      </fetcher.Form>
    </details>
  );
}

function Runs({ runs }: { runs: PayoutRunView[] }) {
  return (
    <div role="region" aria-label={T.runs}>
      <h3 className="mb-2 font-bold text-gray-900">{T.runs}</h3>
      {runs.length === 0 ? (
        <EmptyRow text={T.noRuns} />
      ) : (
        <ul className="space-y-3">
          {runs.map((run) => (
            <RunCard key={run.id} run={run} />
          ))}
        </ul>
      )}
    </div>
  );
}

function RunCard({ run }: { run: PayoutRunView }) {
  return (
    <li className="rounded-xl border border-gray-200 bg-white p-4 text-sm" aria-label={`Payout run ${run.period}`} data-testid="payout-run">
      <p className="font-semibold text-gray-900">{run.period}</p>
      <p className="text-gray-700">
        Started by {run.startedBy ?? T.bySchedule} · <time dateTime={run.startedAt}>{formatDateTime(run.startedAt)}</time>
        {run.finishedAt ? <> · finished <time dateTime={run.finishedAt}>{formatDateTime(run.finishedAt)}</time></> : " · not finished"}
      </p>
      {run.error ? <p className="mt-1 font-semibold text-red-800">{run.error}</p> : null}
      {run.payouts.length === 0 ? <p className="mt-2 text-gray-700">{T.noPayouts}</p> : <PayoutList payouts={run.payouts} period={run.period} />}
    </li>
  );
}

const STATUS_STYLES: Record<PayoutStatus, string> = {
  pending: "text-amber-800",
  paid: "text-emerald-800",
  failed: "text-red-800",
  reversed: "text-red-800",
};

/** A run's transfers as a list, not a table: the retry question opens below its row without being cut off. */
function PayoutList({ payouts, period }: { payouts: AdminPayoutRow[]; period: string }) {
  return (
    <ul className="mt-3 divide-y divide-gray-100 rounded-lg border border-gray-200" aria-label={`Transfers of the payout run ${period}`}>
      {payouts.map((payout) => (
        <li key={payout.id} className="flex flex-wrap items-start justify-between gap-3 p-3" data-testid="payout-row" data-reference={payout.reference}>
          <div className="min-w-0 text-gray-800">
            <p>
              <span className="font-semibold text-gray-900">{payout.businessName}</span> · {formatNaira(payout.amount)} · {payout.account}
            </p>
            <p>
              <span className={`font-semibold ${STATUS_STYLES[payout.status]}`}>{payout.statusLabel}</span>
              {payout.isTest ? <TestBadge /> : null}
              {payout.failureReason ? ` · ${payout.failureReason}` : ""}
            </p>
            <p className="text-xs text-gray-600">
              <span className="font-mono">{payout.reference}</span> · attempt {payout.attempt}
            </p>
          </div>
          {payout.canRetry ? <RetryForm payout={payout} /> : null}
          {payout.awaitingOtp ? <OtpForm payout={payout} /> : null}
        </li>
      ))}
    </ul>
  );
}

function RetryForm({ payout }: { payout: AdminPayoutRow }) {
  const { fetcher, busy } = useAdminAction();
  return (
    <div>
      <ConfirmAction trigger={T.retry} question={T.retryConfirm(payout.businessName)}>
        <fetcher.Form method="post" action={ACTION}>
          <input type="hidden" name="intent" value="retry" />
          <input type="hidden" name="payoutId" value={payout.id} />
          <ActionButton busy={busy} variant="danger" label={`${T.retryButton}: ${payout.reference}`}>{T.retryButton}</ActionButton>
        </fetcher.Form>
      </ConfirmAction>
    </div>
  );
}

/** A transfer Paystack holds for the OTP it texted the business: type it in, or ask for a new one. */
function OtpForm({ payout }: { payout: AdminPayoutRow }) {
  const send = useAdminAction();
  const resend = useAdminAction();
  const id = `otp-${payout.id}`;
  const error = send.errors.otp;
  return (
    <div className="flex flex-wrap items-end gap-2">
      <send.fetcher.Form method="post" action={ACTION} noValidate className="flex flex-wrap items-end gap-2">
        <input type="hidden" name="intent" value="finalize-otp" />
        <input type="hidden" name="payoutId" value={payout.id} />
        <div>
          <label htmlFor={id} className="block font-semibold text-gray-900">{T.otpLabel}</label>
          <input id={id} name="otp" inputMode="numeric" autoComplete="one-time-code" pattern="[0-9]*" maxLength={8} required className={`${inputClass} w-32`}
            aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined} />
          <FieldError id={`${id}-error`} message={error} />
        </div>
        <ActionButton busy={send.busy} variant="primary" label={`${T.sendWithOtp}: ${payout.reference}`}>{T.sendWithOtp}</ActionButton>
      </send.fetcher.Form>
      <resend.fetcher.Form method="post" action={ACTION}>
        <input type="hidden" name="intent" value="resend-otp" />
        <input type="hidden" name="payoutId" value={payout.id} />
        <ActionButton busy={resend.busy} label={`${T.resendOtp}: ${payout.reference}`}>{T.resendOtp}</ActionButton>
      </resend.fetcher.Form>
    </div>
  );
}
