// Product bulk import over real HTTP (specification 4.1, 2.1-2.4, 7, 8; PRODUCT.md "Import").
// Properties checked:
//  1. create answers 201 with a 201 entry per item echoing the saved record; update answers 200
//  2. a batch mixing creates and updates answers 201; entries keep request order
//  3. required fields are required on every item, updates included
//  4. every failing field of every item is reported, with dotted paths and DRF messages
//  5. successful items of a failed batch are saved (400 carries both arrays)
//  6. the category must exist in the same domain
//  7. group_id may be set on create and never changed
//  8. warehouses are upserted, absent ones deleted, kept when not sent; availability derives
//  9. malformed bodies, wrong content type and non-object items get 400 with detail, nothing saved
// 10. over-limit requests get 413 with detail, nothing saved, at every size, declared or
//     chunked, and the connection is closed without reading the rest
// 11. unknown fields are ignored; null optional fields of a new product are no value
// 12. updates (rule 9, PRODUCT.md "Import", Updates): an optional field absent from an update
//     keeps its stored value, null clears it; availability absent is in stock unless stored
//     warehouses decide; translations are replaced per language, a language not sent is kept;
//     a kept old_price below a new new_price is refused; the search shows the merged record
// 13. text is well-formed Unicode: a lone surrogate is a field error (never a 500 later), a body
//     that is not UTF-8 is a 400; text fields have maximums in characters (255 emoji fit vendor)
// 14. integer ids and codes are accepted and stored as their decimal strings
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { connect } from "node:net";
import {
  CATEGORIES,
  category,
  createDomain,
  PRODUCTS,
  post,
  product,
  type Service,
  shopClient,
  startService,
  type Tokens,
} from "./harness.ts";

let service: Service;
let shop: Tokens;

beforeAll(async () => {
  service = await startService({ args: ["--max-items", "50", "--max-bytes", "200000"] });
  shop = await createDomain(service);
  const categories = await shopClient(service, shop).importCategories([category(1), category(2)]);
  expect(categories.failed).toBe(0);
});
afterAll(() => service[Symbol.asyncDispose]());

const record = (p: ReturnType<typeof product>, extra: Record<string, unknown> = {}) => ({
  id: expect.any(Number),
  source_id: p.source_id,
  code: p.code,
  source_category_id: p.source_category_id,
  currency_code: p.currency_code,
  new_price: p.new_price,
  old_price: null,
  picture: null,
  availability: true,
  vendor: null,
  group_id: null,
  is_main: null,
  translations: p.translations.map((t) => ({
    ...t,
    description: null,
    labels: [],
    keywords: [],
    synonyms: [],
    params: [],
  })),
  warehouses: [],
  updated_at: expect.any(Number),
  content_updated_at: expect.any(Number),
  ...extra,
});

describe("upsert", () => {
  test("a new product is created: 201, entry 201 with the saved record", async () => {
    const p = product("c1");
    const r = await post(service, PRODUCTS, shop.secret_token, [p]);
    expect(r).toEqual({
      status: 201,
      body: { successful: [{ index: 0, status: 201, data: record(p) }] },
    });
  });

  test("the same source_id again is an update: 200, same id", async () => {
    const first = await post(service, PRODUCTS, shop.secret_token, [product("u1")]);
    const p = product("u1", { new_price: 80 });
    const r = await post(service, PRODUCTS, shop.secret_token, [p]);
    expect(r).toEqual({
      status: 200,
      body: {
        successful: [
          { index: 0, status: 200, data: record(p, { id: first.body.successful[0].data.id }) },
        ],
      },
    });
  });

  test("a batch of creates and updates answers 201, entries in request order", async () => {
    await post(service, PRODUCTS, shop.secret_token, [product("m1")]);
    const r = await post(service, PRODUCTS, shop.secret_token, [
      product("m2"),
      product("m1"),
      product("m3"),
    ]);
    expect(r.status).toBe(201);
    expect(
      r.body.successful.map((s: { index: number; status: number }) => [s.index, s.status]),
    ).toEqual([
      [0, 201],
      [1, 200],
      [2, 201],
    ]);
    expect(r.body.errors).toBeUndefined();
  });

  test("full fields are stored and echoed, labels normalised", async () => {
    const p = product("full", {
      old_price: 120,
      picture: "https://img.example/full.jpg",
      availability: false,
      vendor: "Sony",
      group_id: "g-full",
      is_main: true,
      translations: [
        {
          language: "uk",
          name: "Навушники Sony WH-1000XM5",
          url: "https://shop.example/uk/full",
          description: "Бездротові",
          labels: ["Хіт", { name: "Знижка", color: "#FF0000" }],
          keywords: ["навушники"],
          synonyms: ["гарнітура"],
          params: [{ name: "Колір", value: "Чорний", is_filter: true, color: "#000000" }],
        },
        { language: "en", name: "Sony WH-1000XM5 headphones", url: "https://shop.example/en/full" },
      ],
    });
    const r = await post(service, PRODUCTS, shop.secret_token, [p]);
    expect(r.status).toBe(201);
    expect(r.body.successful[0].data).toEqual(
      record(p, {
        old_price: 120,
        picture: "https://img.example/full.jpg",
        availability: false,
        vendor: "Sony",
        group_id: "g-full",
        is_main: true,
        translations: [
          {
            language: "uk",
            name: "Навушники Sony WH-1000XM5",
            url: "https://shop.example/uk/full",
            description: "Бездротові",
            labels: [
              { name: "Хіт", color: "" },
              { name: "Знижка", color: "#FF0000" },
            ],
            keywords: ["навушники"],
            synonyms: ["гарнітура"],
            params: [
              {
                name: "Колір",
                value: "Чорний",
                is_filter: true,
                is_variation: false,
                color: "#000000",
                swatch_image: null,
              },
            ],
          },
          {
            language: "en",
            name: "Sony WH-1000XM5 headphones",
            url: "https://shop.example/en/full",
            description: null,
            labels: [],
            keywords: [],
            synonyms: [],
            params: [],
          },
        ],
      }),
    );
  });
});

describe("validation", () => {
  test("required fields on an update too, every one reported", async () => {
    await post(service, PRODUCTS, shop.secret_token, [product("req")]);
    const r = await post(service, PRODUCTS, shop.secret_token, [
      { source_id: "req", new_price: 50 },
    ]);
    expect(r).toEqual({
      status: 400,
      body: {
        successful: [],
        errors: [
          {
            index: 0,
            errors: {
              code: ["This field is required."],
              source_category_id: ["This field is required."],
              currency_code: ["This field is required."],
              translations: ["This field is required."],
            },
          },
        ],
      },
    });
  });

  test("every rule of 4.1 rule 4, every failing field of the item", async () => {
    const bad = {
      source_id: "bad",
      code: "X",
      source_category_id: "1",
      currency_code: "GBP",
      new_price: 0,
      old_price: -5,
      vendor: "v".repeat(256),
      picture: "ftp://img.example/x.png",
      translations: [
        { language: "de", name: "x", url: "https://a.example" },
        { language: "uk", name: "y", url: "shop.example/y" },
        { language: "uk", name: "z", url: "https://a.example" },
      ],
      warehouses: [{ external_id: "w1", quantity: -1 }, { quantity: 2.5 }],
    };
    const r = await post(service, PRODUCTS, shop.secret_token, [bad]);
    expect(r).toEqual({
      status: 400,
      body: {
        successful: [],
        errors: [
          {
            index: 0,
            errors: {
              currency_code: ['"GBP" is not a valid choice.'],
              new_price: ["Ensure this value is greater than 0."],
              old_price: ["Ensure this value is greater than 0."],
              vendor: ["Ensure this field has no more than 255 characters."],
              picture: ["Enter a valid URL starting with http:// or https://."],
              "translations.0.language": ['"de" is not a valid choice.'],
              "translations.1.url": ["Enter a valid URL starting with http:// or https://."],
              "translations.2.language": ['Duplicate language code "uk".'],
              "warehouses.0.quantity": ["Ensure this value is greater than or equal to 0."],
              "warehouses.1.external_id": ["This field is required."],
              "warehouses.1.quantity": ["A valid integer is required."],
            },
          },
        ],
      },
    });
  });

  test("old_price below new_price, empty translations", async () => {
    const r = await post(service, PRODUCTS, shop.secret_token, [
      product("op", { new_price: 100, old_price: 90 }),
      product("tr", { translations: [] }),
    ]);
    expect(r).toEqual({
      status: 400,
      body: {
        successful: [],
        errors: [
          {
            index: 0,
            errors: { old_price: ["Ensure old_price is greater than or equal to new_price."] },
          },
          { index: 1, errors: { translations: ["This list may not be empty."] } },
        ],
      },
    });
  });

  test("unknown category: item error; the valid items of the batch are saved", async () => {
    const r = await post(service, PRODUCTS, shop.secret_token, [
      product("ok-1"),
      product("nocat", { source_category_id: "999" }),
    ]);
    expect(r).toEqual({
      status: 400,
      body: {
        successful: [{ index: 0, status: 201, data: record(product("ok-1")) }],
        errors: [
          {
            index: 1,
            errors: { source_category_id: ['Category "999" does not exist in this domain.'] },
          },
        ],
      },
    });
    const again = await post(service, PRODUCTS, shop.secret_token, [product("ok-1")]);
    expect(again.body.successful[0].status).toBe(200);
  });

  test("a category of another domain does not count", async () => {
    const other = await createDomain(service);
    await post(service, CATEGORIES, other.secret_token, [category(77)]);
    const r = await post(service, PRODUCTS, shop.secret_token, [
      product("x77", { source_category_id: "77" }),
    ]);
    expect(r.body.errors).toEqual([
      {
        index: 0,
        errors: { source_category_id: ['Category "77" does not exist in this domain.'] },
      },
    ]);
  });

  test("group_id: set on create, kept when absent, never changed", async () => {
    await post(service, PRODUCTS, shop.secret_token, [product("g1", { group_id: "A" })]);
    const kept = await post(service, PRODUCTS, shop.secret_token, [product("g1")]);
    expect(kept.body.successful[0].data.group_id).toBe("A");
    const changed = await post(service, PRODUCTS, shop.secret_token, [
      product("g1", { group_id: "B" }),
    ]);
    expect(changed).toEqual({
      status: 400,
      body: {
        successful: [],
        errors: [
          {
            index: 0,
            errors: { group_id: ["This field cannot be changed after the product is created."] },
          },
        ],
      },
    });
    const same = await post(service, PRODUCTS, shop.secret_token, [
      product("g1", { group_id: "A" }),
    ]);
    expect(same.status).toBe(200);
    // null is a value (no group): clearing a group is a change too.
    const cleared = await post(service, PRODUCTS, shop.secret_token, [
      product("g1", { group_id: null }),
    ]);
    expect(cleared.body.errors).toEqual([
      {
        index: 0,
        errors: { group_id: ["This field cannot be changed after the product is created."] },
      },
    ]);
  });

  test("unknown fields are ignored, null optionals of a new product are no value", async () => {
    const r = await post(service, PRODUCTS, shop.secret_token, [
      product("unk", { colour_of_box: "red", vendor: null, picture: null, warehouses: null }),
    ]);
    expect(r).toEqual({
      status: 201,
      body: { successful: [{ index: 0, status: 201, data: record(product("unk")) }] },
    });
  });
});

describe("updates: absent keeps, null clears (rule 9)", () => {
  const uk = {
    language: "uk",
    name: "Квазар навушники",
    url: "https://shop.example/uk/upd",
    description: "Бездротові",
    labels: ["Хіт"],
    keywords: ["гарнітура"],
    synonyms: ["вуха"],
    params: [{ name: "Колір", value: "Чорний", is_filter: true }],
  };
  const en = { language: "en", name: "Quasar headphones", url: "https://shop.example/en/upd" };
  const stored = {
    uk: {
      ...uk,
      labels: [{ name: "Хіт", color: "" }],
      params: [
        {
          name: "Колір",
          value: "Чорний",
          is_filter: true,
          is_variation: false,
          color: null,
          swatch_image: null,
        },
      ],
    },
    en: { ...en, description: null, labels: [], keywords: [], synonyms: [], params: [] },
  };
  const bare = (language: string, name: string, url: string) => ({
    language,
    name,
    url,
    description: null,
    labels: [],
    keywords: [],
    synonyms: [],
    params: [],
  });
  const search = async (query: string): Promise<any> =>
    (await fetch(`${service.url}/api/v2/search/?token=${shop.search_token}&${query}`)).json();
  /** The first item of a search, once `ready` holds for it (the index follows the store). */
  async function searched(query: string, ready: (item: any) => boolean): Promise<any> {
    const deadline = Date.now() + 10_000;
    for (;;) {
      const item = (await search(query)).products.groups[0]?.items[0];
      if ((item && ready(item)) || Date.now() > deadline) return item;
      await Bun.sleep(10);
    }
  }

  test("a price update keeps every optional field it does not send", async () => {
    const full = product("upd", {
      new_price: 90,
      old_price: 120,
      picture: "https://img.example/upd.jpg",
      availability: false,
      vendor: "Sony",
      group_id: "g-upd",
      is_main: true,
      translations: [uk, en],
    });
    const created = await post(service, PRODUCTS, shop.secret_token, [full]);
    expect(created.status).toBe(201);
    const id = created.body.successful[0].data.id;
    // The required fields, the new price and only the uk translation (renamed).
    const update = product("upd", {
      new_price: 80,
      translations: [{ language: "uk", name: "Квазар нова назва", url: uk.url }],
    });
    const kept = {
      id,
      old_price: 120,
      picture: "https://img.example/upd.jpg",
      vendor: "Sony",
      group_id: "g-upd",
      is_main: true,
    };
    expect(await post(service, PRODUCTS, shop.secret_token, [update])).toEqual({
      status: 200,
      body: {
        successful: [
          {
            index: 0,
            status: 200,
            data: record(update, {
              ...kept,
              new_price: 80,
              // Absent availability is in stock (rule 7): it is not kept.
              availability: true,
              translations: [bare("uk", "Квазар нова назва", uk.url), stored.en],
            }),
          },
        ],
      },
    });
    // What the search shows is the merged record: the kept old price, vendor and picture,
    // and the English name that the update did not send.
    expect(await searched("q=квазар&language=en", (i) => i.discounted_price === 80)).toEqual({
      id,
      source_id: "upd",
      category_id: expect.any(Number),
      sku: "SKU-upd",
      vendor: "Sony",
      name: "Quasar headphones",
      url: en.url,
      price: 120,
      discounted_price: 80,
      currency: "UAH",
      picture_url: "https://img.example/upd.jpg",
      availability: true,
      labels: [],
    });
  });

  test("null clears a field, kept cleared by the next update; a language not sent is kept", async () => {
    const full = product("nul", {
      old_price: 150,
      picture: "https://img.example/nul.jpg",
      vendor: "JBL",
      is_main: false,
      translations: [uk, en],
    });
    expect((await post(service, PRODUCTS, shop.secret_token, [full])).status).toBe(201);
    const cleared = product("nul", {
      old_price: null,
      picture: null,
      vendor: null,
      is_main: null,
      group_id: null,
      availability: null,
      translations: [{ language: "en", name: "Nulled", url: en.url }],
    });
    const r = await post(service, PRODUCTS, shop.secret_token, [cleared]);
    const expected = record(cleared, {
      id: r.body.successful[0]?.data.id,
      translations: [stored.uk, bare("en", "Nulled", en.url)],
    });
    expect(r).toEqual({
      status: 200,
      body: { successful: [{ index: 0, status: 200, data: expected }] },
    });
    // The next update sends none of them: they stay cleared (what was stored is null).
    const again = await post(service, PRODUCTS, shop.secret_token, [
      product("nul", { translations: [uk] }),
    ]);
    expect(again.body.successful[0].data).toEqual(expected);
  });

  test("warehouses: absent keeps them and they decide availability; null clears them", async () => {
    const created = await post(service, PRODUCTS, shop.secret_token, [
      product("wnul", { warehouses: [{ external_id: "kyiv", available: false, quantity: 0 }] }),
    ]);
    expect(created.body.successful[0].data.availability).toBe(false);
    const kept = await post(service, PRODUCTS, shop.secret_token, [
      product("wnul", { new_price: 95 }),
    ]);
    expect(kept.body.successful[0].data).toMatchObject({
      availability: false,
      warehouses: [
        {
          external_id: "kyiv",
          available: false,
          quantity: 0,
          new_price: null,
          old_price: null,
          currency_code: null,
        },
      ],
    });
    const cleared = await post(service, PRODUCTS, shop.secret_token, [
      product("wnul", { warehouses: null, availability: false }),
    ]);
    expect(cleared.body.successful[0].data).toMatchObject({ availability: false, warehouses: [] });
    const inStock = await post(service, PRODUCTS, shop.secret_token, [product("wnul")]);
    expect(inStock.body.successful[0].data).toMatchObject({ availability: true, warehouses: [] });
  });

  test("a kept old_price below the new new_price is refused; null or a new one passes", async () => {
    await post(service, PRODUCTS, shop.secret_token, [product("opk", { old_price: 120 })]);
    expect(
      await post(service, PRODUCTS, shop.secret_token, [product("opk", { new_price: 150 })]),
    ).toEqual({
      status: 400,
      body: {
        successful: [],
        errors: [
          {
            index: 0,
            errors: {
              old_price: [
                "Ensure old_price is greater than or equal to new_price. The stored old_price is 120: send a new one, or null to clear it.",
              ],
            },
          },
        ],
      },
    });
    const r = await post(service, PRODUCTS, shop.secret_token, [
      product("opk", { new_price: 150, old_price: null }),
      product("opk", { new_price: 140, old_price: 160 }),
    ]);
    expect(
      r.body.successful.map((s: any) => [s.status, s.data.new_price, s.data.old_price]),
    ).toEqual([
      [200, 150, null],
      [200, 140, 160],
    ]);
  });
});

describe("text and ids", () => {
  test("a lone surrogate in source_id is a field error, batch after batch, nothing saved", async () => {
    const items = [product("ls", { source_id: "q\ud801" }), product("ls-ok")];
    const expected = {
      status: 400,
      body: {
        successful: [{ index: 1, status: 201, data: record(product("ls-ok")) }],
        errors: [{ index: 0, errors: { source_id: ["Enter valid Unicode text."] } }],
      },
    };
    expect(await post(service, PRODUCTS, shop.secret_token, items)).toEqual(expected);
    const again = await post(service, PRODUCTS, shop.secret_token, [
      product("ls", { source_id: "q\ud801", new_price: 5 }),
    ]);
    expect(again).toEqual({
      status: 400,
      body: {
        successful: [],
        errors: [{ index: 0, errors: { source_id: ["Enter valid Unicode text."] } }],
      },
    });
    // What SQLite would have stored in its place is a new product.
    const replaced = await post(service, PRODUCTS, shop.secret_token, [
      product("ls", { source_id: "q\ufffd" }),
    ]);
    expect(replaced.body.successful[0].status).toBe(201);
  });

  test("vendor counts characters: 255 emoji are accepted, 256 are not; names are bounded", async () => {
    const p = product("emoji", { vendor: "😀".repeat(255) });
    expect(await post(service, PRODUCTS, shop.secret_token, [p])).toEqual({
      status: 201,
      body: {
        successful: [{ index: 0, status: 201, data: record(p, { vendor: "😀".repeat(255) }) }],
      },
    });
    const long = await post(service, PRODUCTS, shop.secret_token, [
      product("emoji", {
        vendor: "😀".repeat(256),
        code: "c".repeat(256),
        translations: [{ language: "uk", name: "n".repeat(501), url: "https://shop.example/e" }],
      }),
    ]);
    expect(long).toEqual({
      status: 400,
      body: {
        successful: [],
        errors: [
          {
            index: 0,
            errors: {
              code: ["Ensure this field has no more than 255 characters."],
              vendor: ["Ensure this field has no more than 255 characters."],
              "translations.0.name": ["Ensure this field has no more than 500 characters."],
            },
          },
        ],
      },
    });
  });

  test("integer ids and codes are stored as decimal strings; booleans are errors", async () => {
    const p = {
      ...product("123"),
      source_id: 123,
      code: 456,
      source_category_id: 1,
      group_id: 9,
      warehouses: [{ external_id: 7, available: true }],
    };
    const r = await post(service, PRODUCTS, shop.secret_token, [p]);
    expect(r).toEqual({
      status: 201,
      body: {
        successful: [
          {
            index: 0,
            status: 201,
            data: record(product("123"), {
              code: "456",
              group_id: "9",
              warehouses: [
                {
                  external_id: "7",
                  available: true,
                  quantity: 0,
                  new_price: null,
                  old_price: null,
                  currency_code: null,
                },
              ],
            }),
          },
        ],
      },
    });
    const same = await post(service, PRODUCTS, shop.secret_token, [
      product("123", { code: "456" }),
    ]);
    expect(same.body.successful[0]).toMatchObject({
      status: 200,
      data: { id: r.body.successful[0].data.id },
    });
    const bad = await post(service, PRODUCTS, shop.secret_token, [
      { ...product("b"), source_id: true, code: { a: 1 }, warehouses: [{ external_id: [7] }] },
    ]);
    expect(bad).toEqual({
      status: 400,
      body: {
        successful: [],
        errors: [
          {
            index: 0,
            errors: {
              source_id: ["Not a valid string."],
              code: ["Not a valid string."],
              "warehouses.0.external_id": ["Not a valid string."],
            },
          },
        ],
      },
    });
  });
});

describe("warehouses and availability", () => {
  const w = (external_id: string, available: boolean, extra: Record<string, unknown> = {}) => ({
    external_id,
    available,
    ...extra,
  });
  const stock = (external_id: string, available: boolean, extra: Record<string, unknown> = {}) => ({
    external_id,
    available,
    quantity: 0,
    new_price: null,
    old_price: null,
    currency_code: null,
    ...extra,
  });

  test("absent availability is in stock; a given value is used", async () => {
    const r = await post(service, PRODUCTS, shop.secret_token, [
      product("a1"),
      product("a2", { availability: false }),
    ]);
    expect(
      r.body.successful.map((s: { data: { availability: boolean } }) => s.data.availability),
    ).toEqual([true, false]);
  });

  test("availability is the OR of the warehouses; absent ones are deleted; not sent keeps them", async () => {
    const created = await post(service, PRODUCTS, shop.secret_token, [
      product("wh", {
        availability: false,
        warehouses: [w("kyiv", false), w("lviv", true, { quantity: 3, new_price: 90 })],
      }),
    ]);
    expect(created.body.successful[0].data).toMatchObject({
      availability: true,
      warehouses: [stock("kyiv", false), stock("lviv", true, { quantity: 3, new_price: 90 })],
    });
    const narrowed = await post(service, PRODUCTS, shop.secret_token, [
      product("wh", { availability: true, warehouses: [w("kyiv", false)] }),
    ]);
    expect(narrowed.body.successful[0].data).toMatchObject({
      availability: false,
      warehouses: [stock("kyiv", false)],
    });
    const notSent = await post(service, PRODUCTS, shop.secret_token, [product("wh")]);
    expect(notSent.body.successful[0].data).toMatchObject({
      availability: false,
      warehouses: [stock("kyiv", false)],
    });
    const cleared = await post(service, PRODUCTS, shop.secret_token, [
      product("wh", { warehouses: [] }),
    ]);
    expect(cleared.body.successful[0].data).toMatchObject({ availability: true, warehouses: [] });
  });
});

const tooLarge = {
  status: "HTTP/1.1 413 Payload Too Large",
  connection: "close",
  body: { detail: "Request body too large: at most 200000 bytes are accepted." },
  closed: true,
};

/**
 * Sends an import request over a socket of its own (the framing is the test's subject): the
 * head with `framing`, then `body` (in one chunk when chunked, left unfinished), and reads the
 * answer until the server closes the connection.
 */
function rawPost(
  framing: string,
  body: Uint8Array,
  options: { chunked?: boolean } = {},
): Promise<{ status: string; connection: string | undefined; body: unknown; closed: boolean }> {
  const { hostname, port } = new URL(service.url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname);
    const received: Buffer[] = [];
    socket.on("data", (d: Buffer) => received.push(d));
    socket.on("error", reject);
    socket.on("close", () => {
      const text = Buffer.concat(received).toString();
      const [head = "", rest = ""] = text.split("\r\n\r\n");
      const [status = "", ...headers] = head.split("\r\n");
      const connection = headers
        .find((h) => h.toLowerCase().startsWith("connection:"))
        ?.slice("connection:".length)
        .trim();
      resolve({ status, connection, body: rest && JSON.parse(rest), closed: true });
    });
    socket.write(
      `POST ${PRODUCTS} HTTP/1.1\r\nHost: ${hostname}:${port}\r\n` +
        `X-Secret-Token: ${shop.secret_token}\r\nContent-Type: application/json\r\n${framing}\r\n\r\n`,
    );
    if (options.chunked) socket.write(`${body.byteLength.toString(16)}\r\n`);
    socket.write(body);
    if (options.chunked) socket.write("\r\n");
  });
}

describe("malformed requests", () => {
  const cases: [string, string, Record<string, string>, string][] = [
    ["malformed JSON", "[{", {}, "JSON parse error - "],
    ["an object", '{"source_id": "x"}', {}, 'Expected a list of items but got type "object".'],
    [
      "a string item",
      '["x"]',
      {},
      "Invalid data at index 0. Expected a dictionary, but got string.",
    ],
    ["form content type", "[]", { "content-type": "application/x-www-form-urlencoded" }, ""],
  ];
  for (const [name, body, headers, detail] of cases)
    test(`${name}: 400 with detail`, async () => {
      const r = await post(service, PRODUCTS, shop.secret_token, body, headers);
      expect(r.status).toBe(400);
      expect(Object.keys(r.body)).toEqual(["detail"]);
      expect(r.body.detail).toStartWith(
        detail ||
          'Unsupported media type "application/x-www-form-urlencoded" in request; use application/json.',
      );
    });

  test("a body that is not UTF-8: 400 with detail, nothing saved", async () => {
    const json = new TextEncoder().encode(JSON.stringify([product("utf-a"), product("utf-b")]));
    // "utf-a" becomes "utf-\xff": a byte no UTF-8 text has.
    json[json.indexOf(0x61, json.indexOf(0x2d))] = 0xff;
    const r = await fetch(`${service.url}${PRODUCTS}`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-secret-token": shop.secret_token },
      body: json,
    });
    expect({ status: r.status, body: await r.json() }).toEqual({
      status: 400,
      body: { detail: "The request body is not valid UTF-8." },
    });
    const probe = await post(service, PRODUCTS, shop.secret_token, [product("utf-b")]);
    expect(probe.body.successful[0].status).toBe(201);
  });

  test("an invalid item among non-objects saves nothing", async () => {
    const r = await post(service, PRODUCTS, shop.secret_token, [product("never"), 5]);
    expect(r.status).toBe(400);
    const probe = await post(service, PRODUCTS, shop.secret_token, [product("never")]);
    expect(probe.body.successful[0].status).toBe(201);
  });

  test("too many items: 413 with detail, nothing saved", async () => {
    const items = Array.from({ length: 51 }, (_, i) => product(`many-${i}`));
    const r = await post(service, PRODUCTS, shop.secret_token, items);
    expect(r).toEqual({
      status: 413,
      body: { detail: "Too many items: 51; at most 50 are accepted in one request." },
    });
    const probe = await post(service, PRODUCTS, shop.secret_token, [product("many-0")]);
    expect(probe.body.successful[0].status).toBe(201);
  });

  test("too many bytes: 413 with detail", async () => {
    const r = await post(service, PRODUCTS, shop.secret_token, [
      product("big", { vendor: "x".repeat(250_000) }),
    ]);
    expect(r).toEqual({
      status: 413,
      body: { detail: "Request body too large: at most 200000 bytes are accepted." },
    });
  });

  // Bun's own limit used to answer a declared length above it with a bare 413 and no body.
  test("a body declared far over the limit: the JSON 413 at once, then close", async () => {
    const r = await rawPost(
      `Content-Length: ${5 * 1024 * 1024 * 1024}`,
      new TextEncoder().encode(`[${JSON.stringify(product("huge"))},`),
    );
    expect(r).toEqual(tooLarge);
  });

  test("a chunked body over the limit: the JSON 413, then close", async () => {
    const item = new TextEncoder().encode(`${JSON.stringify(product("chunk"))},`);
    const body = new Uint8Array(220_000).fill(0x20);
    body.set(new TextEncoder().encode("["));
    body.set(item, 1);
    const r = await rawPost("Transfer-Encoding: chunked", body, { chunked: true });
    expect(r).toEqual(tooLarge);
    const probe = await post(service, PRODUCTS, shop.secret_token, [product("chunk")]);
    expect(probe.body.successful[0].status).toBe(201);
  });

  test("an empty array is a successful empty batch", async () => {
    expect(await post(service, PRODUCTS, shop.secret_token, [])).toEqual({
      status: 200,
      body: { successful: [] },
    });
  });
});
