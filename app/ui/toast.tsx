import { useEffect, useMemo, useSyncExternalStore } from "react";
import { LIMITS } from "../../lib/constants";

export type ToastKind = "success" | "error" | "info";

export interface ToastMessage {
  id: string;
  kind: ToastKind;
  title: string;
  description?: string;
}

/** What raised a toast: something the person did (an action's answer), or news that arrived (a notification, a live update). */
type ToastSource = "action" | "notification";

interface ShownToast extends ToastMessage {
  source: ToastSource;
}

type Listener = () => void;

let toasts: ShownToast[] = [];
/** Ids passed to `once`: a message shown once is never shown again, even after it was replaced. */
const shownOnce = new Set<string>();
const listeners = new Set<Listener>();
let counter = 0;

function emit() {
  for (const listener of listeners) listener();
}

function dismiss(id: string) {
  toasts = toasts.filter((t) => t.id !== id);
  emit();
}

/** News this soon after an action is the action's own echo (its notifications, the reload it caused). */
const ACTION_ECHO_MS = 2000;
let lastActionAt = Number.NEGATIVE_INFINITY;

/**
 * One toast per action: a new message replaces whatever is showing (so a stale error never
 * lingers beside the next success), and news arriving just after an action (the notifications
 * and live reloads it caused) goes only to the bell: cancelling a paid order says 'Order cancelled'
 * once. Later news replaces the action's message, so one toast shows at a time.
 */
function show(kind: ToastKind, title: string, description?: string, id = `toast-${++counter}`, source: ToastSource = "action"): string {
  if (toasts.some((t) => t.id === id)) return id;
  if (source === "notification" && Date.now() - lastActionAt < ACTION_ECHO_MS) return id;
  if (source === "action") lastActionAt = Date.now();
  toasts = [{ id, kind, title, description, source }];
  emit();
  if (typeof window !== "undefined") window.setTimeout(() => dismiss(id), LIMITS.notificationToastMs);
  return id;
}

function showOnce(message: ToastMessage, source: ToastSource): string {
  if (shownOnce.has(message.id)) return message.id;
  shownOnce.add(message.id);
  return show(message.kind, message.title, message.description, message.id, source);
}

/** Short messages shown over the page, with the texts each area's page in docs/ lists. */
export const toast = {
  success: (title: string, description?: string) => show("success", title, description),
  error: (title: string, description?: string) => show("error", title, description),
  info: (title: string, description?: string) => show("info", title, description),
  /** Shows a message once, however often it is passed in (a server flash survives re-renders). */
  once: (message: ToastMessage) => showOnce(message, "action"),
  /** A notification that arrived: shown once, unless an action's message is showing. */
  notification: (message: ToastMessage) => showOnce(message, "notification"),
  /** News from elsewhere (a live update reloaded the page): shown unless an action's message is showing. */
  live: (title: string) => show("success", title, undefined, undefined, "notification"),
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
 * The toast region; `flash` is a message the server set before a redirect. The server renders it
 * too, so it reads before the page's scripts arrive on a slow network (and without them); once
 * they run it is shown and dismissed like any toast. On phones the region sits at the top, under
 * the status bar, so it never covers a page's main button at the bottom (Place Order); from the
 * small breakpoint up it sits at the bottom right.
 */
export function Toaster({ flash }: { flash?: ToastMessage | null }) {
  const served = useMemo<ShownToast[]>(() => (flash ? [{ ...flash, source: "action" }] : []), [flash]);
  const current = useSyncExternalStore(
    subscribe,
    () => (flash && !shownOnce.has(flash.id) ? served : toasts),
    () => served,
  );
  useEffect(() => {
    if (flash) toast.once(flash);
  }, [flash]);
  return (
    <div
      data-testid="toasts"
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
