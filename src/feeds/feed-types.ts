// What a feed reader yields: offers, categories and currencies as pure data, one shape for
// every dialect (docs/FEEDS.md). Values are the feed's own text, trimmed; the mapping
// (map-offer.ts) parses prices, tells languages and checks what the import requires.

export const FEED_FORMATS = ["yml", "hotline", "google", "csv"] as const;
export type FeedFormat = (typeof FEED_FORMATS)[number];

/**
 * A text per language: "uk" and "ru" where the feed says so (`name_ua`, `_RU`), "" where it
 * does not (the feed's own language, told from its letters: feed-language.ts).
 */
export type LangText = Partial<Record<"uk" | "ru" | "", string>>;

export interface FeedParam {
  name: string;
  value: string;
  unit: string | null;
  /** The language its name's suffix says (`Колір_UA`), or "" for none. */
  language: "uk" | "ru" | "";
}

export interface FeedOffer {
  /** The feed's offer id, as written ("" when it has none). */
  id: string;
  /** The line where the offer starts: an offer without an id is named by it. */
  line: number;
  code: string | null;
  /** The feed's category id; null when the offer names none. */
  categoryId: string | null;
  /** A breadcrumb instead of an id (Google's g:product_type), root first. */
  categoryPath: string[] | null;
  price: string | null;
  oldPrice: string | null;
  promoPrice: string | null;
  currency: string | null;
  /** null: the feed does not say. */
  available: boolean | null;
  picture: string | null;
  vendor: string | null;
  groupId: string | null;
  url: string | null;
  names: LangText;
  descriptions: LangText;
  params: FeedParam[];
}

export interface FeedCategory {
  id: string;
  /** The parent's feed id, or null for a root (`parentId` absent, empty or "0"). */
  parentId: string | null;
  names: LangText;
  line: number;
}

export interface FeedCurrency {
  id: string;
  /** The feed's rate as written: a number of base units, or a bank's name (CBRF, NBU). */
  rate: string;
}

/** One record a reader yields, in feed order. */
export type FeedEntry =
  | { kind: "offer"; offer: FeedOffer }
  | { kind: "category"; category: FeedCategory }
  | { kind: "currency"; currency: FeedCurrency }
  /** The language the feed declares (`<language>` of an RSS channel, `xml:lang`). */
  | { kind: "language"; language: string };

/** A feed that is not well-formed stops where it breaks: nothing of the run is written. */
export class FeedSyntaxError extends Error {
  constructor(
    readonly line: number,
    readonly column: number,
    readonly reason: string,
  ) {
    super(`line ${line}, column ${column}: ${reason}`);
  }
}

export const emptyOffer = (line: number): FeedOffer => ({
  id: "",
  line,
  code: null,
  categoryId: null,
  categoryPath: null,
  price: null,
  oldPrice: null,
  promoPrice: null,
  currency: null,
  available: null,
  picture: null,
  vendor: null,
  groupId: null,
  url: null,
  names: {},
  descriptions: {},
  params: [],
});
