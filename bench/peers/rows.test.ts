// The SQL the peers' benchmark gives Sphinx and PostgreSQL, without either engine.
import { expect, test } from "bun:test";
import type { ProductItem } from "../../src/sample-catalog/types.ts";
import {
  categoryNames,
  peerRow,
  postgresSchema,
  queryWords,
  sphinxConfig,
  sphinxInsert,
  sphinxMatch,
  sphinxSearch,
  sphinxString,
  tsQueryText,
} from "./rows.ts";

const product: ProductItem = {
  source_id: "p-1",
  code: "RAM-EEP127",
  source_category_id: "7",
  currency_code: "UAH",
  new_price: 1299.5,
  availability: false,
  vendor: "Lenovo",
  translations: [
    {
      language: "uk",
      name: "Ноутбук Lenovo",
      url: "/uk",
      description: "Для роботи",
      synonyms: ["лептоп"],
    },
    {
      language: "ru",
      name: "Ноутбук Lenovo",
      url: "/ru",
      description: "Для работы",
      keywords: ["ПК"],
    },
  ],
};
const categories = categoryNames([
  {
    source_category_id: 7,
    translations: [
      { language: "uk", name: "Ноутбуки" },
      { language: "ru", name: "Ноутбуки" },
    ],
  },
]);

test("a product is one row of its texts in every language, each text once", () => {
  expect(peerRow(product, 41, categories)).toEqual({
    id: 42,
    name: "Ноутбук Lenovo",
    code: "RAM-EEP127",
    vendor: "Lenovo",
    category: "Ноутбуки",
    keywords: "лептоп ПК",
    description: "Для роботи Для работы",
    price: 1299.5,
    available: false,
  });
});

test("a query's words keep letters and digits only: no operator of either syntax gets through", () => {
  expect(queryWords(` Ноут-бук "len*" | (ПК) & !x's 15.6 `)).toEqual([
    "ноут",
    "бук",
    "len",
    "пк",
    "x",
    "s",
    "15",
    "6",
  ]);
  expect(queryWords("a b c d e f g h i j k l m n").length).toBe(12);
  expect(sphinxMatch(["ноутбук", "len"])).toBe("ноутбук len*");
  expect(tsQueryText(["ноутбук", "len"])).toBe("ноутбук & len:*");
  expect(sphinxMatch(queryWords("-- !"))).toBeNull();
  expect(tsQueryText([])).toBeNull();
});

test("SphinxQL strings escape their quotes and backslashes; an INSERT holds every row", () => {
  expect(sphinxString(`it's a \\ path`)).toBe(`'it\\'s a \\\\ path'`);
  const row = peerRow({ ...product, vendor: "O'Neil" }, 0, categories);
  expect(sphinxInsert("products", [row, { ...row, id: 2, available: true }])).toBe(
    "INSERT INTO products (id,name,code,vendor,category,keywords,description,price,available) VALUES " +
      "(1,'Ноутбук Lenovo','RAM-EEP127','O\\'Neil','Ноутбуки','лептоп ПК','Для роботи Для работы',1299.5,0)," +
      "(2,'Ноутбук Lenovo','RAM-EEP127','O\\'Neil','Ноутбуки','лептоп ПК','Для роботи Для работы',1299.5,1)",
  );
  expect(sphinxSearch("products", "ноутбук len*")).toBe(
    "SELECT id FROM products WHERE MATCH('ноутбук len*') LIMIT 10",
  );
});

test("searchd's configuration: the index's fields and attributes, Ukrainian letters, its own port", () => {
  const config = sphinxConfig({ dir: "/tmp/x", port: 19306, index: "products" });
  for (const line of [
    "  type = rt",
    "  path = /tmp/x/products",
    "  rt_field = name",
    "  rt_field = description",
    "  rt_attr_float = price",
    "  rt_attr_uint = available",
    "  listen = 127.0.0.1:19306:mysql41",
  ])
    expect(config.split("\n")).toContain(line);
  expect(config).toContain("U+0406->U+0456, U+0456, U+0407->U+0457");
});

test("PostgreSQL's table has the trigram index only where pg_trgm is", () => {
  const withTrigrams = postgresSchema("t", true);
  expect(withTrigrams[0]).toBe("DROP TABLE IF EXISTS t");
  expect(withTrigrams[1]).toContain("to_tsvector('russian', name || ' ' || code || ' ' || vendor)");
  expect(withTrigrams.slice(2)).toEqual([
    "CREATE INDEX t_search ON t USING gin (search)",
    "CREATE INDEX t_name_trgm ON t USING gin (name gin_trgm_ops)",
  ]);
  expect(postgresSchema("t", false).slice(2)).toEqual([
    "CREATE INDEX t_search ON t USING gin (search)",
  ]);
});
