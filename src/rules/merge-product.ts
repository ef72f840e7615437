import type { ProductDraft } from "../model/drafts.ts";
import type { FieldErrors } from "../model/import.ts";
import type { ProductRecord, ProductTranslation, WarehouseStock } from "../model/records.ts";

export type Merged = { ok: true; record: ProductRecord } | { ok: false; errors: FieldErrors };

/**
 * The record a draft becomes, given the stored record (null on create). The update contract
 * (specification 4.1 rule 9, PRODUCT.md "Import", Updates):
 * - an optional top-level field absent from the item keeps its stored value; sent as null, it
 *   is cleared (warehouses included: rule 6 keeps them when absent);
 * - `availability` is not kept: absent means in stock (rule 7) unless warehouses decide;
 * - `translations` replace the stored ones of their languages, in place; a language not sent
 *   is kept, a new one is added at the end (the "first translation" fallback stays stable);
 * - `group_id` cannot change once the product exists (null is a value: no group);
 * - the merged prices keep old_price ≥ new_price, as an item's own prices must.
 */
export function mergeProduct(
  draft: ProductDraft,
  stored: ProductRecord | null,
  ids: { newId: number; now: number },
): Merged {
  if (stored && draft.group_id !== undefined && draft.group_id !== stored.group_id)
    return {
      ok: false,
      errors: { group_id: ["This field cannot be changed after the product is created."] },
    };
  const newPrice = kept(draft.new_price, stored?.new_price);
  const oldPrice = kept(draft.old_price, stored?.old_price);
  // Only a kept price can break the order: the validator checked the item's own pair.
  if (newPrice !== null && oldPrice !== null && oldPrice < newPrice)
    return {
      ok: false,
      errors: {
        old_price: [
          `Ensure old_price is greater than or equal to new_price. The stored old_price is ${oldPrice}: send a new one, or null to clear it.`,
        ],
      },
    };
  const warehouses = draft.warehouses ?? stored?.warehouses ?? [];
  const record: ProductRecord = {
    id: stored ? stored.id : ids.newId,
    source_id: draft.source_id,
    code: draft.code,
    source_category_id: draft.source_category_id,
    currency_code: draft.currency_code,
    new_price: newPrice,
    old_price: oldPrice,
    picture: kept(draft.picture, stored?.picture),
    availability: deriveAvailability(draft.availability ?? null, warehouses),
    vendor: kept(draft.vendor, stored?.vendor),
    group_id: stored ? stored.group_id : (draft.group_id ?? null),
    is_main: kept(draft.is_main, stored?.is_main),
    translations: stored
      ? mergeTranslations(draft.translations, stored.translations)
      : draft.translations,
    warehouses,
    updated_at: ids.now,
  };
  record.content_updated_at = contentUpdatedAt(record, stored, ids.now);
  return { ok: true, record };
}

/**
 * The record's content time (ProductRecord.content_updated_at): kept when only the offer
 * changed (prices, availability, warehouse stock: what a price feed sends all day), else now,
 * and always past the stored one, so that two versions of different content never share it.
 */
function contentUpdatedAt(
  record: ProductRecord,
  stored: ProductRecord | null,
  now: number,
): number {
  if (stored === null) return now;
  const storedAt = stored.content_updated_at ?? stored.updated_at;
  return sameContent(record, stored) ? storedAt : Math.max(now, storedAt + 1);
}

/** Whether two versions of a product differ at most in their offer (see contentUpdatedAt). */
export function sameContent(a: ProductRecord, b: ProductRecord): boolean {
  return (
    a.source_id === b.source_id &&
    a.code === b.code &&
    a.source_category_id === b.source_category_id &&
    a.currency_code === b.currency_code &&
    a.picture === b.picture &&
    a.vendor === b.vendor &&
    a.group_id === b.group_id &&
    a.is_main === b.is_main &&
    a.warehouses.length === b.warehouses.length &&
    a.warehouses.every((w, i) => w.external_id === b.warehouses[i]?.external_id) &&
    sameJson(a.translations, b.translations)
  );
}

/**
 * Whether a write of `merged` would change nothing of `stored` but its times: a feed's offer
 * that is the same as on its last run costs no write (docs/FEEDS.md, "A run is a diff").
 */
export const sameRecord = (merged: ProductRecord, stored: ProductRecord): boolean =>
  merged.new_price === stored.new_price &&
  merged.old_price === stored.old_price &&
  merged.availability === stored.availability &&
  sameJson(merged.warehouses, stored.warehouses) &&
  sameContent(merged, stored);

/** Structural equality of JSON values (records parsed from JSON: no cycles, no undefined). */
function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!sameJson(a[i], b[i])) return false;
    return true;
  }
  if (Array.isArray(b)) return false;
  const ka = Object.keys(a);
  if (ka.length !== Object.keys(b).length) return false;
  for (const k of ka)
    if (!sameJson((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]))
      return false;
  return true;
}

/** Sent (a value or null) wins; absent keeps the stored value, or null on create. */
const kept = <T>(sent: T | null | undefined, stored: T | null | undefined): T | null =>
  sent !== undefined ? sent : (stored ?? null);

function mergeTranslations(
  sent: ProductTranslation[],
  stored: ProductTranslation[],
): ProductTranslation[] {
  const merged = stored.map((s) => sent.find((t) => t.language === s.language) ?? s);
  for (const t of sent) if (!stored.some((s) => s.language === t.language)) merged.push(t);
  return merged;
}

/** Specification 4.1 rule 7: with warehouses, the OR of theirs; else as given, absent = in stock. */
export function deriveAvailability(
  given: boolean | null,
  warehouses: readonly WarehouseStock[],
): boolean {
  if (warehouses.length > 0) return warehouses.some((w) => w.available);
  return given ?? true;
}

export const unknownCategory = (sourceCategoryId: string): FieldErrors => ({
  source_category_id: [`Category "${sourceCategoryId}" does not exist in this domain.`],
});
