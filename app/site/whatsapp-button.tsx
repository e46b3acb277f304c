import { WhatsappIcon } from "../ui/icons";
import type { SiteFrameData } from "./site";

/** Floating WhatsApp chat button, shown when WhatsApp is enabled and a number is set. */
export function WhatsappFloatingButton({ whatsapp }: { whatsapp: SiteFrameData["whatsapp"] }) {
  if (!whatsapp) return null;
  return (
    <a
      href={whatsapp.href}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={whatsapp.label}
      title={whatsapp.label}
      className="fixed bottom-4 right-4 z-20 inline-flex h-14 w-14 items-center justify-center rounded-full bg-green-700 text-white shadow-lg hover:bg-green-800"
    >
      <WhatsappIcon className="h-8 w-8" />
    </a>
  );
}
