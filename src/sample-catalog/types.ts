// Import items exactly as the bulk import endpoints take them (specification 2.1 to 2.5).
// The generator writes these plain shapes; src/model/import.ts holds the schemas that validate
// them, and generate.test.ts checks that every generated item passes.

export type Language = "uk" | "ru" | "en";
export type CurrencyCode = "UAH" | "USD" | "EUR";

/** A label is a plain string or a name with a `#RRGGBB` (or empty) color. */
export type LabelItem = string | { name: string; color: string };

export interface ParamItem {
  name: string;
  value: string;
  is_filter: boolean;
  is_variation?: boolean;
  /** `#RRGGBB` swatch of a color value. */
  color?: string;
  swatch_image?: string;
}

export interface ProductTranslationItem {
  language: Language;
  name: string;
  url: string;
  description?: string;
  labels?: LabelItem[];
  keywords?: string[];
  synonyms?: string[];
  params?: ParamItem[];
}

export interface WarehouseItem {
  external_id: string;
  available?: boolean;
  quantity?: number;
  new_price?: number;
  old_price?: number;
  currency_code?: CurrencyCode;
}

export interface ProductItem {
  source_id: string;
  code: string;
  /** The category's integer source id, written as a string (specification 2.5 note). */
  source_category_id: string;
  currency_code: CurrencyCode;
  translations: ProductTranslationItem[];
  new_price?: number;
  old_price?: number;
  picture?: string;
  availability?: boolean;
  vendor?: string;
  group_id?: string;
  is_main?: boolean;
  warehouses?: WarehouseItem[];
}

export interface CategoryTranslationItem {
  language: Language;
  name: string;
  url?: string;
  synonyms?: string[];
  keywords?: string[];
}

export interface CategoryItem {
  source_category_id: number;
  translations: CategoryTranslationItem[];
  /** The parent's source_category_id (the demo catalog's tree). */
  parent_id?: number;
}

export interface Catalog {
  categories: CategoryItem[];
  products: ProductItem[];
}
