// New queries (issue 14): what a store's widget sends on nearly every keystroke, each asked
// once, so that the answer cache never serves one. Drawn from a generated catalog in classes:
// as-you-type prefixes, one typo, the wrong keyboard layout, transliteration, words in no
// product, codes that are no product's, real codes typed without their separator, and 2-4
// real words. Pure and deterministic: the same catalog and seed give the same list.

import { Rng } from "../../src/sample-catalog/prng.ts";
import type { Catalog } from "../../src/sample-catalog/types.ts";
import { type MixQuery, type Parts, partsOf } from "../../test/fixtures/query-mix.ts";
import {
  transliterate,
  typedInCyrillicLayout,
  typedInLatinLayout,
  typoAnywhere,
} from "../../test/fixtures/typing.ts";

/** What a class makes of the catalog: a query, or null when this draw gave none. */
type Maker = (source: Source, rng: Rng) => Record<string, string> | null;

interface Source {
  catalog: Catalog;
  /** Every word of the catalog, lowercased, sorted (for prefix look-ups), no repeats. */
  words: string[];
  /** Every product's code, lowercased, its separators dropped. */
  codes: Set<string>;
  /** The codes that have a separator (`RAM-EEP127MK8`), as the catalog writes them. */
  separated: string[];
}

const SEPARATORS = /[-/.]/g;
const HAS_SEPARATOR = /[-/.]/;
const codeKey = (code: string) => code.toLowerCase().replace(SEPARATORS, "");

const wordsOf = (text: string) => text.toLowerCase().split(/[^\p{L}\p{N}]+/u);

// The newQueryClasses and newQueryMix of one run share the catalog's words (5 s at 100,000).
const sources = new WeakMap<Catalog, Source>();

function sourceOf(catalog: Catalog): Source {
  let source = sources.get(catalog);
  if (!source) {
    source = readSource(catalog);
    sources.set(catalog, source);
  }
  return source;
}

function readSource(catalog: Catalog): Source {
  const words = new Set<string>();
  for (const product of catalog.products)
    for (const w of wordsOf(JSON.stringify(product))) words.add(w);
  for (const category of catalog.categories)
    for (const w of wordsOf(JSON.stringify(category))) words.add(w);
  words.delete("");
  const codes = catalog.products.map((p) => p.code);
  return {
    catalog,
    words: [...words].sort(),
    codes: new Set(codes.map(codeKey)),
    separated: codes.filter((c) => HAS_SEPARATOR.test(c)),
  };
}

/** True when some word of the catalog starts with `prefix`. */
function startsSomeWord(words: readonly string[], prefix: string): boolean {
  let lo = 0;
  let hi = words.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((words[mid] as string) < prefix) lo = mid + 1;
    else hi = mid;
  }
  return words[lo]?.startsWith(prefix) ?? false;
}

/**
 * A word no product has, nor begins with, in any of the forms the engine's corrections try
 * (the other keyboard layout, transliteration), nor with its ending cut off (stemming).
 */
function inNoProduct(words: readonly string[], word: string): boolean {
  const forms = [
    word,
    typedInLatinLayout(word),
    typedInCyrillicLayout(word, "ru"),
    typedInCyrillicLayout(word, "uk"),
    transliterate(word, "uk"),
    transliterate(word, "ru"),
  ];
  return forms.every((f) => !startsSomeWord(words, f.slice(0, Math.max(4, f.length - 2))));
}

/** A product in the language shoppers use most (uk), else ru. */
const product = (source: Source, rng: Rng): Parts =>
  partsOf(rng.pick(source.catalog.products), rng.chance(0.8) ? "uk" : "ru");

const nameWords = (p: Parts) => p.name.toLowerCase().split(" ").filter(Boolean);

// The product each query of a product's words was drawn from, by its params: the peers'
// benchmark (bench/peers.ts) checks whether an engine's first ten answers hold it.
const drawnFrom = new WeakMap<Record<string, string>, string>();

/** The `source_id` of the product `query` was drawn from, or null for a class of no product. */
export const productOf = (query: MixQuery): string | null => drawnFrom.get(query.params) ?? null;

/** The query of a product's words, in the product's language. */
function ask(p: Parts, q: string): Record<string, string> {
  const params: Record<string, string> = p.language === "ru" ? { q, language: "ru" } : { q };
  drawnFrom.set(params, p.item.source_id);
  return params;
}

/** 1-3 words of the name, from its start or from a word inside it. */
function someWords(p: Parts, rng: Rng): string[] {
  const words = nameWords(p);
  const start = rng.chance(0.7) ? 0 : rng.int(0, words.length - 1);
  return words.slice(start, start + rng.int(1, 3));
}

/** 1-3 words as the widget sends them while they are typed: the last one 3 letters or more. */
function asTyped(p: Parts, rng: Rng, cutShare = 1): string {
  const words = someWords(p, rng);
  const last = words.pop() ?? "";
  const cut = last.length <= 3 || !rng.chance(cutShare) ? last.length : rng.int(3, last.length);
  return [...words, last.slice(0, cut)].join(" ");
}

const ALPHABETS = [
  "abcdefghijklmnopqrstuvwxyz",
  "абвгґдеєжзиіїйклмнопрстуфхцчшщьюя",
  "абвгдеёжзийклмнопрстуфхцчшщъыьэюя",
];

const digits = (rng: Rng, n: number) => {
  let s = "";
  for (let i = 0; i < n; i++) s += String(rng.int(0, 9));
  return s;
};

const ALNUM = "ABCDEFGHJKLMNPRSTUVWXYZ0123456789";
const SEPARATOR = ["-", "/", "."];

/** Code-shaped strings: a real code's tail replaced, `sku-7506095`, `sku722108`, `ab/1234`. */
function codeShaped(source: Source, rng: Rng): string {
  const shape = rng.int(0, 3);
  if (shape === 0 && source.separated.length) {
    const code = rng.pick(source.separated);
    const at = code.search(SEPARATORS) + 1;
    let tail = "";
    for (let i = at; i < code.length; i++) tail += ALNUM[rng.int(0, ALNUM.length - 1)];
    return code.slice(0, at) + tail;
  }
  if (shape === 1) return `sku-${digits(rng, 7)}`;
  if (shape === 2) return `sku${digits(rng, 6)}`;
  const letters = ALPHABETS[0] as string;
  const head = `${letters[rng.int(0, 25)]}${letters[rng.int(0, 25)]}`;
  return `${head}${rng.pick(SEPARATOR)}${digits(rng, rng.int(3, 5))}`;
}

const CLASSES: readonly (readonly [string, Maker])[] = [
  // 3 letters up to the whole last word, after 0-2 whole words: "richm", "north hea".
  [
    "prefix",
    (s, rng) => {
      const p = product(s, rng);
      return ask(p, asTyped(p, rng));
    },
  ],
  // One edit anywhere in a word of 4+ letters (the least that typo tolerance corrects), alone
  // or after the words typed before it: "рбооти", "пдушка".
  [
    "typo",
    (s, rng) => {
      const p = product(s, rng);
      const words = nameWords(p).slice(0, 3);
      const candidates = words.flatMap((w, i) => (/^\p{L}{4,}$/u.test(w) ? [i] : []));
      if (!candidates.length) return null;
      const i = rng.pick(candidates);
      const typo = typoAnywhere(words[i] as string, rng);
      return ask(p, rng.chance(0.5) ? typo : [...words.slice(0, i), typo].join(" "));
    },
  ],
  // Cyrillic typed with the Latin layout on ("rf,syb"), or a Latin brand with a Cyrillic one;
  // whole words mostly, a share of them still being typed (as for transliteration).
  [
    "wrong-layout",
    (s, rng) => {
      const p = product(s, rng);
      const text = asTyped(p, rng, 0.3);
      const q = rng.chance(0.7)
        ? typedInLatinLayout(text)
        : typedInCyrillicLayout(text, p.language);
      return q === text ? null : ask(p, q);
    },
  ],
  [
    "transliteration",
    (s, rng) => {
      const p = product(s, rng);
      const text = asTyped(p, rng, 0.3);
      const q = transliterate(text, p.language);
      return q === text ? null : ask(p, q);
    },
  ],
  // Letters of one script that spell no word of the catalog: "tiooafo", "хяцува".
  [
    "no-product",
    (s, rng) => {
      const word = () => {
        const letters = rng.pick(ALPHABETS);
        let w = "";
        for (let i = rng.int(5, 9); i > 0; i--) w += letters[rng.int(0, letters.length - 1)];
        return w;
      };
      const words = rng.chance(0.7) ? [word()] : [word(), word()];
      return words.every((w) => inNoProduct(s.words, w)) ? { q: words.join(" ") } : null;
    },
  ],
  [
    "code-absent",
    (s, rng) => {
      const code = codeShaped(s, rng);
      if (s.codes.has(codeKey(code))) return null;
      return { q: rng.chance(0.5) ? code.toLowerCase() : code.toUpperCase() };
    },
  ],
  // A real code without its separator: "rameep127mk8" for RAM-EEP127MK8.
  [
    "code-unseparated",
    (s, rng) => {
      if (!s.separated.length) return null;
      const code = rng.pick(s.separated).replace(SEPARATORS, "");
      return { q: rng.chance(0.5) ? code.toLowerCase() : code };
    },
  ],
  // 2-4 words of a product's name and synonyms, in their order: "ноутбук lenovo 15".
  [
    "multi-word",
    (s, rng) => {
      const p = product(s, rng);
      const pool = [...new Set([...nameWords(p), ...p.synonyms.flatMap((x) => wordsOf(x))])];
      if (pool.length < 2) return null;
      return ask(p, rng.sample(pool, rng.int(2, Math.min(4, pool.length))).join(" "));
    },
  ],
];

/** The class names, in the order of the tables. */
export const NEW_QUERY_CLASSES: readonly string[] = CLASSES.map(([name]) => name);

/** What makes two queries the same one: case and spacing aside. */
const sameKey = (q: string) => q.toLowerCase().replace(/\s+/g, " ").trim();

/** Draws until a query no one asked yet comes out, or gives up after `tries`. */
function drawNew(
  make: Maker,
  source: Source,
  rng: Rng,
  seen: Set<string>,
  tries: number,
): Record<string, string> | null {
  for (let t = 0; t < tries; t++) {
    const params = make(source, rng);
    if (!params?.q) continue;
    const key = sameKey(params.q);
    if (key === "" || seen.has(key)) continue;
    seen.add(key);
    return params;
  }
  return null;
}

/**
 * Up to `perClass` queries of each class, class after class, no query text twice in the whole
 * list. A class of a small catalog may come out shorter (codes with a separator run out).
 */
export function newQueryClasses(
  catalog: Catalog,
  opts: { seed: number; perClass: number },
): MixQuery[] {
  const source = sourceOf(catalog);
  const seen = new Set<string>();
  return CLASSES.flatMap(([name, make], k) => {
    const rng = Rng.of(opts.seed, 0x4e51, k);
    const out: MixQuery[] = [];
    while (out.length < opts.perClass) {
      const params = drawNew(make, source, rng, seen, 100);
      if (!params) break;
      out.push({ class: name, params });
    }
    return out;
  });
}

/**
 * `count` new queries of every class in turn (a load generator's list, where no URL may come
 * twice), none with the text of a query in `avoid`; fewer when the classes run out.
 */
export function newQueryMix(
  catalog: Catalog,
  opts: { seed: number; count: number; avoid?: readonly MixQuery[] },
): MixQuery[] {
  const source = sourceOf(catalog);
  const seen = new Set((opts.avoid ?? []).map((q) => sameKey(q.params.q ?? "")));
  const live = CLASSES.map(([name, make], k) => ({
    name,
    make,
    rng: Rng.of(opts.seed, 0x4e52, k),
  }));
  const out: MixQuery[] = [];
  while (out.length < opts.count && live.length) {
    for (let k = 0; k < live.length && out.length < opts.count; k++) {
      const c = live[k] as (typeof live)[number];
      const params = drawNew(c.make, source, c.rng, seen, 100);
      if (params) out.push({ class: c.name, params });
      else live.splice(k--, 1);
    }
  }
  return out;
}
