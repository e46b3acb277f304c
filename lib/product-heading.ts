/**
 * A listing's display title, the same on the product page and in every vendor list: brand,
 * model and storage, without repeating a brand the model already starts with
 * ('Huawei Mate 20 Pro 128GB', not 'Huawei Huawei Mate 20 Pro').
 */
export function brandAndModel(product: { brand: string; model: string }): string {
  const model = product.model.trim();
  const brand = product.brand.trim();
  return model.toLowerCase().startsWith(brand.toLowerCase()) ? model : `${brand} ${model}`;
}

/** Brand, model and storage: 'Samsung Galaxy S22 256GB'. */
export function productHeading(product: { brand: string; model: string; storage: string }): string {
  return `${brandAndModel(product)} ${product.storage}`;
}
