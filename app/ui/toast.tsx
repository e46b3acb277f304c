import { useEffect, useSyncExternalStore } from "react";
import { LIMITS } from "../../lib/constants";

export type ToastKind = "success" | "error" | "info";

export interface ToastMessage {
  id: string;
  kind: ToastKind;
  title: string;
  description?: string;
}

type Listener = () => void;

let toasts: ToastMessage[] = [];
const listeners = new Set<Listener>();
let counter = 0;

function emit() {
  for (const listener of listeners) listener();
}

function dismiss(id: string) {
  toasts = toasts.filter((t) => t.id !== id);
  emit();
}

function show(kind: ToastKind, title: string, description?: string, id = `toast-${++counter}`): string {
  if (toasts.some((t) => t.id === id)) return id;
  // Newest on top; at most three at once so a burst never covers the page.
  toasts = [{ id, kind, title, description }, ...toasts].slice(0, 3);
  emit();
  if (typeof window !== "undefined") window.setTimeout(() => dismiss(id), LIMITS.notificationToastMs);
  return id;
}

/** Short messages shown over the page, with the texts each area's page in docs/ lists. */
export const toast = {
  success: (title: string, description?: string) => show("success", title, description),
  error: (title: string, description?: string) => show("error", title, description),
  info: (title: string, description?: string) => show("info", title, description),
  /** Shows a message once, however often it is passed in (a server flash survives re-renders). */
  once: (message: ToastMessage) => show(message.kind, message.title, message.description, message.id),
  dismiss,
};

function subscribe(listener: Listener) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const STYLES: Record<ToastKind, string> = {
  success: "border-green-600",
  error: "border-red-600",
  info: "border-gray-400",
};

/**
 * The toast region; `flash` is a message the server set before a redirect. On phones it sits at
 * the top, under the status bar, so it never covers a page's main button at the bottom (Place
 * Order); from the small breakpoint up it sits at the bottom right.
 */
export function Toaster({ flash }: { flash?: ToastMessage | null }) {
  const current = useSyncExternalStore(subscribe, () => toasts, () => []);
  useEffect(() => {
    if (flash) toast.once(flash);
  }, [flash]);
  return (
    <div
      aria-live="polite"
      className="pointer-events-none fixed inset-x-0 top-3 z-[60] flex flex-col items-center gap-2 px-4 sm:top-auto sm:bottom-6 sm:right-6 sm:left-auto sm:items-end"
    >
      {current.map((t) => (
        <div
          key={t.id}
          role={t.kind === "error" ? "alert" : "status"}
          className={`pointer-events-auto flex w-full max-w-sm items-start gap-3 rounded-lg border-l-4 bg-white p-4 shadow-lg ring-1 ring-gray-200 ${STYLES[t.kind]}`}
        >
          <div className="flex-1">
            <p className="text-sm font-semibold text-gray-900">{t.title}</p>
            {t.description ? <p className="mt-1 text-sm text-gray-700">{t.description}</p> : null}
          </div>
          <button
            type="button"
            onClick={() => dismiss(t.id)}
            className="-m-1 rounded p-1 text-gray-500 hover:text-gray-900"
            aria-label="Dismiss message"
          >
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
