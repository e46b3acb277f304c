/** The super admin's form giving the admin role; zod only, so the browser checks it too. */
import { z } from "../../lib/zod";

/** Texts of admin management, and ours where the product rules have none. */
export const ADMIN_MANAGEMENT_TEXTS = {
  loadFailed: "Failed to load admin users",
  removed: "Admin role removed successfully",
  removeFailed: "Failed to remove admin role",
  invalidEmail: "Please enter a valid email address",
  // Ours:
  assigned: "Admin role assigned successfully!",
  assignFailed: "Failed to assign admin role",
  enterEmailOrId: "Enter the person's email address or user ID",
  noSuchUser: "No account uses that email address or user ID. Ask the person to sign up first.",
  alreadySuperAdmin: "This person is a super admin already; their role stays as it is.",
  superAdminRow: "Super admin roles cannot be removed here.",
  notFound: "That admin role no longer exists.",
  confirmRemove: (who: string) => `Remove the admin role from ${who}? They lose access to the admin and CMS dashboards at once.`,
} as const;

/** Who gets the admin role: an e-mail address, or a user ID as shown in the admin list. */
export const assignAdminSchema = z.object({
  identifier: z
    .string({ error: ADMIN_MANAGEMENT_TEXTS.enterEmailOrId })
    .trim()
    .min(1, ADMIN_MANAGEMENT_TEXTS.enterEmailOrId)
    .max(255, ADMIN_MANAGEMENT_TEXTS.invalidEmail)
    .refine((value) => !value.includes("@") || z.email().safeParse(value).success, ADMIN_MANAGEMENT_TEXTS.invalidEmail),
});
