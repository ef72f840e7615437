// The feed pipeline from bytes to bulk items, on generated feeds (test/fixtures/feeds):
//  1. each dialect (YML, Hotline, Google RSS and Atom, CSV) is detected and mapped field by field
//  2. languages: name/name_ua and _UA/_RU params become uk and ru; a one-language feed is told
//     by its letters
//  3. the flaws of docs/FEEDS.md: Windows-1251, BOM, CDATA, HTML and entities, duplicate ids,
//     a missing category, prices with commas and spaces, empty params, no offers or
//     categories, XML broken after thousands of offers, a truncated download: each its outcome
//  4. prices: currencies converted by the feed's rates, promo and old prices
//  5. categories: parents first, with parent ids; ids that are not numbers mapped stably
//  6. a run is a diff: unchanged, updated and gone counted; a dry run previews and writes
//     nothing; a feed lacking more than half of the store is refused before any write unless
//     forced; a bulk answer's outcomes read without parsing its records
//  7. the spool gives its offers back in order across read slices and leaves no directory
import { describe, expect, test } from "bun:test";
import { existsSync } from "node:fs";
import {
  csv,
  googleAtom,
  googleRss,
  hotline,
  offersOf,
  utf8,
  windows1251,
  withBom,
  yml,
} from "../../test/fixtures/feeds/feed-generators.ts";
import { AppError } from "../errors.ts";
import { encodeAnswer } from "../import/import-answer.ts";
import { answerOf } from "./bulk-sink.ts";
import { categoryNumber } from "./category-ids.ts";
import { htmlToText, parsePrice, plainLine } from "./feed-text.ts";
import { emptyOffer } from "./feed-types.ts";
import { importFeed } from "./import-feed.ts";
import { OfferSpool } from "./offer-spool.ts";
import type { ProductBatch } from "./product-batches.ts";
import type { FeedSink } from "./run-feed.ts";

/** A product batch's items, each as its JSON. */
const itemsOf = (batch: ProductBatch): string[] =>
  (JSON.parse(new TextDecoder().decode(batch.body)) as unknown[]).map((i) => JSON.stringify(i));

async function* chunked(bytes: Uint8Array, size = 1000): AsyncGenerator<Uint8Array> {
  for (let i = 0; i < bytes.length; i += size) yield bytes.slice(i, i + size);
}

/** A sink that keeps what it was sent. */
function memory() {
  const sent = { categories: [] as any[], products: [] as any[] };
  const sink: FeedSink = {
    categories: async (b) => {
      sent.categories.push(...b.map((j) => JSON.parse(j)));
      return b.map(() => ({ status: 201 }));
    },
    products: async (b) => {
      sent.products.push(...itemsOf(b).map((j) => JSON.parse(j)));
      return b.ids.map(() => ({ status: 201 }));
    },
    reindex: async () => {},
  };
  return { sent, sink };
}

async function run(feed: string | Uint8Array, format: "auto" | "csv" = "auto") {
  const { sent, sink } = memory();
  const result = await importFeed(chunked(typeof feed === "string" ? utf8(feed) : feed), sink, {
    format,
    dryRun: false,
    limits: { maxItems: 100, maxBytes: 1 << 20 },
  });
  return { result, ...sent };
}

describe("1. dialects", () => {
  test("YML: every field", async () => {
    const { result, products, categories } = await run(
      yml({
        offers: [
          {
            id: "7",
            category: "2",
            name: "Навушники Sony",
            price: "1 299,50",
            oldPrice: "1500",
            available: false,
            vendor: "Sony",
            groupId: "g1",
            params: [{ name: "Вага", value: "250", unit: "г" }],
          },
        ],
      }),
    );
    expect(result).toMatchObject({ format: "yml", offers: 1, created: 1, failed: 0 });
    expect(categories).toEqual([
      { source_category_id: 1, translations: [{ language: "uk", name: "Електроніка" }] },
      {
        source_category_id: 2,
        parent_id: 1,
        translations: [{ language: "uk", name: "Навушники" }],
      },
    ]);
    expect(products).toEqual([
      {
        source_id: "7",
        code: "SKU-7",
        source_category_id: "2",
        currency_code: "UAH",
        translations: [
          {
            language: "uk",
            name: "Навушники Sony",
            url: "https://shop.example/p/7",
            params: [{ name: "Вага", value: "250 г" }],
          },
        ],
        old_price: 1500,
        new_price: 1299.5,
        picture: "https://img.example/7.jpg",
        availability: false,
        vendor: "Sony",
        group_id: "g1",
      },
    ]);
  });

  test("Hotline: priceRUAH, stock, image", async () => {
    const { result, products } = await run(hotline([{ id: "5", price: "250", available: false }]));
    expect(result).toMatchObject({ format: "hotline", created: 1 });
    expect(products[0]).toMatchObject({
      source_id: "5",
      code: "H-5",
      new_price: 250,
      currency_code: "UAH",
      availability: false,
      picture: "https://img.example/5.jpg",
      vendor: "Sony",
    });
  });

  test("Google RSS: g: fields, sale price, breadcrumb categories with parents", async () => {
    const { result, products, categories } = await run(
      googleRss([
        {
          id: "g1",
          title: "Сумка шкіряна",
          price: "499.00 UAH",
          salePrice: "399.00 UAH",
          availability: "out_of_stock",
          productType: "Одяг > Сумки",
          groupId: "bag",
        },
      ]),
    );
    expect(result).toMatchObject({ format: "google", created: 1, categories: { created: 2 } });
    const root = categoryNumber("path:Одяг");
    const leaf = categoryNumber("path:Одяг > Сумки");
    expect(categories).toEqual([
      { source_category_id: root, translations: [{ language: "uk", name: "Одяг" }] },
      {
        source_category_id: leaf,
        parent_id: root,
        translations: [{ language: "uk", name: "Сумки" }],
      },
    ]);
    expect(products[0]).toMatchObject({
      source_id: "g1",
      source_category_id: String(leaf),
      new_price: 399,
      old_price: 499,
      availability: false,
      group_id: "bag",
      translations: [{ language: "uk", name: "Сумка шкіряна", description: "Опис товару" }],
    });
  });

  test("Google Atom: link href, title", async () => {
    const { result, products } = await run(googleAtom("a1", "Чайник", "15.50 EUR", "Кухня"));
    expect(result).toMatchObject({ format: "google", created: 1 });
    expect(products[0]).toMatchObject({
      new_price: 15.5,
      currency_code: "EUR",
      translations: [{ url: "https://shop.example/p/a1" }],
    });
  });

  test("CSV: header columns, ; delimiter, param: columns", async () => {
    const { result, products } = await run(
      csv([
        ["id", "name", "name_ru", "price", "category", "url", "param:Колір"],
        ["c1", "Сумка", "Сумка", "1 299,00", "Одяг > Сумки", "https://s.example/1", "Чорний"],
      ]),
    );
    expect(result).toMatchObject({ format: "csv", created: 1, categories: { created: 2 } });
    expect(products[0].translations).toEqual([
      {
        language: "uk",
        name: "Сумка",
        url: "https://s.example/1",
        params: [{ name: "Колір", value: "Чорний" }],
      },
      {
        language: "ru",
        name: "Сумка",
        url: "https://s.example/1",
        params: [{ name: "Колір", value: "Чорний" }],
      },
    ]);
  });
});

describe("2. languages", () => {
  test("name and name_ua, _UA and _RU params: ru and uk translations", async () => {
    const { products, result } = await run(
      yml({
        offers: [
          {
            id: "1",
            category: "1",
            name: "Беспроводные наушники",
            nameUa: "Бездротові навушники",
            price: "10",
            params: [
              { name: "Цвет_RU", value: "Черный" },
              { name: "Колір_UA", value: "Чорний" },
              { name: "Вага", value: "" },
            ],
          },
        ],
      }),
    );
    expect(result.language).toBe("ru");
    expect(products[0].translations).toEqual([
      {
        language: "uk",
        name: "Бездротові навушники",
        url: "https://shop.example/p/1",
        params: [{ name: "Колір", value: "Чорний" }],
      },
      {
        language: "ru",
        name: "Беспроводные наушники",
        url: "https://shop.example/p/1",
        params: [{ name: "Цвет", value: "Черный" }],
      },
    ]);
  });

  test("a feed of one language is told by its letters", async () => {
    const ru = await run(
      yml({ offers: [{ id: "1", category: "1", name: "Чёрный кожаный рюкзак", price: "1" }] }),
    );
    expect(ru.result.language).toBe("ru");
    expect(ru.products[0].translations[0].language).toBe("ru");
    const en = await run(googleAtom("a", "Leather backpack", "1 USD", "Bags"));
    expect(en.result.language).toBe("en");
  });
});

describe("3. flaws", () => {
  const offer = { id: "1", category: "1", name: "Чайник", price: "10" };

  test("Windows-1251 by the declaration, UTF-8 with a BOM, CSV in Windows-1251", async () => {
    const cp = await run(windows1251(yml({ encoding: "windows-1251", offers: [offer] })));
    expect(cp.result.encoding).toBe("windows-1251");
    expect(cp.products[0].translations[0].name).toBe("Чайник");
    const bom = await run(withBom(yml({ offers: [offer] })));
    expect(bom.result).toMatchObject({ encoding: "utf-8", created: 1 });
    const table = await run(
      windows1251(
        csv([
          ["id", "name", "price", "category_id", "url"],
          ["1", "Чайник", "5", "1", "https://s.example/1"],
        ]),
      ),
    );
    expect(table.result.encoding).toBe("windows-1251");
    expect(table.products[0].translations[0].name).toBe("Чайник");
  });

  test("CDATA, HTML and entities in descriptions become plain text", async () => {
    const { products } = await run(
      yml({
        offers: [
          {
            ...offer,
            description:
              "<![CDATA[<p>Потужний&nbsp;чайник<br>на 1,7&nbsp;л</p><script>alert(1)</script><b>&lt;i&gt;</b>]]>",
          },
        ],
      }),
    );
    expect(products[0].translations[0].description).toBe("Потужний чайник\nна 1,7 л\n<i>");
    expect(htmlToText("a &amp;lt; b &#x41; &#0; &bogus;")).toBe("a &lt; b A &#0; &bogus;");
    // A text without tags or entities folds its spaces as one with them does.
    const spaces = " a\u00a0 b\r\n\n c\u2003";
    expect([plainLine(spaces), plainLine(`<b>${spaces}</b>`), plainLine(`&amp;${spaces}`)]).toEqual(
      ["a b c", "a b c", "& a b c"],
    );
    expect([htmlToText(spaces), htmlToText(`<i>${spaces}</i>`)]).toEqual(["a b\r\nc", "a b\r\nc"]);
  });

  test("duplicate offer ids: the first wins, the rest are errors", async () => {
    const { result, products } = await run(yml({ offers: [offer, { ...offer, name: "Інший" }] }));
    expect(products.map((p) => p.translations[0].name)).toEqual(["Чайник"]);
    expect(result).toMatchObject({ created: 1, failed: 1 });
    expect(result.errors).toEqual([
      {
        offer_id: "1",
        line: expect.any(Number),
        errors: {
          source_id: [
            expect.stringMatching(/^Duplicate offer id: the first, on line \d+, is imported\.$/),
          ],
        },
      },
    ]);
  });

  test("an offer whose category is missing, one without a url or name, a bad price", async () => {
    const feed = yml({
      offers: [
        { ...offer, id: "a", category: "99" },
        { ...offer, id: "b", price: "ціна" },
        { id: "c", category: "1", price: "5" },
        { ...offer, id: "ok" },
      ],
    });
    const { result } = await run(feed);
    expect(result.created).toBe(1);
    expect(result.errors.map((e) => [e.offer_id, e.errors])).toEqual([
      ["a", { source_category_id: ['Category "99" is not among the feed\'s categories.'] }],
      ["b", { new_price: ['Not a valid price: "ціна".'] }],
      ["c", { translations: ["The offer has no name."] }],
    ]);
  });

  test("prices with commas and spaces", () => {
    expect(
      [
        "1 299,50",
        "1 299.50",
        "1,299.50",
        "1.299,50",
        "1299",
        "12,5",
        "1,000,000",
        "499 грн",
        "x",
        "",
      ].map(parsePrice),
    ).toEqual([1299.5, 1299.5, 1299.5, 1299.5, 1299, 12.5, 1000000, 499, Number.NaN, Number.NaN]);
  });

  test("no offers; no categories", async () => {
    const none = await run(yml({ offers: [] }));
    expect(none.result).toMatchObject({ offers: 0, created: 0, categories: { created: 2 } });
    // Offers of a feed without categories name the store's own: the store checks them.
    const bare = await run(yml({ categories: [], offers: [offer] }));
    expect(bare.result).toMatchObject({ created: 1, categories: { total: 0 } });
    expect(bare.products[0].source_category_id).toBe("1");
  });

  test("XML broken after thousands of good offers: line and column, nothing written", async () => {
    const { sent, sink } = memory();
    const feed = yml({ offers: offersOf(3000), tail: '<offer id="x"><name>a</nam></offer>' });
    const error = await importFeed(chunked(utf8(feed), 4096), sink, {
      format: "auto",
      dryRun: false,
      limits: { maxItems: 100, maxBytes: 1 << 20 },
    }).catch((e) => e);
    expect(error).toBeInstanceOf(AppError);
    expect(error.code).toBe("feed_malformed");
    const line = feed.split("\n").findIndex((l) => l.includes("</nam>")) + 1;
    expect(error.vars).toMatchObject({
      line,
      column: (feed.split("\n")[line - 1]?.indexOf("</nam>") ?? 0) + "</nam>".length,
    });
    expect(sent).toEqual({ categories: [], products: [] });
  });

  test("a truncated download is broken XML, and a truncated CSV row a broken CSV", async () => {
    const feed = yml({ offers: offersOf(50) });
    const cut = await run(feed.slice(0, feed.length / 2)).catch((e) => e);
    expect(cut.code).toBe("feed_malformed");
    const table = csv([
      ["id", "name", "description"],
      ["1", "a", "b\nc"],
    ]);
    const open = await run(table.slice(0, table.length - 4), "csv").catch((e) => e);
    expect(open.code).toBe("feed_malformed");
  });

  test("an unknown XML root is no format", async () => {
    const e = await run("<?xml version='1.0'?><catalog/>").catch((x) => x);
    expect(e.code).toBe("feed_format_unknown");
  });
});

describe("4. prices", () => {
  test("a currency with a rate is converted to the base; one without is an error", async () => {
    const { result, products } = await run(
      yml({
        currencies: [
          { id: "UAH", rate: "1" },
          { id: "USD", rate: "41,5" },
        ],
        offers: [
          { id: "1", category: "1", name: "Чайник", price: "10", currency: "USD" },
          { id: "2", category: "1", name: "Чайник", price: "10", currency: "PLN" },
        ],
      }),
    );
    expect(products[0]).toMatchObject({ new_price: 415, currency_code: "UAH" });
    expect(result.errors[0]?.errors.currency_code).toBeDefined();
  });

  test("an old price not above the price is no discount", async () => {
    const { products } = await run(
      yml({ offers: [{ id: "1", category: "1", name: "Чайник", price: "10", oldPrice: "9" }] }),
    );
    expect(products[0].old_price).toBeNull();
  });
});

describe("5. category ids", () => {
  test("numbers stay, other ids hash into a range of their own, stably", () => {
    expect(categoryNumber("17")).toBe(17);
    expect(categoryNumber("017")).toBe(categoryNumber("017"));
    expect(categoryNumber("017")).toBeGreaterThanOrEqual(900_000_000_000_000);
    expect(categoryNumber("cat-1")).not.toBe(categoryNumber("cat-2"));
  });

  test("a category with a parent in the feed carries parent_id, a root none", async () => {
    const { sent, sink } = memory();
    await importFeed(chunked(utf8(yml())), sink, {
      format: "auto",
      dryRun: false,
      limits: { maxItems: 1, maxBytes: 1 << 20 },
    });
    expect(sent.categories.map((c) => [c.source_category_id, c.parent_id])).toEqual([
      [1, undefined],
      [2, 1],
    ]);
  });
});

describe("6. a run is a diff", () => {
  /** A sink over a map of source_id -> item JSON, answering as the store's diff would. */
  function store(stored: Map<string, string>) {
    const calls = { products: 0, preview: 0, categories: 0, retired: [] as string[] };
    const outcome = (json: string) => {
      const id = JSON.parse(json).source_id as string;
      const before = stored.get(id);
      return {
        id,
        o:
          before === json
            ? { status: 200 as const, unchanged: true }
            : { status: before ? (200 as const) : (201 as const) },
      };
    };
    const sink: FeedSink = {
      categories: async (b) => {
        calls.categories++;
        return b.map(() => ({ status: 200 }));
      },
      products: async (b) => {
        calls.products++;
        return itemsOf(b).map((j) => {
          const { id, o } = outcome(j);
          stored.set(id, j);
          return o;
        });
      },
      preview: async (b) => {
        calls.preview++;
        return itemsOf(b).map((j) => outcome(j).o);
      },
      reindex: async () => {},
      missing: async (present) => {
        const feed = new Set(present);
        return { products: stored.size, gone: [...stored.keys()].filter((k) => !feed.has(k)) };
      },
      retire: async (ids) => {
        calls.retired.push(...ids);
      },
    };
    return { sink, calls };
  }
  const options = (extra = {}) => ({
    format: "auto" as const,
    dryRun: false,
    limits: { maxItems: 2, maxBytes: 1 << 20 },
    ...extra,
  });

  test("unchanged and changed offers counted, the missing retired; a dry run writes nothing", async () => {
    const stored = new Map<string, string>();
    const first = store(stored);
    await importFeed(chunked(utf8(yml({ offers: offersOf(5) }))), first.sink, options());
    const next = offersOf(4).map((o, i) => (i === 0 ? { ...o, price: "1" } : o));
    const dry = store(stored);
    const preview = await importFeed(
      chunked(utf8(yml({ offers: next }))),
      dry.sink,
      options({ dryRun: true }),
    );
    expect(preview).toMatchObject({ dry_run: true, created: 0, updated: 1, unchanged: 3, gone: 1 });
    expect(dry.calls).toEqual({ products: 0, preview: 2, categories: 0, retired: [] });
    const real = store(stored);
    const progress: [number, number][] = [];
    const result = await importFeed(
      chunked(utf8(yml({ offers: [...next, { id: "7" }] }))),
      real.sink,
      options({ onProgress: (done: number, total: number) => progress.push([done, total]) }),
    );
    expect(result).toMatchObject({ created: 0, updated: 1, unchanged: 3, gone: 1, failed: 1 });
    // 2 categories, then 5 offers (one without a name): done reaches the total.
    expect(progress).toEqual([
      [2, 7],
      [4, 7],
      [6, 7],
      [7, 7],
    ]);
    expect(real.calls).toEqual({ products: 2, preview: 0, categories: 1, retired: ["5"] });
  });

  test("a feed that lacks more than half is refused before any write, unless forced", async () => {
    const stored = new Map<string, string>();
    await importFeed(chunked(utf8(yml({ offers: offersOf(5) }))), store(stored).sink, options());
    const cut = store(stored);
    const error = await importFeed(
      chunked(utf8(yml({ offers: offersOf(2) }))),
      cut.sink,
      options(),
    ).catch((e) => e);
    expect(error).toBeInstanceOf(AppError);
    expect([error.status, error.message]).toEqual([
      409,
      "The feed lacks 3 of the store's 5 products, more than half: nothing of this run was imported. A feed cut short must not empty a store; if they are gone, run it again with force=true.",
    ]);
    expect(cut.calls).toEqual({ products: 0, preview: 0, categories: 0, retired: [] });
    const forced = await importFeed(
      chunked(utf8(yml({ offers: offersOf(2) }))),
      cut.sink,
      options({ force: true }),
    );
    expect(forced).toMatchObject({ unchanged: 2, gone: 3 });
    expect(cut.calls.retired).toEqual(["3", "4", "5"]);
  });

  test("a bulk answer's outcomes are read without its records", () => {
    const body = encodeAnswer({
      status: 400,
      seq: 0,
      successful: [
        { index: 0, status: 201, id: 1, json: '{"id":1,"name":"{\\"index\\":7,\\"status\\":1,"}' },
        { index: 2, status: 200, id: 2, json: "null", unchanged: true },
      ],
      errors: [{ index: 1, errors: { new_price: ["Bad."] } }],
    }).body;
    expect(answerOf(body)).toEqual({
      successful: [
        { index: 0, status: 201 },
        { index: 2, status: 200, unchanged: true },
      ],
      errors: [{ index: 1, errors: { new_price: ["Bad."] } }],
    });
  });
});

describe("7. the spool", () => {
  test("offers come back in order, a slice at a time, and the spool's directory goes", async () => {
    let dir = "";
    {
      await using spool = new OfferSpool();
      dir = (spool as unknown as { dir: string }).dir;
      // ~3 MB of lines: several 1 MiB slices, lines cut across them.
      for (let i = 0; i < 3000; i++)
        spool.push({ ...emptyOffer(i), id: String(i), names: { "": `Назва ${"ї".repeat(500)}` } });
      const back: string[] = [];
      for await (const { offer } of spool.offers()) back.push(`${offer.id}:${offer.line}`);
      expect(back).toEqual(Array.from({ length: 3000 }, (_, i) => `${i}:${i}`));
      expect(existsSync(dir)).toBe(true);
    }
    expect(existsSync(dir)).toBe(false);
  });
});
