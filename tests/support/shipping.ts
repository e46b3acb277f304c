import type { CheckoutInput } from "../../domain/checkout/validation";

/** Where test, benchmark and load-test buyers have their phones sent (no test runner needed). */
export const SHIPPING: CheckoutInput["shipping"] = {
  customerName: "Ada Okafor",
  customerPhone: "+2348031234567",
  shippingAddress: "12 Allen Avenue",
  city: "Ikeja",
  state: "Lagos",
  deliveryNotes: null,
};
