import { type Static, Type as t } from "@sinclair/typebox";
import { CURRENCIES, LANGUAGES } from "./records.ts";

// Wire shapes of the bulk import endpoints (specification 2.1 to 2.6), declared once.
// Optional fields also accept null: on an update, null clears the stored value where absence
// keeps it (PRODUCT.md "Import", Updates); inside a translation or warehouse, null is absent.

const Nullable = <T extends Parameters<typeof t.Union>[0][number]>(schema: T) =>
  t.Optional(t.Union([schema, t.Null()]));

export const HttpUrl = t.String({ pattern: "^https?://\\S+$" });
export const HexColor = t.String({ pattern: "^#[0-9A-Fa-f]{6}$" });
const Text = t.String({ minLength: 1 });
const Language = t.Union(LANGUAGES.map((l) => t.Literal(l)));
const Currency = t.Union(CURRENCIES.map((c) => t.Literal(c)));
const Price = t.Number({ exclusiveMinimum: 0 });
const Strings = t.Array(t.String());

export const LabelItem = t.Union([
  t.String({ minLength: 1 }),
  t.Object({ name: Text, color: Nullable(t.Union([HexColor, t.Literal("")])) }),
]);

export const ParamItem = t.Object({
  name: Text,
  value: t.String(),
  is_filter: Nullable(t.Boolean()),
  is_variation: Nullable(t.Boolean()),
  color: Nullable(HexColor),
  swatch_image: Nullable(HttpUrl),
});

export const ProductTranslationItem = t.Object({
  language: Language,
  name: Text,
  url: HttpUrl,
  description: Nullable(t.String()),
  labels: Nullable(t.Array(LabelItem)),
  keywords: Nullable(Strings),
  synonyms: Nullable(Strings),
  params: Nullable(t.Array(ParamItem)),
});

export const WarehouseItem = t.Object({
  external_id: Text,
  available: Nullable(t.Boolean()),
  quantity: Nullable(t.Integer({ minimum: 0 })),
  new_price: Nullable(Price),
  old_price: Nullable(Price),
  currency_code: Nullable(Currency),
});

export const ProductItem = t.Object({
  source_id: Text,
  code: Text,
  source_category_id: t.Union([Text, t.Integer({ minimum: 1 })]),
  currency_code: Currency,
  translations: t.Array(ProductTranslationItem, { minItems: 1 }),
  new_price: Nullable(Price),
  old_price: Nullable(Price),
  picture: Nullable(HttpUrl),
  availability: Nullable(t.Boolean()),
  vendor: Nullable(t.String({ maxLength: 255 })),
  group_id: Nullable(Text),
  is_main: Nullable(t.Boolean()),
  warehouses: Nullable(t.Array(WarehouseItem)),
});
export type ProductItem = Static<typeof ProductItem>;

export const CategoryTranslationItem = t.Object({
  language: Language,
  name: Text,
  url: Nullable(HttpUrl),
  synonyms: Nullable(Strings),
  keywords: Nullable(Strings),
});

export const CategoryItem = t.Object({
  source_category_id: t.Union([
    t.Integer({ minimum: 1 }),
    t.String({ pattern: "^[1-9][0-9]{0,14}$" }),
  ]),
  translations: t.Array(CategoryTranslationItem, { minItems: 1 }),
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
