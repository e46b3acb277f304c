import { type FocusEvent, useEffect, useState, useSyncExternalStore } from "react";
import { Link } from "react-router";
import type { HomeBannerContent, HomeBannerSlide } from "../../domain/cms/defaults";
import { LIMITS } from "../../lib/constants";
import { ChevronLeftIcon, ChevronRightIcon, PauseIcon, PlayIcon } from "./icons";

/** Milliseconds per slide: the configured duration held to 1–30 seconds. */
function slideDuration(banner: HomeBannerContent): number {
  const configured = Number(banner.autoplay_duration) || LIMITS.homeBannerAutoplayMs;
  return Math.min(LIMITS.homeBannerAutoplayMaxSeconds * 1000, Math.max(LIMITS.homeBannerAutoplayMinSeconds * 1000, configured));
}

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

/**
 * The current slide of `count`, moved by `go` (wrapping at both ends) and, when `autoplay` is
 * on and there is more than one slide, every `duration` ms unless held.
 */
function useCarousel(count: number, autoplay: boolean, duration: number, held: boolean) {
  const [index, setIndex] = useState(0);
  const reducedMotion = usePrefersReducedMotion();
  const rotating = autoplay && count > 1 && !reducedMotion;

  useEffect(() => {
    if (!rotating || held) return;
    const timer = window.setInterval(() => setIndex((i) => (i + 1) % count), duration);
    return () => window.clearInterval(timer);
  }, [rotating, held, count, duration]);

  const current = Math.min(index, Math.max(0, count - 1));
  const go = (to: number) => setIndex(((to % count) + count) % count);
  return { current, go, rotating };
}

/** Rotating home banner from the home_banner content block: arrows and dots wrap around; autoplay pauses on hover, focus or the pause button. */
export function HomeBanner({ banner }: { banner: HomeBannerContent }) {
  const slides = Array.isArray(banner.slides) ? banner.slides.filter((s) => s && (s.image_url || s.title)) : [];
  const count = slides.length;
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [stopped, setStopped] = useState(false);
  const { current, go, rotating } = useCarousel(count, banner.autoplay, slideDuration(banner), hovered || focused || stopped);

  if (!banner.enabled || count === 0) return null;
  const onBlur = (event: FocusEvent<HTMLElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
  };

  return (
    <section
      aria-roledescription="carousel"
      aria-label="Featured offers"
      className="container-page pt-4"
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={onBlur}
    >
      <div className="relative overflow-hidden rounded-2xl bg-gray-900" aria-live={rotating && !stopped ? "off" : "polite"}>
        {slides.map((slide, i) => (
          <Slide key={slide.id || i} slide={slide} position={i} count={count} hidden={i !== current} />
        ))}
        {count > 1 ? (
          <>
            <button type="button" onClick={() => go(current - 1)} aria-label="Previous slide" className={`left-2 ${ARROW_CLASS}`}>
              <ChevronLeftIcon />
            </button>
            <button type="button" onClick={() => go(current + 1)} aria-label="Next slide" className={`right-2 ${ARROW_CLASS}`}>
              <ChevronRightIcon />
            </button>
            <div className="absolute bottom-2 right-3 flex items-center gap-1">
              {rotating ? (
                <button
                  type="button"
                  onClick={() => setStopped((s) => !s)}
                  aria-label={stopped ? "Play slides" : "Pause slides"}
                  className="inline-flex h-6 w-6 items-center justify-center rounded-full text-white hover:bg-white/20"
                >
                  {stopped ? <PlayIcon className="h-4 w-4" /> : <PauseIcon className="h-4 w-4" />}
                </button>
              ) : null}
              {slides.map((slide, i) => (
                <button
                  key={slide.id || i}
                  type="button"
                  onClick={() => go(i)}
                  aria-label={`Show slide ${i + 1}`}
                  aria-current={i === current ? "true" : undefined}
                  className="inline-flex h-6 w-6 items-center justify-center"
                >
                  <span className={`block h-2 w-2 rounded-full ${i === current ? "bg-white" : "bg-white/50"}`} />
                </button>
              ))}
            </div>
          </>
        ) : null}
      </div>
    </section>
  );
}

const ARROW_CLASS =
  "absolute top-1/2 inline-flex h-10 w-10 -translate-y-1/2 items-center justify-center rounded-full bg-white/90 text-gray-900 hover:bg-white";

function Slide({ slide, position, count, hidden }: { slide: HomeBannerSlide; position: number; count: number; hidden: boolean }) {
  const first = position === 0;
  return (
    <div
      role="group"
      aria-roledescription="slide"
      aria-label={`${position + 1} of ${count}`}
      hidden={hidden}
      className="relative aspect-[16/9] sm:aspect-[21/7]"
    >
      {slide.image_url ? (
        <img
          src={slide.image_url}
          alt=""
          width={1200}
          height={400}
          loading={first ? "eager" : "lazy"}
          fetchPriority={first ? "high" : undefined}
          className="absolute inset-0 h-full w-full object-cover"
        />
      ) : (
        <div className="absolute inset-0 bg-gradient-to-br from-gray-900 via-gray-800 to-brand-strong" />
      )}
      <div className="absolute inset-0 flex flex-col justify-end bg-gradient-to-t from-black/75 via-black/30 to-transparent px-14 pb-10 pt-5 text-white sm:px-16 sm:pb-10">
        {slide.title ? <h2 className="text-xl font-extrabold sm:text-3xl">{slide.title}</h2> : null}
        {slide.subtitle ? <p className="mt-1 max-w-xl text-sm text-gray-100 sm:text-base">{slide.subtitle}</p> : null}
        {slide.link_url && slide.link_text ? (
          <Link
            to={slide.link_url}
            className="mt-3 inline-flex w-fit items-center rounded-lg bg-white px-4 py-2 text-sm font-semibold text-gray-900 hover:bg-gray-100"
          >
            {slide.link_text}
          </Link>
        ) : null}
      </div>
    </div>
  );
}
