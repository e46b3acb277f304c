/** Our pages the e-mails link to (plain constants, safe in the browser bundle). */
export const VERIFY_EMAIL_PATH = "/auth/verify-email";
export const RESET_PASSWORD_PATH = "/auth/reset-password";
export const CANCEL_EMAIL_CHANGE_PATH = "/auth/cancel-email-change";
/** The forgot-password view of /auth, where anyone asks for a reset link. */
export const FORGOT_PASSWORD_PATH = "/auth?tab=forgot";
