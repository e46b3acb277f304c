import { formatNaira } from "../lib/money";
import { bankByCode } from "./banks";
import {
  CHANNEL_LABELS, type StandinChannel, TRANSFER_ACCOUNT_NAME, TRANSFER_BANK, USSD_BANK, allowedChannels, transferAccountNumber, ussdCode,
} from "./channels";
import { type StandinRecipient, type StandinTransaction, type StandinTransfer, refundStatusOf } from "./store";

/**
 * The stand-in's checkout page: server-rendered HTML with no scripts (the shop's
 * Content-Security-Policy allows no inline script; inline styles are fine).
 */

export const MERCHANT_NAME = "Tokunbo Phones";
export const TEST_MODE_BANNER = "Test mode — no real money";

export const PAGE_TEXTS = {
  unknownCard: "This is not a test card. Pay with 4084 0840 8408 4081, or use 4084 0800 0000 5408 to see a decline.",
  badExpiry: "Enter the expiry date as MM/YY, not in the past.",
  badCvv: "Enter the 3-digit CVV from the back of the card (408 for the test cards).",
  alreadyPaid: "This payment has already been made.",
  closed: "This payment is closed. Go back to the shop to try again.",
  notFound: "This payment link is not valid.",
} as const;

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

const STYLE = `
*{box-sizing:border-box}
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f3f4f6;color:#111827}
main{max-width:28rem;margin:0 auto;padding:1rem}
.banner{margin:0 0 1rem;padding:.75rem 1rem;border:2px dashed #b45309;border-radius:.5rem;background:#fef3c7;color:#78350f;font-weight:700;text-align:center}
.card{background:#fff;border-radius:.75rem;padding:1.25rem;box-shadow:0 1px 3px rgba(0,0,0,.12)}
h1{font-size:1.125rem;margin:0 0 .25rem}
.amount{font-size:1.75rem;font-weight:700;margin:.25rem 0}
.email{color:#4b5563;margin:0 0 1rem;overflow-wrap:anywhere}
label{display:block;font-weight:600;margin:.75rem 0 .25rem}
input{width:100%;font:inherit;padding:.75rem;border:1px solid #9ca3af;border-radius:.5rem}
input:focus,button:focus{outline:3px solid #2563eb;outline-offset:2px}
input[aria-invalid=true]{border-color:#b91c1c}
.row{display:flex;gap:.75rem}.row>div{flex:1}
.error{margin:1rem 0 0;padding:.75rem;border-radius:.5rem;background:#fee2e2;color:#7f1d1d}
.actions{display:flex;flex-direction:column;gap:.5rem;margin-top:1.25rem}
button{font:inherit;font-weight:700;padding:.85rem;border-radius:.5rem;border:0;cursor:pointer;min-height:3rem}
.pay{background:#047857;color:#fff}.cancel{background:#e5e7eb;color:#111827}
.hint{font-size:.875rem;color:#4b5563;margin-top:1rem}
.tabs{display:flex;gap:.5rem;margin:0 0 1rem}.tab{flex:1;text-align:center;padding:.6rem;border-radius:.5rem;border:1px solid #9ca3af;color:#111827;text-decoration:none;font-weight:600}
.tab.current{background:#111827;color:#fff;border-color:#111827}
.details div{display:flex;justify-content:space-between;gap:1rem;padding:.4rem 0;border-bottom:1px solid #e5e7eb}.details dt{color:#4b5563}.details dd{margin:0;font-weight:700}
.code{font-size:1.5rem;font-weight:700;letter-spacing:.05em;text-align:center;padding:.75rem;background:#f3f4f6;border-radius:.5rem}
table{width:100%;border-collapse:collapse;font-size:.9375rem}th,td{text-align:left;padding:.5rem .25rem;border-bottom:1px solid #e5e7eb;vertical-align:top}
`;

function layout(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<p class="banner" role="note">${TEST_MODE_BANNER}</p>
${body}
</main>
</body>
</html>`;
}

function summary(transaction: StandinTransaction): string {
  return `<h1>${MERCHANT_NAME}</h1>
<p class="amount">${formatNaira(transaction.amount)}</p>
<p class="email">${escapeHtml(transaction.email)}</p>`;
}

export interface PaymentFormState {
  /** The channel shown; the transaction's first allowed one when left out. */
  channel?: StandinChannel;
  error?: { field: "card_number" | "expiry" | "cvv"; message: string };
  cardNumber?: string;
  expiry?: string;
}

function field(name: "card_number" | "expiry" | "cvv", label: string, attributes: string, state: PaymentFormState, value = ""): string {
  const invalid = state.error?.field === name;
  const described = invalid ? ' aria-invalid="true" aria-describedby="payment-error"' : "";
  return `<label for="${name}">${label}</label>
<input id="${name}" name="${name}" ${attributes} required value="${escapeHtml(value)}"${described}>`;
}

export function paymentPage(transaction: StandinTransaction, state: PaymentFormState = {}): string {
  const amount = formatNaira(transaction.amount);
  const allowed = allowedChannels(transaction);
  const channel = state.channel && allowed.includes(state.channel) ? state.channel : allowed[0]!;
  const body = { card: cardSection, bank_transfer: transferSection, ussd: ussdSection }[channel](transaction, state);
  return layout(
    `Pay ${amount} to ${MERCHANT_NAME} (test mode)`,
    `<section class="card" aria-labelledby="pay-heading">
${summary(transaction)}
${channelLinks(allowed, channel)}
${body}
</section>`,
  );
}

/** Links to each channel the transaction allows (a page without scripts, like the rest). */
function channelLinks(allowed: StandinChannel[], current: StandinChannel): string {
  if (allowed.length < 2) return "";
  const links = allowed
    .map((channel) => {
      const here = channel === current ? ' aria-current="page" class="tab current"' : ' class="tab"';
      // Relative: the stand-in may be mounted under a prefix (/paystack-standin in the app).
      return `<a href="?channel=${channel}"${here}>${CHANNEL_LABELS[channel]}</a>`;
    })
    .join("");
  return `<nav aria-label="Payment method" class="tabs">${links}</nav>`;
}

const cancelButton = '<button class="cancel" type="submit" name="action" value="cancel" formnovalidate>Cancel</button>';

/** A payment form's buttons: the one that pays (its `action` and label), and Cancel. */
function payActions(action: string, label: string): string {
  return `<div class="actions">
<button class="pay" type="submit" name="action" value="${action}">${label}</button>
${cancelButton}
</div>`;
}

function cardSection(transaction: StandinTransaction, state: PaymentFormState): string {
  const amount = formatNaira(transaction.amount);
  const error = state.error ? `<p class="error" id="payment-error" role="alert">${escapeHtml(state.error.message)}</p>` : "";
  return `<h2 id="pay-heading" class="hint">Pay with card</h2>
<form method="post">
${field("card_number", "Card number", 'inputmode="numeric" autocomplete="cc-number" placeholder="0000 0000 0000 0000" maxlength="23"', state, state.cardNumber)}
<div class="row">
<div>${field("expiry", "Expiry (MM/YY)", 'inputmode="numeric" autocomplete="cc-exp" placeholder="MM/YY" maxlength="7"', state, state.expiry)}</div>
<div>${field("cvv", "CVV", 'inputmode="numeric" autocomplete="cc-csc" placeholder="123" maxlength="4"', state)}</div>
</div>
${error}
${payActions("pay", `Pay ${amount}`)}
</form>
<p class="hint">Test cards: 4084 0840 8408 4081 succeeds, 4084 0800 0000 5408 is declined. Any future expiry date, CVV 408.</p>`;
}

export const TRANSFER_PAGE_TEXTS = {
  heading: "Pay with bank transfer",
  sent: "I've sent the money",
  note: "Send exactly this amount from your bank app. This account is for this payment only and expires in 30 minutes.",
} as const;

function transferSection(transaction: StandinTransaction): string {
  const amount = formatNaira(transaction.amount);
  return `<h2 id="pay-heading" class="hint">${TRANSFER_PAGE_TEXTS.heading}</h2>
<dl class="details">
<div><dt>Bank</dt><dd data-testid="transfer-bank">${TRANSFER_BANK}</dd></div>
<div><dt>Account number</dt><dd data-testid="transfer-account-number">${transferAccountNumber(transaction.reference)}</dd></div>
<div><dt>Account name</dt><dd>${TRANSFER_ACCOUNT_NAME}</dd></div>
<div><dt>Amount</dt><dd data-testid="transfer-amount">${amount}</dd></div>
</dl>
<p class="hint">${TRANSFER_PAGE_TEXTS.note}</p>
<form method="post">
${payActions("transfer_sent", TRANSFER_PAGE_TEXTS.sent)}
</form>`;
}

export const USSD_PAGE_TEXTS = {
  heading: "Pay with USSD",
  steps: ["Dial the code on the phone number registered with your bank.", "Approve the payment with your PIN.", "Come back here and confirm."],
  done: "I've approved the payment",
} as const;

function ussdSection(transaction: StandinTransaction): string {
  const steps = USSD_PAGE_TEXTS.steps.map((step) => `<li>${step}</li>`).join("");
  return `<h2 id="pay-heading" class="hint">${USSD_PAGE_TEXTS.heading}</h2>
<p>${USSD_BANK}</p>
<p class="code" data-testid="ussd-code">${ussdCode(transaction.amount)}</p>
<ol>${steps}</ol>
<form method="post">
${payActions("ussd_done", USSD_PAGE_TEXTS.done)}
</form>`;
}

/** For a transaction that cannot be paid any more. */
export function closedPage(transaction: StandinTransaction): string {
  const message = transaction.status === "success" ? PAGE_TEXTS.alreadyPaid : PAGE_TEXTS.closed;
  return layout(`${MERCHANT_NAME} (test mode)`, `<section class="card">${summary(transaction)}<p role="status">${message}</p></section>`);
}

/** Where the customer lands when the transaction has no callback URL to send them back to. */
export function finishedPage(transaction: StandinTransaction): string {
  return layout(
    `${MERCHANT_NAME} (test mode)`,
    `<section class="card">${summary(transaction)}<p role="status">${escapeHtml(transaction.gatewayResponse)}. Reference: ${escapeHtml(transaction.reference)}</p></section>`,
  );
}

export function notFoundPage(): string {
  return layout(`Payment not found (test mode)`, `<section class="card"><h1>Payment not found</h1><p>${PAGE_TEXTS.notFound}</p></section>`);
}

/** A page of the stand-in's dashboard the visitor may not read. */
export function refusedPage(message: string): string {
  return layout(`Not allowed (test mode)`, `<section class="card"><h1>Not allowed</h1><p>${escapeHtml(message)}</p></section>`);
}

export const REFUNDS_PAGE_TEXTS = {
  title: (reference: string) => `Refunds of ${reference}`,
  none: "No refunds of this transaction yet.",
  statuses: { pending: "Pending", "needs-attention": "Needs the buyer's bank account", processed: "Processed", failed: "Failed" },
} as const;

const when = (iso: string | null | undefined) => (iso ? new Date(iso).toISOString().replace("T", " ").slice(0, 16) : "");

/** The refunds of one transaction, newest first, with amounts and status (test mode only, as the payment page). */
export function refundsPage(transaction: StandinTransaction): string {
  const rows = [...transaction.refunds]
    .sort((a, b) => b.id - a.id)
    .map((refund) => {
      const status = refundStatusOf(refund);
      const detail = status === "failed" && refund.failureReason ? `: ${escapeHtml(refund.failureReason)}` : "";
      return `<tr data-refund-id="${refund.id}"><td>${refund.id}</td><td>${formatNaira(refund.amount)}</td><td>${REFUNDS_PAGE_TEXTS.statuses[status]}${detail}</td><td>${when(refund.createdAt)}</td><td>${when(refund.processedAt)}</td></tr>`;
    })
    .join("\n");
  const table = rows
    ? `<table><caption class="hint">Paid ${formatNaira(transaction.amount)}</caption><thead><tr><th scope="col">Refund</th><th scope="col">Amount</th><th scope="col">Status</th><th scope="col">Asked (UTC)</th><th scope="col">Processed (UTC)</th></tr></thead><tbody>
${rows}
</tbody></table>`
    : `<p>${REFUNDS_PAGE_TEXTS.none}</p>`;
  const title = REFUNDS_PAGE_TEXTS.title(transaction.reference);
  return layout(`${title} (test mode)`, `<section class="card"><h1>${escapeHtml(title)}</h1><p class="email">${escapeHtml(transaction.email)}</p>${table}</section>`);
}

export const TRANSFERS_PAGE_TEXTS = {
  title: "Transfers",
  none: "No transfers yet.",
  statuses: { otp: "Waiting for OTP", pending: "Pending", success: "Successful", failed: "Failed", reversed: "Reversed" },
} as const;

/** Only the last 4 digits, as Paystack's dashboard and the shop show an account: '****7890'. */
const maskedNumber = (accountNumber: string) => `****${accountNumber.slice(-4)}`;

function recipientCell(recipient: StandinRecipient): string {
  const bank = bankByCode(recipient.bankCode)?.name ?? recipient.bankCode;
  return `${escapeHtml(recipient.accountName)}<br>${escapeHtml(maskedNumber(recipient.accountNumber))} · ${escapeHtml(bank)}`;
}

function transferRow({ transfer, recipient }: { transfer: StandinTransfer; recipient: StandinRecipient }): string {
  const detail = transfer.failureReason ? `: ${escapeHtml(transfer.failureReason)}` : "";
  const status = `${TRANSFERS_PAGE_TEXTS.statuses[transfer.status]}${detail}`;
  return `<tr data-reference="${escapeHtml(transfer.reference)}"><td>${escapeHtml(transfer.reference)}</td><td>${recipientCell(recipient)}</td><td>${formatNaira(transfer.amount)}</td><td>${status}</td><td>${when(transfer.createdAt)}</td></tr>`;
}

/** Every transfer, newest first, with the account it went to, its amount and status (test mode only, as the payment page). */
export function transfersPage(transfers: { transfer: StandinTransfer; recipient: StandinRecipient }[]): string {
  const table = transfers.length
    ? `<table><thead><tr><th scope="col">Reference</th><th scope="col">Recipient</th><th scope="col">Amount</th><th scope="col">Status</th><th scope="col">Asked (UTC)</th></tr></thead><tbody>
${transfers.map(transferRow).join("\n")}
</tbody></table>`
    : `<p>${TRANSFERS_PAGE_TEXTS.none}</p>`;
  return layout(`${TRANSFERS_PAGE_TEXTS.title} (test mode)`, `<section class="card"><h1>${TRANSFERS_PAGE_TEXTS.title}</h1><p class="email">${MERCHANT_NAME}</p>${table}</section>`);
}
