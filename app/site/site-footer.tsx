import type { ReactNode } from "react";
import { Link } from "react-router";
import { BRAND_STRIP, TEXTS } from "../../lib/constants";
import { LogoMark, MailIcon, PhoneIcon, WhatsappIcon } from "../ui/icons";
import type { SiteFrameData } from "./site";
import { SUPPORT_CONTACT } from "./site-contact";

function Column({ title, children, className = "" }: { title: string; children: ReactNode; className?: string }) {
  return (
    <div className={className}>
      <h2 className="text-sm font-bold uppercase tracking-wide text-white">{title}</h2>
      <ul className="mt-3 space-y-2 text-sm">{children}</ul>
    </div>
  );
}

const linkClass = "text-gray-300 hover:text-white hover:underline";

interface FooterLink {
  to: string;
  label: string;
}

const SHOP_LINKS: FooterLink[] = [
  { to: "/shop", label: "All Phones" },
  ...BRAND_STRIP.map((brand) => ({ to: `/shop?brand=${brand.query}`, label: brand.name })),
  { to: "/shop?grade=A", label: "Grade A Phones" },
];

const SELL_LINKS: FooterLink[] = [
  { to: "/become-vendor", label: TEXTS.becomeVendor },
  { to: "/products", label: "List Products" },
  { to: "/vendor-auth", label: "Vendor Sign In" },
];

function LinkColumn({ title, links }: { title: string; links: FooterLink[] }) {
  return (
    <Column title={title}>
      {links.map((link) => (
        <li key={link.to}>
          <Link to={link.to} className={linkClass}>
            {link.label}
          </Link>
        </li>
      ))}
    </Column>
  );
}

export function SiteFooter({ site }: { site: SiteFrameData }) {
  return (
    <footer className="mt-8 bg-gray-900 text-gray-300">
      <div className="container-page grid grid-cols-2 gap-8 py-10 lg:grid-cols-4">
        <div className="col-span-2 lg:col-span-1">
          <Link to="/" className="inline-flex items-center gap-2 rounded-md">
            {site.logoUrl ? (
              <img src={site.logoUrl} alt="" width={32} height={32} className="h-8 w-8 rounded-md bg-white object-contain" loading="lazy" />
            ) : (
              <LogoMark className="h-8 w-8" />
            )}
            <span className="text-lg font-extrabold text-white">{site.siteName}</span>
          </Link>
          <p className="mt-3 max-w-xs text-sm text-gray-300">
            Graded UK-used phones from verified Nigerian vendors, quality checked and covered by warranty.
          </p>
        </div>
        <LinkColumn title="Shop" links={SHOP_LINKS} />
        <LinkColumn title="Sell" links={SELL_LINKS} />
        <Column title="Support" className="col-span-2 sm:col-span-1">
          <li>
            <a href={`mailto:${SUPPORT_CONTACT.email}`} className={`inline-flex items-center gap-2 ${linkClass}`}>
              <MailIcon className="h-4 w-4" />
              {SUPPORT_CONTACT.email}
            </a>
          </li>
          <li>
            <a href={SUPPORT_CONTACT.phoneHref} className={`inline-flex items-center gap-2 ${linkClass}`}>
              <PhoneIcon className="h-4 w-4" />
              {SUPPORT_CONTACT.phoneDisplay}
            </a>
          </li>
          {site.whatsapp ? (
            <li>
              <a href={site.whatsapp.href} target="_blank" rel="noopener noreferrer" className={`inline-flex items-center gap-2 ${linkClass}`}>
                <WhatsappIcon className="h-4 w-4" />
                WhatsApp
              </a>
            </li>
          ) : null}
          <li>
            <Link to="/privacy" className={linkClass}>
              Privacy Policy
            </Link>
          </li>
        </Column>
      </div>
      <div className="border-t border-gray-800">
        <p className="container-page py-4 text-center text-xs text-gray-400">
          © {site.year} {site.siteName}. All rights reserved.
        </p>
      </div>
    </footer>
  );
}
