import { type FieldErrors, IMPORT_LIMITS, type ProductItem } from "../model/import.ts";
import { CURRENCIES, type Currency, LANGUAGES, type Language } from "../model/records.ts";
import { cutAt, htmlToText, parsePrice, plainLine } from "./feed-text.ts";
import type { FeedCurrency, FeedOffer, FeedParam, LangText } from "./feed-types.ts";

// One normalised offer to the bulk import's product item (docs/FEEDS.md, field by field).
// Pure: the item then goes through the bulk import's own validator (plan-feed.ts), so a feed
// offer obeys every rule a bulk item does. What only a feed can get wrong (a price that is no
// number, a currency without a rate) is a field error here, under the item's field names.

/** The feed's currencies: the base (rate 1) and each other's rate in base units. */
export interface Rates {
  base: string | null;
  rates: Map<string, number>;
}

/** Feeds write the hryvnia and the rouble under several names. */
const ALIAS: Record<string, string> = { ГРН: "UAH", UAH: "UAH", RUR: "RUB" };
const currencyName = (id: string) => ALIAS[id.toUpperCase()] ?? id.toUpperCase();
const supported = (id: string): id is Currency => (CURRENCIES as readonly string[]).includes(id);

export function ratesOf(currencies: readonly FeedCurrency[]): Rates {
  const rates = new Map<string, number>();
  let base: string | null = null;
  for (const c of currencies) {
    const rate = parsePrice(c.rate);
    const id = currencyName(c.id);
    if (rate === 1 && base === null) base = id;
    if (Number.isFinite(rate) && rate > 0) rates.set(id, rate);
  }
  return { base, rates };
}

/** The texts of each language: a text without one is the feed's language's, unless it has one. */
export function byLanguage(texts: LangText, feedLanguage: Language): Map<Language, string> {
  const out = new Map<Language, string>();
  for (const language of LANGUAGES) {
    const text =
      texts[language as "uk" | "ru"] ?? (language === feedLanguage ? texts[""] : undefined);
    if (text) out.set(language, text);
  }
  return out;
}

/** `15` `см` -> "15 см"; empty names or values are skipped (a feed's empty `<param/>`). */
function paramsFor(params: readonly FeedParam[], language: Language, own: boolean) {
  return params
    .filter((p) => (own ? p.language === language : p.language === ""))
    .map((p) => ({ name: plainLine(p.name), value: plainLine(p.value), unit: p.unit }))
    .filter((p) => p.name !== "" && p.value !== "")
    .map((p) => ({
      name: p.name,
      value: cutAt(p.unit ? `${p.value} ${plainLine(p.unit)}` : p.value, IMPORT_LIMITS.paramValue),
    }));
}

const round2 = (n: number) => Math.round(n * 100) / 100;

export interface OfferContext {
  feedLanguage: Language;
  rates: Rates;
  /** The offer's category as the import's source_category_id. */
  categoryId: string;
}

/** The product item of an offer, or the field errors that keep it out. */
export function offerItem(
  offer: FeedOffer,
  context: OfferContext,
): { ok: true; item: ProductItem } | { ok: false; errors: FieldErrors } {
  const errors: FieldErrors = {};
  const fail = (field: string, message: string) => {
    errors[field] = [...(errors[field] ?? []), message];
  };
  // Prices, in the feed's base currency when it declares a supported one with a rate.
  let currency = currencyName(offer.currency ?? context.rates.base ?? "UAH");
  let factor = 1;
  const { base, rates } = context.rates;
  if (base !== null && supported(base) && currency !== base && rates.has(currency)) {
    factor = rates.get(currency) as number;
    currency = base;
  }
  if (!supported(currency))
    fail(
      "currency_code",
      `Currency "${offer.currency}" is none of ${CURRENCIES.join(", ")}, and the feed gives no rate to convert it.`,
    );
  const price = (text: string | null, field: string): number | null => {
    if (text === null) return null;
    const n = parsePrice(text);
    if (Number.isNaN(n)) {
      fail(field, `Not a valid price: "${cutAt(text, 50)}".`);
      return null;
    }
    return round2(n * factor);
  };
  const regular = price(offer.price, "new_price");
  const promo = price(offer.promoPrice, "new_price");
  const old = price(offer.oldPrice, "old_price");
  // A promo price below the price is the price to pay, the price then the old one.
  let newPrice = regular;
  let oldPrice = old;
  if (promo !== null && (regular === null || promo < regular)) {
    newPrice = promo;
    oldPrice = Math.max(old ?? 0, regular ?? 0) || null;
  }
  // An old price not above the price is no discount: left out, as a shop's page would.
  if (oldPrice !== null && newPrice !== null && oldPrice <= newPrice) oldPrice = null;

  const names = byLanguage(offer.names, context.feedLanguage);
  const descriptions = byLanguage(offer.descriptions, context.feedLanguage);
  if (names.size === 0) fail("translations", "The offer has no name.");
  // Params without a language go to every translation that has none of its own.
  const translations = [...names].map(([language, name]) => {
    const own = paramsFor(offer.params, language, true);
    const description = descriptions.get(language);
    return {
      language,
      name: cutAt(plainLine(name), IMPORT_LIMITS.name),
      url: offer.url ?? "",
      ...(description
        ? { description: cutAt(htmlToText(description), IMPORT_LIMITS.description) }
        : {}),
      params: own.length > 0 ? own : paramsFor(offer.params, language, false),
    };
  });
  if (offer.url === null) fail("url", "The offer has no url.");
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  const item: ProductItem = {
    source_id: offer.id,
    code: offer.code ?? offer.id,
    source_category_id: context.categoryId,
    currency_code: currency as Currency,
    translations,
    // Sent even when null: a discount the feed no longer gives ends (an update keeps what is
    // left out). A price left out of the feed keeps the stored one.
    old_price: oldPrice,
  };
  if (newPrice !== null) item.new_price = newPrice;
  if (offer.picture !== null) item.picture = offer.picture;
  if (offer.available !== null) item.availability = offer.available;
  if (offer.vendor !== null) item.vendor = cutAt(plainLine(offer.vendor), IMPORT_LIMITS.vendor);
  if (offer.groupId !== null) item.group_id = offer.groupId;
  return { ok: true, item };
}
