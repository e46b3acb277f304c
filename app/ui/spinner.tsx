import { TEXTS } from "../../lib/constants";

/** Spinner with the text 'Loading...', announced politely to screen readers. */
export function Spinner({ className = "" }: { className?: string }) {
  return (
    <div role="status" className={`inline-flex items-center gap-2 text-sm text-gray-700 ${className}`}>
      <span
        aria-hidden="true"
        className="h-4 w-4 animate-spin rounded-full border-2 border-gray-300 border-t-brand-strong"
      />
      <span>{TEXTS.loading}</span>
    </div>
  );
}
