// The search answer check of search-answers.ts (hooked into every HTTP test's fetch):
//  1. a valid answer has no complaint
//  2. a wrong type, a missing field and a field the schema does not declare are each named;
//     a label's colour is a hex colour or empty (specification 2.7)
import { expect, test } from "bun:test";
import { searchAnswerComplaints } from "./search-answers.ts";

const answer = () => ({
  total: 1,
  query: "q",
  corrected_query: "",
  ignored_words: [],
  suggestions: [],
  filters_enabled: true,
  filters: [{ id: 1, name: "Колір", values: [{ id: 2, name: "Чорний", total: 1 }] }],
  categories: [{ id: 1, source_id: "1", name: "Навушники", url: "", total: 1 }],
  products: {
    groups: [
      {
        source_category_id: "1",
        category_name: "Навушники",
        category_url: "",
        items: [
          {
            id: 1,
            source_id: "p1",
            category_id: 1,
            sku: "SKU-1",
            vendor: "Sony",
            name: "Навушники",
            url: "https://shop.example/p1",
            price: 100,
            discounted_price: 90,
            currency: "UAH",
            picture_url: "",
            availability: true,
            labels: [{ name: "Хіт", color: "#ff0000" }],
          },
        ],
      },
    ],
  },
  pagination: {
    type: "categories",
    current_page: 1,
    page_size: 10,
    total_items: 1,
    total_pages: 1,
    has_next: false,
    has_previous: false,
  },
  stats: { price: { min: 90, max: 90 }, attributes: [] },
});

test("1. a valid answer has no complaint", () => {
  expect(searchAnswerComplaints(answer())).toEqual([]);
});

test("2. a wrong type, a missing field and an undeclared field are named", () => {
  const wrongType = { ...answer(), total: "1" };
  expect(searchAnswerComplaints(wrongType)).toEqual(["/total: Expected number"]);
  const { suggestions: _, ...missing } = answer();
  expect(searchAnswerComplaints(missing)).toEqual([
    "/suggestions: Expected required property",
    "/suggestions: Expected array",
  ]);
  const red = answer();
  Object.assign(red.products.groups[0]?.items[0]?.labels[0] ?? {}, { color: "red" });
  expect(searchAnswerComplaints(red)).toEqual([
    "/products/groups/0/items/0/labels/0/color: Expected union value",
  ]);
  const extra = answer();
  Object.assign(extra.products.groups[0]?.items[0] ?? {}, { score: 3 });
  expect(searchAnswerComplaints({ ...extra, took: 1 })).toEqual([
    "/products/groups/0/items/0/score: not in the schema",
    "/took: not in the schema",
  ]);
});
