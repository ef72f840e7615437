// The import bodies shown in docs/ (```json product``` and ```json category``` blocks, as the
// "From ..." pages map another engine's record) pass the server's validators, item by item:
//  1. each is a JSON array whose items pass TypeBox's compiled check and the validator
//  2. the docs that show them still do (no block is dropped unseen)
import { expect, test } from "bun:test";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { TypeCompiler } from "@sinclair/typebox/compiler";
import { validateCategory } from "../src/import/validate-category.ts";
import { validateProduct } from "../src/import/validate-product.ts";
import { CategoryItem, ProductItem } from "../src/model/import.ts";

const DOCS = join(import.meta.dir, "..", "docs");

const blocks = readdirSync(DOCS)
  .filter((f) => f.endsWith(".md"))
  .flatMap((doc) =>
    [
      ...readFileSync(join(DOCS, doc), "utf8").matchAll(
        /```json (product|category)\n([\s\S]*?)```/g,
      ),
    ].map((m) => ({ doc, kind: m[1] as "product" | "category", body: m[2] ?? "" })),
  );

test("1-2. every import body of the docs passes the validators", () => {
  expect(blocks.map((b) => `${b.doc} ${b.kind}`)).toEqual([
    "FROM-ALGOLIA.md product",
    "FROM-ALGOLIA.md category",
  ]);
  for (const { kind, body } of blocks) {
    const items = JSON.parse(body) as unknown[];
    const [schema, validate] =
      kind === "product" ? [ProductItem, validateProduct] : [CategoryItem, validateCategory];
    const check = TypeCompiler.Compile(schema);
    expect(
      items.map((item) => [...check.Errors(item)].map((e) => `${e.path}: ${e.message}`)),
    ).toEqual(items.map(() => []));
    expect(items.map((item) => validate(item).ok)).toEqual(items.map(() => true));
  }
});
