import { ProductCard, type ProductCardData } from "./product-card";

export function ProductGrid({ products, eagerCount = 0 }: { products: readonly ProductCardData[]; eagerCount?: number }) {
  return (
    <ul className="grid grid-cols-2 gap-3 sm:gap-4 md:grid-cols-3 lg:grid-cols-4">
      {products.map((product, i) => (
        <li key={product.id}>
          <ProductCard product={product} eager={i < eagerCount} />
        </li>
      ))}
    </ul>
  );
}

export function EmptyState({ children }: { children: string }) {
  return (
    <p className="rounded-xl border border-dashed border-gray-300 bg-gray-50 px-4 py-10 text-center text-gray-700">{children}</p>
  );
}
