import { cyrillicLanguageOf, normalise } from "../search/engine.ts";

// The language of a feed's texts that do not say theirs (`name` beside `name_ua`, or a feed of
// one language): told by their letters, the whole feed at once, since one name (сумка, телефон)
// seldom tells. The engine's own test decides each word (search/analysis/cyrillic-language.ts).

export type FeedLanguage = "uk" | "ru" | "en";

/** Counts the words of texts that each language's spelling claims. */
export class LanguageVotes {
  private uk = 0;
  private ru = 0;
  private cyrillic = 0;
  private latin = 0;

  add(text: string): void {
    for (const word of normalise(text).split(/[^\p{L}]+/u)) {
      if (word.length < 3) continue;
      if (/\p{Script=Cyrillic}/u.test(word)) {
        this.cyrillic++;
        const l = cyrillicLanguageOf(word);
        if (l === "uk") this.uk++;
        else if (l === "ru") this.ru++;
      } else if (/\p{Script=Latin}/u.test(word)) this.latin++;
    }
  }

  /** No word counted yet. */
  get empty(): boolean {
    return this.cyrillic === 0 && this.latin === 0;
  }

  /**
   * The majority's language: Cyrillic words decide between uk and ru (uk on a tie: these are
   * Ukrainian stores); a feed with no Cyrillic word is English.
   */
  language(): FeedLanguage {
    if (this.cyrillic === 0 && this.latin > 0) return "en";
    return this.ru > this.uk ? "ru" : "uk";
  }
}

/** A language the feed declares ("uk-UA", "ru", "en-US", "ua"), or null for another. */
export function declaredLanguage(tag: string): FeedLanguage | null {
  const base = tag.toLowerCase().split(/[-_]/)[0];
  if (base === "uk" || base === "ua") return "uk";
  if (base === "ru") return "ru";
  if (base === "en") return "en";
  return null;
}
