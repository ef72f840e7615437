// A second catalog, made differently from src/sample-catalog (issue 21 point 5, issue 20 point 6): a
// store as the public Ukrainian shop feeds (prom.ua and Rozetka YML exports) show one. Its
// words are its own (feed-vocabulary.ts); its names are long and carry marketing words,
// colours in English, barcodes and part numbers ("ХІТ! Смартфон Blackview BV9300 Pro
// 12/256GB Black (6931548313588)"); brands are in Latin only; codes come in several shapes
// (SKU-100042, 13- and 8-digit barcodes, part numbers like BV9300PRO-BK, A1466/B, UA.123.45);
// a store names its products in Ukrainian only, Russian only, or both; a third of the
// products have warehouses. Only the generator is kept, no feed's text.
//
// The API is that of src/sample-catalog/generate.ts, kept small for the benchmarks:
//   categories(options?)                       the categories, as bulk import items
//   products(seed, count, start?, options?)    products [start, start + count), one at a time
//   entries(...)                               the same with the facts each was made from
//   feedCatalog({ seed, products, store? })    both, whole
// options.store: "mixed" (default: each product in uk and ru, ru only or uk only), "uk"
// (every name Ukrainian), "ru" (every name Russian). Product N depends only on (seed, N, store).

import { Rng, WeightedPicker } from "../../src/sample-catalog/prng.ts";
import type {
  Catalog,
  CategoryItem,
  ParamItem,
  ProductItem,
  ProductTranslationItem,
  WarehouseItem,
} from "../../src/sample-catalog/types.ts";
import {
  CLOSERS,
  ENGLISH_COLORS,
  FEED_SHOP_URL,
  FEED_WAREHOUSES,
  type FeedKind,
  type FeedParam,
  KINDS,
  OPENERS,
  PHRASES,
  ROOTS,
} from "./feed-vocabulary.ts";

export type FeedStore = "mixed" | "uk" | "ru";

export interface FeedOptions {
  store?: FeedStore;
}

/** What the generator decided for a product: the truth its judged queries are built on. */
export interface FeedFacts {
  index: number;
  kind: FeedKind;
  vendor: string;
  model: string;
  /** Attribute key -> index into its values. */
  params: ReadonlyMap<string, number>;
  /** The languages of the product's names, uk first. */
  languages: readonly ("uk" | "ru")[];
}

export interface FeedEntry {
  item: ProductItem;
  facts: FeedFacts;
}

const STREAM = 0x5eed;
const LETTERS = "ABCDEFGHJKLMNPRSTUVWXYZ";
const kindPicker = new WeightedPicker(KINDS, (kind) => kind.weight);
/** Attributes a feed leaves out often: key -> share of products that have it. */
const PRESENT: Readonly<Record<string, number>> = { thermal: 0.25, country: 0.5, battery: 0.7 };
/** Leaf categories are numbered from here, roots from 1: ids unlike src/sample-catalog's. */
const LEAF_BASE = 101;
const LANG_INDEX = { uk: 0, ru: 1 } as const;

/** The categories: six roots and one leaf per kind, in the store's languages. */
export function categories(options: FeedOptions = {}): CategoryItem[] {
  const languages = storeLanguages(options.store ?? "mixed");
  const item = (id: number, names: readonly [string, string], slug: string): CategoryItem => ({
    source_category_id: id,
    translations: languages.map((language) => ({
      language,
      name: names[LANG_INDEX[language]],
      url: `${FEED_SHOP_URL}${language === "ru" ? "/ru" : ""}/catalog/${slug}/`,
    })),
  });
  return [
    ...ROOTS.map((names, i) => item(i + 1, names, `root-${i + 1}`)),
    ...KINDS.map((kind, i) => item(LEAF_BASE + i, kind.category, kind.slug)),
  ];
}

/** Products [start, start + count) of the catalog of `seed`, one at a time. */
export function* products(
  seed: number,
  count: number,
  start = 0,
  options: FeedOptions = {},
): Generator<ProductItem> {
  for (let i = start; i < start + count; i++) yield product(seed, i, options).item;
}

/** Like products, with the facts each product was made from. */
export function* entries(
  seed: number,
  count: number,
  start = 0,
  options: FeedOptions = {},
): Generator<FeedEntry> {
  for (let i = start; i < start + count; i++) yield product(seed, i, options);
}

export function feedCatalog(options: {
  seed: number;
  products: number;
  store?: FeedStore;
}): Catalog {
  return {
    categories: categories(options),
    products: Array.from(products(options.seed, options.products, 0, options)),
  };
}

/** Product `index` of the catalog of `seed`. */
export function product(seed: number, index: number, options: FeedOptions = {}): FeedEntry {
  const rng = Rng.of(seed, STREAM, index);
  const kind = kindPicker.pick(rng);
  const kindIndex = KINDS.indexOf(kind);
  const vendor = rng.pick(kind.vendors);
  const model = fill(rng.pick(kind.models), rng);
  const params = new Map<string, number>();
  for (const p of kind.params)
    if (rng.chance(PRESENT[p.key] ?? 1)) params.set(p.key, rng.int(0, p.values.length - 1));
  const languages = productLanguages(options.store ?? "mixed", rng);
  const facts: FeedFacts = { index, kind, vendor, model, params, languages };

  const code = makeCode(rng, index, model);
  // What the name carries besides type, brand and model, drawn once for every language.
  const adjectivesFirst = rng.chance(0.4);
  const opener = rng.chance(0.15) ? rng.pick(OPENERS) : null;
  const closer = rng.chance(0.25) ? rng.pick(CLOSERS) : null;
  const colorIndex = params.get("color");
  const englishColor =
    colorIndex !== undefined && rng.chance(0.5)
      ? ENGLISH_COLORS.get(
          kind.params.find((p) => p.key === "color")?.values[colorIndex]?.[0] ?? "",
        )
      : undefined;
  const tail = rng.next();
  const inBrackets =
    tail < 0.2 ? (/^\d{13}$/.test(code) ? code : ean13(rng)) : tail < 0.35 ? code : null;
  const phrase = rng.pick(PHRASES);

  const sourceId = String(index + 1);
  const translations = languages.map((language): ProductTranslationItem => {
    const li = LANG_INDEX[language];
    const name = [
      opener?.[li],
      head(kind, params, li, adjectivesFirst),
      vendor,
      model,
      ...kind.params
        .filter((p) => p.at === "spec" && params.has(p.key))
        .map((p) => text(p, params, li)),
      englishColor,
      inBrackets === null ? undefined : `(${inBrackets})`,
      closer?.[li],
    ]
      .filter((part) => part !== undefined && part !== null)
      .join(" ");
    return {
      language,
      name,
      url: `${FEED_SHOP_URL}${language === "ru" ? "/ru" : ""}/p${sourceId}-${slug(`${vendor} ${model}`)}/`,
      description: `${kind.type[li]} ${vendor} ${model}. ${phrase[li]}.`,
      params: kind.params
        .filter((p) => params.has(p.key))
        .map(
          (p): ParamItem => ({
            name: p.name[li],
            value: text(p, params, li),
            is_filter: p.filter,
          }),
        ),
    };
  });

  const price = Math.round(logUniform(rng, kind.price[0], kind.price[1]) / 10) * 10 - 1;
  const item: ProductItem = {
    source_id: sourceId,
    code,
    source_category_id: String(LEAF_BASE + kindIndex),
    currency_code: "UAH",
    translations,
    new_price: price,
    vendor,
  };
  if (rng.chance(0.35))
    item.old_price = Math.round((price * (1.1 + rng.next() * 0.4)) / 10) * 10 - 1;
  if (rng.chance(0.9)) item.picture = `https://img.feed-shop.example/${sourceId}.jpg`;
  const unavailable = rng.chance(0.12);
  if (rng.chance(0.35)) item.warehouses = warehouses(rng, unavailable);
  else item.availability = !unavailable;
  return { item, facts };
}

/** "Сумка жіноча шкіряна", or in the order of Russian feeds "Женская кожаная сумка". */
function head(kind: FeedKind, params: ReadonlyMap<string, number>, li: 0 | 1, first: boolean) {
  const adjectives = kind.params
    .filter((p) => p.at === "type" && params.has(p.key))
    .map((p) => text(p, params, li));
  const type = kind.type[li];
  if (!adjectives.length) return type;
  if (!first) return `${type} ${adjectives.join(" ")}`;
  const lead = adjectives.join(" ");
  return `${lead[0]?.toUpperCase()}${lead.slice(1)} ${type[0]?.toLowerCase()}${type.slice(1)}`;
}

const text = (p: FeedParam, params: ReadonlyMap<string, number>, li: 0 | 1) =>
  (p.values[params.get(p.key) ?? 0] as readonly [string, string])[li];

function storeLanguages(store: FeedStore): ("uk" | "ru")[] {
  return store === "mixed" ? ["uk", "ru"] : [store];
}

/** Mixed stores: a product in both languages, in Russian only, or in Ukrainian only. */
function productLanguages(store: FeedStore, rng: Rng): ("uk" | "ru")[] {
  if (store !== "mixed") return [store];
  const x = rng.next();
  return x < 0.45 ? ["uk", "ru"] : x < 0.8 ? ["ru"] : ["uk"];
}

/**
 * Codes as feeds carry them: store SKUs (SKU-100001, one per product), 13-digit barcodes,
 * 8-digit numbers, part numbers made of the model (BV9300PRO-BK), Apple-like A1466/B, and
 * dotted UA.123.45.
 */
function makeCode(rng: Rng, index: number, model: string): string {
  const style = rng.next();
  if (style < 0.4) return `SKU-${100_001 + index}`;
  if (style < 0.55) return ean13(rng);
  if (style < 0.65) return String(rng.int(10_000_000, 99_999_999));
  if (style < 0.8) {
    const compact = model
      .replace(/[^A-Za-z0-9]/g, "")
      .toUpperCase()
      .slice(0, 10);
    return `${compact}-${letter(rng)}${letter(rng)}${rng.int(0, 9)}`;
  }
  if (style < 0.9) return `${letter(rng)}${rng.int(1000, 9999)}/${letter(rng)}`;
  return `${letter(rng)}${letter(rng)}.${rng.int(100, 999)}.${rng.int(10, 99)}`;
}

/** A 13-digit barcode with a Ukrainian (482), Chinese (693) or German (400) prefix. */
function ean13(rng: Rng): string {
  let s = rng.pick(["482", "693", "400"]);
  while (s.length < 13) s += String(rng.int(0, 9));
  return s;
}

function warehouses(rng: Rng, unavailable: boolean): WarehouseItem[] {
  return rng.sample(FEED_WAREHOUSES, rng.int(1, 3)).map((external_id, i) => {
    const available = !unavailable && (i === 0 || rng.chance(0.6));
    return { external_id, available, quantity: available ? rng.int(1, 25) : 0 };
  });
}

/** "BV##00 Pro" -> "BV9300 Pro": "#" a digit, "@" a capital letter. */
function fill(template: string, rng: Rng): string {
  let out = "";
  for (const ch of template)
    out += ch === "#" ? String(rng.int(0, 9)) : ch === "@" ? letter(rng) : ch;
  return out;
}

const letter = (rng: Rng) => LETTERS[rng.int(0, LETTERS.length - 1)] ?? "A";

function logUniform(rng: Rng, min: number, max: number): number {
  return Math.exp(Math.log(min) + rng.next() * (Math.log(max) - Math.log(min)));
}

function slug(s: string): string {
  return s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}
