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
