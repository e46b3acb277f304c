import { PRIVACY_TEXTS } from "../../domain/privacy/texts";

/** The 'Delete my account' page (docs/accounts.md, 'Your data'). */
export const DELETE_PAGE_TEXTS = {
  title: "Delete my account",
  signedInAs: (email: string) => `You are signed in as ${email}.`,
  whatHappens: "What happens when you delete your account",
  consequences: [
    "You are signed out on every device and can no longer sign in with this e-mail and password.",
    "Your profile, saved addresses, wishlist, stock alerts, cart, notifications and e-mails to you are removed.",
    "Your orders and payments are kept for our tax and accounting records, with your name, e-mail, phone number and address replaced.",
    "Your reviews keep their star rating so other buyers' ratings stay true; what you wrote is removed.",
    "Warranty claims keep their outcome; your description and photos are removed.",
    "A vendor's shop is taken off sale and its contact and bank details are removed; its sales records stay.",
  ],
  downloadFirst: "Want a copy first?",
  downloadLink: "Download my data",
  notYet: "You cannot delete your account yet:",
  formTitle: "Confirm it is you",
  passwordLabel: "Current password",
  confirmationLabel: `Type ${PRIVACY_TEXTS.confirmationWord} to confirm`,
  confirmationHint: `Capital letters, exactly ${PRIVACY_TEXTS.confirmationWord}.`,
  deleteButton: "Delete my account",
  confirmTitle: "Delete your account for good?",
  confirmBody: "This cannot be undone.",
  confirmButton: "Yes, delete my account",
  deleting: "Deleting…",
  cancel: "Cancel",
  keepAccount: "Keep my account and go back to the shop",
} as const;
