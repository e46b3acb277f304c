import { dictionary } from "@zxcvbn-ts/language-common";
import { refusingCommonPasswords, resetPasswordSchema, signUpSchema, vendorSignUpSchema } from "./validation";

/*
 * Commonly used passwords from a maintained list (zxcvbn-ts, about 49,000 of them, lower case).
 * Server only: the browser checks the length, the server also checks the list.
 */
let commonPasswords: Set<string> | undefined;

export function isCommonPassword(password: string): boolean {
  commonPasswords ??= new Set(dictionary["passwords-common"]);
  return commonPasswords.has(password.toLowerCase());
}

/** The sign-up and reset forms as the server decides them: the shared rules plus the common-password list. */
export const SERVER_PASSWORD_FORMS = {
  signUp: refusingCommonPasswords(signUpSchema, isCommonPassword),
  vendorSignUp: refusingCommonPasswords(vendorSignUpSchema, isCommonPassword),
  reset: refusingCommonPasswords(resetPasswordSchema, isCommonPassword),
};
