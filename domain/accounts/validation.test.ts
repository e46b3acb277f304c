import { describe, expect, it } from "vitest";
import { SERVER_PASSWORD_FORMS, isCommonPassword } from "./common-passwords";
import { AUTH_TEXTS as T } from "./texts";
import { fieldErrors, signInSchema, signUpSchema } from "./validation";

const valid = { fullName: "Chiamaka Obi", email: "chiamaka@example.com", password: "secret-1", confirmPassword: "secret-1" };
const errorsOf = (input: Record<string, string>) => {
  const parsed = signUpSchema.safeParse(input);
  return parsed.success ? {} : fieldErrors(parsed.error);
};

describe("sign-up validation (docs/accounts.md)", () => {
  it("accepts a good form and trims the name and e-mail", () => {
    expect(signUpSchema.parse({ ...valid, fullName: "  Adébáyọ̀ O'Neil-Okafor ", email: " chiamaka@example.com " })).toMatchObject({
      fullName: "Adébáyọ̀ O'Neil-Okafor",
      email: "chiamaka@example.com",
    });
  });

  it.each([
    [{ fullName: "A" }, "fullName", T.nameTooShort],
    [{ fullName: "   " }, "fullName", T.nameTooShort],
    [{ fullName: "x".repeat(101) }, "fullName", T.nameTooLong],
    [{ fullName: "Agent 47" }, "fullName", T.nameCharacters],
    [{ email: "chiamaka" }, "email", T.invalidEmail],
    [{ email: `${"a".repeat(250)}@example.com` }, "email", T.emailTooLong],
    [{ password: "1234567", confirmPassword: "1234567" }, "password", T.passwordTooShort],
    [{ password: "p".repeat(73), confirmPassword: "p".repeat(73) }, "password", T.passwordTooLong],
    [{ confirmPassword: "secret-2" }, "confirmPassword", T.passwordsDontMatch],
  ])("refuses %o on %s with the documented message", (change, field, message) => {
    expect(errorsOf({ ...valid, ...change })[field]).toBe(message);
  });

  it("shows a mismatch together with the other fields' messages", () => {
    expect(errorsOf({ fullName: "A", email: "x", password: "123", confirmPassword: "321" })).toEqual({
      fullName: T.nameTooShort,
      email: T.invalidEmail,
      password: T.passwordTooShort,
      confirmPassword: T.passwordsDontMatch,
    });
  });
});

describe("sign-in validation", () => {
  it("needs a valid e-mail and a password", () => {
    const parsed = signInSchema.safeParse({ email: "nope", password: "" });
    expect(parsed.success ? {} : fieldErrors(parsed.error)).toEqual({ email: T.invalidEmail, password: T.passwordRequired });
  });
});

describe("new passwords on the server (docs/accounts.md)", () => {
  const signUp = (password: string) => {
    const parsed = SERVER_PASSWORD_FORMS.signUp.safeParse({ ...valid, password, confirmPassword: password });
    return parsed.success ? {} : fieldErrors(parsed.error);
  };

  it.each([
    ["123456", "Password must be at least 8 characters"],
    ["1234567", "Password must be at least 8 characters"],
    ["password1", "This password is too common. Choose another."],
    ["PASSWORD1", "This password is too common. Choose another."],
    ["12345678", "This password is too common. Choose another."],
    ["iloveyou", "This password is too common. Choose another."],
  ])("refuses %j with the documented text", (password, message) => {
    expect(signUp(password).password).toBe(message);
  });

  it("accepts the demo password and uncommon ones, at sign-up, vendor sign-up and reset", () => {
    for (const password of ["Tokunbo-demo-2026", "secret-1", "okada-ride-to-yaba"]) {
      expect(signUp(password), password).toEqual({});
      expect(SERVER_PASSWORD_FORMS.vendorSignUp.safeParse({ fullName: "Ada Obi", email: "ada@example.com", password }).success).toBe(true);
      expect(SERVER_PASSWORD_FORMS.reset.safeParse({ token: "t", password, confirmPassword: password }).success).toBe(true);
    }
    expect(isCommonPassword("Tokunbo-demo-2026")).toBe(false);
  });
});
