/** Form fields the admin's money forms share: plain zod, for the browser and the server alike. */
import { NAIRA_TEXT } from "./money";
import { z } from "./zod";

/** Control characters other than line breaks have no place in a reason. */
const REASON_TEXT = /^[^\p{Cc}\p{Cs}]*$/u;

/** Naira as typed ('₦25,000.50'), more than zero, kept as text; `message` for anything else. */
export function nairaAmountText(message: string) {
  return z
    .string({ error: message })
    .transform((value) => value.trim().replace(/,/g, "").replace(/^₦/, ""))
    .pipe(z.string().regex(NAIRA_TEXT, message))
    .refine((value) => /[1-9]/.test(value), message);
}

/** A reason on one line (line breaks become spaces), `min` to `max` characters; `message` otherwise. */
export function oneLineReason(min: number, max: number, message: string) {
  return z
    .string({ error: message })
    .transform((value) => value.replace(/\r?\n/g, " ").trim())
    .pipe(z.string().min(min, message).max(max, message).regex(REASON_TEXT, message));
}
