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
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  const c = item as CategoryItem;
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
    },
  };
}
