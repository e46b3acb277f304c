import { type RenderedEmail, renderEmail } from "../mail/template";

export function vendorApprovedEmail({ businessName, dashboardUrl }: { businessName: string; dashboardUrl: string }): RenderedEmail {
  return renderEmail({
    subject: "Your vendor account is approved",
    heading: `${businessName} is now a verified vendor`,
    paragraphs: [
      "Good news: our team has approved your vendor application. Your vendor dashboard is unlocked and your listings will carry the verified vendor badge.",
      "Add your first phones from the dashboard. Each listing is checked by our team before it appears in the shop.",
    ],
    action: { label: "Open your vendor dashboard", url: dashboardUrl },
  });
}

export function vendorRejectedEmail({ businessName, reason }: { businessName: string; reason: string }): RenderedEmail {
  return renderEmail({
    subject: "Your vendor application",
    heading: "Your vendor application was not approved",
    paragraphs: [
      `Thank you for applying to sell on Tokunbo Phones with ${businessName}. After review, our team could not approve the application.`,
      `Reason: ${reason}`,
      "If you think this is a mistake or your situation has changed, reply to this e-mail or contact our support team.",
    ],
  });
}
