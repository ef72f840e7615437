// A deterministic, seeded catalog of a Ukrainian online store, as bulk import items
// (specification 2.1 to 2.5). Product N depends only on (seed, N): a catalog can be generated
// whole (generateCatalog), streamed one product at a time (generateProducts) or sliced for
// a million-product benchmark, and every slice agrees.

import { LANGS, langIndex, paramText } from "./params.ts";
import { Rng, WeightedPicker } from "./prng.ts";
import type { Kind, KindParam } from "./taxonomy.ts";
import { TREE } from "./tree.ts";
import type {
  Catalog,
  CategoryItem,
  CurrencyCode,
  LabelItem,
  Language,
  ParamItem,
  ProductItem,
  ProductTranslationItem,
  WarehouseItem,
} from "./types.ts";
import { CDN_URL, LABELS, PHRASES, SHOP_URL, vendorCyrillic, WAREHOUSES } from "./vocabulary.ts";

/** What the generator decided for a product: the truth that relevance judgments build on. */
export interface ProductFacts {
  index: number;
  kind: Kind;
  vendor: string;
  model: string;
  /** Attribute key -> value key (enum) or plain value, as in params.ts. */
  params: ReadonlyMap<string, string>;
  groupId: string | null;
  hasEnglish: boolean;
}

export interface GeneratedProduct {
  item: ProductItem;
  facts: ProductFacts;
}

// Independent random streams of one index.
const STREAM_PRODUCT = 1;
const STREAM_GROUP = 2;

/** Variant groups are cut from aligned blocks of indexes, so a slice can still compute them. */
const GROUP_BLOCK = 4;
const GROUP_SHARE = 0.03;

const kindPicker = new WeightedPicker(TREE.kinds, (kind) => kind.weight);
const LETTERS = "ABCDEFGHJKLMNPRSTUVWXYZ";
const BY = ["від", "от", "by"] as const;
const OPTIONAL_PARAMS = new Set(["country", "warranty"]);

/** The categories of the store: every node of the tree, in uk, ru and en. */
export function generateCategories(): CategoryItem[] {
  return TREE.categories.map((node) => ({
    source_category_id: node.id,
    translations: LANGS.map((language) => {
      const li = langIndex(language);
      const synonyms = node.synonyms[li];
      const keywords = node.keywords[li];
      return {
        language,
        name: node.names[li],
        url: `${SHOP_URL}${langPrefix(language)}/c/${node.path}/`,
        ...(synonyms.length ? { synonyms } : {}),
        ...(keywords.length ? { keywords } : {}),
      };
    }),
  }));
}

/** Products [start, start + count) of the catalog of `seed`, one at a time. */
export function* generateProducts(seed: number, count: number, start = 0): Generator<ProductItem> {
  for (let i = start; i < start + count; i++) yield generateProduct(seed, i).item;
}

/** Like generateProducts, with the facts each product was made from. */
export function* generateEntries(
  seed: number,
  count: number,
  start = 0,
): Generator<GeneratedProduct> {
  for (let i = start; i < start + count; i++) yield generateProduct(seed, i);
}

export function generateCatalog(options: { seed: number; products: number }): Catalog {
  return {
    categories: generateCategories(),
    products: Array.from(generateProducts(options.seed, options.products)),
  };
}

/** Product `index` of the catalog of `seed`. */
export function generateProduct(seed: number, index: number): GeneratedProduct {
  const rng = Rng.of(seed, STREAM_PRODUCT, index);
  // Members of a variant group draw kind, vendor, model and base price from the block's stream.
  const block = Math.floor(index / GROUP_BLOCK);
  const position = index % GROUP_BLOCK;
  const blockRng = Rng.of(seed, STREAM_GROUP, block);
  const grouped = blockRng.chance(GROUP_SHARE) && position < blockRng.int(2, GROUP_BLOCK);
  const base = grouped ? blockRng : rng;

  const kind = kindPicker.pick(base);
  const vendor = base.pick(kind.vendors);
  const model = fillTemplate(base.pick(vendor.models), base);
  const basePrice = logUniform(base, kind.price[0], kind.price[1]);
  const variation = kind.params.find((p) => p.def.variation);
  const inGroup = grouped && variation !== undefined;
  const variantOffset = base.int(0, 15);

  const params = new Map<string, string>();
  let priceFactor = 1;
  for (const p of kind.params) {
    // Feeds often leave secondary attributes out.
    if (OPTIONAL_PARAMS.has(p.def.key) && rng.chance(0.5)) continue;
    const value =
      inGroup && p === variation
        ? (p.values[(variantOffset + position) % p.values.length] as string)
        : rng.pick(p.values);
    params.set(p.def.key, value);
    // Bigger storage costs more: variants of one phone differ in price.
    if (p.def.key === "memory" || p.def.key === "ssd")
      priceFactor += 0.15 * p.values.indexOf(value);
  }

  const sourceId = String(index + 1);
  const groupId = inGroup ? `G${block + 1}` : null;
  const hasEnglish = rng.chance(0.5);
  const facts: ProductFacts = {
    index,
    kind,
    vendor: vendor.name,
    model,
    params,
    groupId,
    hasEnglish,
  };

  const currency: CurrencyCode = rng.chance(0.92) ? "UAH" : rng.chance(0.6) ? "USD" : "EUR";
  const uah = basePrice * priceFactor * (0.9 + rng.next() * 0.2);
  const newPrice = toCurrency(uah, currency);
  const oldPrice = rng.chance(0.3)
    ? Math.max(toCurrency(uah * (1.1 + rng.next() * 0.3), currency), newPrice)
    : undefined;
  const unavailable = rng.chance(0.1);
  const warehouses = rng.chance(0.3) ? makeWarehouses(rng, newPrice, unavailable) : undefined;
  const labels = pickLabels(rng, oldPrice !== undefined);
  const phrase = rng.pick(PHRASES);
  const swatch = rng.chance(0.05);

  const slug = slugify(`${vendor.name} ${model}`);
  const languages: Language[] = hasEnglish ? ["uk", "ru", "en"] : ["uk", "ru"];
  const translations = languages.map((language) =>
    translation(language, facts, { sourceId, slug, labels, phrase, swatch }),
  );

  const item: ProductItem = {
    source_id: sourceId,
    code: makeCode(rng, index, vendor.name, model),
    source_category_id: String(kind.categoryId),
    currency_code: currency,
    translations,
    new_price: newPrice,
  };
  if (oldPrice !== undefined) item.old_price = oldPrice;
  if (rng.chance(0.97)) item.picture = `${CDN_URL}/p/${sourceId}.jpg`;
  if (unavailable) item.availability = false;
  else if (rng.chance(0.5)) item.availability = true;
  item.vendor = vendor.name;
  if (groupId) {
    item.group_id = groupId;
    item.is_main = position === 0;
  }
  if (warehouses) item.warehouses = warehouses;
  return { item, facts };
}

// Optional fields are assigned only when present (no spreads): this runs a million times.
function translation(
  language: Language,
  facts: ProductFacts,
  shared: {
    sourceId: string;
    slug: string;
    labels: readonly (typeof LABELS)[number][];
    phrase: (typeof PHRASES)[number];
    swatch: boolean;
  },
): ProductTranslationItem {
  const li = langIndex(language);
  const { kind, vendor, model } = facts;
  const type = kind.type[li];
  const out: ProductTranslationItem = {
    language,
    name: language === "en" ? `${vendor} ${model} ${type}` : `${type} ${vendor} ${model}`,
    url: `${SHOP_URL}${langPrefix(language)}/p/${shared.slug}-${shared.sourceId}/`,
    description: `${type} ${BY[li]} ${vendor}. ${shared.phrase[li]}.`,
  };
  if (shared.labels.length)
    out.labels = shared.labels.map(
      (label, i): LabelItem =>
        // Feeds send both shapes; alternate so that both are exercised.
        (facts.index + i) % 2 ? label.names[li] : { name: label.names[li], color: label.color },
    );
  const cyrillic = vendorCyrillic(vendor, language);
  if (cyrillic) out.keywords = [cyrillic];
  const synonyms = kind.synonyms[li];
  if (synonyms.length) out.synonyms = synonyms;
  const params: ParamItem[] = [];
  for (const p of kind.params)
    if (facts.params.has(p.def.key)) params.push(paramItem(p, facts, language, shared.swatch));
  out.params = params;
  return out;
}

function paramItem(
  p: KindParam,
  facts: ProductFacts,
  language: Language,
  swatch: boolean,
): ParamItem {
  const value = facts.params.get(p.def.key) ?? "";
  const text = paramText(p.def, value, language);
  const out: ParamItem = { name: text.name, value: text.value, is_filter: p.def.filter };
  if (facts.groupId && p.def.variation) out.is_variation = true;
  if (text.hex) {
    out.color = text.hex;
    if (swatch) out.swatch_image = `${CDN_URL}/swatch/${value}.png`;
  }
  return out;
}

function makeWarehouses(rng: Rng, newPrice: number, unavailable: boolean): WarehouseItem[] {
  const chosen = rng.sample(WAREHOUSES, rng.int(1, 5));
  return chosen.map((externalId, i) => {
    // The product is in stock when any warehouse is (specification 2.4): keep them consistent.
    const available = !unavailable && (i === 0 || rng.chance(0.7));
    const entry: WarehouseItem = {
      external_id: externalId,
      available,
      quantity: available ? rng.int(1, 40) : 0,
    };
    if (rng.chance(0.25))
      entry.new_price = Math.max(1, Math.round(newPrice * (0.95 + rng.next() * 0.1)));
    return entry;
  });
}

function pickLabels(rng: Rng, discounted: boolean): (typeof LABELS)[number][] {
  if (!rng.chance(0.3)) return [];
  const candidates = LABELS.filter((l) => l.key !== "sale" || discounted);
  const labels = rng.sample(candidates, rng.chance(0.2) ? 2 : 1);
  return labels;
}

/** Store SKUs, vendor codes and bare numbers, as real feeds mix them. */
function makeCode(rng: Rng, index: number, vendor: string, model: string): string {
  const style = rng.next();
  if (style < 0.45) return `SKU-${String(index + 1).padStart(6, "0")}`;
  if (style < 0.8) {
    const prefix =
      vendor
        .replace(/[^A-Za-z]/g, "")
        .slice(0, 3)
        .toUpperCase() || "UA";
    const compact = model
      .replace(/[^A-Za-z0-9]/g, "")
      .slice(-6)
      .toUpperCase();
    return `${prefix}-${compact}${randomLetter(rng)}${randomLetter(rng)}${rng.int(0, 9)}`;
  }
  return String(rng.int(10_000_000, 99_999_999));
}

/** "Galaxy A#5" -> "Galaxy A35": "#" a digit, "@" a capital letter. */
function fillTemplate(template: string, rng: Rng): string {
  let out = "";
  for (const ch of template)
    out += ch === "#" ? String(rng.int(0, 9)) : ch === "@" ? randomLetter(rng) : ch;
  return out;
}

const randomLetter = (rng: Rng) => LETTERS[rng.int(0, LETTERS.length - 1)] ?? "A";

/** Prices spread over orders of magnitude, like a store's. */
function logUniform(rng: Rng, min: number, max: number): number {
  return Math.exp(Math.log(min) + rng.next() * (Math.log(max) - Math.log(min)));
}

const RATES: Record<CurrencyCode, number> = { UAH: 1, USD: 41, EUR: 45 };

/** A shelf price: 12 999 грн, 249 грн, 316.99 $. */
function toCurrency(uah: number, currency: CurrencyCode): number {
  const value = uah / RATES[currency];
  if (currency !== "UAH") return Math.max(1, Math.round(value)) - 0.01;
  if (value >= 1000) return Math.round(value / 100) * 100 - 1;
  if (value >= 100) return Math.round(value / 10) * 10 - 1;
  return Math.max(9, Math.round(value));
}

const langPrefix = (language: Language) => (language === "uk" ? "" : `/${language}`);

function slugify(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}
