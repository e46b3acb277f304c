import type { ReactNode } from "react";
import type { TimelineEvent } from "../../domain/claims/timeline";
import { ACTOR_ROLE_LABELS } from "../../domain/claims/texts";
import { formatDateTime } from "../ui/format";

/**
 * Every step of a claim or a return, oldest first, with who took it: the same list for the buyer,
 * the vendor and admins. `testId` names the list (`claim-timeline`) and its steps (`claim-event`).
 */
export function Timeline({ events, labels, label, testId }: { events: readonly TimelineEvent[]; labels: Record<string, string>; label: string; testId: "claim" | "return" }) {
  return (
    <ol className="space-y-3 border-l-2 border-gray-200 pl-4" aria-label={label} data-testid={`${testId}-timeline`}>
      {events.map((event, index) => (
        <li key={`${event.kind}-${event.at}-${index}`} className="relative" data-testid={`${testId}-event`}>
          <span aria-hidden="true" className="absolute -left-[1.4rem] top-1 h-3 w-3 rounded-full border-2 border-white bg-brand-strong" />
          <p className="text-sm font-semibold text-gray-900">{labels[event.kind] ?? event.kind}</p>
          <p className="text-xs text-gray-600">
            {ACTOR_ROLE_LABELS[event.actorRole]} · <time dateTime={event.at}>{formatDateTime(event.at)}</time>
          </p>
          {event.note ? <p className="mt-0.5 whitespace-pre-line break-words text-sm text-gray-800">{event.note}</p> : null}
        </li>
      ))}
    </ol>
  );
}

/** A card's timeline folded under 'Timeline' (`summary`), open when `open`. */
export function TimelineDetails({ open, summary = "Timeline", children }: { open?: boolean; summary?: string; children: ReactNode }) {
  return (
    <details open={open}>
      <summary className="cursor-pointer text-sm font-semibold text-brand-strong">{summary}</summary>
      <div className="mt-3">{children}</div>
    </details>
  );
}
