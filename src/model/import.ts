import { type Static, Type as t } from "@sinclair/typebox";
import { CURRENCIES, LANGUAGES } from "./records.ts";
import { Text } from "./text.ts";

// Wire shapes of the bulk import endpoints (specification 2.1 to 2.6), declared once.
// Optional fields also accept null: on an update, null clears the stored value where absence
// keeps it (PRODUCT.md "Import", Updates); inside a translation or warehouse, null is absent.

const Nullable = <T extends Parameters<typeof t.Union>[0][number]>(schema: T) =>
  t.Optional(t.Union([schema, t.Null()]));

/**
 * The most characters of each text field and the most elements of each array of an import item
 * (PRODUCT.md "Import": every text field and array has a documented maximum; README "Limits of
 * an item" is this table). Characters are code points.
 */
export const IMPORT_LIMITS = {
  /** source_id, code, source_category_id, group_id, warehouse external_id. */
  id: 255,
  name: 500,
  /** Specification 2.1. */
  vendor: 255,
  url: 2048,
  description: 20_000,
  paramName: 255,
  paramValue: 1000,
  label: 100,
  /** Each keyword or synonym. */
  word: 100,
  labels: 50,
  /** Keywords, and synonyms, of one translation. */
  words: 100,
  params: 200,
  warehouses: 1000,
  /** Prices are below this (a trillion: beyond any shop's price in any of its currencies). */
  price: 1e12,
  quantity: 1e9,
} as const;
const L = IMPORT_LIMITS;

export const HttpUrl = Text({ maxChars: L.url, pattern: "^https?://\\S+$" });
export const HexColor = t.String({ pattern: "^#[0-9A-Fa-f]{6}$" });
const Name = Text({ minChars: 1, maxChars: L.name });
/**
 * An id or code typed as a string by the specification; feeds often carry numbers, so a safe
 * integer is accepted too and stored as its decimal string (PRODUCT.md "Import").
 */
const Id = t.Union([
  Text({ minChars: 1, maxChars: L.id }),
  t.Integer({ minimum: -Number.MAX_SAFE_INTEGER, maximum: Number.MAX_SAFE_INTEGER }),
]);
const Language = t.Union(LANGUAGES.map((l) => t.Literal(l)));
const Currency = t.Union(CURRENCIES.map((c) => t.Literal(c)));
const Price = t.Number({ exclusiveMinimum: 0, maximum: L.price });
const Words = t.Array(Text({ maxChars: L.word }), { maxItems: L.words });

export const LabelItem = t.Union([
  Text({ minChars: 1, maxChars: L.label }),
  t.Object({
    name: Text({ minChars: 1, maxChars: L.label }),
    color: Nullable(t.Union([HexColor, t.Literal("")])),
  }),
]);

export const ParamItem = t.Object({
  name: Text({ minChars: 1, maxChars: L.paramName }),
  value: Text({ maxChars: L.paramValue }),
  is_filter: Nullable(t.Boolean()),
  is_variation: Nullable(t.Boolean()),
  color: Nullable(HexColor),
  swatch_image: Nullable(HttpUrl),
});

export const ProductTranslationItem = t.Object({
  language: Language,
  name: Name,
  url: HttpUrl,
  description: Nullable(Text({ maxChars: L.description })),
  labels: Nullable(t.Array(LabelItem, { maxItems: L.labels })),
  keywords: Nullable(Words),
  synonyms: Nullable(Words),
  params: Nullable(t.Array(ParamItem, { maxItems: L.params })),
});

export const WarehouseItem = t.Object({
  external_id: Id,
  available: Nullable(t.Boolean()),
  quantity: Nullable(t.Integer({ minimum: 0, maximum: L.quantity })),
  new_price: Nullable(Price),
  old_price: Nullable(Price),
  currency_code: Nullable(Currency),
});

export const ProductItem = t.Object({
  source_id: Id,
  code: Id,
  source_category_id: t.Union([
    Text({ minChars: 1, maxChars: L.id }),
    t.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER }),
  ]),
  currency_code: Currency,
  translations: t.Array(ProductTranslationItem, { minItems: 1, maxItems: LANGUAGES.length }),
  new_price: Nullable(Price),
  old_price: Nullable(Price),
  picture: Nullable(HttpUrl),
  availability: Nullable(t.Boolean()),
  vendor: Nullable(Text({ maxChars: L.vendor })),
  group_id: Nullable(Id),
  is_main: Nullable(t.Boolean()),
  warehouses: Nullable(t.Array(WarehouseItem, { maxItems: L.warehouses })),
});
export type ProductItem = Static<typeof ProductItem>;

export const CategoryTranslationItem = t.Object({
  language: Language,
  name: Name,
  url: Nullable(HttpUrl),
  synonyms: Nullable(Words),
  keywords: Nullable(Words),
});

/** A category's source id: a positive integer of up to 15 digits, or its decimal string. */
const CategoryId = t.Union([
  t.Integer({ minimum: 1, maximum: 999_999_999_999_999 }),
  t.String({ pattern: "^[1-9][0-9]{0,14}$" }),
]);

export const CategoryItem = t.Object({
  source_category_id: CategoryId,
  translations: t.Array(CategoryTranslationItem, { minItems: 1, maxItems: LANGUAGES.length }),
  /**
   * The parent's source_category_id (issue 33, point 2: a feed's `parentId`); a parent not
   * imported yet is allowed, as feeds list children first. Absent keeps the stored parent on
   * an update, null clears it (docs/API.md "Import", Categories with parents).
   */
  parent_id: Nullable(CategoryId),
});
export type CategoryItem = Static<typeof CategoryItem>;

/** Per-field messages of one failing item: dotted paths with indexes (`translations.1.url`). */
export type FieldErrors = Record<string, string[]>;

export interface SuccessEntry<T> {
  index: number;
  status: 200 | 201;
  data: T;
}
export interface ProductErrorEntry {
  index: number;
  errors: FieldErrors;
}
/** Category errors carry one message per field (specification 2.6). */
export interface CategoryErrorEntry {
  index: number;
  errors: Record<string, string>;
}
