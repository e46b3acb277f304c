import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef } from "react";
import { Link, useNavigate } from "react-router";
import { CloseIcon } from "./icons";

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * A modal dialog opened by the page address (?add=1, ?edit=…), so it works before scripts
 * load and survives a reload. With scripts: focus moves in and stays in, Escape closes it, and
 * the page behind does not scroll.
 */
export function ModalDialog({ title, closeTo, children, wide = false }: { title: string; closeTo: string; children: ReactNode; wide?: boolean }) {
  const titleId = useId();
  const panel = useRef<HTMLDivElement>(null);
  const navigate = useNavigate();

  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    const overflow = document.body.style.overflow;
    document.body.style.overflow = "hidden";
    panel.current?.querySelector<HTMLElement>(FOCUSABLE)?.focus();
    return () => {
      document.body.style.overflow = overflow;
      previous?.focus?.();
    };
  }, []);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === "Escape") {
      event.preventDefault();
      void navigate(closeTo, { preventScrollReset: true });
      return;
    }
    if (event.key !== "Tab" || !panel.current) return;
    const focusable = [...panel.current.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => el.offsetParent !== null);
    const first = focusable[0];
    const last = focusable.at(-1);
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last?.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first?.focus();
    }
  };

  return (
    <div className="fixed inset-0 z-50 flex items-end justify-center bg-gray-900/60 sm:items-center sm:p-4">
      <div
        ref={panel}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        onKeyDown={onKeyDown}
        className={`flex max-h-[92vh] w-full flex-col rounded-t-2xl bg-white shadow-xl sm:rounded-2xl ${wide ? "sm:max-w-2xl" : "sm:max-w-md"}`}
      >
        <div className="flex items-center justify-between gap-4 border-b border-gray-200 px-5 py-4">
          <h2 id={titleId} className="text-lg font-bold text-gray-900">
            {title}
          </h2>
          <Link to={closeTo} preventScrollReset aria-label="Close" className="-m-2 rounded-lg p-2 text-gray-600 hover:bg-gray-100 hover:text-gray-900">
            <CloseIcon />
          </Link>
        </div>
        {/* Focusable, so a keyboard can scroll a body taller than a phone's screen that has no link or field to tab to. */}
        <div tabIndex={0} className="overflow-y-auto px-5 py-4 focus-visible:outline-2 focus-visible:outline-offset-[-2px]">
          {children}
        </div>
      </div>
    </div>
  );
}
