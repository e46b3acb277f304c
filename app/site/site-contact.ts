/** Support contacts shown in the footer and on the privacy page. */
export const SUPPORT_CONTACT = {
  email: "support@tokunbo.ng",
  phoneDisplay: "+234 700 865 8626",
  phoneHref: "tel:+2347008658626",
  address: "Lagos, Nigeria",
} as const;
