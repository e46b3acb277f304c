import type { HeroCarousel as HeroCarouselData, HeroCarouselSlide } from "../../domain/cms/hero-carousel";
import { HeroActions, HeroSearch, HeroStatsList } from "./hero";
import { ChevronLeftIcon, ChevronRightIcon } from "../ui/icons";
import { PauseButton, SlideDots, SlideFrame, SlideImage } from "./carousel-parts";
import { useCarousel } from "./use-carousel";

type CarouselState = ReturnType<typeof useCarousel>;

/**
 * The hero as a carousel of the active hero_banners, with the hero's search box and figures
 * under it. The first slide is in the server's HTML; the others are hidden until chosen.
 */
export function HeroCarousel({ carousel }: { carousel: HeroCarouselData }) {
  const { slides } = carousel;
  const count = slides.length;
  const state = useCarousel({ count, autoplay: carousel.autoplay, interval: carousel.interval, loop: carousel.loop });

  return (
    <div className="bg-gradient-to-b from-brand-soft to-white">
      <section aria-roledescription="carousel" aria-label="Highlights" className="relative" {...state.regionProps}>
        <div aria-live={state.live}>
          {slides.map((slide, i) => (
            <HeroSlide key={`${slide.id}-${i}`} slide={slide} position={i} count={count} hidden={i !== state.current} />
          ))}
        </div>
        {count > 1 && carousel.showArrows ? <Arrows state={state} /> : null}
        {count > 1 ? <DotsAndPause state={state} count={count} showDots={carousel.showDots} /> : null}
      </section>
      <div className="container-page pb-10 pt-6 sm:pb-16">
        <HeroSearch />
        <HeroStatsList stats={carousel.stats} />
      </div>
    </div>
  );
}

function HeroSlide({ slide, position, count, hidden }: { slide: HeroCarouselSlide; position: number; count: number; hidden: boolean }) {
  const first = position === 0;
  return (
    <SlideFrame
      position={position}
      count={count}
      hidden={hidden}
      className="relative overflow-hidden"
      style={{ backgroundColor: slide.backgroundColor, color: slide.textColor }}
    >
      {slide.backgroundImage ? (
        <>
          <SlideImage src={slide.backgroundImage} first={first} width={1600} height={600} />
          {/* A veil of the banner's own colour keeps its text colour readable over any photo. */}
          <div aria-hidden="true" className="absolute inset-0 opacity-75" style={{ backgroundColor: slide.backgroundColor }} />
        </>
      ) : null}
      <div className="container-page relative flex min-h-80 items-center px-14 pb-16 pt-10 text-center sm:min-h-96 sm:px-16 sm:pb-20 sm:pt-14">
        <div className="mx-auto max-w-3xl">
          {slide.subtitle ? <p className="text-sm font-bold uppercase tracking-wide">{slide.subtitle}</p> : null}
          <h1 className="mt-2 text-3xl font-extrabold tracking-tight sm:text-5xl">{slide.title}</h1>
          {slide.description ? <p className="mt-4 text-base sm:text-lg">{slide.description}</p> : null}
          <HeroActions primary={slide.ctaPrimary} tone="banner" className="mt-6 justify-center" />
        </div>
      </div>
    </SlideFrame>
  );
}

const ARROW_CLASS =
  "absolute top-1/2 inline-flex h-10 w-10 -translate-y-1/2 items-center justify-center rounded-full bg-white/90 text-gray-900 shadow hover:bg-white aria-disabled:cursor-not-allowed aria-disabled:opacity-40";

/** Previous and next; without looping they stay focusable at the ends but do nothing there. */
function Arrows({ state }: { state: CarouselState }) {
  const { current, go, canGoBack, canGoForward } = state;
  return (
    <>
      <button
        type="button"
        onClick={() => canGoBack && go(current - 1)}
        aria-label="Previous slide"
        aria-disabled={canGoBack ? undefined : true}
        className={`left-2 sm:left-4 ${ARROW_CLASS}`}
      >
        <ChevronLeftIcon />
      </button>
      <button
        type="button"
        onClick={() => canGoForward && go(current + 1)}
        aria-label="Next slide"
        aria-disabled={canGoForward ? undefined : true}
        className={`right-2 sm:right-4 ${ARROW_CLASS}`}
      >
        <ChevronRightIcon />
      </button>
    </>
  );
}

/** The pause/play button (while slides rotate on their own) and one dot per slide, on a dark pill that shows on any banner colour. */
function DotsAndPause({ state, count, showDots }: { state: CarouselState; count: number; showDots: boolean }) {
  if (!state.rotating && !showDots) return null;
  return (
    <div className="absolute bottom-3 left-1/2 flex -translate-x-1/2 items-center gap-1 rounded-full bg-black/50 px-2 py-1 sm:bottom-4">
      {state.rotating ? <PauseButton carousel={state} /> : null}
      {showDots ? <SlideDots carousel={state} count={count} /> : null}
    </div>
  );
}
