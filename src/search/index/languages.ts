import type { Language } from "../../model/records.ts";

// Language bits and the display fallback shared by products and categories.

export const LANGUAGE_BIT: Readonly<Record<Language, number>> = { uk: 1, ru: 2, en: 4 };

export function languageIndex(language: Language): number {
  return language === "uk" ? 0 : language === "ru" ? 1 : 2;
}

/**
 * Index of the translation shown for `language`: that language, else uk, else the first
 * (PRODUCT.md: names, urls and category names fall back to uk, then the first translation).
 */
export function pickTranslation(
  translations: readonly { language: Language }[],
  language: Language,
): number {
  let uk = -1;
  for (let i = 0; i < translations.length; i++) {
    const l = (translations[i] as { language: Language }).language;
    if (l === language) return i;
    if (l === "uk") uk = i;
  }
  return Math.max(uk, 0);
}
