// Records as the primary store keeps them and as the indexer receives them.
// Validated import items are normalised into these shapes (every optional field present,
// null or [] when absent), so that the store, the change log and the index read one shape.

export const LANGUAGES = ["uk", "ru", "en"] as const;
export type Language = (typeof LANGUAGES)[number];

export const CURRENCIES = ["UAH", "USD", "EUR"] as const;
export type Currency = (typeof CURRENCIES)[number];

export interface Label {
  name: string;
  /** `#RRGGBB` or "" */
  color: string;
}

export interface Param {
  name: string;
  value: string;
  is_filter: boolean;
  is_variation: boolean;
  color: string | null;
  swatch_image: string | null;
}

export interface ProductTranslation {
  language: Language;
  name: string;
  url: string;
  description: string | null;
  labels: Label[];
  keywords: string[];
  synonyms: string[];
  params: Param[];
}

export interface WarehouseStock {
  external_id: string;
  available: boolean;
  quantity: number;
  new_price: number | null;
  old_price: number | null;
  currency_code: string | null;
}

export interface ProductRecord {
  /** Internal id, dense per store, assigned on create and never changed. */
  id: number;
  source_id: string;
  code: string;
  source_category_id: string;
  currency_code: Currency;
  new_price: number | null;
  old_price: number | null;
  picture: string | null;
  /** As stored: the given value, true when absent, the OR of the warehouses when there are any. */
  availability: boolean;
  vendor: string | null;
  group_id: string | null;
  is_main: boolean | null;
  translations: ProductTranslation[];
  warehouses: WarehouseStock[];
  /** Milliseconds since the epoch of the last write. */
  updated_at: number;
  /**
   * When what is searched and shown of the product last changed (everything but its prices,
   * availability and warehouse stock): milliseconds, strictly increasing per product, so that
   * it also tells the indexer whether a write changed only the offer (rules/merge-product.ts).
   * Absent in records written before it existed: `updated_at` then.
   */
  content_updated_at?: number;
}

export interface CategoryTranslation {
  language: Language;
  name: string;
  url: string | null;
  synonyms: string[];
  keywords: string[];
}

export interface CategoryRecord {
  /** Internal id, assigned on create. */
  id: number;
  source_category_id: number;
  translations: CategoryTranslation[];
  /**
   * The parent's source_category_id; absent for a top-level category, so that the record (and
   * the import answer's `data`) of a store that sends no parents is what it was before.
   */
  parent_id?: number;
  updated_at: number;
}

export interface DomainRecord {
  id: number;
  name: string;
  secret_token: string;
  search_token: string;
  created_at: number;
  /** The only sites whose pages may search the domain (CORS); absent: any site. */
  allowed_origins?: string[];
  /**
   * The search token before the last rotation, which keeps answering until
   * `retired_search_until` (ms since the epoch): a store's live widget still carries it. Kept
   * after that, so that a search with it is told `X-Search-Token: expired`, not `unknown`.
   */
  retired_search_token?: string;
  retired_search_until?: number;
}

/** One entry of a domain's change log: which records a fully successful batch wrote. */
export interface ChangeEntry {
  /** Position in the domain's log; increases monotonically. */
  seq: number;
  domain_id: number;
  kind: "products" | "categories" | "reindex" | "synonyms" | "merchandising";
  /** Internal ids of the written records. */
  ids: number[];
}
