// Micro benchmark of the analysis hot path (not a test): ns per call of tokenise, stem (cache
// hits, and cold words through each stemmer), translitKey and editDistance.
// Run: node_modules/.bin/bun bench/analysis-calls.ts

import { editDistance, stem, tokenise, translitKey } from "../src/search/analysis/index.ts";
import { stemUncached } from "../src/search/analysis/stem.ts";
import { commandSpec, flagsOf } from "./suite/flags.ts";

flagsOf(
  commandSpec({
    command: "bun bench/analysis-calls.ts",
    about: "ns per call of tokenise, stem (cache hits, cold words), translitKey and editDistance.",
    flags: {},
  }),
);

const NAMES = [
  "Навушники Sony WH-1000XM5 бездротові з шумозаглушенням, чорні",
  "Смартфон Samsung Galaxy A55 8/128GB Awesome Navy",
  "Чехол для iPhone 15 Pro силиконовый, прозрачный",
  "Wireless headphones with active noise cancelling, 30 h battery",
  "М'ясорубка електрична Bosch MFW3X14W 500 Вт",
];
const WORDS = [
  "телефони",
  "ноутбуків",
  "навушники",
  "сумок",
  "чехлов",
  "наушники",
  "headphones",
  "batteries",
];
const PAIRS: [string, string][] = [
  ["телефон", "телефони"],
  ["ноутбук", "ноутубк"],
  ["холодильник", "холодильнік"],
  ["навушники", "телевізор"],
  ["samsung", "samsnug"],
  ["headphones", "headphone"],
];

let sink = 0;

function bench(name: string, iterations: number, run: (i: number) => number): void {
  for (let i = 0; i < iterations / 10; i++) sink += run(i); // warm up the JIT
  const start = Bun.nanoseconds();
  for (let i = 0; i < iterations; i++) sink += run(i);
  const perOp = (Bun.nanoseconds() - start) / iterations;
  console.log(`${name.padEnd(40)} ${perOp.toFixed(0).padStart(7)} ns/op`);
}

bench("tokenise (product name, ~8 words)", 300_000, (i) => tokenise(NAMES[i % 5] as string).length);
bench(
  "stem (cached word)",
  1_000_000,
  (i) => stem(WORDS[i % 8] as string, i % 2 ? "uk" : "ru").length,
);
bench(
  "stem uk uncached (own light stemmer)",
  300_000,
  (i) => stemUncached(WORDS[i % 4] as string, "uk").length,
);
bench(
  "stem ru uncached (Orama Snowball + tidy)",
  300_000,
  (i) => stemUncached(WORDS[4 + (i % 2)] as string, "ru").length,
);
bench(
  "stem en uncached (Orama Porter)",
  100_000,
  (i) => stemUncached(WORDS[6 + (i % 2)] as string, "en").length,
);
bench("translitKey", 1_000_000, (i) => translitKey(WORDS[i % 8] as string).length);
bench("editDistance (max 2)", 1_000_000, (i) => {
  const pair = PAIRS[i % 6] as [string, string];
  return editDistance(pair[0], pair[1], 2);
});
if (sink === 42) console.log(sink);
