import { Link, data, redirect } from "react-router";
import type { Route } from "./+types/super-admin";

/** The page checks the role itself (operations.md §2): signed out → /auth, others → Access Denied. */
export async function loader({ context }: Route.LoaderArgs) {
  const viewer = await context.getViewer();
  if (!viewer) throw redirect("/auth");
  if (viewer.role !== "super_admin") throw data({ denied: true }, { status: 403 });
  return null;
}

export function meta() {
  return [{ title: "Super Admin" }, { name: "robots", content: "noindex" }];
}

const SHORTCUTS = [
  { to: "/", label: "Home" },
  { to: "/cms", label: "CMS Dashboard" },
  { to: "/admin", label: "Admin Dashboard" },
  { to: "/vendor-dashboard", label: "Vendor Dashboard" },
  { to: "/shop", label: "Shop" },
  { to: "/orders", label: "My Orders" },
] as const;

export default function SuperAdminDashboard() {
  return (
    <section className="container-page py-8" aria-labelledby="super-admin-title">
      <h1 id="super-admin-title" className="text-2xl font-extrabold text-gray-900">
        Super Admin
      </h1>
      <nav aria-label="Shortcuts" className="mt-6 grid grid-cols-2 gap-3 sm:grid-cols-3">
        {SHORTCUTS.map((shortcut) => (
          <Link key={shortcut.to} to={shortcut.to} className="rounded-xl border border-gray-200 p-4 font-semibold text-gray-900 hover:border-brand-strong">
            {shortcut.label}
          </Link>
        ))}
      </nav>
      <Link
        to="/super-admin-creator"
        className="mt-8 inline-flex items-center justify-center rounded-lg bg-brand-strong px-5 py-2.5 text-sm font-semibold text-white hover:opacity-90"
      >
        Make another user super admin
      </Link>
    </section>
  );
}
