import type { ReactNode } from "react";
import { GRADE_LABELS, type Grade, TEST_PAYMENT_LABEL } from "../../lib/constants";
import { BadgeCheckIcon, ShieldIcon } from "./icons";

/** The look of grade and discount badges is in app.css (`.badge`, `.grade-A`…): they repeat on every card. */
export function GradeBadge({ grade, withLabel = false, className = "" }: { grade: Grade; withLabel?: boolean; className?: string }) {
  return (
    <span className={`badge grade grade-${grade}${className ? ` ${className}` : ""}`}>
      {withLabel ? `Grade ${grade} · ${GRADE_LABELS[grade]}` : `Grade ${grade}`}
    </span>
  );
}

export function DiscountBadge({ percent, className = "" }: { percent: number; className?: string }) {
  return <span className={`badge badge-off${className ? ` ${className}` : ""}`}>{`${percent}% OFF`}</span>;
}

function Pill({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <span className="inline-flex items-center gap-1 rounded-full bg-gray-100 px-2.5 py-1 text-xs font-medium text-gray-800">
      {icon}
      {children}
    </span>
  );
}

export function InspectedBadge() {
  return <Pill icon={<ShieldIcon className="h-4 w-4 text-emerald-700" />}>Admin Inspected</Pill>;
}

export function VerifiedVendorBadge() {
  return <Pill icon={<BadgeCheckIcon className="h-4 w-4 text-sky-700" />}>Verified Vendor</Pill>;
}

/** 'Test' on money moved in test mode, where nothing real is paid (docs/payments.md). */
export function TestBadge() {
  return <span className="inline-flex items-center rounded-full bg-yellow-100 px-2 py-0.5 text-xs font-semibold text-yellow-900 ring-1 ring-inset ring-yellow-300">{TEST_PAYMENT_LABEL}</span>;
}
