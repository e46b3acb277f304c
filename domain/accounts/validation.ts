import { z } from "../../lib/zod";
import { LIMITS } from "../../lib/constants";
import { AUTH_TEXTS as T } from "./texts";

/** Shared by the forms (instant feedback) and the server (the decision), docs/accounts.md. */
export const emailSchema = z
  .string({ error: T.invalidEmail })
  .trim()
  .max(LIMITS.emailMax, T.emailTooLong)
  .pipe(z.email({ error: T.invalidEmail }));

export const newPasswordSchema = z
  .string({ error: T.passwordTooShort })
  .min(LIMITS.passwordMin, T.passwordTooShort)
  .max(LIMITS.passwordMax, T.passwordTooLong);

export const fullNameSchema = z
  .string({ error: T.nameTooShort })
  .trim()
  .min(LIMITS.nameMin, T.nameTooShort)
  .max(LIMITS.nameMax, T.nameTooLong)
  // Letters with their accents (Adébáyọ̀ uses combining marks), spaces, hyphens, apostrophes.
  .regex(/^[\p{L}\p{M}\s'’-]+$/u, T.nameCharacters);

export const signInSchema = z.object({
  email: emailSchema,
  password: z.string({ error: T.passwordRequired }).min(1, T.passwordRequired).max(LIMITS.passwordMax, T.passwordTooLong),
});

/** 'Passwords don't match' on confirmPassword, shown together with the other fields' messages. */
function confirmed<S extends z.ZodType<{ password: string; confirmPassword: string }>>(schema: S) {
  return schema.refine((v) => v.password === v.confirmPassword, {
    message: T.passwordsDontMatch,
    path: ["confirmPassword"],
    when: ({ value }) => {
      const v = value as { password?: unknown; confirmPassword?: unknown } | undefined;
      return typeof v?.password === "string" && typeof v.confirmPassword === "string";
    },
  });
}

export const signUpSchema = confirmed(
  z.object({
    fullName: fullNameSchema,
    email: emailSchema,
    password: newPasswordSchema,
    confirmPassword: z.string({ error: T.passwordsDontMatch }),
  }),
);

export const vendorSignUpSchema = z.object({ fullName: fullNameSchema, email: emailSchema, password: newPasswordSchema });

export const forgotPasswordSchema = z.object({ email: emailSchema });

export const resetPasswordSchema = confirmed(
  z.object({
    token: z.string().min(1).max(200),
    password: newPasswordSchema,
    confirmPassword: z.string({ error: T.passwordsDontMatch }),
  }),
);

/**
 * The same form refusing commonly used passwords (docs/accounts.md). The list is large, so the
 * check is passed in by the server (common-passwords.ts) rather than shipped to browsers; the
 * message appears only once the password has an acceptable length.
 */
export function refusingCommonPasswords<S extends z.ZodType<{ password: string }>>(schema: S, isCommon: (password: string) => boolean): S {
  return schema.refine((v) => !isCommon(v.password), {
    message: T.passwordTooCommon,
    path: ["password"],
    when: ({ value }) => {
      const password = (value as { password?: unknown } | undefined)?.password;
      return typeof password === "string" && password.length >= LIMITS.passwordMin && password.length <= LIMITS.passwordMax;
    },
  });
}

export type FieldErrors = Partial<Record<string, string>>;

/** The first message per field, in form order. */
export function fieldErrors(error: z.ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? "form");
    errors[field] ??= issue.message;
  }
  return errors;
}

export function firstError(errors: FieldErrors): string | undefined {
  return Object.values(errors)[0];
}
