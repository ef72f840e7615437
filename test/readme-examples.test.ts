// The examples of README.md checked against the schemas the server validates with, so that the
// README cannot drift from the contract:
//  1. every `curl ... -d '[...]'` import body passes the product or category validator (and
//     TypeBox's compiled check of ProductItem / CategoryItem), item by item
//  2. every search URL of a curl parses with the server's own parameter parser
//  3. the JSON answer shown under "Search" is a SearchResponse (compiled check), and its
//     pagination is that of the URL above it
//  4. every inline `{"detail": ...}` answer is a Detail or FieldErrors body
import { expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { type TSchema, Type } from "@sinclair/typebox";
import { TypeCompiler } from "@sinclair/typebox/compiler";
import { parseSearchParams } from "../src/http/search/parse-params.ts";
import { validateCategory } from "../src/import/validate-category.ts";
import { validateProduct } from "../src/import/validate-product.ts";
import { Detail, FieldErrorsBody } from "../src/model/api.ts";
import { CategoryItem, ProductItem } from "../src/model/import.ts";
import { SearchResponse } from "../src/model/search.ts";

const README = readFileSync(join(import.meta.dir, "..", "README.md"), "utf8");
const fenced = (lang: string) =>
  [...README.matchAll(new RegExp(`\`\`\`${lang}\\n([\\s\\S]*?)\`\`\``, "g"))].map(
    (m) => m[1] ?? "",
  );
const curls = fenced("sh")
  .flatMap((block) => block.replace(/\\\n/g, " ").split(/\n(?=curl )/))
  .filter((c) => c.startsWith("curl "));

/** The compiled check's complaints about `value`, as "path: message" lines. */
const complaints = (schema: TSchema, value: unknown) =>
  [...TypeCompiler.Compile(schema).Errors(value)].map((e) => `${e.path}: ${e.message}`);

test("every import body of the README passes the server's validators", () => {
  const bodies = curls
    .map((c) => ({ url: /curl .*?(http\S+)/.exec(c)?.[1], body: /-d '([\s\S]*?)'/.exec(c)?.[1] }))
    .filter((c) => c.body !== undefined);
  expect(bodies.map((b) => b.url)).toEqual([
    "http://127.0.0.1:7700/api/v2/content/category/bulk/",
    "http://127.0.0.1:7700/api/v2/content/product/bulk/",
  ]);
  for (const { url, body } of bodies) {
    const items = JSON.parse(body ?? "") as unknown[];
    const product = url?.includes("/product/");
    const [schema, validate] = product
      ? [ProductItem, validateProduct]
      : [CategoryItem, validateCategory];
    expect(items.map((item) => complaints(schema, item))).toEqual(items.map(() => []));
    expect(items.map((item) => validate(item).ok)).toEqual(items.map(() => true));
  }
});

test("the search example's URL parses and its answer is a SearchResponse of that URL", () => {
  const urls = curls
    .map((c) => /curl '(http[^']*\/search\/[^']*)'/.exec(c)?.[1])
    .filter((u) => u !== undefined);
  expect(urls.length).toBe(1);
  const parsed = parseSearchParams(new URL(urls[0] ?? "").searchParams, 100);
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
  const answers = fenced("json").map((j) => JSON.parse(j));
  expect(answers.length).toBe(1);
  const answer = answers[0];
  expect(complaints(SearchResponse, answer)).toEqual([]);
  expect({
    query: answer.query,
    page_size: answer.pagination.page_size,
    per_category: Math.max(
      ...answer.products.groups.map((g: { items: unknown[] }) => g.items.length),
    ),
  }).toEqual({
    query: parsed.params.q,
    page_size: parsed.params.category_page_size,
    per_category: parsed.params.per_category_limit,
  });
});

test('every inline {"detail": ...} answer of the README is a Detail or FieldErrors body', () => {
  const inline = [...README.replace(/\n/g, " ").matchAll(/`(\{"detail":[^`]*\})`/g)].map((m) =>
    JSON.parse(m[1] ?? ""),
  );
  expect(inline.length).toBeGreaterThanOrEqual(3);
  const either = Type.Union([Detail, FieldErrorsBody]);
  expect(inline.map((body) => complaints(either, body))).toEqual(inline.map(() => []));
});
