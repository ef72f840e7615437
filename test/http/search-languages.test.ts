// One language at a time (PRODUCT.md "Search": filters per language; docs/API.md, "Filters
// across languages"), over HTTP:
//  1. `language=en` lists each attribute once, in English: a product in uk and en counts under
//     its en values, one with uk alone under the en values its uk ones are (learnt from the
//     products in both, whose params come in the same order); what no product translates stays
//     in uk, under the en attribute when that one is known
//  2. `language=uk` lists the same attributes in Ukrainian only; `ru`, which no product has,
//     falls back to uk
//  3. an en value's id selects the products with uk alone too, in an en and in a uk answer;
//     counts stay disjunctive
//  4. every price carries its currency: the product's, or with `wid` the warehouse's when that
//     warehouse sets the prices (not when it sets only a currency)
import { afterAll, beforeAll, expect, test } from "bun:test";
import { attributeId, valueId } from "../../src/search/index/hash-ids.ts";
import {
  CATEGORIES,
  createDomain,
  PRODUCTS,
  post,
  type Service,
  startService,
  type Tokens,
} from "./harness.ts";

let service: Service;
let shop: Tokens;

const filter = (name: string, value: string, color: string | null = null) => ({
  name,
  value,
  is_filter: true,
  color,
});
const COLOUR = "Колір";
const BATTERY = "Ємність акумулятора";
const phone = (
  id: string,
  uk: ReturnType<typeof filter>[],
  en: ReturnType<typeof filter>[] | null,
  extra: Record<string, unknown> = {},
) => ({
  source_id: id,
  code: `SKU-${id}`,
  source_category_id: "1",
  currency_code: "UAH",
  new_price: Number(id) * 100,
  vendor: "Nova",
  translations: [
    { language: "uk", name: `Смартфон ${id}`, url: `https://shop.example/p/${id}`, params: uk },
    ...(en === null
      ? []
      : [
          {
            language: "en",
            name: `Phone ${id}`,
            url: `https://shop.example/en/p/${id}`,
            params: en,
          },
        ]),
  ],
  ...extra,
});

beforeAll(async () => {
  service = await startService();
  shop = await createDomain(service);
  await post(service, CATEGORIES, shop.secret_token, [
    {
      source_category_id: 1,
      translations: [
        { language: "uk", name: "Смартфони", url: "https://shop.example/c/1" },
        { language: "en", name: "Smartphones", url: "https://shop.example/en/c/1" },
      ],
    },
  ]);
  const r = await post(service, PRODUCTS, shop.secret_token, [
    phone(
      "1",
      [filter(COLOUR, "Чорний", "#000000"), filter(BATTERY, "5000 мА·год")],
      [filter("Color", "Black"), filter("Battery capacity", "5000 mAh")],
    ),
    phone(
      "2",
      [filter(COLOUR, "Синій", "#0000ff"), filter(BATTERY, "4000 мА·год")],
      [filter("Color", "Blue", "#0000ff"), filter("Battery capacity", "4000 mAh")],
      {
        warehouses: [{ external_id: "kyiv", available: true, new_price: 10, currency_code: "USD" }],
      },
    ),
    // uk alone; a battery and a material that no product says in English.
    phone(
      "3",
      [filter(COLOUR, "Чорний"), filter(BATTERY, "6000 мА·год"), filter("Матеріал", "Скло")],
      null,
      { warehouses: [{ external_id: "kyiv", available: true, currency_code: "USD" }] },
    ),
  ]);
  expect(r.status).toBe(201);
  // Searchable within about a second (docs/API.md): wait for it, never for a fixed time.
  const deadline = Date.now() + 5000;
  while ((await search("")).body.total !== 3) {
    if (Date.now() > deadline) throw new Error("the products were not indexed in time");
    await Bun.sleep(10);
  }
});
afterAll(() => service[Symbol.asyncDispose]());

const search = async (query: string) => {
  const r = await fetch(
    `${service.url}/api/v2/search/?token=${shop.search_token}&q=nova&group_by_category=false&${query}`,
  );
  return { status: r.status, body: (await r.json()) as any };
};

const EN = {
  color: attributeId("en", "Color"),
  battery: attributeId("en", "Battery capacity"),
};
const UK = {
  color: attributeId("uk", COLOUR),
  battery: attributeId("uk", BATTERY),
  material: attributeId("uk", "Матеріал"),
};
const v = (attribute: number, name: string, total: number, color?: string) => ({
  id: valueId(attribute, name),
  name,
  total,
  ...(color === undefined ? {} : { color }),
});
const MATERIAL = { id: UK.material, name: "Матеріал", values: [v(UK.material, "Скло", 1)] };

test("1. language=en: one filter per attribute, in English, uk where nothing says it in en", async () => {
  const { status, body } = await search("language=en");
  expect(status).toBe(200);
  expect(body.total).toBe(3);
  expect(body.filters).toEqual([
    {
      id: EN.battery,
      name: "Battery capacity",
      values: [
        v(EN.battery, "4000 mAh", 1),
        v(EN.battery, "5000 mAh", 1),
        v(UK.battery, "6000 мА·год", 1),
      ],
    },
    {
      id: EN.color,
      name: "Color",
      // Black's colour is that of its uk twin.
      values: [v(EN.color, "Black", 2, "#000000"), v(EN.color, "Blue", 1, "#0000ff")],
    },
    MATERIAL,
  ]);
  const names = body.products.groups[0].items.map((p: any) => p.name).sort();
  expect(names).toEqual(["Phone 1", "Phone 2", "Смартфон 3"]);
});

test("2. language=uk lists Ukrainian only; ru, which no product has, falls back to uk", async () => {
  const uk = await search("language=uk");
  const ukFilters = [
    {
      id: UK.battery,
      name: BATTERY,
      values: [
        v(UK.battery, "4000 мА·год", 1),
        v(UK.battery, "5000 мА·год", 1),
        v(UK.battery, "6000 мА·год", 1),
      ],
    },
    {
      id: UK.color,
      name: COLOUR,
      values: [v(UK.color, "Чорний", 2, "#000000"), v(UK.color, "Синій", 1, "#0000ff")],
    },
    MATERIAL,
  ];
  expect(uk.body.filters).toEqual(ukFilters);
  expect((await search("language=ru")).body.filters).toEqual(ukFilters);
});

test("3. an en value's id selects the products with uk alone too; counts stay disjunctive", async () => {
  const black = valueId(EN.color, "Black");
  const en = await search(`language=en&filters=${black}`);
  expect(en.body.total).toBe(2);
  expect(en.body.filters).toEqual([
    {
      id: EN.color,
      name: "Color",
      values: [v(EN.color, "Black", 2, "#000000"), v(EN.color, "Blue", 1, "#0000ff")],
    },
    {
      id: EN.battery,
      name: "Battery capacity",
      values: [v(EN.battery, "5000 mAh", 1), v(UK.battery, "6000 мА·год", 1)],
    },
    MATERIAL,
  ]);
  const uk = await search(`language=uk&filters=${black}`);
  expect(uk.body.total).toBe(2);
  expect(uk.body.filters[0]).toEqual({
    id: UK.color,
    name: COLOUR,
    values: [v(UK.color, "Чорний", 2, "#000000"), v(UK.color, "Синій", 1, "#0000ff")],
  });
  // The uk id of the untranslated battery selects its product in an en answer.
  const battery = await search(`language=en&filters=${valueId(UK.battery, "6000 мА·год")}`);
  expect(battery.body.products.groups[0].items.map((p: any) => p.name)).toEqual(["Смартфон 3"]);
});

test("4. every price carries its currency, the warehouse's with the warehouse's prices", async () => {
  const offers = async (query: string) => {
    const { body } = await search(query);
    const items = body.products.groups[0].items as any[];
    return Object.fromEntries(
      items.map((p) => [p.source_id, [p.price, p.discounted_price, p.currency]]),
    );
  };
  expect(await offers("language=en")).toEqual({
    "1": [100, 100, "UAH"],
    "2": [200, 200, "UAH"],
    "3": [300, 300, "UAH"],
  });
  expect(await offers("language=en&wid=kyiv")).toEqual({
    "1": [100, 100, "UAH"],
    "2": [10, 10, "USD"],
    "3": [300, 300, "UAH"],
  });
});
