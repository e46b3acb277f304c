import { useState } from "react";
import { CatalogImage, IMAGE_SIZES, ProductImage } from "../ui/catalog-image";

/** Main image with thumbnails; the placeholder when the product has no image. The main image is the page's largest. */
export function ProductGallery({ images, alt }: { images: readonly string[]; alt: string }) {
  const [selected, setSelected] = useState(0);
  const current = images[Math.min(selected, images.length - 1)];

  return (
    <div>
      <div className="aspect-square overflow-hidden rounded-2xl border border-gray-200 bg-gray-100">
        <ProductImage
          src={current}
          alt={images.length > 1 ? `${alt}, image ${selected + 1} of ${images.length}` : alt}
          sizes={IMAGE_SIZES.gallery}
          width={600}
          height={800}
          priority
          className="h-full w-full object-contain"
        />
      </div>
      {images.length > 1 ? (
        <ul className="mt-3 flex gap-2 overflow-x-auto pb-1" aria-label="Product images">
          {images.map((src, i) => (
            <li key={`${src}-${i}`} className="shrink-0">
              <button
                type="button"
                onClick={() => setSelected(i)}
                aria-label={`Show image ${i + 1} of ${images.length}`}
                aria-current={i === selected ? "true" : undefined}
                className={`block h-16 w-16 overflow-hidden rounded-lg border-2 bg-gray-100 sm:h-20 sm:w-20 ${
                  i === selected ? "border-brand-strong" : "border-transparent hover:border-gray-300"
                }`}
              >
                <CatalogImage src={src} alt="" sizes={IMAGE_SIZES.thumbnail} width={600} height={800} className="h-full w-full object-cover" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
