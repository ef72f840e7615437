// The cost of code-shaped queries in process (a script, not a test):
//   bun bench/engine-codes.ts [--products 100000] [--seed 1] [--per-class 300] [--catalog project|feed]
// On a generated catalog (the project's: 45% `SKU-000123`, 35% vendor codes like
// `RAM-EEP127MK8`, 20% bare 8-digit numbers; the feed catalog, test/fixtures/catalogs/: 40%
// `SKU-100042`, 13- and 8-digit barcodes, part numbers `BV9300PRO-BK1`, `A1466/B`,
// `UA.123.45`, codes repeated in names), each query asked once (the engine keeps no answers), default
// parameters (grouped, facets on): per class the engine's p50/p99/max and the mean `total`.
// Classes: codes that do not exist (a store SKU of 7 digits, one glued of 6, a real code with
// one character changed, a bare number off by one), and real codes typed without their hyphen
// or with a space (each must answer its product first: the script counts those that do not).

import { answerSearch } from "../src/http/search/search-answer.ts";
import { SEARCH_DEFAULTS } from "../src/model/search.ts";
import { generateCatalog } from "../src/sample-catalog/generate.ts";
import { codeKey } from "../src/search/analysis/index.ts";
import { buildSnapshot } from "../src/search/engine.ts";
import { feedCatalog } from "../test/fixtures/catalogs/feed-catalog.ts";
import { toRecords } from "../test/fixtures/records.ts";
import { commandSpec, flag, flagsOf } from "./suite/flags.ts";

const {
  products: PRODUCTS,
  seed: SEED,
  perClass: PER_CLASS,
  catalog: CATALOG,
} = flagsOf(
  commandSpec({
    command: "bun bench/engine-codes.ts",
    about: "Code-shaped queries in process: per class the engine's p50/p99/max and the mean total.",
    flags: {
      products: flag.int(100_000, "products of the catalog"),
      seed: flag.int(1, "catalog and query seed", { min: 0 }),
      perClass: flag.int(300, "queries of each class"),
      catalog: flag.oneOf(
        ["project", "feed"],
        "project",
        "the catalog: the project's generator or the feed catalog",
      ),
    },
  }),
);

let state = SEED >>> 0 || 1;
function rnd(): number {
  state ^= state << 13;
  state ^= state >>> 17;
  state ^= state << 5;
  return (state >>> 0) / 4294967296;
}
const digits = (n: number) => Array.from({ length: n }, () => Math.floor(rnd() * 10)).join("");
const pick = <T>(list: readonly T[]) => list[Math.floor(rnd() * list.length)] as T;

const records = toRecords(
  CATALOG === "feed"
    ? feedCatalog({ seed: SEED, products: PRODUCTS })
    : generateCatalog({ seed: SEED, products: PRODUCTS }),
);
const snap = buildSnapshot(records);
const codes = records.products.map((p) => p.code);
const keys = new Set(codes.map(codeKey));
const vendorCodes = codes.filter((c) => /[-/.]/.test(c) && !c.startsWith("SKU-"));
const bareNumbers = codes.filter((c) => /^\d+$/.test(c));
const skus = codes.filter((c) => c.startsWith("SKU-"));

/** A query whose code key is no product's: made again until it is none. */
function missing(make: () => string): string {
  for (;;) {
    const q = make();
    if (!keys.has(codeKey(q))) return q;
  }
}
/** `code` with one of its last four characters changed to another of its kind. */
function changed(code: string): string {
  const at = code.length - 1 - Math.floor(rnd() * 4);
  const ch = code[at] as string;
  const by = /\d/.test(ch)
    ? String((Number(ch) + 1 + Math.floor(rnd() * 9)) % 10)
    : pick([..."ABCDEFGHJKLMNPQRSTUVWXYZ"].filter((c) => c !== ch));
  return code.slice(0, at) + by + code.slice(at + 1);
}

const classes: { name: string; queries: string[]; expect?: (q: string) => string }[] = [];
const add = (name: string, make: () => string, own?: Map<string, string>) => {
  const queries = Array.from({ length: PER_CLASS }, make);
  classes.push(own ? { name, queries, expect: (q) => own.get(q) as string } : { name, queries });
};
add("no such SKU (`SKU-1234567`)", () => missing(() => `SKU-${digits(7)}`));
add("no such SKU, glued (`sku722108`)", () =>
  missing(() => `sku${1 + Math.floor(rnd() * 8)}${digits(5)}`),
);
add("no such SKU, with a space (`sku 7506095`)", () => missing(() => `sku ${digits(7)}`));
add("no such code (`AB-12345`, `A1466/B`)", () =>
  missing(() =>
    rnd() < 0.5
      ? `${pick([..."ABCDEFGHKLMNPRSTXZ"])}${pick([..."ABCDEFGHKLMNPRSTXZ"])}-${digits(5)}`
      : `${pick([..."ABCDEFGHKLMNPRSTXZ"])}${digits(4)}/${pick([..."ABCDEFGHKLMNPRSTXZ"])}`,
  ),
);
add("no such 13-digit number", () => missing(() => `482${digits(10)}`));
add("a real SKU, one digit changed", () => missing(() => changed(pick(skus))));
add("a vendor code, one character changed", () => missing(() => changed(pick(vendorCodes))));
add("a bare number, one digit changed", () => missing(() => changed(pick(bareNumbers))));
const own = new Map<string, string>();
const typed = (code: string, q: string) => {
  own.set(q, code);
  return q;
};
add(
  "a real code without its hyphen (`sku075060`)",
  () => {
    const code = pick([...skus, ...vendorCodes]);
    return typed(code, code.replace("-", "").toLowerCase());
  },
  own,
);
add(
  "a real code with a space (`sku 075060`)",
  () => {
    const code = pick([...skus, ...vendorCodes]);
    return typed(code, code.replace("-", " ").toLowerCase());
  },
  own,
);

// Warm up on queries of none of the classes.
for (let i = 0; i < 200; i++) answerSearch(snap, { ...SEARCH_DEFAULTS, q: `x${digits(3)}` });

console.log(
  `${CATALOG} catalog, ${PRODUCTS} products, ${PER_CLASS} queries per class, each once\n`,
);
console.log("| class | p50 ms | p99 ms | max ms | mean total | not first |");
console.log("|---|---:|---:|---:|---:|---:|");
for (const c of classes) {
  const times: number[] = [];
  let total = 0;
  let notFirst = 0;
  for (const q of c.queries) {
    const t = performance.now();
    const answer = answerSearch(snap, { ...SEARCH_DEFAULTS, q, show_unavailable: true });
    times.push(performance.now() - t);
    total += answer.total;
    if (c.expect && answer.products.groups[0]?.items[0]?.sku !== c.expect(q)) notFirst++;
  }
  times.sort((a, b) => a - b);
  const at = (p: number) =>
    (times[Math.min(times.length - 1, Math.floor(p * times.length))] as number).toFixed(3);
  console.log(
    `| ${c.name} | ${at(0.5)} | ${at(0.99)} | ${at(1)} | ${(total / c.queries.length).toFixed(1)} | ${c.expect ? notFirst : "-"} |`,
  );
}
