import { formatNaira } from "../../lib/money";

/** What the data-rights pages say (docs/accounts.md, 'Your data'). Tests assert these texts. */
export const PRIVACY_TEXTS = {
  /** Typed by the owner to confirm the deletion. */
  confirmationWord: "DELETE",
  passwordRequired: "Enter your current password",
  wrongPassword: "That password is not right.",
  confirmationMismatch: "Type DELETE to confirm",
  deleteFailed: "Account not deleted",
  accountDeleted: "Your account was deleted",
  accountDeletedDetail: "Your personal data has been removed. Thank you for shopping with us.",
  lastSuperAdmin: "You are the only super admin. Make someone else a super admin before deleting your account.",
  /** Stands in for the name of a deleted account wherever it was kept. */
  deletedName: "Deleted customer",
  /** Stands in for removed free text: addresses, phone numbers, notes. */
  removed: "Removed",
  /** A claim's description and photos after its buyer deleted the account. */
  claimRemoved: "Removed at the customer's request.",
  deletedBankAccountName: "Deleted vendor",
} as const;

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** Why an account cannot be deleted yet: each reason in words the owner can act on. */
export const DELETION_BLOCKERS = {
  openOrders: (n: number) =>
    `You have ${plural(n, "open order", "open orders")} that ${n === 1 ? "is" : "are"} not yet delivered, cancelled or refunded. Wait until ${n === 1 ? "it is" : "they are"} finished.`,
  activeClaims: (n: number) =>
    `You have ${plural(n, "warranty claim", "warranty claims")} still open. Wait until ${n === 1 ? "it is" : "they are"} resolved.`,
  activeReturns: (n: number) =>
    `You have ${plural(n, "return", "returns")} still in progress. Wait until ${n === 1 ? "it is" : "they are"} refunded, cancelled or rejected.`,
  vendorOpenOrders: (n: number) =>
    `You have ${plural(n, "open order", "open orders")} from buyers that ${n === 1 ? "is" : "are"} not yet delivered, cancelled or refunded.`,
  vendorActiveClaims: (n: number) => `Buyers have ${plural(n, "warranty claim", "warranty claims")} on your orders still open.`,
  vendorActiveReturns: (n: number) => `Buyers have ${plural(n, "return", "returns")} of your orders still in progress.`,
  vendorBalance: (kobo: number) => `Your balance of ${formatNaira(kobo)} must be paid out first.`,
  vendorDebt: (kobo: number) => `Your balance of ${formatNaira(kobo)} must be settled with us first.`,
} as const;
