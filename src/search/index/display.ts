import type { Label, Param, ProductRecord } from "../../model/records.ts";
import { cleanField, hasSeparator } from "./doc-store.ts";

// The layout of a product's display record in the doc store: what an answer shows, prepared
// once per product at indexing instead of per query.

const LABEL_SEPARATOR = "\u001d";
const LABEL_PART = "\u001e";

export const DISPLAY = {
  sourceId: 0,
  code: 1,
  vendor: 2,
  picture: 3,
  currency: 4,
  first: 5,
} as const;
/** The fields of each translation, from its first. */
export const TRANSLATION = { name: 0, url: 1, labels: 2, variations: 3 } as const;
export const PER_TRANSLATION = 4;

export function displayFields(product: ProductRecord): string[] {
  const fields = [
    product.source_id,
    product.code,
    product.vendor ?? "",
    product.picture ?? "",
    product.currency_code,
  ];
  let labels = "";
  for (const t of product.translations) {
    fields.push(t.name, t.url);
    for (const l of t.labels) labels += l.name + l.color;
    for (const v of t.params)
      if (v.is_variation) labels += v.name + v.value + (v.color ?? "") + (v.swatch_image ?? "");
  }
  // One test over the record instead of one per field: separators in catalog text are rare.
  const clean = hasSeparator(fields.join("") + labels) ? cleanProduct(product) : product;
  const out = fields.slice(0, DISPLAY.first);
  if (clean !== product) {
    out[DISPLAY.sourceId] = clean.source_id;
    out[DISPLAY.code] = clean.code;
    out[DISPLAY.vendor] = clean.vendor ?? "";
    out[DISPLAY.picture] = clean.picture ?? "";
  }
  for (const t of clean.translations)
    out.push(t.name, t.url, encodeLabels(t.labels), encodeVariations(t.params));
  return out;
}

/** A variation of a product (a size; a colour with its swatch), as its card shows it. */
export interface Variation {
  name: string;
  value: string;
  color: string | null;
  swatch: string | null;
}

function encodeVariations(params: readonly Param[]): string {
  let out = "";
  for (const p of params) {
    if (!p.is_variation) continue;
    if (out !== "") out += LABEL_SEPARATOR;
    out += [p.name.trim(), p.value.trim(), p.color ?? "", p.swatch_image ?? ""].join(LABEL_PART);
  }
  return out;
}

export function decodeVariations(text: string): Variation[] {
  if (text === "") return [];
  return text.split(LABEL_SEPARATOR).map((item) => {
    const [name = "", value = "", color = "", swatch = ""] = item.split(LABEL_PART);
    return { name, value, color: color || null, swatch: swatch || null };
  });
}

function encodeLabels(labels: readonly Label[]): string {
  if (labels.length === 0) return "";
  return labels.map((l) => `${l.name}${LABEL_PART}${l.color}`).join(LABEL_SEPARATOR);
}

function cleanProduct(p: ProductRecord): ProductRecord {
  return {
    ...p,
    source_id: cleanField(p.source_id),
    code: cleanField(p.code),
    vendor: p.vendor === null ? null : cleanField(p.vendor),
    picture: p.picture === null ? null : cleanField(p.picture),
    translations: p.translations.map((t) => ({
      ...t,
      name: cleanField(t.name),
      url: cleanField(t.url),
      labels: t.labels.map((l) => ({ name: cleanField(l.name), color: cleanField(l.color) })),
      params: t.params.map((v) => ({
        ...v,
        name: cleanField(v.name),
        value: cleanField(v.value),
        color: v.color === null ? null : cleanField(v.color),
        swatch_image: v.swatch_image === null ? null : cleanField(v.swatch_image),
      })),
    })),
  };
}

export function decodeLabels(text: string): Label[] {
  if (text === "") return [];
  return text.split(LABEL_SEPARATOR).map((item) => {
    const cut = item.indexOf(LABEL_PART);
    return { name: item.slice(0, cut), color: item.slice(cut + 1) };
  });
}
