// A deterministic mix of search requests shaped like a store's real traffic, drawn from a
// generated catalog: short and long queries, as-typed prefixes, typos, the wrong keyboard
// layout, transliteration, codes, filters, and a share of queries that find nothing.
//   bun bench/query-mix.ts --products 10000 --count 20 [--seed 1]

import { parseArgs } from "node:util";
import { generateCatalog } from "../src/sample-catalog/generate.ts";
import { Rng, WeightedPicker } from "../src/sample-catalog/prng.ts";
import type { Catalog, ProductItem } from "../src/sample-catalog/types.ts";
import { oneEdit, transliterate, typedInCyrillicLayout, typedInLatinLayout } from "./typing.ts";

export interface MixQuery {
  /** Query-string parameters of GET /api/v2/search/, without the token. */
  params: Record<string, string>;
  class: string;
}

type Maker = (p: Parts, rng: Rng) => Record<string, string>;

/** A product's name split back into what the generator built it from. */
export interface Parts {
  item: ProductItem;
  language: "uk" | "ru";
  type: string;
  vendor: string;
  model: string;
  name: string;
  synonyms: string[];
  price: number;
}

// Shares of each class, in percent: most traffic is plain words and as-you-type prefixes.
const CLASSES: readonly (readonly [string, number, Maker])[] = [
  ["one-word", 20, (p, rng) => ({ q: oneWord(p, rng) })],
  ["multi-word", 18, (p, rng) => ({ q: multiWord(p, rng) })],
  [
    "prefix",
    15,
    (p, rng) => ({ q: asTyped(`${p.type} ${p.vendor} ${p.model}`.toLowerCase(), rng) }),
  ],
  ["typo", 8, (p, rng) => ({ q: withTypo(`${p.type} ${p.vendor}`.toLowerCase(), rng) })],
  ["wrong-layout", 4, (p, rng) => ({ q: wrongLayout(p, rng) })],
  [
    "transliteration",
    3,
    (p) => ({ q: `${transliterate(p.type, p.language)} ${p.vendor.toLowerCase()}` }),
  ],
  ["sku", 4, (p) => ({ q: p.item.code })],
  ["model-code", 5, (p) => ({ q: modelCode(p) })],
  ["vendor", 6, (p) => ({ q: p.vendor.toLowerCase() })],
  ["filtered", 10, (p, rng) => filtered(p, rng)],
  ["no-results", 5, (_, rng) => ({ q: nonsense(rng) })],
  ["exact-name", 2, (p) => ({ q: p.name })],
];

export function generateQueryMix(
  catalog: Catalog,
  options: { seed: number; count: number },
): MixQuery[] {
  const rng = new Rng(options.seed ^ 0x51ed270b);
  const picker = new WeightedPicker(CLASSES, (c) => c[1]);
  const out: MixQuery[] = [];
  for (let i = 0; i < options.count; i++) {
    const [cls, , make] = picker.pick(rng);
    const item = rng.pick(catalog.products);
    const parts = partsOf(item, rng.chance(0.8) ? "uk" : "ru");
    const params = make(parts, rng);
    if (parts.language === "ru" && !params.language) params.language = "ru";
    if (!params.group_by_category && rng.chance(0.2)) params.group_by_category = "false";
    if (rng.chance(0.03)) params.page = "2";
    out.push({ params, class: cls });
  }
  return out;
}

export function partsOf(item: ProductItem, language: "uk" | "ru"): Parts {
  const t = item.translations.find((x) => x.language === language) ?? item.translations[0];
  const name = t?.name ?? "";
  const vendor = item.vendor ?? "";
  const at = vendor ? name.indexOf(` ${vendor} `) : -1;
  return {
    item,
    language,
    name,
    vendor,
    type: at > 0 ? name.slice(0, at) : (name.split(" ")[0] ?? ""),
    model: at > 0 ? name.slice(at + vendor.length + 2) : "",
    synonyms: t?.synonyms ?? [],
    price: item.new_price ?? 0,
  };
}

function oneWord(p: Parts, rng: Rng): string {
  const type = p.type.toLowerCase();
  const single = [type, ...p.synonyms].filter((w) => !w.includes(" "));
  return rng.chance(0.4) || !single.length ? p.vendor.toLowerCase() : rng.pick(single);
}

function multiWord(p: Parts, rng: Rng): string {
  const type = p.type.toLowerCase();
  const vendor = p.vendor.toLowerCase();
  const options = [`${type} ${vendor}`, `${vendor} ${p.model}`.toLowerCase(), `${vendor} ${type}`];
  const multi = p.synonyms.filter((s) => s.includes(" "));
  if (multi.length) options.push(rng.pick(multi));
  return rng.pick(options);
}

/** What the widget sends while a word is being typed: "ноут", "samsung gal". */
function asTyped(text: string, rng: Rng): string {
  const cut = rng.int(Math.min(3, text.length), text.length);
  return text.slice(0, cut).trimEnd() || text;
}

function withTypo(text: string, rng: Rng): string {
  const words = text.split(" ");
  const long = words.map((w, i) => [w, i] as const).filter(([w]) => w.length >= 5);
  if (!long.length) return text;
  const [word, i] = rng.pick(long);
  words[i] =
    word.length >= 8 && rng.chance(0.3) ? oneEdit(oneEdit(word, rng), rng) : oneEdit(word, rng);
  return words.join(" ");
}

function wrongLayout(p: Parts, rng: Rng): string {
  const type = p.type.toLowerCase();
  const vendor = p.vendor.toLowerCase();
  return rng.chance(0.6)
    ? typedInLatinLayout(type)
    : `${type} ${typedInCyrillicLayout(vendor, p.language)}`;
}

function modelCode(p: Parts): string {
  const codes = p.model.split(" ").filter((t) => /\d/.test(t));
  return (codes.length ? codes.join(" ") : p.model).toLowerCase();
}

/** A query with the parameters a storefront adds: price range, category, language, flags. */
function filtered(p: Parts, rng: Rng): Record<string, string> {
  const params: Record<string, string> = {
    q: rng.chance(0.5) ? p.type.toLowerCase() : `${p.type} ${p.vendor}`.toLowerCase(),
  };
  const roll = rng.next();
  if (roll < 0.35) {
    params.price_from = String(Math.floor((p.price * 0.5) / 100) * 100);
    params.price_to = String(Math.ceil((p.price * 1.5) / 100) * 100);
  } else if (roll < 0.6) params.category_id = p.item.source_category_id;
  else if (roll < 0.75) params.language = rng.chance(0.5) ? "ru" : "en";
  else if (roll < 0.9) params.show_filters = "false";
  else {
    params.group_by_category = "false";
    params.product_page_size = "24";
  }
  return params;
}

// Consonants that no word strings together, one script per word. The Cyrillic ones sit on
// letter keys, so a layout switch of such a word is just as meaningless in Latin.
const ODD = ["йцкнгшщзфвпрлдчсмт", "qzxvkjwfh"];

/** Words that no store sells. */
function nonsense(rng: Rng): string {
  const word = () => {
    const letters = rng.pick(ODD);
    let w = "";
    for (let i = rng.int(6, 9); i > 0; i--) w += letters[rng.int(0, letters.length - 1)];
    return w;
  };
  return rng.chance(0.7) ? word() : `${word()} ${word()}`;
}

if (import.meta.main) {
  const { values } = parseArgs({
    options: {
      products: { type: "string", default: "10000" },
      count: { type: "string", default: "20" },
      seed: { type: "string", default: "1" },
    },
  });
  const seed = Number(values.seed);
  const catalog = generateCatalog({ seed, products: Number(values.products) });
  for (const q of generateQueryMix(catalog, { seed, count: Number(values.count) }))
    console.log(`${q.class.padEnd(16)} ${JSON.stringify(q.params)}`);
}
