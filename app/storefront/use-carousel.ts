import { type FocusEvent, useEffect, useState, useSyncExternalStore } from "react";

const REDUCED_MOTION = "(prefers-reduced-motion: reduce)";

function subscribeToMotionPreference(onChange: () => void): () => void {
  const query = window.matchMedia?.(REDUCED_MOTION);
  query?.addEventListener("change", onChange);
  return () => query?.removeEventListener("change", onChange);
}

/** The visitor's wish for less motion; false on the server and during hydration. */
function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(subscribeToMotionPreference, () => window.matchMedia?.(REDUCED_MOTION).matches ?? false, () => false);
}

export interface CarouselOptions {
  count: number;
  autoplay: boolean;
  /** Milliseconds between slides. */
  interval: number;
  /** Wrap from the last slide to the first and back; otherwise stop at the ends. */
  loop: boolean;
}

function clampedSlide(to: number, count: number, loop: boolean): number {
  if (count <= 0) return 0;
  return loop ? ((to % count) + count) % count : Math.min(count - 1, Math.max(0, to));
}

/**
 * The current slide of a carousel and its controls. Autoplay runs only with more than one
 * slide and no reduced-motion wish, and holds while the pointer or focus is inside
 * (`regionProps`) or the visitor pressed pause. Without looping it stops at the last slide.
 */
export function useCarousel({ count, autoplay, interval, loop }: CarouselOptions) {
  const [index, setIndex] = useState(0);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [stopped, setStopped] = useState(false);
  const reducedMotion = usePrefersReducedMotion();

  const rotating = autoplay && count > 1 && !reducedMotion;
  const current = clampedSlide(index, count, false);
  const atEnd = !loop && current === count - 1;
  const advancing = rotating && !atEnd && !(hovered || focused || stopped);

  useEffect(() => {
    if (!advancing) return;
    const timer = window.setInterval(() => setIndex((i) => clampedSlide(i + 1, count, loop)), interval);
    return () => window.clearInterval(timer);
  }, [advancing, count, loop, interval]);

  const regionProps = {
    onMouseEnter: () => setHovered(true),
    onMouseLeave: () => setHovered(false),
    onFocus: () => setFocused(true),
    onBlur: (event: FocusEvent<HTMLElement>) => {
      if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
    },
  };

  return {
    current,
    go: (to: number) => setIndex(clampedSlide(to, count, loop)),
    canGoBack: loop || current > 0,
    canGoForward: loop || current < count - 1,
    rotating,
    stopped,
    toggleStopped: () => setStopped((s) => !s),
    /** Screen readers hear each new slide only when it was not moved by the timer. */
    live: (advancing ? "off" : "polite") as "off" | "polite",
    regionProps,
  };
}
