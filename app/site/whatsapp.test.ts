import { describe, expect, it } from "vitest";
import { whatsappHref, whatsappMessage } from "./whatsapp";

describe("WhatsApp chat link", () => {
  const message = whatsappMessage("Tokunbo Phones");

  it.each([
    ["+234 803 123 4567", "2348031234567"],
    ["0803-123-4567", "2348031234567"],
    ["(234) 803 123 4567", "2348031234567"],
    ["+44 20 7946 0958", "442079460958"],
  ])("reduces %j to the digits %s, with the prefilled message", (number, digits) => {
    expect(whatsappHref(number, message)).toBe(`https://wa.me/${digits}?text=${encodeURIComponent(message)}`);
  });

  it("prefills a greeting to the shop", () => {
    expect(message).toBe("Hello Tokunbo Phones, I'd like to ask about a phone.");
  });

  it.each(["", "call us", "12345", "1234567890123456"])("gives no link for %j, which is no phone number", (number) => {
    expect(whatsappHref(number, message)).toBeNull();
  });
});
