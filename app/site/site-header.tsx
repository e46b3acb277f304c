import { useEffect, useRef } from "react";
import { Link, NavLink, useLocation } from "react-router";
import { LIMITS } from "../../lib/constants";
import { CartIcon, CloseIcon, LogoMark, MenuIcon, WhatsappIcon } from "../ui/icons";
import { SignedInPart } from "./signed-in-header";
import type { SiteFrameData } from "./site";

function SiteLogo({ site }: { site: SiteFrameData }) {
  return (
    <Link to="/" className="flex min-w-0 items-center gap-2 rounded-md">
      {site.logoUrl ? (
        <img src={site.logoUrl} alt="" width={36} height={36} className="h-9 w-9 shrink-0 rounded-lg object-contain" />
      ) : (
        <LogoMark className="h-9 w-9 shrink-0" />
      )}
      <span className="truncate text-lg font-extrabold tracking-tight text-gray-900">{site.siteName}</span>
    </Link>
  );
}

/** Cart count badge: hidden at 0 (signed out or an empty cart). */
export function CartBadge({ count }: { count: number }) {
  if (count <= 0) return null;
  const text = count > LIMITS.unreadBadgeCap ? `${LIMITS.unreadBadgeCap}+` : String(count);
  return (
    <span
      aria-hidden="true"
      className="absolute -right-1 -top-1 inline-flex min-w-5 items-center justify-center rounded-full bg-brand-strong px-1 text-[11px] font-bold leading-5 text-white"
    >
      {text}
    </span>
  );
}

function CartLink({ count }: { count: number }) {
  const label = count > 0 ? `Cart, ${count} ${count === 1 ? "item" : "items"}` : "Cart";
  return (
    <Link
      to="/cart"
      aria-label={label}
      className="relative inline-flex h-10 w-10 items-center justify-center rounded-full text-gray-800 hover:bg-gray-100"
    >
      <CartIcon className="h-6 w-6" />
      <CartBadge count={count} />
    </Link>
  );
}

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  `rounded-md px-3 py-2 text-sm font-semibold ${isActive ? "text-brand-strong" : "text-gray-800 hover:text-brand-strong"}`;

export function SiteHeader({ site }: { site: SiteFrameData }) {
  const { account } = site;
  const drawer = useRef<HTMLDetailsElement>(null);
  const location = useLocation();

  const closeDrawer = (returnFocus: boolean) => {
    const el = drawer.current;
    if (!el?.open) return;
    el.open = false;
    if (returnFocus) el.querySelector("summary")?.focus();
  };

  // A navigation closes the drawer.
  useEffect(() => {
    if (drawer.current) drawer.current.open = false;
  }, [location.pathname, location.search]);

  return (
    <header className="sticky top-0 z-30 border-b border-gray-200 bg-white">
      <div className="container-page flex h-16 items-center gap-2">
        {/* Mobile drawer: a <details> works before the page's script arrives; Escape closes it. */}
        <details
          ref={drawer}
          className="md:hidden"
          onKeyDown={(event) => {
            if (event.key === "Escape") {
              event.preventDefault();
              closeDrawer(true);
            }
          }}
        >
          <summary
            aria-label="Menu"
            className="-ml-2 inline-flex h-10 w-10 items-center justify-center rounded-full text-gray-800 hover:bg-gray-100"
          >
            <MenuIcon className="h-6 w-6" />
          </summary>
          <div className="fixed inset-0 z-40 bg-black/50" aria-hidden="true" onClick={() => closeDrawer(true)} />
          <nav
            aria-label="Mobile menu"
            className="fixed inset-y-0 left-0 z-50 flex w-72 max-w-[85vw] flex-col gap-1 overflow-y-auto bg-white p-4 shadow-xl"
            onClick={(event) => {
              if ((event.target as HTMLElement).closest("a")) closeDrawer(false);
            }}
          >
            <div className="mb-3 flex items-center justify-between gap-2">
              <SiteLogo site={site} />
              <button
                type="button"
                aria-label="Close menu"
                onClick={() => closeDrawer(true)}
                className="inline-flex h-10 w-10 shrink-0 items-center justify-center rounded-full text-gray-800 hover:bg-gray-100"
              >
                <CloseIcon className="h-6 w-6" />
              </button>
            </div>
            <NavLink to="/" end className={navLinkClass}>
              Home
            </NavLink>
            <NavLink to="/shop" className={navLinkClass}>
              Shop
            </NavLink>
            <NavLink to="/cart" className={navLinkClass}>
              Cart{site.cartCount > 0 ? ` (${site.cartCount})` : ""}
            </NavLink>
            {account ? (
              <SignedInPart
                render={({ DrawerNotificationsLink }) => (
                  <DrawerNotificationsLink userId={account.userId} pageUnread={site.unreadNotifications} className={navLinkClass} />
                )}
              />
            ) : null}
            {site.whatsapp ? (
              <a href={site.whatsapp.href} target="_blank" rel="noopener noreferrer" className={navLinkClass({ isActive: false })}>
                <span className="inline-flex items-center gap-2">
                  <WhatsappIcon className="h-5 w-5 text-green-700" />
                  WhatsApp
                </span>
              </a>
            ) : null}
            {account ? (
              <SignedInPart render={({ AccountDrawerSection }) => <AccountDrawerSection account={account} />} />
            ) : (
              <Link
                to="/auth"
                className="mt-3 inline-flex items-center justify-center rounded-lg bg-brand-strong px-4 py-2.5 text-sm font-semibold text-white hover:opacity-90"
              >
                Sign In
              </Link>
            )}
          </nav>
        </details>

        <SiteLogo site={site} />

        <nav aria-label="Main" className="ml-auto hidden items-center gap-1 md:flex">
          <NavLink to="/shop" className={navLinkClass}>
            Shop
          </NavLink>
          {site.whatsapp ? (
            <a
              href={site.whatsapp.href}
              target="_blank"
              rel="noopener noreferrer"
              className="inline-flex items-center gap-1.5 rounded-md px-3 py-2 text-sm font-semibold text-gray-800 hover:text-green-700"
            >
              <WhatsappIcon className="h-5 w-5 text-green-700" />
              WhatsApp
            </a>
          ) : null}
        </nav>

        <div className="ml-auto flex items-center gap-2 md:ml-2">
          {account ? (
            <SignedInPart
              render={({ NotificationBell }) => <NotificationBell userId={account.userId} pageUnread={site.unreadNotifications} />}
            />
          ) : null}
          <CartLink count={site.cartCount} />
          {account ? (
            <SignedInPart render={({ AccountMenu }) => <AccountMenu account={account} />} />
          ) : (
            <Link
              to="/auth"
              className="hidden rounded-lg bg-brand-strong px-4 py-2 text-sm font-semibold text-white hover:opacity-90 sm:inline-flex"
            >
              Sign In
            </Link>
          )}
        </div>
      </div>
    </header>
  );
}
