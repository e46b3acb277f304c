import type { ReactNode } from "react";

/**
 * A link to a file the server answers: a JSON or CSV download, a statement, a private photo or
 * document. A plain anchor with `download`, never React Router's <Link>, which would fetch the
 * route's data and render nothing: the browser itself saves the file, with or without script.
 */
export function FileLink({ href, className, label, children }: { href: string; className?: string; label?: string; children: ReactNode }) {
  return (
    <a href={href} download className={className} aria-label={label}>
      {children}
    </a>
  );
}
