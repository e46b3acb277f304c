import { z } from "../../lib/zod";
import { LIMITS } from "../../lib/constants";
import { AUTH_TEXTS } from "../accounts/texts";
import { PRIVACY_TEXTS as T } from "./texts";

/** The deletion form: the current password and the confirmation word typed exactly (no trimming, upper case). */
export const deleteAccountSchema = z.object({
  password: z.string({ error: T.passwordRequired }).min(1, T.passwordRequired).max(LIMITS.passwordMax, AUTH_TEXTS.passwordTooLong),
  confirmation: z.string({ error: T.confirmationMismatch }).refine((value) => value === T.confirmationWord, T.confirmationMismatch),
});

export type DeleteAccountInput = z.infer<typeof deleteAccountSchema>;
