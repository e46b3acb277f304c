import type { ReactNode } from "react";
import { Link } from "react-router";
import { LogoMark, MailIcon, PhoneIcon, WhatsappIcon } from "./icons";
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
        <Column title="Shop">
          <li>
            <Link to="/shop" className={linkClass}>
              All Phones
            </Link>
          </li>
          <li>
            <Link to="/shop?brand=apple" className={linkClass}>
              iPhone
            </Link>
          </li>
          <li>
            <Link to="/shop?brand=samsung" className={linkClass}>
              Samsung
            </Link>
          </li>
          <li>
            <Link to="/shop?brand=google" className={linkClass}>
              Google Pixel
            </Link>
          </li>
          <li>
            <Link to="/shop?grade=A" className={linkClass}>
              Grade A Phones
            </Link>
          </li>
        </Column>
        <Column title="Sell">
          <li>
            <Link to="/become-vendor" className={linkClass}>
              Become a Vendor
            </Link>
          </li>
          <li>
            <Link to="/products" className={linkClass}>
              List Products
            </Link>
          </li>
          <li>
            <Link to="/vendor-auth" className={linkClass}>
              Vendor Sign In
            </Link>
          </li>
        </Column>
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
