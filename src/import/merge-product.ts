import type { FieldErrors } from "../model/import.ts";
import type { ProductRecord, WarehouseStock } from "../model/records.ts";
import { deriveAvailability, type ProductDraft } from "./validate-product.ts";

/** What a store knows of a product before the write. */
export interface ExistingProduct {
  id: number;
  group_id: string | null;
  warehouses: WarehouseStock[];
}

export type Merged = { ok: true; record: ProductRecord } | { ok: false; errors: FieldErrors };

/**
 * The record a draft becomes, given what is stored (pure; both stores call it inside their
 * transaction). An item replaces the product, except that an absent `warehouses` keeps the
 * stored ones (specification 4.1 rule 6) and `group_id` cannot change once set.
 */
export function mergeProduct(
  draft: ProductDraft,
  existing: ExistingProduct | null,
  ids: { newId: number; now: number },
): Merged {
  if (existing && draft.group_id !== undefined && draft.group_id !== existing.group_id)
    return {
      ok: false,
      errors: { group_id: ["This field cannot be changed after the product is created."] },
    };
  const warehouses = draft.warehouses ?? existing?.warehouses ?? [];
  return {
    ok: true,
    record: {
      id: existing ? existing.id : ids.newId,
      source_id: draft.source_id,
      code: draft.code,
      source_category_id: draft.source_category_id,
      currency_code: draft.currency_code,
      new_price: draft.new_price,
      old_price: draft.old_price,
      picture: draft.picture,
      availability: deriveAvailability(draft.availability, warehouses),
      vendor: draft.vendor,
      group_id: existing ? existing.group_id : (draft.group_id ?? null),
      is_main: draft.is_main,
      translations: draft.translations,
      warehouses,
      updated_at: ids.now,
    },
  };
}

export const unknownCategory = (sourceCategoryId: string): FieldErrors => ({
  source_category_id: [`Category "${sourceCategoryId}" does not exist in this domain.`],
});
