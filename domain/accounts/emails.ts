import { type RenderedEmail, renderEmail } from "../mail/template";

export function verificationEmail({ link }: { link: string }): RenderedEmail {
  return renderEmail({
    subject: "Verify your e-mail address",
    heading: "Confirm your e-mail address",
    paragraphs: [
      "Welcome to Tokunbo Phones! Please confirm this is your e-mail address so you can sign in, shop and track your orders.",
    ],
    action: { label: "Verify e-mail address", url: link },
    note: "This link is valid for 24 hours. If you did not create an account, you can ignore this e-mail.",
  });
}

export function passwordResetEmail({ link }: { link: string }): RenderedEmail {
  return renderEmail({
    subject: "Reset your password",
    heading: "Reset your password",
    paragraphs: ["Someone asked to reset the password of your Tokunbo Phones account. Choose a new password with the link below."],
    action: { label: "Choose a new password", url: link },
    note: "This link is valid for 1 hour. If you did not ask for this, you can ignore this e-mail: your password stays the same.",
  });
}

/** To the new address: the link that makes it the account's e-mail. */
export function emailChangeVerificationEmail({ link, newEmail }: { link: string; newEmail: string }): RenderedEmail {
  return renderEmail({
    subject: "Confirm your new e-mail address",
    heading: "Confirm your new e-mail address",
    paragraphs: [`Someone asked to use ${newEmail} for their Tokunbo Phones account. Follow the link below to make the change; until then the account keeps its old address.`],
    action: { label: "Use this e-mail address", url: link },
    note: "This link is valid for 1 hour. If you did not ask for this, you can ignore this e-mail.",
  });
}

/** To the new address when it already has an account: the change cannot go ahead. */
export function emailInUseEmail(): RenderedEmail {
  return renderEmail({
    subject: "Confirm your new e-mail address",
    heading: "This address already has an account",
    paragraphs: [
      "Someone asked to move their Tokunbo Phones account to this e-mail address, but this address already belongs to an account, so nothing was changed.",
      "If that was you, sign in with this address instead, or choose another address for the other account.",
    ],
    note: "If you did not ask for this, you can ignore this e-mail.",
  });
}

/** To the old address: a change was asked for; it happens only once the new address confirms it, unless cancelled here. */
export function emailChangeNoticeEmail({ newEmail, cancelLink }: { newEmail: string; cancelLink: string }): RenderedEmail {
  return renderEmail({
    subject: "A change of your e-mail address was requested",
    heading: "Your e-mail address may change",
    paragraphs: [
      `Someone signed in to your Tokunbo Phones account, with its password, asked to change its e-mail address to ${newEmail}. The change happens only if the link we sent to that address is followed within 1 hour.`,
      "If this wasn't you, cancel the change now: every device is signed out at once. Then choose a new password, as someone knows your current one.",
    ],
    action: { label: "This wasn't me: cancel the change", url: cancelLink },
    note: "The cancel link works once, for 7 days.",
  });
}

/** To the account's address after its password was changed on My account or by a reset link. */
export function passwordChangedEmail({ resetLink }: { resetLink: string }): RenderedEmail {
  return renderEmail({
    subject: "Your password was changed",
    heading: "Your password was changed",
    paragraphs: [
      "The password of your Tokunbo Phones account was just changed, and every other device was signed out.",
      "Not you? Reset it now: the link below lets you choose a new password with this e-mail address, and signs everyone else out.",
    ],
    action: { label: "Reset it now", url: resetLink },
    note: "If it was you, you can ignore this e-mail.",
  });
}
