import { imageSrcSet } from "../../domain/media/image-urls";
import { PhonePlaceholder } from "./icons";

/**
 * How wide each kind of catalogue image is drawn, for `sizes`: the browser then fetches the
 * narrowest rendition that is sharp on the screen at hand. They follow the page grids
 * (container 80rem), rounded up: a little too wide costs less than a blurry phone.
 */
export const IMAGE_SIZES = {
  /**
   * Product grid: 2 columns on phones, 3 from md, 4 from lg (at most 296px wide). On phones the
   * page's padding, the gap and the card's border take about 1.5rem from each column: a
   * 412px-wide phone then fetches the 320w rendition instead of one twice as heavy. Kept short:
   * it is repeated in every card.
   */
  card: "(min-width:1024px) 296px,(min-width:768px) 33vw,calc(50vw - 1.5rem)",
  /** Product page main image: full width on phones, half the page from md. */
  gallery: "(min-width:1280px) 596px,(min-width:768px) 50vw,100vw",
  thumbnail: "80px",
} as const;

interface CatalogImageProps {
  src: string;
  alt: string;
  sizes: string;
  /** Intrinsic proportions, so the page does not shift while the image loads. */
  width: number;
  height: number;
  /** The page's largest image above the fold: fetched first instead of lazily. */
  priority?: boolean;
  className?: string;
}

/** A stored catalogue image with its WebP renditions offered in srcset; other URLs are shown as they are. */
export function CatalogImage({ src, alt, sizes, width, height, priority = false, className }: CatalogImageProps) {
  const srcSet = imageSrcSet(src);
  return (
    <img
      src={src}
      srcSet={srcSet}
      sizes={srcSet ? sizes : undefined}
      alt={alt}
      width={width}
      height={height}
      loading={priority ? "eager" : "lazy"}
      fetchPriority={priority ? "high" : undefined}
      decoding={priority ? undefined : "async"}
      className={className}
    />
  );
}

/** A product's image, or the phone placeholder when it has none. */
export function ProductImage({ src, alt = "", ...image }: Omit<CatalogImageProps, "src" | "alt"> & { src: string | null | undefined; alt?: string }) {
  return src ? <CatalogImage src={src} alt={alt} {...image} /> : <PhonePlaceholder />;
}
