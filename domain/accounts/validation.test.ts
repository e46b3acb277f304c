import { describe, expect, it } from "vitest";
import { AUTH_TEXTS as T } from "./texts";
import { fieldErrors, signInSchema, signUpSchema } from "./validation";

const valid = { fullName: "Chiamaka Obi", email: "chiamaka@example.com", password: "secret-1", confirmPassword: "secret-1" };
const errorsOf = (input: Record<string, string>) => {
  const parsed = signUpSchema.safeParse(input);
  return parsed.success ? {} : fieldErrors(parsed.error);
};

describe("sign-up validation (storefront.md §5)", () => {
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
    [{ password: "12345", confirmPassword: "12345" }, "password", T.passwordTooShort],
    [{ password: "p".repeat(73), confirmPassword: "p".repeat(73) }, "password", T.passwordTooLong],
    [{ confirmPassword: "secret-2" }, "confirmPassword", T.passwordsDontMatch],
  ])("refuses %o on %s with the spec's message", (change, field, message) => {
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
