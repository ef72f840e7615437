// Category bulk import over real HTTP (specification 4.2, 2.5, 7; PRODUCT.md "Import").
//  1. every success is HTTP 200, each entry 201 (created) or 200 (updated) echoing the record
//  2. a source_category_id of digits in a string is accepted; anything else is an item error
//  3. errors map each field to ONE message string; successful items of a failed batch are saved
//  4. languages as for products; no duplicates; url when given starts with http(s)://
//  5. a category saved by a failed batch (no log entry, rule 8) still shows on the products
//     imported into it: their category_id, group name and url, and in `categories`
//  6. text is well-formed Unicode (no lone surrogate) and bounded, as for products
import { afterAll, beforeAll, expect, test } from "bun:test";
import {
  CATEGORIES,
  createDomain,
  PRODUCTS,
  post,
  product,
  type Service,
  startService,
  type Tokens,
} from "./harness.ts";

let service: Service;
let shop: Tokens;
beforeAll(async () => {
  service = await startService();
  shop = await createDomain(service);
});
afterAll(() => service[Symbol.asyncDispose]());

const tr = (language: string, name: string, extra: Record<string, unknown> = {}) => ({
  language,
  name,
  ...extra,
});

test("create then update: 200 with entries 201 then 200", async () => {
  const item = {
    source_category_id: 10,
    translations: [
      tr("uk", "Ноутбуки", {
        url: "https://s.example/c/10",
        synonyms: ["лептопи"],
        keywords: ["ноут"],
      }),
    ],
  };
  const created = await post(service, CATEGORIES, shop.secret_token, [item]);
  const data = {
    id: expect.any(Number),
    source_category_id: 10,
    translations: [
      {
        language: "uk",
        name: "Ноутбуки",
        url: "https://s.example/c/10",
        synonyms: ["лептопи"],
        keywords: ["ноут"],
      },
    ],
    updated_at: expect.any(Number),
  };
  expect(created).toEqual({ status: 200, body: { successful: [{ index: 0, status: 201, data }] } });
  const updated = await post(service, CATEGORIES, shop.secret_token, [
    { ...item, source_category_id: "10" },
  ]);
  expect(updated).toEqual({
    status: 200,
    body: {
      successful: [
        { index: 0, status: 200, data: { ...data, id: created.body.successful[0].data.id } },
      ],
    },
  });
});

test("item errors: one message per field; the valid items are saved", async () => {
  const r = await post(service, CATEGORIES, shop.secret_token, [
    { source_category_id: 11, translations: [tr("en", "Phones")] },
    { source_category_id: -3, translations: [tr("uk", "A", { url: "ftp://x" }), tr("uk", "B")] },
    { source_category_id: "abc", translations: [] },
    { source_category_id: 12.5, translations: [tr("uk", "C", { synonyms: "x", keywords: [1] })] },
    { translations: [tr("xx", "")] },
  ]);
  expect(r).toEqual({
    status: 400,
    body: {
      successful: [
        { index: 0, status: 201, data: expect.objectContaining({ source_category_id: 11 }) },
      ],
      errors: [
        {
          index: 1,
          errors: {
            source_category_id: "Ensure this value is greater than or equal to 1.",
            "translations.0.url": "Enter a valid URL starting with http:// or https://.",
            "translations.1.language": 'Duplicate language code "uk".',
          },
        },
        {
          index: 2,
          errors: {
            source_category_id: "Ensure this value is a positive integer.",
            translations: "This list may not be empty.",
          },
        },
        {
          index: 3,
          errors: {
            source_category_id: "A valid integer is required.",
            "translations.0.synonyms": 'Expected a list of items but got type "string".',
            "translations.0.keywords.0": "Not a valid string.",
          },
        },
        {
          index: 4,
          errors: {
            source_category_id: "This field is required.",
            "translations.0.language": '"xx" is not a valid choice.',
            "translations.0.name": "This field may not be blank.",
          },
        },
      ],
    },
  });
  const p = await post(service, PRODUCTS, shop.secret_token, [
    product("in-11", { source_category_id: "11" }),
  ]);
  expect(p.status).toBe(201);
});

test("a category of a failed batch still shows on its products in search", async () => {
  const failed = await post(service, CATEGORIES, shop.secret_token, [
    {
      source_category_id: 60,
      translations: [tr("uk", "Телескопи", { url: "https://s.example/c/60" })],
    },
    { source_category_id: "bad", translations: [tr("uk", "x")] },
  ]);
  expect(failed.status).toBe(400);
  const categoryId = failed.body.successful[0].data.id;
  const p = product("scope-1", {
    source_category_id: "60",
    translations: [{ language: "uk", name: "Телескоп Celestron", url: "https://s.example/p/s1" }],
  });
  const imported = await post(service, PRODUCTS, shop.secret_token, [p]);
  expect(imported.status).toBe(201);
  const url = `${service.url}/api/v2/search/?token=${shop.search_token}&q=celestron&show_filters=false`;
  const deadline = Date.now() + 10_000;
  let body: any;
  do {
    body = await (await fetch(url)).json();
    if (body.total > 0) break;
    await Bun.sleep(10);
  } while (Date.now() < deadline);
  expect(body).toEqual({
    stats: { price: { min: 100, max: 100 }, attributes: [] },
    total: 1,
    query: "celestron",
    corrected_query: "",
    ignored_words: [],
    suggestions: [],
    filters_enabled: false,
    filters: [],
    categories: [
      {
        id: categoryId,
        source_id: "60",
        name: "Телескопи",
        url: "https://s.example/c/60",
        total: 1,
      },
    ],
    products: {
      groups: [
        {
          source_category_id: "60",
          category_name: "Телескопи",
          category_url: "https://s.example/c/60",
          items: [
            {
              id: imported.body.successful[0].data.id,
              source_id: "scope-1",
              category_id: categoryId,
              sku: "SKU-scope-1",
              vendor: "",
              name: "Телескоп Celestron",
              url: "https://s.example/p/s1",
              price: 100,
              discounted_price: 100,
              currency: "UAH",
              picture_url: "",
              availability: true,
              labels: [],
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
  });
});

test("a lone surrogate or an over-long text is an item error, batch after batch", async () => {
  const items = [
    {
      source_category_id: 20,
      translations: [
        tr("uk", "Кабелі\ud801", { synonyms: ["s".repeat(101)], keywords: ["\udc00"] }),
      ],
    },
  ];
  const expected = {
    status: 400,
    body: {
      successful: [],
      errors: [
        {
          index: 0,
          errors: {
            "translations.0.name": "Enter valid Unicode text.",
            "translations.0.synonyms.0": "Ensure this field has no more than 100 characters.",
            "translations.0.keywords.0": "Enter valid Unicode text.",
          },
        },
      ],
    },
  };
  expect(await post(service, CATEGORIES, shop.secret_token, items)).toEqual(expected);
  expect(await post(service, CATEGORIES, shop.secret_token, items)).toEqual(expected);
});
