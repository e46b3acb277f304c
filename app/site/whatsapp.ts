/**
 * WhatsApp chat link: the configured number reduced to digits (a local Nigerian number
 * such as 0803… becomes 234803…), with a prefilled message. Null when there is no usable number.
 */
export function whatsappHref(number: string, message: string): string | null {
  let digits = number.replace(/\D/g, "");
  if (digits.length === 11 && digits.startsWith("0")) digits = `234${digits.slice(1)}`;
  if (digits.length < 8 || digits.length > 15) return null;
  return `https://wa.me/${digits}?text=${encodeURIComponent(message)}`;
}

export function whatsappMessage(siteName: string): string {
  return `Hello ${siteName}, I'd like to ask about a phone.`;
}

/** What a buyer sends the vendor about an order: its number and the phone. */
export function orderWhatsappMessage(vendorName: string, orderNumber: string, phone: string): string {
  return `Hello ${vendorName}, I'm writing about my order #${orderNumber} on Tokunbo Phones: ${phone}.`;
}
