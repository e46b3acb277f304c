import type { ReactNode } from "react";
import { GRADE_LABELS, type Grade } from "../../lib/constants";
import { BadgeCheckIcon, ShieldIcon } from "./icons";

const GRADE_STYLES: Record<Grade, string> = {
  A: "bg-emerald-100 text-emerald-900 ring-emerald-300",
  B: "bg-sky-100 text-sky-900 ring-sky-300",
  C: "bg-amber-100 text-amber-900 ring-amber-300",
};

export function GradeBadge({ grade, withLabel = false, className = "" }: { grade: Grade; withLabel?: boolean; className?: string }) {
  return (
    <span
      className={`inline-flex items-center rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ring-inset ${GRADE_STYLES[grade]} ${className}`}
    >
      Grade {grade}
      {withLabel ? ` · ${GRADE_LABELS[grade]}` : null}
    </span>
  );
}

export function DiscountBadge({ percent, className = "" }: { percent: number; className?: string }) {
  return (
    <span className={`inline-flex items-center rounded-full bg-brand-strong px-2 py-0.5 text-xs font-bold text-white ${className}`}>
      {percent}% OFF
    </span>
  );
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
