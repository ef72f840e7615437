// New queries in process (issue 14): the engine's own time for queries it has never seen.
//   bun bench/engine-new-queries.ts [--products 100000] [--seed 1] [--per-class 300]
//     [--answers FILE]
// Builds a snapshot of the generated catalog once, warms the engine up on the service's traffic
// mix, then asks each query of each class once through `search` with the response cache off
// (facets on, the defaults of a widget) and prints per class p50/p99/max. `--answers` writes
// the ids of each answer's products and categories, per query, to compare two versions.

import { writeFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { generateCatalog } from "../src/catalog/generate.ts";
import { Rng } from "../src/catalog/prng.ts";
import type { Catalog } from "../src/catalog/types.ts";
import { SEARCH_DEFAULTS, type SearchResponse } from "../src/model/search.ts";
import { buildSnapshot, search, setResponseCacheSize } from "../src/search/engine.ts";
import { generateQueryMix } from "./query-mix.ts";
import { toRecords } from "./records.ts";
import { oneEdit, transliterate, typedInCyrillicLayout, typedInLatinLayout } from "./typing.ts";

const { values } = parseArgs({
  options: {
    products: { type: "string", default: "100000" },
    seed: { type: "string", default: "1" },
    "per-class": { type: "string", default: "300" },
    answers: { type: "string" },
  },
});
const PRODUCTS = Number(values.products);
const SEED = Number(values.seed);
const PER_CLASS = Number(values["per-class"]);

/** Until the HTTP benchmark's generator lands: classes modelled on the examples. */
function quickClasses(catalog: Catalog, seed: number, perClass: number): Map<string, string[]> {
  const rng = new Rng(seed ^ 0x7e57c1a5);
  const names = () => {
    const p = rng.pick(catalog.products);
    const t = rng.pick(p.translations);
    return { p, words: t.name.toLowerCase().split(" "), language: t.language };
  };
  const latinSyllables = ["ti", "oo", "af", "o", "ra", "ke", "mu", "zo", "ly", "pe", "qu", "ix"];
  const cyrSyllables = ["хя", "цу", "ва", "ри", "ло", "жу", "ще", "фо", "ми", "пю", "ґо", "зе"];
  const nonsense = (syllables: string[]) => {
    let w = "";
    for (let i = rng.int(3, 4); i > 0; i--) w += rng.pick(syllables);
    return w;
  };
  const make: Record<string, () => string> = {
    prefix: () => {
      const { words } = names();
      const n = rng.int(1, Math.min(3, words.length));
      const last = words[n - 1] as string;
      const cut = rng.int(Math.min(3, last.length), last.length);
      return [...words.slice(0, n - 1), last.slice(0, cut)].join(" ");
    },
    typo: () => {
      const { words } = names();
      const long = words.filter((w) => w.length >= 5 && !/\d/.test(w));
      if (long.length === 0) return words[0] as string;
      const w = rng.pick(long);
      const at = rng.int(0, w.length - 2);
      const op = rng.int(0, 3);
      const typed =
        op === 0
          ? oneEdit(w, rng)
          : op === 1
            ? w.slice(0, at) + w.slice(at + 1)
            : op === 2
              ? w.slice(0, at) + (w[at + 1] as string) + (w[at] as string) + w.slice(at + 2)
              : w.slice(0, at) + rng.pick([..."аоеиlrsn"]) + w.slice(at);
      return rng.chance(0.3) ? `${typed} ${words[1] ?? ""}`.trim() : typed;
    },
    layout: () => {
      const { words, language } = names();
      const w = words[0] as string;
      return /[a-z]/.test(w)
        ? typedInCyrillicLayout(w, language === "ru" ? "ru" : "uk")
        : typedInLatinLayout(w);
    },
    translit: () => {
      const { words, language } = names();
      return transliterate(words[0] as string, language === "ru" ? "ru" : "uk");
    },
    "no product": () => {
      const one = () => nonsense(rng.chance(0.5) ? latinSyllables : cyrSyllables);
      return rng.chance(0.7) ? one() : `${one()} ${one()}`;
    },
    codes: () => {
      if (rng.chance(0.5)) return `sku-${rng.int(1_000_000, 9_999_999)}`;
      const { p } = names();
      return p.code.toLowerCase().replace(/[-/.]/g, "");
    },
    "2-4 words": () => {
      const { words } = names();
      const n = rng.int(2, Math.min(4, words.length));
      const from = rng.int(0, words.length - n);
      return `${words.slice(from, from + n).join(" ")} `;
    },
  };
  const classes = new Map<string, string[]>();
  for (const [name, f] of Object.entries(make)) {
    const seen = new Set<string>();
    for (let i = 0; i < perClass * 20 && seen.size < perClass; i++) seen.add(f());
    classes.set(name, [...seen]);
  }
  return classes;
}

const catalog = generateCatalog({ seed: SEED, products: PRODUCTS });
const classes = quickClasses(catalog, SEED, PER_CLASS);
const warmUp = generateQueryMix(catalog, { seed: SEED + 1, count: 2000 });
const t0 = performance.now();
const snap = buildSnapshot(toRecords(catalog));
console.log(`products ${PRODUCTS}: built in ${(performance.now() - t0).toFixed(0)} ms`);

setResponseCacheSize(0);
for (const m of warmUp) search(snap, { ...SEARCH_DEFAULTS, q: m.params.q ?? "" });

const pct = (sorted: Float64Array, p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] as number;
const answers: Record<string, unknown[]> = {};
const summary = (a: SearchResponse) => [
  a.total,
  a.corrected_query,
  a.categories.map((c) => c.id),
  a.products.groups.map((g) => g.items.map((i) => i.id)),
  a.filters.map((f) => [f.id, f.values.map((v) => [v.id, v.total])]),
];
console.log("class           queries   p50 ms   p99 ms   max ms");
for (const [name, queries] of classes) {
  const times = new Float64Array(queries.length);
  const out: unknown[] = [];
  queries.forEach((q, i) => {
    const s = Bun.nanoseconds();
    const answer = search(snap, { ...SEARCH_DEFAULTS, q });
    times[i] = (Bun.nanoseconds() - s) / 1e6;
    if (values.answers) out.push([q, summary(answer)]);
  });
  answers[name] = out;
  times.sort();
  console.log(
    `${name.padEnd(15)} ${String(queries.length).padStart(7)} ${pct(times, 50).toFixed(3).padStart(8)} ` +
      `${pct(times, 99).toFixed(3).padStart(8)} ${pct(times, 100).toFixed(3).padStart(8)}`,
  );
}
if (values.answers) writeFileSync(values.answers, JSON.stringify(answers, null, 0));
