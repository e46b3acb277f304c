import { CatalogImage, IMAGE_SIZES } from "./catalog-image";
import { PhonePlaceholder } from "./icons";

/** A phone's cover image at thumbnail size, or the phone placeholder (lists, cart, checkout, orders). */
export function ProductThumb({ src, size = "h-16 w-16" }: { src: string | null; size?: string }) {
  return (
    <span className={`block shrink-0 overflow-hidden rounded-lg bg-gray-100 ${size}`}>
      {src ? (
        <CatalogImage src={src} alt="" sizes={IMAGE_SIZES.thumbnail} width={80} height={80} className="h-full w-full object-contain" />
      ) : (
        <PhonePlaceholder className="h-full w-full p-3 text-gray-400" />
      )}
    </span>
  );
}
