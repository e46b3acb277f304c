import { type ReactNode, useEffect, useRef } from "react";
import { Form, Link, useLocation } from "react-router";
import type { AccountSummary } from "../site/site";
import { type Role, may } from "../../domain/core/access";
import { ACCOUNT_TEXTS } from "../../domain/accounts/account-texts";

export interface AccountMenuItem {
  label: string;
  to: string;
}

/** Account menu items by role, in the order of docs/accounts.md; Sign Out follows them. */
export function accountMenuItems(role: Role): AccountMenuItem[] {
  const items: AccountMenuItem[] = [];
  if (may({ role }, "manage_admins")) items.push({ label: "Super Admin", to: "/super-admin" });
  if (may({ role }, "back_office")) {
    items.push({ label: "Admin Dashboard", to: "/admin" }, { label: "CMS Dashboard", to: "/cms" });
  }
  if (may({ role }, "sell")) items.push({ label: "Vendor Dashboard", to: "/vendor-dashboard" });
  items.push({ label: "My Orders", to: "/orders" }, { label: "Wishlist", to: "/wishlist" }, { label: ACCOUNT_TEXTS.menuLink, to: "/account" });
  return items;
}

/** Ends every session of the user on the server (a form, so it works before scripts load). */
export function SignOutButton({ className }: { className: string }) {
  return (
    <Form method="post" action="/auth/sign-out">
      <button type="submit" className={className}>
        Sign Out
      </button>
    </Form>
  );
}

const itemClass = "block w-full rounded-md px-3 py-2 text-left text-sm font-semibold text-gray-800 hover:bg-gray-100";

function Greeting({ account }: { account: AccountSummary }) {
  return (
    <>
      {account.greeting}, <span className="font-semibold text-gray-900">{account.name}</span>
    </>
  );
}

/** The role's items and Sign Out, the same in the drawer and the dropdown. */
function AccountItems({ account, children }: { account: AccountSummary; children?: ReactNode }) {
  return (
    <div role="group" aria-label="Account">
      {children}
      {accountMenuItems(account.role).map((item) => (
        <Link key={item.to} to={item.to} className={itemClass}>
          {item.label}
        </Link>
      ))}
      <SignOutButton className={itemClass} />
    </div>
  );
}

/** The drawer's account section on small screens: greeting, the same items, Sign Out. */
export function AccountDrawerSection({ account }: { account: AccountSummary }) {
  return (
    <div className="mt-3 border-t border-gray-200 pt-3">
      <AccountItems account={account}>
        <p className="px-3 pb-2 text-sm text-gray-700">
          <Greeting account={account} />
        </p>
      </AccountItems>
    </div>
  );
}

/** Greeting and account menu in the site bar (desktop); a <details> so it works without scripts. */
export function AccountMenu({ account }: { account: AccountSummary }) {
  const menu = useRef<HTMLDetailsElement>(null);
  const location = useLocation();
  useEffect(() => {
    if (menu.current) menu.current.open = false;
  }, [location.pathname, location.search]);

  return (
    <details
      ref={menu}
      className="relative hidden md:block"
      onKeyDown={(event) => {
        if (event.key === "Escape" && menu.current?.open) {
          menu.current.open = false;
          menu.current.querySelector("summary")?.focus();
        }
      }}
    >
      <summary className="flex cursor-pointer list-none items-center gap-1 rounded-lg px-3 py-2 text-sm text-gray-800 hover:bg-gray-100">
        <span>
          <Greeting account={account} />
        </span>
        <svg viewBox="0 0 20 20" aria-hidden="true" className="h-4 w-4 text-gray-600" fill="currentColor">
          <path d="M5.5 7.5 10 12l4.5-4.5" stroke="currentColor" strokeWidth="1.8" fill="none" strokeLinecap="round" />
        </svg>
        <span className="sr-only">Account menu</span>
      </summary>
      <div className="absolute right-0 z-40 mt-2 w-56 rounded-lg border border-gray-200 bg-white p-1 shadow-lg">
        <AccountItems account={account} />
      </div>
    </details>
  );
}
