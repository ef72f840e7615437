import type { Language } from "../../model/records.ts";
import type { SearchProduct } from "../../model/search.ts";
import type { CategoryEntry } from "../index/category-table.ts";
import { DISPLAY, decodeLabels, PER_TRANSLATION } from "../index/display.ts";
import { readDoc } from "../index/doc-store.ts";
import { languageIndex, pickTranslation } from "../index/languages.ts";
import { categorySlotOf, productIdOf, type Segment } from "../index/segment.ts";
import { type Snapshot, segmentIndexOf } from "../index/snapshot.ts";
import { currencyCode, type Offer, readOffer } from "./offer.ts";

// The objects of an answer, built only for the docs and categories on the page.

export function segmentOf(snap: Snapshot, doc: number): { segment: Segment; local: number } {
  const k = segmentIndexOf(snap, doc);
  return { segment: snap.segments[k] as Segment, local: doc - (snap.starts[k] as number) };
}

const offer: Offer = { price: 0, discounted: 0, available: false, currency: -1 };

export function productItem(
  snap: Snapshot,
  doc: number,
  language: Language,
  warehouse: number | null,
): SearchProduct {
  const { segment, local } = segmentOf(snap, doc);
  const fields = readDoc(segment.display, local);
  const shown = ((segment.languageMap[local] as number) >>> (languageIndex(language) * 2)) & 3;
  const at = DISPLAY.first + shown * PER_TRANSLATION;
  const category = snap.categories.entries[categorySlotOf(segment, local)];
  readOffer(segment, local, warehouse, offer);
  return {
    id: productIdOf(segment, local),
    source_id: fields[DISPLAY.sourceId] ?? "",
    category_id: category?.record?.id ?? 0,
    sku: fields[DISPLAY.code] ?? "",
    vendor: fields[DISPLAY.vendor] ?? "",
    name: fields[at] ?? "",
    url: fields[at + 1] ?? "",
    price: offer.price,
    discounted_price: offer.discounted,
    currency: currencyCode(offer, fields[DISPLAY.currency] ?? ""),
    picture_url: fields[DISPLAY.picture] ?? "",
    availability: offer.available,
    labels: decodeLabels(fields[at + 2] ?? ""),
  };
}

/** Name and url of a category in `language` (fallback uk, then the first translation). */
export function categoryText(
  entry: CategoryEntry,
  language: Language,
): { name: string; url: string } {
  const translations = entry.record?.translations ?? [];
  const t = translations[pickTranslation(translations, language)];
  return { name: t?.name ?? "", url: t?.url ?? "" };
}
