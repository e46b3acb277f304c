import { useEffect, useState } from "react";
import { Link } from "react-router";
import type { HomeBannerContent } from "../../domain/cms/defaults";
import { LIMITS } from "../../lib/constants";
import { ChevronLeftIcon, ChevronRightIcon } from "./icons";

/** Rotating home banner: autoplay when on and there is more than one slide; arrows and dots wrap. */
export function HomeBanner({ banner }: { banner: HomeBannerContent }) {
  const slides = Array.isArray(banner.slides) ? banner.slides.filter((s) => s && (s.image_url || s.title)) : [];
  const count = slides.length;
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);
  const duration = Math.min(
    LIMITS.homeBannerAutoplayMaxSeconds * 1000,
    Math.max(LIMITS.homeBannerAutoplayMinSeconds * 1000, Number(banner.autoplay_duration) || LIMITS.homeBannerAutoplayMs),
  );

  useEffect(() => {
    if (!banner.autoplay || count <= 1 || paused) return;
    if (window.matchMedia?.("(prefers-reduced-motion: reduce)").matches) return;
    const timer = window.setInterval(() => setIndex((i) => (i + 1) % count), duration);
    return () => window.clearInterval(timer);
  }, [banner.autoplay, count, duration, paused]);

  if (!banner.enabled || count === 0) return null;
  const current = Math.min(index, count - 1);
  const go = (to: number) => setIndex(((to % count) + count) % count);

  return (
    <section
      aria-roledescription="carousel"
      aria-label="Featured offers"
      className="container-page pt-4"
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      <div className="relative overflow-hidden rounded-2xl bg-gray-900">
        {slides.map((slide, i) => (
          <div
            key={slide.id || i}
            role="group"
            aria-roledescription="slide"
            aria-label={`${i + 1} of ${count}`}
            hidden={i !== current}
            className="relative aspect-[16/9] sm:aspect-[21/7]"
          >
            {slide.image_url ? (
              <img
                src={slide.image_url}
                alt=""
                width={1200}
                height={400}
                loading={i === 0 ? "eager" : "lazy"}
                className="absolute inset-0 h-full w-full object-cover"
              />
            ) : (
              <div className="absolute inset-0 bg-gradient-to-br from-gray-900 via-gray-800 to-brand-strong" />
            )}
            <div className="absolute inset-0 flex flex-col justify-end bg-gradient-to-t from-black/75 via-black/30 to-transparent p-5 text-white sm:p-8">
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
        ))}
        {count > 1 ? (
          <>
            <button
              type="button"
              onClick={() => go(current - 1)}
              aria-label="Previous slide"
              className="absolute left-2 top-1/2 inline-flex h-10 w-10 -translate-y-1/2 items-center justify-center rounded-full bg-white/90 text-gray-900 hover:bg-white"
            >
              <ChevronLeftIcon />
            </button>
            <button
              type="button"
              onClick={() => go(current + 1)}
              aria-label="Next slide"
              className="absolute right-2 top-1/2 inline-flex h-10 w-10 -translate-y-1/2 items-center justify-center rounded-full bg-white/90 text-gray-900 hover:bg-white"
            >
              <ChevronRightIcon />
            </button>
            <div className="absolute bottom-2 right-3 flex gap-1">
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
