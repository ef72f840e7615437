import { validateCategory } from "../import/validate-category.ts";
import { validateProduct } from "../import/validate-product.ts";
import type { CategoryItem, FieldErrors } from "../model/import.ts";
import type { Language } from "../model/records.ts";
import { categoryNumber, pathId } from "./category-ids.ts";
import { declaredLanguage, LanguageVotes } from "./feed-language.ts";
import { cutAt, ownCopy, plainLine } from "./feed-text.ts";
import type { FeedCategory, FeedCurrency, FeedEntry, FeedOffer, LangText } from "./feed-types.ts";
import { byLanguage, offerItem, ratesOf } from "./map-offer.ts";
import type { OfferSpool } from "./offer-spool.ts";

// A whole feed read, mapped and validated before anything is written (docs/FEEDS.md): a feed
// that breaks at its last offer changes nothing, and every offer that cannot be imported is an
// error of its own, with its id and why, while the others go on. The offers wait on disk (the
// spool) until the feed has parsed to its end and the feed's language is known; they are then
// mapped one at a time as the run writes them.

export interface OfferError {
  offer_id: string;
  line: number;
  errors: FieldErrors;
}
export interface CategoryError {
  category_id: string;
  line: number;
  errors: FieldErrors;
}

/** A category to write, with its parent's source_category_id (or null for a root). */
export interface PlannedCategory {
  item: CategoryItem;
  parentId: number | null;
}

/** A product item of a valid offer, as JSON, with its offer id and digest. */
export interface PlannedProduct {
  id: string;
  json: string;
  digest: string;
}

/** Offer id -> the digest of the offer the store's product was last written from by a feed. */
export type OfferDigests = ReadonlyMap<string, string>;

export interface FeedPlan {
  language: Language;
  /** Parents before their children. */
  categories: PlannedCategory[];
  /** The ids of the feed's offers, each once: the products a run keeps. */
  present: string[];
  /**
   * Each valid offer's product item, in feed order, mapped as it is read: an offer that
   * cannot be imported is added to `offerErrors` instead, and one whose digest is the store's
   * (`digests`) is counted by `unchanged` and neither mapped nor validated. Read once.
   */
  products(digests: OfferDigests): AsyncIterable<PlannedProduct>;
  /** The offers `products` skipped so far: their digests were the store's. */
  unchanged(): number;
  offers: number;
  /** Complete once `products` has been read. */
  offerErrors: OfferError[];
  categoryErrors: CategoryError[];
}

const one = (field: string, message: string): FieldErrors => ({ [field]: [message] });

/** Texts kept for the whole run, each a copy of its own (ownCopy). */
const ownTexts = (texts: LangText): LangText =>
  Object.fromEntries(Object.entries(texts).map(([l, t]) => [l, ownCopy(t)])) as LangText;

export class FeedPlanner {
  private readonly categories = new Map<string, FeedCategory>();
  private readonly currencies: FeedCurrency[] = [];
  private readonly categoryErrors: CategoryError[] = [];
  private readonly offerErrors: OfferError[] = [];
  /** Each offer id met, and the line of its first offer. */
  private readonly seen = new Map<string, number>();
  private readonly votes = new LanguageVotes();
  private offers = 0;
  private skipped = 0;
  private declared: Language | null = null;

  constructor(private readonly spool: OfferSpool) {}

  add(entry: FeedEntry): void {
    if (entry.kind === "offer") this.addOffer(entry.offer);
    else if (entry.kind === "currency")
      this.currencies.push({ id: ownCopy(entry.currency.id), rate: ownCopy(entry.currency.rate) });
    else if (entry.kind === "language") this.declared ??= declaredLanguage(entry.language);
    else this.addCategory(entry.category);
  }

  private addCategory(c: FeedCategory): void {
    if (c.id === "") {
      this.categoryErrors.push({
        category_id: "",
        line: c.line,
        errors: one("id", "The category has no id."),
      });
      return;
    }
    if (this.categories.has(c.id)) {
      const first = this.categories.get(c.id) as FeedCategory;
      this.categoryErrors.push({
        category_id: c.id,
        line: c.line,
        errors: one("id", `Duplicate category id: the first, on line ${first.line}, is imported.`),
      });
      return;
    }
    const id = ownCopy(c.id);
    this.categories.set(id, {
      id,
      parentId: c.parentId === null ? null : ownCopy(c.parentId),
      names: ownTexts(c.names),
      line: c.line,
    });
  }

  private addOffer(offer: FeedOffer): void {
    this.offers++;
    if (offer.names[""]) this.votes.add(offer.names[""]);
    // The offer itself goes to the spool; its id is kept to the end of the run.
    const id = ownCopy(offer.id);
    const fail = (errors: FieldErrors) =>
      this.offerErrors.push({ offer_id: id, line: offer.line, errors });
    if (id === "") {
      fail(one("source_id", "The offer has no id."));
      return;
    }
    const first = this.seen.get(id);
    if (first !== undefined) {
      fail(one("source_id", `Duplicate offer id: the first, on line ${first}, is imported.`));
      return;
    }
    this.seen.set(id, offer.line);
    // A breadcrumb is a path of categories, each the parent of the next.
    const path = offer.categoryPath;
    if (path !== null) this.addPath(offer, path);
    this.spool.push(offer);
  }

  private addPath(offer: FeedOffer, path: string[]): void {
    for (let i = 0; i < path.length; i++) {
      const id = pathId(path.slice(0, i + 1));
      if (!this.categories.has(id))
        this.categories.set(id, {
          id,
          parentId: i === 0 ? null : pathId(path.slice(0, i)),
          names: { "": ownCopy(path[i] as string) },
          line: offer.line,
        });
    }
    offer.categoryId = pathId(path);
  }

  /**
   * The language of the texts that do not say theirs: declared, else told by the letters of
   * the offers' names (the categories' when the feed has no offer names: they are fewer, and
   * in Prom's feeds often of the other language than `name_ua`'s).
   */
  private language(): Language {
    if (this.declared) return this.declared;
    const votes = this.votes;
    if (votes.empty)
      for (const c of this.categories.values()) if (c.names[""]) votes.add(c.names[""]);
    return votes.language();
  }

  finish(): FeedPlan {
    const language = this.language();
    const { categories, failed } = this.planCategories(language);
    return {
      language,
      categories,
      present: [...this.seen.keys()],
      products: (digests) => this.products(language, failed, digests),
      unchanged: () => this.skipped,
      offers: this.offers,
      offerErrors: this.offerErrors,
      categoryErrors: this.categoryErrors,
    };
  }

  private async *products(
    language: Language,
    failed: Set<string>,
    digests: OfferDigests,
  ): AsyncGenerator<PlannedProduct> {
    const rates = ratesOf(this.currencies);
    // What shapes an item besides its offer (the category's number is the offer's id's).
    const seed = Bun.hash(JSON.stringify([language, rates.base, [...rates.rates]]));
    // With no categories in the feed, offers name the store's own (mapped the same way); the
    // store refuses those it does not have, per offer.
    const feedHasCategories = this.categories.size > 0;
    for await (const { offer, json } of this.spool.offers()) {
      const failOffer = (errors: FieldErrors) =>
        this.offerErrors.push({ offer_id: offer.id, line: offer.line, errors });
      const categoryId = offer.categoryId;
      if (categoryId === null) {
        failOffer(one("source_category_id", "The offer names no category."));
        continue;
      }
      if (feedHasCategories && !this.categories.has(categoryId)) {
        failOffer(
          one(
            "source_category_id",
            `Category "${cutAt(categoryId, 100)}" is not among the feed's categories.`,
          ),
        );
        continue;
      }
      if (failed.has(categoryId)) {
        failOffer(
          one(
            "source_category_id",
            `Category "${cutAt(categoryId, 100)}" could not be imported (see category_errors).`,
          ),
        );
        continue;
      }
      const digest = Bun.hash(json, seed).toString(36);
      if (digests.get(offer.id) === digest) {
        this.skipped++;
        continue;
      }
      const mapped = offerItem(offer, {
        feedLanguage: language,
        rates,
        categoryId: String(categoryNumber(categoryId)),
      });
      if (!mapped.ok) {
        failOffer(mapped.errors);
        continue;
      }
      const checked = validateProduct(mapped.item);
      if (!checked.ok) failOffer(checked.errors);
      else yield { id: offer.id, json: JSON.stringify(mapped.item), digest };
    }
  }

  /**
   * Each category validated as a bulk item, parents first. A parent the feed lacks, or a
   * circle of parents, leaves the category a root: the tree loses a link, not the category.
   */
  private planCategories(language: Language): {
    categories: PlannedCategory[];
    failed: Set<string>;
  } {
    const failed = new Set<string>();
    const numbers = new Map<number, string>();
    const valid = new Map<string, PlannedCategory>();
    for (const c of this.categories.values()) {
      const number = categoryNumber(c.id);
      const fail = (errors: FieldErrors) => {
        failed.add(c.id);
        this.categoryErrors.push({ category_id: c.id, line: c.line, errors });
      };
      const other = numbers.get(number);
      if (other !== undefined) {
        fail(one("id", `The category's number ${number} is also that of category "${other}".`));
        continue;
      }
      numbers.set(number, c.id);
      const names = byLanguage(c.names, language);
      const item: CategoryItem = {
        source_category_id: number,
        translations: [...names].map(([l, name]) => ({
          language: l,
          name: cutAt(plainLine(name), 500),
        })),
      };
      const checked = validateCategory(item);
      if (!checked.ok) {
        fail(names.size === 0 ? one("translations", "The category has no name.") : checked.errors);
        continue;
      }
      valid.set(c.id, { item, parentId: null });
    }
    // Parents first: a depth-first walk up each category's chain, a circle cut where it closes.
    const ordered: PlannedCategory[] = [];
    const state = new Map<string, "visiting" | "done">();
    const visit = (id: string) => {
      const planned = valid.get(id);
      if (!planned || state.has(id)) return;
      state.set(id, "visiting");
      const parent = this.categories.get(id)?.parentId ?? null;
      if (parent !== null && valid.has(parent) && state.get(parent) !== "visiting") {
        visit(parent);
        planned.parentId = categoryNumber(parent);
      }
      state.set(id, "done");
      ordered.push(planned);
    };
    for (const id of valid.keys()) visit(id);
    return { categories: ordered, failed };
  }
}

/** Reads a feed's entries to their end into a plan; a FeedSyntaxError stops it. */
export async function planFeed(
  entries: AsyncIterable<FeedEntry>,
  spool: OfferSpool,
): Promise<FeedPlan> {
  const planner = new FeedPlanner(spool);
  for await (const entry of entries) planner.add(entry);
  return planner.finish();
}
