import type { CSSProperties, ReactNode } from "react";
import { PauseIcon, PlayIcon } from "../ui/icons";
import type { useCarousel } from "./use-carousel";

type CarouselState = ReturnType<typeof useCarousel>;

/** Stops and restarts the slides' own rotation. */
export function PauseButton({ carousel }: { carousel: CarouselState }) {
  const { stopped, toggleStopped } = carousel;
  return (
    <button
      type="button"
      onClick={toggleStopped}
      aria-label={stopped ? "Play slides" : "Pause slides"}
      className="inline-flex h-6 w-6 items-center justify-center rounded-full text-white hover:bg-white/20"
    >
      {stopped ? <PlayIcon className="h-4 w-4" /> : <PauseIcon className="h-4 w-4" />}
    </button>
  );
}

/** One dot per slide; the current one is marked. */
export function SlideDots({ carousel, count }: { carousel: CarouselState; count: number }) {
  const { current, go } = carousel;
  return Array.from({ length: count }, (_, i) => (
    <button
      key={i}
      type="button"
      onClick={() => go(i)}
      aria-label={`Show slide ${i + 1}`}
      aria-current={i === current ? "true" : undefined}
      className="inline-flex h-6 w-6 items-center justify-center"
    >
      <span className={`block h-2 w-2 rounded-full ${i === current ? "bg-white" : "bg-white/50"}`} />
    </button>
  ));
}

interface SlideFrameProps {
  position: number;
  count: number;
  hidden: boolean;
  className: string;
  style?: CSSProperties;
  children: ReactNode;
}

/** One slide, announced as "2 of 5"; the slides not shown stay in the page, hidden. */
export function SlideFrame({ position, count, hidden, className, style, children }: SlideFrameProps) {
  return (
    <div role="group" aria-roledescription="slide" aria-label={`${position + 1} of ${count}`} hidden={hidden} className={className} style={style}>
      {children}
    </div>
  );
}

/** A slide's picture behind its text; the first slide's is fetched first. */
export function SlideImage({ src, first, width, height }: { src: string; first: boolean; width: number; height: number }) {
  return (
    <img
      src={src}
      alt=""
      width={width}
      height={height}
      loading={first ? "eager" : "lazy"}
      fetchPriority={first ? "high" : undefined}
      className="absolute inset-0 h-full w-full object-cover"
    />
  );
}
