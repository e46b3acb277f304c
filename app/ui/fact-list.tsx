import type { ReactNode } from "react";

/** Facts as a definition list in two columns on wider screens, of `Fact`s. */
export function FactList({ testId, children }: { testId?: string; children: ReactNode }) {
  return (
    <dl className="grid gap-2 sm:grid-cols-2" data-testid={testId}>
      {children}
    </dl>
  );
}

/** One dt/dd pair in its own div, the only wrapper a dl allows; `wide` spans both columns. */
export function Fact({ label, wide = false, children }: { label: string; wide?: boolean; children: ReactNode }) {
  return (
    <div className={wide ? "min-w-0 sm:col-span-2" : "min-w-0"}>
      <dt className="text-xs font-semibold text-gray-600">{label}</dt>
      <dd className="whitespace-pre-line break-words text-sm text-gray-900">{children}</dd>
    </div>
  );
}
