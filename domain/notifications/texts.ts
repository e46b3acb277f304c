/** docs/orders.md, verbatim. */
export const NOTIFICATION_TEXTS = {
  empty: "No notifications yet",
  allRead: "All notifications marked as read",
  markOneFailed: "Failed to mark notification as read",
  markAllFailed: "Failed to mark notifications as read",
} as const;

export const WELCOME_NOTIFICATION = {
  type: "info",
  title: "Welcome to Tokunbo Phones",
  message: "Your email is verified. Browse graded UK-used phones and add your favourites to the cart.",
} as const;
