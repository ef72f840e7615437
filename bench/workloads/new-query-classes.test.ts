import { expect, test } from "bun:test";
import { generateCatalog } from "../../src/sample-catalog/generate.ts";
import { NEW_QUERY_CLASSES, newQueryClasses, newQueryMix, productOf } from "./new-query-classes.ts";

const catalog = generateCatalog({ seed: 3, products: 2000 });
const list = newQueryClasses(catalog, { seed: 3, perClass: 40 });
const url = (params: Record<string, string>) => new URLSearchParams(params).toString();

test("every class has its queries, no URL twice", () => {
  for (const name of NEW_QUERY_CLASSES)
    expect(list.filter((q) => q.class === name)).toHaveLength(40);
  expect(new Set(list.map((q) => url(q.params))).size).toBe(list.length);
});

test("the same catalog and seed give the same list; another seed another", () => {
  expect(newQueryClasses(catalog, { seed: 3, perClass: 40 })).toEqual(list);
  expect(newQueryClasses(catalog, { seed: 4, perClass: 40 })).not.toEqual(list);
});

test("the words in no product are in no product's text", () => {
  const texts = [...catalog.products, ...catalog.categories].map((x) =>
    JSON.stringify(x).toLowerCase(),
  );
  for (const q of list.filter((x) => x.class === "no-product"))
    for (const word of (q.params.q ?? "").split(" "))
      expect(texts.filter((t) => t.includes(word))).toEqual([]);
});

test("codes that are no product's are no product's code", () => {
  const key = (code: string) => code.toLowerCase().replace(/[-/.]/g, "");
  const codes = new Set(catalog.products.map((p) => key(p.code)));
  const absent = list.filter((q) => q.class === "code-absent");
  expect(absent.filter((q) => codes.has(key(q.params.q ?? "")))).toEqual([]);
  const unseparated = list.filter((q) => q.class === "code-unseparated");
  expect(unseparated.filter((q) => !codes.has(key(q.params.q ?? "")))).toEqual([]);
});

test("the load generator's mix repeats no URL, nor one of the list it avoids", () => {
  const mix = newQueryMix(catalog, { seed: 3, count: 5000, avoid: list });
  expect(mix).toHaveLength(5000);
  const all = new Set([...list, ...mix].map((q) => url(q.params)));
  expect(all.size).toBe(list.length + mix.length);
  expect(new Set(mix.map((q) => q.class))).toEqual(new Set(NEW_QUERY_CLASSES));
});

test("a query of a product's words names that product; the others none", () => {
  const drawn = new Set(["prefix", "typo", "wrong-layout", "transliteration", "multi-word"]);
  const byId = new Map(catalog.products.map((p) => [p.source_id, p]));
  for (const q of list) {
    const from = productOf(q);
    if (!drawn.has(q.class)) expect(from).toBeNull();
    else expect(byId.has(from ?? "")).toBe(true);
  }
  // A prefix is the start of a word of its product's names.
  for (const q of list.filter((x) => x.class === "prefix")) {
    const names = byId.get(productOf(q) ?? "")?.translations.map((t) => t.name.toLowerCase());
    const last = (q.params.q ?? "").split(" ").at(-1) ?? "";
    expect(names?.some((n) => n.split(" ").some((w) => w.startsWith(last)))).toBe(true);
  }
});
