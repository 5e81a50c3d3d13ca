/**
 * Retail Andino's product catalogue: categories, subcategories with a list price, and brands; and
 * the names of its people. The lists are data, so they live in catalog-data.json.
 */
import catalogue from './catalog-data.json' with { type: 'json' };

export interface Category {
  category: string;
  subcategories: { name: string; price: number }[];
  brands: string[];
  /** Cost as a share of price (margins differ by category). */
  costRatio: number;
}

const categories: Category[] = catalogue.categories;

export interface Product {
  id: number;
  name: string;
  brand: string;
  subcategory: string;
  category: string;
  price: number;
  cost: number;
}

/** Every subcategory in every brand of its category (about 100 products). */
export const products: Product[] = categories
  .flatMap(({ category, subcategories, brands, costRatio }) =>
    subcategories.flatMap((subcategory, s) =>
      brands.map((brand, b) => {
        // Brands are priced a little apart so that products differ.
        const price = Math.round(subcategory.price * (0.9 + ((s + 2 * b) % 5) * 0.06));
        return {
          name: `${subcategory.name} ${brand}`,
          brand,
          subcategory: subcategory.name,
          category,
          price,
          cost: Math.round(price * costRatio * 100) / 100,
        };
      }),
    ),
  )
  .map((product, index) => ({ id: index + 1, ...product }));

/** Names drawn for customers and employees. */
export const { firstNames, lastNames } = catalogue;
