import type { ReactNode } from "react";
import type { VendorBenefit } from "../../domain/cms/defaults";
import { BadgeCheckIcon, CheckCircleIcon, ShieldIcon, SmartphoneIcon } from "../ui/icons";

function Glyph({ children }: { children: ReactNode }) {
  return (
    <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" strokeLinejoin="round" className="h-6 w-6" aria-hidden="true" focusable="false">
      {children}
    </svg>
  );
}

/** The icons a benefit may name in the CMS; an unknown name gets the phone. */
const ICONS: Record<string, ReactNode> = {
  users: (
    <Glyph>
      <circle cx="9" cy="8" r="3.5" />
      <path d="M2.5 20a6.5 6.5 0 0 1 13 0M16 4.5a3.5 3.5 0 0 1 0 7M18 14.5a6.5 6.5 0 0 1 3.5 5.5" />
    </Glyph>
  ),
  wallet: (
    <Glyph>
      <rect x="3" y="6" width="18" height="14" rx="2.5" />
      <path d="M3 10h18M16 15h2" />
      <path d="M6 6V5a2 2 0 0 1 2-2h9" />
    </Glyph>
  ),
  shield: <ShieldIcon className="h-6 w-6" />,
  badge: <BadgeCheckIcon className="h-6 w-6" />,
  check: <CheckCircleIcon className="h-6 w-6" />,
};

export function BenefitGrid({ items }: { items: readonly VendorBenefit[] }) {
  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
      {items.map((benefit) => (
        <li key={benefit.title} className="rounded-2xl border border-gray-200 bg-white p-5 shadow-sm">
          <span className="inline-flex h-11 w-11 items-center justify-center rounded-xl bg-brand-soft text-brand-strong">
            {ICONS[benefit.icon] ?? <SmartphoneIcon className="h-6 w-6" />}
          </span>
          <h3 className="mt-3 font-bold text-gray-900">{benefit.title}</h3>
          <p className="mt-1 text-sm text-gray-700">{benefit.description}</p>
        </li>
      ))}
    </ul>
  );
}

export function CheckList({ items }: { items: readonly string[] }) {
  return (
    <ul className="space-y-2">
      {items.map((item) => (
        <li key={item} className="flex items-start gap-2 text-gray-800">
          <CheckCircleIcon className="mt-0.5 h-5 w-5 shrink-0 text-emerald-700" />
          <span>{item}</span>
        </li>
      ))}
    </ul>
  );
}
