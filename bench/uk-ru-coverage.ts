// How many Ukrainian/Russian word pairs of a catalog's aligned texts meet (docs/ARCHITECTURE.md,
// "Ukrainian and Russian"): every "uk|ru" text of the catalog's word lists (src/sample-catalog's
// taxonomy and vocabulary, the feed catalog's test/fixtures/catalogs/feed-vocabulary.ts) whose two
// sides have as many comma-separated items and each item as many words gives word pairs by
// position; a pair whose words differ meets when each word's query keys (queryStemKeys) hold
// the other's index key, by the cognates fold alone (one stem key) or through the table.
//
// Then the language each word's spelling tells (cyrillicLanguageOf), for the words of only
// one side of those texts: told right, told wrong, or not told (stemmed as their field says).
// Then what the table costs: its build on first use (time, heap) and, per query word with its
// stems cached (as a search finds them), queryStemKeys against stemsForQuery, the same words
// without the table.
//
//   bun bench/uk-ru-coverage.ts [--list]     --list prints the pairs that don't meet

import { readFileSync } from "node:fs";
import { cyrillicLanguageOf } from "../src/search/analysis/index.ts";
import { normalise } from "../src/search/analysis/normalise.ts";
import { isCyrillic } from "../src/search/analysis/script.ts";
import { stemKey, stemsForQuery } from "../src/search/analysis/stem.ts";
import { queryStemKeys, ukRuCounterparts } from "../src/search/analysis/uk-ru.ts";
import { commandSpec, flag, flagsOf } from "./suite/flags.ts";

const CATALOGS: Record<string, readonly string[]> = {
  "src/sample-catalog": [
    "params.ts",
    "vocabulary.ts",
    "taxonomy-appliances.ts",
    "taxonomy-electronics.ts",
    "taxonomy-fashion.ts",
    "taxonomy-home.ts",
    "taxonomy-kids.ts",
    "taxonomy-leisure.ts",
    "taxonomy-pets-food.ts",
    "taxonomy-tools-auto.ts",
  ].map((f) => `src/sample-catalog/${f}`),
  feed: ["test/fixtures/catalogs/feed-vocabulary.ts"],
};

const root = new URL("..", import.meta.url).pathname;

/** The distinct aligned (uk, ru) word pairs of the files' "uk|ru" string literals. */
function wordPairs(files: readonly string[]): [string, string][] {
  const seen = new Map<string, [string, string]>();
  const words = (text: string) =>
    normalise(text)
      .split(/[^а-щьюяіїєыэъё']+/u)
      .filter(Boolean);
  for (const file of files) {
    const source = readFileSync(`${root}${file}`, "utf8");
    for (const m of source.matchAll(/"([^"\n]*\|[^"\n]*)"|`([^`]*\|[^`]*)`/g)) {
      const literal = m[1] ?? m[2] ?? "";
      // A list of "uk|ru" values (feed params: "чорний|черный; білий|белый") or one text.
      for (const text of literal.split(/[;\n]/)) {
        const [uk, ru] = text.split("|");
        if (uk === undefined || ru === undefined) continue;
        const ukItems = uk.split(",");
        const ruItems = ru.split(",");
        if (ukItems.length !== ruItems.length) continue;
        ukItems.forEach((item, i) => {
          const a = words(item);
          const b = words(ruItems[i] as string);
          if (a.length !== b.length) return;
          a.forEach((u, j) => {
            const r = b[j] as string;
            if (u !== r && isCyrillic(u) && isCyrillic(r)) seen.set(`${u} ${r}`, [u, r]);
          });
        });
      }
    }
  }
  return [...seen.values()];
}

type Outcome = "fold" | "table" | "one way" | "none";

function outcome(uk: string, ru: string): Outcome {
  const ukKey = stemKey(uk, "uk");
  const ruKey = stemKey(ru, "ru");
  if (ukKey === ruKey) return "fold";
  const there = queryStemKeys(uk).includes(ruKey);
  const back = queryStemKeys(ru).includes(ukKey);
  return there && back ? "table" : there || back ? "one way" : "none";
}

/** Heap in use after a full collection, in bytes. */
function heap(): number {
  Bun.gc(true);
  return process.memoryUsage().heapUsed;
}

const before = heap();
let start = performance.now();
const { ukToRu } = ukRuCounterparts();
const built = performance.now() - start;
const tableHeap = heap() - before;

/** ns per call of `keys` over `words`, the best of 5 rounds of 20 passes (stems cached first). */
function perWord(words: readonly string[], keys: (w: string) => string[]): number {
  for (const w of words) keys(w);
  let best = Number.POSITIVE_INFINITY;
  for (let round = 0; round < 5; round++) {
    start = performance.now();
    for (let pass = 0; pass < 20; pass++) for (const w of words) keys(w);
    best = Math.min(best, ((performance.now() - start) * 1e6) / (20 * words.length));
  }
  return best;
}
const queryWords = Object.values(CATALOGS).flatMap((files) => wordPairs(files).flat());
const withTable = perWord(queryWords, queryStemKeys);
const without = perWord(queryWords, stemsForQuery);

const { list } = flagsOf(
  commandSpec({
    command: "bun bench/uk-ru-coverage.ts",
    about:
      "How many uk/ru word pairs of each catalog's aligned texts meet, what tells a word's language, and the table's cost.",
    flags: { list: flag.on("print the pairs that don't meet") },
  }),
);
for (const [name, files] of Object.entries(CATALOGS)) {
  const counts: Record<Outcome, number> = { fold: 0, table: 0, "one way": 0, none: 0 };
  const missed: string[] = [];
  const pairs = wordPairs(files);
  for (const [uk, ru] of pairs) {
    const o = outcome(uk, ru);
    counts[o]++;
    if (o !== "fold" && o !== "table")
      missed.push(`${uk}/${ru}${o === "one way" ? " (one way)" : ""}`);
  }
  console.log(
    `${name}: ${pairs.length} word pairs spelt differently: ${counts.fold} meet by the fold, ` +
      `${counts.table} by the table, ${counts["one way"]} one way only, ${counts.none} not at all`,
  );
  if (list) console.log(missed.sort().join("\n"));
  const ukWords = new Set(pairs.map(([u]) => u));
  const ruWords = new Set(pairs.map(([, r]) => r));
  for (const [language, own, other] of [
    ["uk", ukWords, ruWords],
    ["ru", ruWords, ukWords],
  ] as const) {
    const told = { right: 0, wrong: 0, none: 0 };
    for (const w of own) {
      if (other.has(w)) continue;
      const l = cyrillicLanguageOf(w);
      told[l === null ? "none" : l === language ? "right" : "wrong"]++;
    }
    console.log(
      `  ${language} words of one side: ${told.right} told ${language}, ${told.wrong} told wrong, ${told.none} not told`,
    );
  }
}
console.log(
  `table: ${ukToRu.size} Ukrainian keys, built in ${built.toFixed(1)} ms, ` +
    `${(tableHeap / 2 ** 20).toFixed(1)} MB of heap; per query word (${queryWords.length} words, ` +
    `stems cached): queryStemKeys ${withTable.toFixed(0)} ns, stemsForQuery ${without.toFixed(0)} ns`,
);
