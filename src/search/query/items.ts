import type { Language } from "../../model/records.ts";
import type { CategoryView, ProductView } from "../engine-types.ts";
import { DISPLAY, decodeLabels, PER_TRANSLATION } from "../index/display.ts";
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

/**
 * The product of doc `doc` in `language` (fallback uk, then its first translation), its price
 * and availability those of the warehouse `warehouse` (an external id) when it has an entry
 * there (offer.ts).
 */
export function readProduct(
  snap: Snapshot,
  doc: number,
  language: Language,
  warehouse: string | null,
): ProductView {
  const { segment, local } = segmentOf(snap, doc);
  const fields = readDoc(segment.display, local);
  const at = shownAt(segment, local, language);
  const category = snap.categories.entries[categorySlotOf(segment, local)];
  readOffer(segment, local, warehouseSlot(snap, warehouse), offer);
  return {
    id: productIdOf(segment, local),
    sourceId: fields[DISPLAY.sourceId] ?? "",
    categoryId: category?.record?.id ?? 0,
    code: fields[DISPLAY.code] ?? "",
    vendor: fields[DISPLAY.vendor] ?? "",
    name: fields[at] ?? "",
    url: fields[at + 1] ?? "",
    price: offer.price,
    discountedPrice: offer.discounted,
    currency: currencyCode(offer, fields[DISPLAY.currency] ?? ""),
    picture: fields[DISPLAY.picture] ?? "",
    available: offer.available,
    labels: decodeLabels(fields[at + 2] ?? ""),
  };
}

/** The name of doc `doc` in `language`, as readProduct reads it. */
export function productName(snap: Snapshot, doc: number, language: Language): string {
  const { segment, local } = segmentOf(snap, doc);
  return readDoc(segment.display, local)[shownAt(segment, local, language)] ?? "";
}

/**
 * The category of slot `slot` in `language` (fallback uk, then its first translation); a
 * slot never imported has its source id and empty texts.
 */
export function readCategory(snap: Snapshot, slot: number, language: Language): CategoryView {
  const entry = snap.categories.entries[slot];
  const translations = entry?.record?.translations ?? [];
  const t = translations[pickTranslation(translations, language)];
  return {
    id: entry?.record?.id ?? null,
    sourceId: entry?.source ?? "",
    name: t?.name ?? "",
    url: t?.url ?? "",
  };
}
