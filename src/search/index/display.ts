import type { Label, ProductRecord } from "../../model/records.ts";
import { cleanField } from "./doc-store.ts";

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
export const PER_TRANSLATION = 3;

export function displayFields(product: ProductRecord): string[] {
  const fields = [
    cleanField(product.source_id),
    cleanField(product.code),
    cleanField(product.vendor ?? ""),
    cleanField(product.picture ?? ""),
    product.currency_code,
  ];
  for (const t of product.translations) {
    fields.push(cleanField(t.name), cleanField(t.url), encodeLabels(t.labels));
  }
  return fields;
}

function encodeLabels(labels: readonly Label[]): string {
  return labels
    .map((l) => `${cleanField(l.name)}${LABEL_PART}${cleanField(l.color)}`)
    .join(LABEL_SEPARATOR);
}

export function decodeLabels(text: string): Label[] {
  if (text === "") return [];
  return text.split(LABEL_SEPARATOR).map((item) => {
    const cut = item.indexOf(LABEL_PART);
    return { name: item.slice(0, cut), color: item.slice(cut + 1) };
  });
}
