// Benchmark of the search engine (a script, not a test):
//   bun src/search/engine.bench.ts [products=100000] [seed=1]
// Reports build time, memory per product (heap and RSS growth after Bun.gc(true)), the time of
// a 1,000-product patch, and search latency p50/p99 over a mixed query list (prefixes, typos,
// wrong layout, transliteration, codes, multi-word, filters, grouped, flat, one category).

import type { CategoryRecord, Language, ProductRecord } from "../model/records.ts";
import type { SearchParams } from "../model/search.ts";
import { switchLayoutText } from "./analysis/index.ts";
import { buildSnapshot, patchSnapshot, search, snapshotStats } from "./engine.ts";

const PRODUCTS = Number(process.argv[2] ?? 100_000);
const SEED = Number(process.argv[3] ?? 1);

// --- a quick local catalog generator (until src/catalog/generate.ts exists) ---------------

let state = SEED >>> 0 || 1;
function rnd(): number {
  state ^= state << 13;
  state ^= state >>> 17;
  state ^= state << 5;
  return (state >>> 0) / 4294967296;
}
const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)] as T;
/** Zipf-like: early items far more often. */
const pickSkewed = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() ** 2.5 * xs.length)] as T;

const KINDS: [string, string, string][] = [
  ["Ноутбук", "Ноутбук", "Laptop"],
  ["Смартфон", "Смартфон", "Smartphone"],
  ["Навушники", "Наушники", "Headphones"],
  ["Телевізор", "Телевизор", "TV"],
  ["Холодильник", "Холодильник", "Refrigerator"],
  ["Пральна машина", "Стиральная машина", "Washing machine"],
  ["Планшет", "Планшет", "Tablet"],
  ["Монітор", "Монитор", "Monitor"],
  ["Клавіатура", "Клавиатура", "Keyboard"],
  ["Мишка", "Мышь", "Mouse"],
  ["Чохол", "Чехол", "Case"],
  ["Кросівки", "Кроссовки", "Sneakers"],
  ["Футболка", "Футболка", "T-shirt"],
  ["Куртка", "Куртка", "Jacket"],
  ["Пилосос", "Пылесос", "Vacuum cleaner"],
  ["Кавоварка", "Кофеварка", "Coffee maker"],
  ["Мікрохвильова піч", "Микроволновая печь", "Microwave"],
  ["Електрочайник", "Электрочайник", "Kettle"],
  ["Фен", "Фен", "Hair dryer"],
  ["Годинник", "Часы", "Watch"],
];
const VENDORS = [
  "Samsung",
  "Apple",
  "Xiaomi",
  "Lenovo",
  "ASUS",
  "HP",
  "Dell",
  "Sony",
  "LG",
  "Bosch",
  "Philips",
  "Tefal",
  "Nike",
  "Adidas",
  "Puma",
  "JBL",
  "Logitech",
  "Acer",
  "Huawei",
  "Realme",
  "Gorenje",
  "Electrolux",
  "Whirlpool",
  "Braun",
  "Rowenta",
  "Delonghi",
  "Razer",
  "MSI",
  "Canon",
  "Nikon",
];
const ADJ: [string, string, string][] = [
  ["бездротові", "беспроводные", "wireless"],
  ["ігровий", "игровой", "gaming"],
  ["компактний", "компактный", "compact"],
  ["професійний", "профессиональный", "professional"],
  ["чорний", "черный", "black"],
  ["білий", "белый", "white"],
  ["сірий", "серый", "grey"],
  ["червоний", "красный", "red"],
  ["синій", "синий", "blue"],
  ["зелений", "зеленый", "green"],
  ["легкий", "легкий", "light"],
  ["потужний", "мощный", "powerful"],
  ["тихий", "тихий", "silent"],
];
const COLORS: [string, string, string][] = [
  ["Чорний", "Черный", "#000000"],
  ["Білий", "Белый", "#ffffff"],
  ["Сірий", "Серый", "#808080"],
  ["Червоний", "Красный", "#ff0000"],
  ["Синій", "Синий", "#0000ff"],
  ["Зелений", "Зеленый", "#00ff00"],
];
// A long tail of description words: real ones plus syllable words for a realistic dictionary size.
const SYL = [
  "ка",
  "ро",
  "ві",
  "на",
  "ло",
  "ти",
  "ме",
  "за",
  "пра",
  "сто",
  "ни",
  "ко",
  "ре",
  "ля",
  "ди",
  "мо",
  "ту",
  "се",
];
const DESC_WORDS: string[] = [
  "якість",
  "гарантія",
  "доставка",
  "матеріал",
  "корпус",
  "батарея",
  "екран",
  "швидкий",
  "надійний",
  "сучасний",
  "зручний",
  "дизайн",
  "потужність",
  "вага",
  "розмір",
  "комплект",
  "підходить",
  "щодня",
  "дому",
  "офісу",
  "подорожей",
  "роботи",
  "навчання",
  "ігор",
];
for (let i = 0; i < 30_000; i++) {
  let w = "";
  const n = 2 + Math.floor(rnd() * 3);
  for (let j = 0; j < n; j++) w += pick(SYL);
  DESC_WORDS.push(w);
}

function makeCategories(): CategoryRecord[] {
  const out: CategoryRecord[] = [];
  for (let i = 0; i < 300; i++) {
    const kind = KINDS[i % KINDS.length] as [string, string, string];
    const suffix = i < KINDS.length ? "" : ` ${Math.floor(i / KINDS.length)}`;
    out.push({
      id: i + 1,
      source_category_id: i + 1,
      translations: (["uk", "ru", "en"] as Language[]).map((language, l) => ({
        language,
        name: `${kind[l]}${suffix}`,
        url: `https://shop.example/${language}/c/${i + 1}`,
        synonyms: [],
        keywords: [],
      })),
      updated_at: 1,
    });
  }
  return out;
}

function makeProduct(id: number, updatedAt: number): ProductRecord {
  const cat = 1 + Math.floor(rnd() * 300);
  const kind = KINDS[(cat - 1) % KINDS.length] as [string, string, string];
  const vendor = pickSkewed(VENDORS);
  const model = `${String.fromCharCode(65 + Math.floor(rnd() * 26))}${Math.floor(rnd() * 9000 + 100)}`;
  const adj = pick(ADJ);
  const color = pick(COLORS);
  const price = Math.round(100 + rnd() * 50000);
  const discounted = rnd() < 0.3;
  const langs: Language[] = rnd() < 0.6 ? ["uk", "ru"] : rnd() < 0.5 ? ["uk", "ru", "en"] : ["uk"];
  const desc = () => {
    const words: string[] = [];
    const n = 20 + Math.floor(rnd() * 40);
    for (let i = 0; i < n; i++) words.push(pickSkewed(DESC_WORDS));
    return words.join(" ");
  };
  return {
    id,
    source_id: `sku-${id}`,
    code: `${vendor.slice(0, 2).toUpperCase()}-${model}-${id % 97}`,
    source_category_id: String(cat),
    currency_code: "UAH",
    new_price: price,
    old_price: discounted ? Math.round(price * 1.2) : null,
    picture: `https://img.shop.example/products/${id}/main.jpg`,
    availability: rnd() < 0.8,
    vendor,
    group_id: null,
    is_main: null,
    translations: langs.map((language) => {
      const l = language === "uk" ? 0 : language === "ru" ? 1 : 2;
      return {
        language,
        name: `${kind[l]} ${vendor} ${model} ${adj[l]}`,
        url: `https://shop.example/${language}/p/${id}-${vendor.toLowerCase()}-${model.toLowerCase()}`,
        description: desc(),
        labels: rnd() < 0.1 ? [{ name: "Хіт", color: "#ff0000" }] : [],
        keywords: [],
        synonyms: [],
        params: [
          {
            name: language === "ru" ? "Цвет" : "Колір",
            value: language === "ru" ? color[1] : color[0],
            is_filter: true,
            is_variation: false,
            color: color[2],
            swatch_image: null,
          },
          {
            name: "Бренд",
            value: vendor,
            is_filter: true,
            is_variation: false,
            color: null,
            swatch_image: null,
          },
          {
            name: "Гарантія",
            value: `${pick([6, 12, 24, 36])} міс`,
            is_filter: true,
            is_variation: false,
            color: null,
            swatch_image: null,
          },
          {
            name: "Вага",
            value: `${Math.floor(rnd() * 5000)} г`,
            is_filter: false,
            is_variation: false,
            color: null,
            swatch_image: null,
          },
        ],
      };
    }),
    warehouses:
      rnd() < 0.3
        ? [
            {
              external_id: "w1",
              available: rnd() < 0.7,
              quantity: 1,
              new_price: null,
              old_price: null,
              currency_code: null,
            },
            {
              external_id: "w2",
              available: rnd() < 0.5,
              quantity: 1,
              new_price: price - 10,
              old_price: null,
              currency_code: null,
            },
          ]
        : [],
    updated_at: updatedAt,
  };
}

// --- measurement --------------------------------------------------------------------------

function memory(): { heap: number; rss: number } {
  Bun.gc(true);
  const m = process.memoryUsage();
  return { heap: m.heapUsed, rss: m.rss };
}

const categories = makeCategories();
const m0 = memory();
let products: ProductRecord[] | null = [];
for (let i = 1; i <= PRODUCTS; i++) products.push(makeProduct(i, 1_700_000_000_000 + i));
// What the query mix needs of a few products, kept apart so the records can be dropped.
const sample = products.slice(0, 500).map((p) => ({
  name: (p.translations[0] as { name: string }).name.toLowerCase(),
  vendor: (p.vendor ?? "").toLowerCase(),
  code: p.code,
  category: p.source_category_id,
}));
const m1 = memory();
let t = performance.now();
let snap = buildSnapshot({ products, categories });
const buildMs = performance.now() - t;
products = null;
const m2 = memory();
console.log(`products ${PRODUCTS}, stats`, snapshotStats(snap));
console.log(`build ${buildMs.toFixed(0)} ms`);
console.log(
  `memory per product: heap ${((m2.heap - m0.heap) / PRODUCTS).toFixed(0)} B, ` +
    `rss ${((m2.rss - m0.rss) / PRODUCTS).toFixed(0)} B ` +
    `(records alone took heap ${((m1.heap - m0.heap) / PRODUCTS).toFixed(0)} B)`,
);

// Patches: 1,000 changed products each, several in a row (the delta grows).
const patchTimes: number[] = [];
for (let round = 0; round < 5; round++) {
  const batch: ProductRecord[] = [];
  for (let i = 0; i < 1000; i++) {
    batch.push(makeProduct(1 + Math.floor(rnd() * PRODUCTS), 1_800_000_000_000 + round * 1000 + i));
  }
  t = performance.now();
  snap = patchSnapshot(snap, { products: batch });
  patchTimes.push(performance.now() - t);
}
console.log(
  `patch of 1,000: ${patchTimes.map((x) => x.toFixed(1)).join(", ")} ms`,
  snapshotStats(snap),
);

// Query mix.
const base: SearchParams = {
  q: "",
  language: "uk",
  filters: [],
  price_from: null,
  price_to: null,
  category_id: null,
  group_by_category: true,
  show_unavailable: false,
  page: 1,
  product_page_size: 10,
  category_page_size: 10,
  per_category_limit: 3,
  show_filters: true,
  use_corrections: true,
  use_suggestions: false,
  wid: null,
  uuid: null,
  demo: false,
};
const queries: { name: string; params: SearchParams }[] = [];
const add = (name: string, p: Partial<SearchParams>) =>
  queries.push({ name, params: { ...base, ...p } });
for (let i = 0; i < 200; i++) {
  const p = sample[Math.floor(rnd() * sample.length)] as (typeof sample)[number];
  const words = p.name.split(" ");
  const first = words[0] as string;
  const r = i % 10;
  if (r === 0) add("prefix", { q: first.slice(0, 1 + Math.floor(rnd() * 5)) });
  else if (r === 1) add("word", { q: first });
  else if (r === 2) add("two words", { q: `${first} ${p.vendor}` });
  else if (r === 3) add("typo", { q: typo(first) });
  else if (r === 4) add("layout", { q: switchLayoutText(first)[0] ?? first });
  else if (r === 5) add("code", { q: p.code });
  else if (r === 6)
    add("flat", { q: `${p.vendor} ${first.slice(0, 3)}`, group_by_category: false });
  else if (r === 7)
    add("category", { q: first, category_id: p.category, group_by_category: false });
  else if (r === 8) add("three words typed", { q: words.slice(0, 3).join(" ").slice(0, -1) });
  else
    add("price+unavail", { q: first, price_from: 1000, price_to: 20000, show_unavailable: true });
}
// Filters: pick values from a first answer.
for (let i = 0; i < 20; i++) {
  const q = (sample[i] as (typeof sample)[number]).name.split(" ")[0] as string;
  const first = search(snap, { ...base, q });
  const values = first.filters.flatMap((f) => f.values.slice(0, 1).map((v) => v.id));
  add("filters", { q, filters: values.slice(0, 2) });
}

function typo(word: string): string {
  if (word.length < 5) return word;
  const at = 1 + Math.floor(rnd() * (word.length - 2));
  return word.slice(0, at) + word.slice(at + 1);
}

for (const q of queries) search(snap, q.params); // warm up: JIT and per-snapshot caches
const times: number[] = [];
const byName = new Map<string, number[]>();
for (let round = 0; round < 5; round++) {
  for (const q of queries) {
    const s = Bun.nanoseconds();
    search(snap, q.params);
    const ms = (Bun.nanoseconds() - s) / 1e6;
    times.push(ms);
    const list = byName.get(q.name) ?? [];
    list.push(ms);
    byName.set(q.name, list);
  }
}
const pct = (xs: number[], p: number) => {
  const s = xs.slice().sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((s.length * p) / 100))] as number;
};
console.log(
  `search: ${times.length} runs, p50 ${pct(times, 50).toFixed(3)} ms, p99 ${pct(times, 99).toFixed(3)} ms, max ${pct(times, 100).toFixed(2)} ms`,
);
for (const [name, xs] of byName) {
  console.log(`  ${name.padEnd(18)} p50 ${pct(xs, 50).toFixed(3)}  p99 ${pct(xs, 99).toFixed(3)}`);
}
