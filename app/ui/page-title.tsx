import type { ReactNode } from "react";

/** A page's main heading in the site's heading style; `id` lets its section name itself by it. */
export function PageTitle({ id, children }: { id?: string; children: ReactNode }) {
  return (
    <h1 id={id} className="text-2xl font-extrabold text-gray-900">
      {children}
    </h1>
  );
}

const SECTION_TITLE_CLASS = "text-lg font-bold text-gray-900";

/** A section's heading in the site's style; `className` adds the section's own spacing before it. */
export function SectionTitle({ id, className, children }: { id: string; className?: string; children: ReactNode }) {
  return (
    <h2 id={id} className={className ? `${className} ${SECTION_TITLE_CLASS}` : SECTION_TITLE_CLASS}>
      {children}
    </h2>
  );
}
