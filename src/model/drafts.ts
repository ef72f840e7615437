import type { CategoryRecord, Currency, ProductTranslation, WarehouseStock } from "./records.ts";

// Valid import items, normalised: what the batch rules (src/rules/) need to write them. The
// import layer makes them (import/validate-*.ts); the stores take them. Declared here, below
// both, so that neither depends on the other.

/**
 * A valid product item. An optional top-level field is `undefined` when the item did not send
 * it (an update keeps the stored value) and `null` when it was sent as null (an update clears
 * it); PRODUCT.md "Import", Updates.
 */
export interface ProductDraft {
  source_id: string;
  code: string;
  source_category_id: string;
  currency_code: Currency;
  /** Replace the stored translations of their languages; other languages are kept. */
  translations: ProductTranslation[];
  new_price: number | null | undefined;
  old_price: number | null | undefined;
  picture: string | null | undefined;
  /** The item's own availability; null or undefined when not given (rule 7: in stock). */
  availability: boolean | null | undefined;
  vendor: string | null | undefined;
  group_id: string | null | undefined;
  is_main: boolean | null | undefined;
  /** undefined: the stored ones are kept (specification 4.1 rule 6); [] when sent empty or null. */
  warehouses: WarehouseStock[] | undefined;
}

/**
 * A valid category item: a category batch replaces the stored category whole, but for
 * `parent_id`: undefined when not sent (an update keeps the stored parent), null when sent as
 * null (cleared).
 */
export type CategoryDraft = Omit<CategoryRecord, "id" | "updated_at" | "parent_id"> & {
  parent_id?: number | null;
};
