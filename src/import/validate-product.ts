import { TypeCompiler } from "@sinclair/typebox/compiler";
import type { ProductDraft } from "../model/drafts.ts";
import { type FieldErrors, ProductItem } from "../model/import.ts";
import type { Label, ProductTranslation } from "../model/records.ts";
import { addFieldError, echo, fieldErrors } from "./field-errors.ts";

const check = TypeCompiler.Compile(ProductItem);

export type Validated<T> = { ok: true; value: T } | { ok: false; errors: FieldErrors };

/** Validates one product item on its own (every failing field), without the store. */
export function validateProduct(item: unknown): Validated<ProductDraft> {
  if (!check.Check(item))
    return { ok: false, errors: withRules(item, fieldErrors(check.Errors(item))) };
  const errors = withRules(item, {});
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, value: toDraft(item) };
}

// The rules no schema expresses. They run on whatever part of the item is well-formed, so that
// one response reports every failing field.
function withRules(item: unknown, errors: FieldErrors): FieldErrors {
  if (typeof item !== "object" || item === null) return errors;
  const p = item as Record<string, unknown>;
  checkPrices(p, "", errors);
  if (Array.isArray(p.translations)) {
    const seen = new Set<unknown>();
    p.translations.forEach((tr, i) => {
      const language = (tr as Record<string, unknown> | null)?.language;
      if (language === undefined) return;
      if (seen.has(language))
        addFieldError(
          errors,
          `translations.${i}.language`,
          `Duplicate language code "${echo(language)}".`,
        );
      seen.add(language);
    });
  }
  if (Array.isArray(p.warehouses)) {
    const seen = new Set<unknown>();
    p.warehouses.forEach((w, i) => {
      const wh = w as Record<string, unknown> | null;
      if (!wh || typeof wh !== "object") return;
      checkPrices(wh, `warehouses.${i}.`, errors);
      const id = wh.external_id;
      if (typeof id !== "string" && typeof id !== "number") return;
      // 7 and "7" are one warehouse: ids are stored as their decimal string.
      if (seen.has(String(id)))
        addFieldError(errors, `warehouses.${i}.external_id`, `Duplicate warehouse "${echo(id)}".`);
      seen.add(String(id));
    });
  }
  return errors;
}

function checkPrices(o: Record<string, unknown>, prefix: string, errors: FieldErrors): void {
  const { new_price: np, old_price: op } = o;
  if (typeof np === "number" && typeof op === "number" && np > 0 && op > 0 && op < np)
    addFieldError(
      errors,
      `${prefix}old_price`,
      "Ensure old_price is greater than or equal to new_price.",
    );
}

const labelOf = (l: ProductItem["translations"][number]["labels"] & object): Label[] =>
  l.map((x) =>
    typeof x === "string" ? { name: x, color: "" } : { name: x.name, color: x.color ?? "" },
  );

function toDraft(p: ProductItem): ProductDraft {
  return {
    source_id: String(p.source_id),
    code: String(p.code),
    source_category_id: String(p.source_category_id),
    currency_code: p.currency_code,
    // Absent (undefined) and null stay apart: an update keeps the one, clears the other.
    new_price: p.new_price,
    old_price: p.old_price,
    picture: p.picture,
    availability: p.availability,
    vendor: p.vendor,
    group_id: p.group_id == null ? p.group_id : String(p.group_id),
    is_main: p.is_main,
    translations: p.translations.map(
      (tr): ProductTranslation => ({
        language: tr.language,
        name: tr.name,
        url: tr.url,
        description: tr.description ?? null,
        labels: tr.labels ? labelOf(tr.labels) : [],
        keywords: tr.keywords ?? [],
        synonyms: tr.synonyms ?? [],
        params: (tr.params ?? []).map((x) => ({
          name: x.name,
          value: x.value,
          is_filter: x.is_filter ?? false,
          is_variation: x.is_variation ?? false,
          color: x.color ?? null,
          swatch_image: x.swatch_image ?? null,
        })),
      }),
    ),
    warehouses: (p.warehouses === null ? [] : p.warehouses)?.map((w) => ({
      external_id: String(w.external_id),
      available: w.available ?? false,
      quantity: w.quantity ?? 0,
      new_price: w.new_price ?? null,
      old_price: w.old_price ?? null,
      currency_code: w.currency_code ?? null,
    })),
  };
}
