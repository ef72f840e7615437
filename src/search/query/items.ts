import type { Language } from "../../model/records.ts";
import type { CategoryView, ProductView } from "../engine-types.ts";
import {
  DISPLAY,
  decodeLabels,
  decodeVariations,
  PER_TRANSLATION,
  TRANSLATION,
  type Variation,
} from "../index/display.ts";
import { readDoc } from "../index/doc-store.ts";
import { languageIndex, pickTranslation } from "../index/languages.ts";
import { categorySlotOf, productIdOf, type Segment } from "../index/segment.ts";
import { type Snapshot, segmentIndexOf } from "../index/snapshot.ts";
import { currencyCode, type Offer, readOffer, warehouseSlot } from "./offer.ts";

// What a result refers to, read for showing: only the docs and categories on the page.

export function segmentOf(snap: Snapshot, doc: number): { segment: Segment; local: number } {
  const k = segmentIndexOf(snap, doc);
  return { segment: snap.segments[k] as Segment, local: doc - (snap.starts[k] as number) };
}

const offer: Offer = { price: 0, discounted: 0, available: false, currency: -1 };

/** Where the fields of the doc's translation shown for `language` start in its display fields. */
const shownAt = (segment: Segment, local: number, language: Language): number =>
  DISPLAY.first +
  (((segment.languageMap[local] as number) >>> (languageIndex(language) * 2)) & 3) *
    PER_TRANSLATION;

/** An empty view for readProduct to fill. */
export const productView = (): ProductView => ({
  id: 0,
  sourceId: "",
  categoryId: 0,
  code: "",
  vendor: "",
  name: "",
  url: "",
  price: 0,
  discountedPrice: 0,
  currency: "",
  picture: "",
  available: false,
  labels: [],
});

/**
 * Fills `out` with the product of doc `doc` in `language` (fallback uk, then its first
 * translation), its price and availability those of the warehouse `warehouse` (an external
 * id) when it has an entry there (offer.ts). Filled in place, as readOffer is: an answer reads
 * its products one after the other, and spares an object each.
 */
export function readProduct(
  snap: Snapshot,
  doc: number,
  language: Language,
  warehouse: string | null,
  out: ProductView,
): ProductView {
  const { segment, local } = segmentOf(snap, doc);
  const fields = readDoc(segment.display, local);
  const at = shownAt(segment, local, language);
  const category = snap.categories.entries[categorySlotOf(segment, local)];
  readOffer(segment, local, warehouseSlot(snap, warehouse), offer);
  out.id = productIdOf(segment, local);
  out.sourceId = fields[DISPLAY.sourceId] ?? "";
  out.categoryId = category?.record?.id ?? 0;
  out.code = fields[DISPLAY.code] ?? "";
  out.vendor = fields[DISPLAY.vendor] ?? "";
  out.name = fields[at + TRANSLATION.name] ?? "";
  out.url = fields[at + TRANSLATION.url] ?? "";
  out.price = offer.price;
  out.discountedPrice = offer.discounted;
  out.currency = currencyCode(offer, fields[DISPLAY.currency] ?? "");
  out.picture = fields[DISPLAY.picture] ?? "";
  out.available = offer.available;
  out.labels = decodeLabels(fields[at + TRANSLATION.labels] ?? "");
  return out;
}

/** The variations (is_variation params) of doc `doc` in `language`, as readProduct reads it. */
export function productVariations(snap: Snapshot, doc: number, language: Language): Variation[] {
  const { segment, local } = segmentOf(snap, doc);
  const at = shownAt(segment, local, language);
  return decodeVariations(readDoc(segment.display, local)[at + TRANSLATION.variations] ?? "");
}

/** The name of doc `doc` in `language`, as readProduct reads it. */
export function productName(snap: Snapshot, doc: number, language: Language): string {
  const { segment, local } = segmentOf(snap, doc);
  return readDoc(segment.display, local)[shownAt(segment, local, language)] ?? "";
}

/** An empty view for readCategory to fill. */
export const categoryView = (): CategoryView => ({ id: null, sourceId: "", name: "", url: "" });

/**
 * Fills `out` with the category of slot `slot` in `language` (fallback uk, then its first
 * translation); a slot never imported has its source id and empty texts.
 */
export function readCategory(
  snap: Snapshot,
  slot: number,
  language: Language,
  out: CategoryView,
): CategoryView {
  const entry = snap.categories.entries[slot];
  const translations = entry?.record?.translations ?? [];
  const t = translations[pickTranslation(translations, language)];
  out.id = entry?.record?.id ?? null;
  out.sourceId = entry?.source ?? "";
  out.name = t?.name ?? "";
  out.url = t?.url ?? "";
  return out;
}
