import type { ReactNode } from "react";
import { BadgeCheckIcon, ClipboardCheckIcon, HeadsetIcon, ShieldIcon } from "../ui/icons";

const POINTS: Array<{ title: string; text: string; icon: ReactNode }> = [
  {
    title: "Warranty up to 30 days",
    text: "Every phone is covered against hardware faults, battery, screen and charging problems.",
    icon: <ShieldIcon className="h-6 w-6" />,
  },
  {
    title: "15-point quality check",
    text: "Battery health, screen, cameras, Face ID and more are tested before a phone is listed.",
    icon: <ClipboardCheckIcon className="h-6 w-6" />,
  },
  {
    title: "24/7 support",
    text: "Reach our team any time by e-mail, phone or WhatsApp, before and after you buy.",
    icon: <HeadsetIcon className="h-6 w-6" />,
  },
  {
    title: "Verified vendors",
    text: "Sellers are reviewed by our team before they can list, so you buy from real businesses.",
    icon: <BadgeCheckIcon className="h-6 w-6" />,
  },
];

export function WhyChooseUs({ siteName }: { siteName: string }) {
  return (
    <section aria-labelledby="why-title" className="bg-gray-50 py-12">
      <div className="container-page">
        <h2 id="why-title" className="text-center text-2xl font-bold text-gray-900">
          {`Why Choose ${siteName}?`}
        </h2>
        <ul className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {POINTS.map((point) => (
            <li key={point.title} className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-gray-200">
              <span className="inline-flex h-11 w-11 items-center justify-center rounded-lg bg-brand-soft text-brand-strong">
                {point.icon}
              </span>
              <h3 className="mt-3 font-semibold text-gray-900">{point.title}</h3>
              <p className="mt-1 text-sm text-gray-700">{point.text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
