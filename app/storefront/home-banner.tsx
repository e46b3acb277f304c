import { Link } from "react-router";
import type { HomeBannerContent, HomeBannerSlide } from "../../domain/cms/defaults";
import { LIMITS } from "../../lib/constants";
import { safeImageUrl, safeLinkUrl, slideIntervalMs } from "../../lib/safe-values";
import { ChevronLeftIcon, ChevronRightIcon } from "../ui/icons";
import { PauseButton, SlideDots, SlideFrame, SlideImage } from "./carousel-parts";
import { useCarousel } from "./use-carousel";

/** Rotating home banner from the home_banner content block: arrows and dots wrap around; autoplay pauses on hover, focus or the pause button. */
export function HomeBanner({ banner }: { banner: HomeBannerContent }) {
  const slides = Array.isArray(banner.slides) ? banner.slides.filter((s) => s && (s.image_url || s.title)) : [];
  const count = slides.length;
  const carousel = useCarousel({ count, autoplay: banner.autoplay, interval: slideIntervalMs(banner.autoplay_duration, LIMITS.homeBannerAutoplayMs), loop: true });
  const { current, go, rotating } = carousel;

  if (!banner.enabled || count === 0) return null;

  return (
    <section
      aria-roledescription="carousel"
      aria-label="Featured offers"
      className="container-page pt-4"
      {...carousel.regionProps}
    >
      <div className="relative overflow-hidden rounded-2xl bg-gray-900" aria-live={carousel.live}>
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
              {rotating ? <PauseButton carousel={carousel} /> : null}
              <SlideDots carousel={carousel} count={count} />
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
  const image = slide.image_url ? safeImageUrl(slide.image_url) : null;
  const link = slide.link_url ? safeLinkUrl(slide.link_url) : null;
  return (
    <SlideFrame position={position} count={count} hidden={hidden} className="relative aspect-[16/9] sm:aspect-[21/7]">
      {image ? (
        <SlideImage src={image} first={first} width={1200} height={400} />
      ) : (
        <div className="absolute inset-0 bg-gradient-to-br from-gray-900 via-gray-800 to-brand-strong" />
      )}
      <div className="absolute inset-0 flex flex-col justify-end bg-gradient-to-t from-black/75 via-black/30 to-transparent px-14 pb-10 pt-5 text-white sm:px-16 sm:pb-10">
        {slide.title ? <h2 className="text-xl font-extrabold sm:text-3xl">{slide.title}</h2> : null}
        {slide.subtitle ? <p className="mt-1 max-w-xl text-sm text-gray-100 sm:text-base">{slide.subtitle}</p> : null}
        {link && slide.link_text ? (
          <Link
            to={link}
            className="mt-3 inline-flex w-fit items-center rounded-lg bg-white px-4 py-2 text-sm font-semibold text-gray-900 hover:bg-gray-100"
          >
            {slide.link_text}
          </Link>
        ) : null}
      </div>
    </SlideFrame>
  );
}
