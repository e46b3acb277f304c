import { z } from "../../lib/zod";
import { LIMITS } from "../../lib/constants";
import { nigerianPhoneSchema } from "../../lib/nigerian-phone";
import { SHIPPING_TEXTS, shippingSchema } from "../../lib/shipping";
import { ACCOUNT_TEXTS as T } from "./account-texts";
import { AUTH_TEXTS } from "./texts";
import { emailSchema, fullNameSchema, newPasswordSchema } from "./validation";

/** The forms of /account, shared by the page's script (instant feedback) and the server (the decision). */

export const profileSchema = z.object({
  fullName: fullNameSchema,
  /** Optional: an empty field clears it. */
  phone: z.union([z.literal("").transform(() => null), nigerianPhoneSchema(SHIPPING_TEXTS.phoneInvalid)], { error: SHIPPING_TEXTS.phoneInvalid }),
});

export type ProfileInput = z.output<typeof profileSchema>;

const currentPasswordSchema = z.string({ error: T.currentPasswordRequired }).min(1, T.currentPasswordRequired).max(LIMITS.passwordMax, AUTH_TEXTS.passwordTooLong);

/** A new address needs the current password: a session alone must not move the account. */
export const emailChangeSchema = z.object({ newEmail: emailSchema, currentPassword: currentPasswordSchema });

/** The same password rules as sign-up and reset; the server adds the common-password list. */
export const passwordChangeSchema = z
  .object({
    currentPassword: currentPasswordSchema,
    password: newPasswordSchema,
    confirmPassword: z.string({ error: AUTH_TEXTS.passwordsDontMatch }),
  })
  .refine((v) => v.password === v.confirmPassword, { message: AUTH_TEXTS.passwordsDontMatch, path: ["confirmPassword"] });

/** How many delivery addresses one account may keep (docs/accounts.md). */
export const ADDRESS_LIMITS = { max: 10, labelMax: 40 } as const;

/** A saved address: checkout's shipping fields (same names, same rules) and a label. */
export const savedAddressSchema = shippingSchema.omit({ deliveryNotes: true }).extend({
  label: z.string({ error: T.labelRequired }).trim().min(1, T.labelRequired).max(ADDRESS_LIMITS.labelMax, T.labelLong),
});

export type SavedAddressInput = z.output<typeof savedAddressSchema>;
