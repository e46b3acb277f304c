import { formatNaira } from "../../lib/money";

/** What admins and vendors read about card disputes (docs/payments.md, disputes). */
export const DISPUTE_TEXTS = {
  openedTitle: "Card dispute",
  reminderTitle: "Card dispute: answer due",
  wonTitle: "Card dispute won",
  lostTitle: "Card dispute lost",
  adminOpened: (reference: string, orderNumbers: string, amount: number, due: string) =>
    `Payment ${reference} (${orderNumbers}): the buyer's bank disputes ${formatNaira(amount)}. Answer Paystack by ${due}.`,
  adminReminder: (reference: string, orderNumbers: string, due: string) => `Payment ${reference} (${orderNumbers}): Paystack still waits for the shop's answer, due ${due}.`,
  adminWon: (reference: string, orderNumbers: string) => `Payment ${reference} (${orderNumbers}): the bank decided for the shop. What was held from the vendor is given back.`,
  adminLost: (reference: string, orderNumbers: string, amount: number) =>
    `Payment ${reference} (${orderNumbers}): the bank decided for the buyer, who gets ${formatNaira(amount)} back. What was held from the vendor stays deducted.`,
  vendorHeld: (orderNumber: string, amount: number) =>
    `Order #${orderNumber}: the buyer's bank disputes the card payment. ${formatNaira(amount)} of your balance is held until the bank decides.`,
  vendorWon: (orderNumber: string, amount: number) => `Order #${orderNumber}: the bank decided the card dispute for you. ${formatNaira(amount)} is back in your balance.`,
  vendorLost: (orderNumber: string, amount: number) => `Order #${orderNumber}: the bank decided the card dispute for the buyer. The ${formatNaira(amount)} held stays deducted.`,
  noDueDate: "the date Paystack gives",
  heading: "Card disputes",
  open: (amount: number, due: string) => `${formatNaira(amount)} disputed · answer Paystack by ${due}`,
  won: (amount: number) => `${formatNaira(amount)} disputed · won`,
  lost: (amount: number) => `${formatNaira(amount)} disputed · lost`,
} as const;
