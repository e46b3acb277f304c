import { z } from "./zod";

/** Nigerian numbers as people type them (0803…, +234 803…, 234-803…), kept as +234…. */
export function nigerianPhoneSchema(message: string) {
  return z
    .string({ error: message })
    .transform((value) => value.replace(/[\s().-]/g, ""))
    .pipe(z.string().regex(/^(?:\+?234|0)[1-9]\d{7,9}$/, message))
    .transform((digits) => `+234${digits.replace(/^(?:\+?234|0)/, "")}`);
}
