/** User-visible texts of accounts (docs/accounts.md), word for word. */
export const AUTH_TEXTS = {
  signInFailed: "Sign in failed",
  signInSuccess: "Welcome back!",
  signInSuccessBody: "You have successfully signed in.",
  signUpFailed: "Sign up failed",
  signUpSuccess: "Account created!",
  signUpSuccessBody: "Please check your email to verify your account.",
  vendorAuthFailed: "Authentication failed",
  vendorSignUpSuccess: "Vendor account created! Please check your email to verify, then complete your vendor application.",
  vendorRejected: "Your vendor application was rejected. Please contact support.",
  resetFailed: "Failed to send reset email",
  resetSent: "Password reset email sent!",
  resetSentBody: "Check your email for a password reset link.",
  enterEmailFirst: "Please enter your email address first",
  invalidEmail: "Please enter a valid email address",
  emailTooLong: "Email must be less than 255 characters",
  passwordRequired: "Password is required",
  passwordTooShort: "Password must be at least 8 characters",
  passwordTooCommon: "This password is too common. Choose another.",
  passwordTooLong: "Password must be less than 72 characters",
  passwordsDontMatch: "Passwords don't match",
  nameTooShort: "Name must be at least 2 characters",
  nameTooLong: "Name must be less than 100 characters",
  nameCharacters: "Name can only contain letters, spaces, hyphens, and apostrophes",
  applicationUnderReview: "Application Under Review",
  // Ours (the spec leaves these out):
  wrongCredentials: "Invalid email or password.",
  emailNotVerified: "Please verify your email address before signing in. Check your inbox for the link we sent.",
  resendVerification: "Resend verification email",
  verificationSent: "Verification email sent!",
  verificationSentBody: "Check your email for the verification link.",
  emailVerified: "Email verified!",
  emailVerifiedBody: "You can now sign in.",
  verificationLinkInvalid: "This verification link is invalid or has expired.",
  verificationLinkInvalidBody: "Sign in to get a new one.",
  resetLinkInvalid: "This password reset link is invalid or has expired. Please ask for a new one.",
  passwordUpdated: "Password updated!",
  passwordUpdatedBody: "You can now sign in with your new password.",
  signedOut: "You have been signed out.",
  somethingWentWrong: "Something went wrong. Please try again.",
} as const;

/** docs/super-admin.md. */
export const SUPER_ADMIN_TEXTS = {
  roleAssigned: "Super admin role assigned successfully!",
  invalidEmail: "Please enter a valid email address",
  createFailed: "Failed to create super admin account",
  mustBeLoggedIn: "You must be logged in to bootstrap super admin",
  bootstrapFailed: "Failed to bootstrap super admin",
  alreadyExists: "A super admin already exists.",
  noSuchUser: "No account uses that email address. Ask the person to sign up first.",
  accessDenied: "Access Denied",
  accessDeniedBody: "You don't have permission to access this page.",
  goToLogin: "Go to Login",
} as const;

/** Answers of a door the caller may not use: no session (401) or the wrong role (403). */
export { ACCESS_TEXTS } from "../core/access";
