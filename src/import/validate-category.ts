import { TypeCompiler } from "@sinclair/typebox/compiler";
import type { CategoryDraft } from "../model/drafts.ts";
import { CategoryItem } from "../model/import.ts";
import { addFieldError, echo, fieldErrors } from "./field-errors.ts";
import type { Validated } from "./validate-product.ts";

const check = TypeCompiler.Compile(CategoryItem);

/** Validates one category item on its own, every failing field reported. */
export function validateCategory(item: unknown): Validated<CategoryDraft> {
  const errors = check.Check(item) ? {} : fieldErrors(check.Errors(item));
  const translations = (item as Record<string, unknown> | null)?.translations;
  if (Array.isArray(translations)) {
    const seen = new Set<unknown>();
    translations.forEach((tr, i) => {
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
  const c = item as CategoryItem;
  // A cycle through other categories is the batch rules' to find (rules/category-tree.ts);
  // this one needs no store.
  if (
    c?.parent_id != null &&
    c.source_category_id != null &&
    !errors.parent_id &&
    Number(c.parent_id) === Number(c.source_category_id)
  )
    addFieldError(errors, "parent_id", "A category cannot be its own parent.");
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return {
    ok: true,
    value: {
      source_category_id: Number(c.source_category_id),
      translations: c.translations.map((tr) => ({
        language: tr.language,
        name: tr.name,
        url: tr.url ?? null,
        synonyms: tr.synonyms ?? [],
        keywords: tr.keywords ?? [],
      })),
      // Left out when not sent: an update keeps the stored parent.
      ...(c.parent_id === undefined
        ? {}
        : { parent_id: c.parent_id === null ? null : Number(c.parent_id) }),
    },
  };
}
