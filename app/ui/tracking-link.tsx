import { COURIER_TEXTS, trackingLinkOf } from "../../lib/couriers";

/**
 * A tracking number, as a link to its courier's tracking page in a new tab when the courier has
 * one (lib/couriers.ts); the number alone otherwise ('Other', or no courier recorded).
 */
export function TrackingNumber({ carrier, number }: { carrier: string | null | undefined; number: string }) {
  const href = trackingLinkOf(carrier, number);
  if (!href || !carrier) return <>{number}</>;
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" aria-label={COURIER_TEXTS.trackLabel(carrier, number)}
      className="font-semibold text-brand-strong underline underline-offset-2">
      {number}
    </a>
  );
}
