import { type ReactNode, useId } from "react";
import type { Bank } from "../../domain/payments/provider";
import type { OwnBankAccount } from "../../domain/payouts/bank-accounts";
import { BANK_ACCOUNT_TEXTS } from "../../domain/payouts/bank-validation";
import type { LedgerEntryView, PayoutView, VendorEarnings } from "../../domain/payouts/earnings";
import { type LedgerBucket, PAYOUT_STATUS_LABELS, warrantyLabel } from "../../lib/constants";
import { formatNaira } from "../../lib/money";
import { TestBadge } from "../ui/badges";
import { FileLink } from "../ui/file-link";
import { formatCalendarMonth, formatDate, formatDateTime, formatDayDate } from "../ui/format";
import { SectionTitle } from "../ui/page-title";
import { BankAccountForm } from "./bank-account-form";

/** What the Earnings tab shows of the vendor's money (docs/vendors.md). */
export interface EarningsTabData {
  earnings: VendorEarnings;
  bankAccount: OwnBankAccount | null;
  /** Paystack's banks; null when Paystack could not be asked (the form stays closed). */
  banks: Bank[] | null;
  /** The warranty days of the pricing config: how long a sale stays pending. */
  warrantyDays: number;
  /** Only an approved vendor adds or changes payout details. */
  canSaveBank: boolean;
}

export const EARNINGS_TEXTS = {
  loadFailed: "Failed to load earnings",
  pending: "Pending",
  pendingHint: (days: number) => `Sold, within the ${warrantyLabel(days)}`,
  available: "Available",
  belowZero: "A refund came after a payout: it is taken from your next sales.",
  inTransit: "On its way",
  paidOut: "Paid out",
  nextPayout: (date: string) => `Next payout: ${date}`,
  minimum: (amount: string) => `Payouts are sent when your available balance reaches ${amount}`,
  payoutDetails: "Payout details",
  noAccount: "Add the bank account your payouts go to. Paystack tells us the name on it.",
  heldNote: "After a change of account the next payout waits, to keep your money safe.",
  entries: "Entries",
  noEntries: "No earnings yet. Sales appear here once paid.",
  payouts: "Payouts",
  noPayouts: "No payouts yet",
  statements: "Statements",
  statementsHint: "A spreadsheet (CSV) of each month's entries with its opening and closing balances.",
  noStatements: "No statements yet",
  statement: (month: string) => `Statement for ${formatCalendarMonth(month)}`,
} as const;

const T = EARNINGS_TEXTS;

const BUCKET_LABELS: Record<LedgerBucket, string> = { pending: T.pending, available: T.available };

/** '+₦12,000' for money in, '−₦3,000' for money out. */
function signedNaira(kobo: number): string {
  return `${kobo < 0 ? "−" : "+"}${formatNaira(Math.abs(kobo))}`;
}

const EMPTY_BOX = "mt-3 rounded-xl border border-dashed border-gray-300 p-6 text-center text-gray-700";
const TABLE_BOX = "mt-3 overflow-x-auto rounded-xl border border-gray-200";
const CELL = "px-3 py-2 align-top";

/**
 * The Earnings tab: the four balances and when the next payout comes, where payouts go, every
 * ledger entry, every payout and a statement per month.
 */
export function VendorEarningsTab({ data }: { data: EarningsTabData | null }) {
  if (data === null) {
    return (
      <section aria-labelledby="vendor-earnings-title">
        <SectionTitle id="vendor-earnings-title">Earnings</SectionTitle>
        <p role="alert" className="mt-4 rounded-xl border border-red-200 bg-red-50 p-4 text-red-900">
          {T.loadFailed}
        </p>
      </section>
    );
  }
  const { earnings } = data;
  return (
    <div className="space-y-10">
      <Balances earnings={earnings} warrantyDays={data.warrantyDays} />
      <PayoutDetails account={data.bankAccount} banks={data.banks} canSave={data.canSaveBank} />
      <Entries entries={earnings.entries} />
      <Payouts payouts={earnings.payouts} />
      <Statements months={earnings.months} />
    </div>
  );
}

function Figure({ label, amount, hint }: { label: string; amount: number; hint?: string }) {
  return (
    <div className="rounded-xl border border-gray-200 bg-white p-4">
      <dt className="text-sm font-semibold text-gray-700">{label}</dt>
      <dd className={`mt-1 text-xl font-extrabold sm:text-2xl ${amount < 0 ? "text-red-800" : "text-gray-900"}`}>{formatNaira(amount)}</dd>
      {hint ? <dd className="mt-1 text-xs text-gray-600">{hint}</dd> : null}
    </div>
  );
}

function Balances({ earnings, warrantyDays }: { earnings: VendorEarnings; warrantyDays: number }) {
  return (
    <section aria-labelledby="vendor-earnings-title">
      <SectionTitle id="vendor-earnings-title">Earnings</SectionTitle>
      <dl className="mt-3 grid grid-cols-2 gap-3 lg:grid-cols-4">
        <Figure label={T.pending} amount={earnings.pending} hint={T.pendingHint(warrantyDays)} />
        <Figure label={T.available} amount={earnings.available} hint={earnings.available < 0 ? T.belowZero : undefined} />
        <Figure label={T.inTransit} amount={earnings.inTransit} />
        <Figure label={T.paidOut} amount={earnings.paidOut} />
      </dl>
      <p className="mt-3 text-sm text-gray-800">
        <span className="font-semibold">{T.nextPayout(formatDayDate(earnings.nextRunAt))}</span>. {T.minimum(formatNaira(earnings.payoutMinimum))}.
      </p>
    </section>
  );
}

function PayoutDetails({ account, banks, canSave }: { account: OwnBankAccount | null; banks: Bank[] | null; canSave: boolean }) {
  return (
    <section aria-labelledby="payout-details-title">
      <SectionTitle id="payout-details-title">{T.payoutDetails}</SectionTitle>
      {account ? <CurrentAccount account={account} /> : <p className="mt-2 text-sm text-gray-700">{T.noAccount}</p>}
      {canSave ? (
        <BankAccountForm banks={banks} changing={account !== null} />
      ) : (
        <p className="mt-3 rounded-xl bg-gray-50 p-4 text-sm text-gray-800">{BANK_ACCOUNT_TEXTS.notApproved}</p>
      )}
    </section>
  );
}

function CurrentAccount({ account }: { account: OwnBankAccount }) {
  return (
    <div className="mt-3 rounded-xl border border-gray-200 bg-white p-4" data-testid="payout-account">
      <p className="font-semibold text-gray-900">{`${account.bankName} ${account.accountNumber}`}</p>
      <p className="text-sm text-gray-800">{account.accountName}</p>
      {account.nameMismatch ? <p className="mt-2 text-sm text-amber-900">{BANK_ACCOUNT_TEXTS.nameDiffers}</p> : null}
      {account.heldUntil ? (
        <p className="mt-3 rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-950">
          <span className="font-semibold">{BANK_ACCOUNT_TEXTS.heldUntil(formatDateTime(account.heldUntil))}</span>. {T.heldNote}
        </p>
      ) : null}
    </div>
  );
}

/** A table with its caption for screen readers, scrolling sideways on a narrow screen. */
function Table({ caption, headings, children }: { caption: string; headings: ReadonlyArray<{ label: string; numeric?: boolean }>; children: ReactNode }) {
  return (
    <div className={TABLE_BOX}>
      <table className="min-w-full divide-y divide-gray-200 bg-white text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-gray-50 text-left text-gray-900">
          <tr>
            {headings.map((heading) => (
              <th key={heading.label} scope="col" className={`px-3 py-2 font-semibold ${heading.numeric ? "text-right" : ""}`}>
                {heading.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-gray-100 text-gray-800">{children}</tbody>
      </table>
    </div>
  );
}

const ENTRY_HEADINGS = [{ label: "Date" }, { label: "Entry" }, { label: "Order" }, { label: "Balance" }, { label: "Amount", numeric: true }, { label: "Note" }];

function Entries({ entries }: { entries: readonly LedgerEntryView[] }) {
  const id = useId();
  return (
    <section aria-labelledby={id}>
      <SectionTitle id={id}>{T.entries}</SectionTitle>
      {entries.length === 0 ? (
        <p className={EMPTY_BOX}>{T.noEntries}</p>
      ) : (
        <Table caption="Entries, newest first" headings={ENTRY_HEADINGS}>
          {entries.map((entry) => (
            <tr key={entry.id} data-testid="ledger-entry">
              <td className={`${CELL} whitespace-nowrap`}>{formatDate(entry.createdAt)}</td>
              <td className={CELL}>{entry.label}</td>
              <td className={`${CELL} whitespace-nowrap`}>{entry.orderNumber ? `#${entry.orderNumber}` : ""}</td>
              <td className={CELL}>{BUCKET_LABELS[entry.bucket]}</td>
              <td className={`${CELL} whitespace-nowrap text-right font-semibold ${entry.amount < 0 ? "text-red-800" : "text-emerald-800"}`}>{signedNaira(entry.amount)}</td>
              <td className={CELL}>{entry.note ?? ""}</td>
            </tr>
          ))}
        </Table>
      )}
    </section>
  );
}

const PAYOUT_HEADINGS = [{ label: "Date" }, { label: "Amount", numeric: true }, { label: "Account" }, { label: "Status" }, { label: "Reference" }];

function Payouts({ payouts }: { payouts: readonly PayoutView[] }) {
  const id = useId();
  return (
    <section aria-labelledby={id}>
      <SectionTitle id={id}>{T.payouts}</SectionTitle>
      {payouts.length === 0 ? (
        <p className={EMPTY_BOX}>{T.noPayouts}</p>
      ) : (
        <Table caption="Payouts, newest first" headings={PAYOUT_HEADINGS}>
          {payouts.map((payout) => (
            <tr key={payout.id} data-testid="payout-row">
              <td className={`${CELL} whitespace-nowrap`}>{formatDate(payout.paidAt ?? payout.createdAt)}</td>
              <td className={`${CELL} whitespace-nowrap text-right font-semibold`}>{formatNaira(payout.amount)}</td>
              <td className={`${CELL} whitespace-nowrap`}>{payout.account}</td>
              <td className={CELL}>
                <span className="flex flex-wrap items-center gap-1.5">
                  {PAYOUT_STATUS_LABELS[payout.status]}
                  {payout.isTest ? <TestBadge /> : null}
                </span>
                {payout.failureReason ? <span className="mt-1 block text-xs text-red-800">{payout.failureReason}</span> : null}
              </td>
              <td className={`${CELL} font-mono text-xs`}>{payout.reference}</td>
            </tr>
          ))}
        </Table>
      )}
    </section>
  );
}

function Statements({ months }: { months: readonly string[] }) {
  const id = useId();
  return (
    <section aria-labelledby={id}>
      <SectionTitle id={id}>{T.statements}</SectionTitle>
      <p className="mt-1 text-sm text-gray-700">{T.statementsHint}</p>
      {months.length === 0 ? (
        <p className={EMPTY_BOX}>{T.noStatements}</p>
      ) : (
        <ul className="mt-3 flex flex-wrap gap-2">
          {months.map((month) => (
            <li key={month}>
              <FileLink
                href={`/vendor-dashboard/statement?month=${month}`}
                className="inline-flex min-h-11 items-center rounded-lg px-3 py-2 text-sm font-semibold text-brand-strong ring-1 ring-inset ring-gray-300 hover:bg-gray-50"
              >
                {T.statement(month)}
              </FileLink>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
