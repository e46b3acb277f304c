import type { Route } from "./+types/robots";

/** Areas behind sign-in, checkout and the JSON API: nothing there for search engines. */
const PRIVATE_PATHS = [
  "/api/",
  "/auth",
  "/vendor-auth",
  "/cart",
  "/checkout",
  "/payment-success",
  "/orders",
  "/products",
  "/vendor-application",
  "/vendor-pre-approval",
  "/vendor-dashboard",
  "/admin",
  "/cms",
  "/super-admin",
  "/dev/",
];

/** /robots.txt: the storefront is open to crawlers; account, admin and checkout areas are not. */
export function loader({ context }: Route.LoaderArgs) {
  const body = [
    "User-agent: *",
    "Allow: /",
    ...PRIVATE_PATHS.map((path) => `Disallow: ${path}`),
    "",
    `Sitemap: ${context.config.publicUrl}/sitemap.xml`,
    "",
  ].join("\n");
  return new Response(body, {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=86400" },
  });
}
