import { type RouteConfig, index, route } from "@react-router/dev/routes";

export default [
  index("routes/home.tsx"),
  route("product/:id", "routes/product.tsx"),
  route("shop", "routes/shop.tsx"),
  route("privacy", "routes/privacy.tsx"),
  route("auth", "routes/auth.tsx"),
  route("auth/verify-email", "routes/auth.verify-email.tsx"),
  route("auth/reset-password", "routes/auth.reset-password.tsx"),
  route("auth/sign-out", "routes/auth.sign-out.tsx"),
  route("vendor-auth", "routes/vendor-auth.tsx"),
  route("super-admin", "routes/super-admin.tsx"),
  route("super-admin-bootstrap", "routes/super-admin-bootstrap.tsx"),
  route("super-admin-creator", "routes/super-admin-creator.tsx"),
  route("dev/mailbox", "routes/dev.mailbox.tsx"),
  route("cart", "routes/cart.tsx"),
  route("cart/items", "routes/cart.items.ts"),
  route("notifications", "routes/notifications.tsx"),
  route("sitemap.xml", "routes/sitemap.ts"),
  route("robots.txt", "routes/robots.ts"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
