// Highlighting (`highlight`), checked through the engine on the hand-made catalog:
//  1. off by default: items carry neither name_highlight nor name_html
//  2. the word as typed, and a plural reaching the singular by its stem
//  3. a prefix marks the whole word it completes (as-you-type)
//  4. a typo, tolerated as typed (corrections off) and corrected (on)
//  5. wrong keyboard layout and transliteration: the corrected words are marked
//  6. a model code typed with or without punctuation marks the whole code
//  7. ranges are UTF-16 offsets of the name as returned, also past astral characters and
//     characters NFKC expands
//  8. name_html escapes everything of the name (a name holding <script> stays text)
//  9. highlight=ranges and highlight=html add only their own field
// 10. a quantity spelled otherwise in the name ("1 TB", read as "1024 гб") stays unmarked, and
//     the other words are marked

import { describe, expect, test } from "bun:test";
import { CATEGORIES, PRODUCTS, params, product } from "../../../test/fixtures/engine-catalog.ts";
import { answerSearch } from "../../http/search/search-answer.ts";
import type { SearchParams } from "../../model/search.ts";
import { buildSnapshot, type Snapshot } from "../engine.ts";

const snap = buildSnapshot({ products: PRODUCTS, categories: CATEGORIES });

/** [id, name_highlight, name_html] of every product of a flat answer. */
const marked = (
  q: string,
  more: Partial<SearchParams> = {},
  on: Snapshot = snap,
): unknown[][] | undefined =>
  answerSearch(
    on,
    params({ q, highlight: "both", group_by_category: false, show_filters: false, ...more }),
  ).products.groups[0]?.items.map((i) => [i.id, i.name_highlight, i.name_html]);

describe("highlight", () => {
  test("1. off by default", () => {
    const items = answerSearch(snap, params({ q: "ноутбук" })).products.groups[0]?.items ?? [];
    expect(items.map((i) => [i.id, "name_highlight" in i, "name_html" in i])).toEqual([
      [2, false, false],
      [1, false, false],
    ]);
  });

  test("2. exact words and stems", () => {
    const laptops = [
      [2, [[0, 7]], "<mark>Ноутбук</mark> ASUS VivoBook 15"],
      [1, [[0, 7]], "<mark>Ноутбук</mark> Lenovo IdeaPad 5"],
    ];
    expect(marked("ноутбук ")).toEqual(laptops);
    expect(marked("ноутбуки ")).toEqual(laptops);
    expect(marked("sony навушники")).toEqual([
      [
        7,
        [
          [0, 9],
          [10, 14],
        ],
        "<mark>Навушники</mark> <mark>Sony</mark> WH-1000XM5",
      ],
    ]);
  });

  test("3. a prefix marks the word it completes", () => {
    expect(marked("apple ai")).toEqual([
      [
        8,
        [
          [10, 15],
          [16, 23],
        ],
        "Навушники <mark>Apple</mark> <mark>AirPods</mark> Pro 2",
      ],
    ]);
  });

  test("4. typos, as typed and corrected", () => {
    const phones = [
      [6, [[0, 8]], "<mark>Смартфон</mark> Xiaomi Redmi Note 13"],
      [5, [[0, 8]], "<mark>Смартфон</mark> Apple iPhone 15"],
      [4, [[0, 8]], "<mark>Смартфон</mark> Samsung Galaxy A55"],
    ];
    expect(marked("смартфрн ", { use_corrections: false, product_page_size: 3 })).toEqual(phones);
    expect(marked("смартфрн ", { product_page_size: 3 })).toEqual(phones);
  });

  test("5. keyboard layout and transliteration", () => {
    expect(marked("yfdeiybrb", { product_page_size: 1 })).toEqual([
      [9, [[0, 9]], "<mark>Навушники</mark> JBL Tune 510BT"],
    ]);
    expect(marked("noutbuk", { product_page_size: 1 })).toEqual([
      [2, [[0, 7]], "<mark>Ноутбук</mark> ASUS VivoBook 15"],
    ]);
  });

  test("6. model codes", () => {
    const sony = [[7, [[15, 25]], "Навушники Sony <mark>WH-1000XM5</mark>"]];
    expect(marked("wh-1000xm5")).toEqual(sony);
    expect(marked("wh1000xm5")).toEqual(sony);
  });

  const odd = buildSnapshot({
    categories: CATEGORIES,
    products: [
      product(1, {
        category: "10",
        code: "K-1",
        updatedAt: 1,
        translations: { uk: { name: `<script>alert("x")</script> Чайник & 'кава'` } },
      }),
      product(2, {
        category: "10",
        code: "K-2",
        updatedAt: 2,
        translations: { uk: { name: "☕️𝐀 Чайник ﬁlter М’ята" } },
      }),
    ],
  });

  test("7. UTF-16 offsets of the name as returned", () => {
    const [, ranges] = (marked("чайник filter мята", {}, odd) ?? [])[0] as [
      number,
      [number, number][],
    ];
    expect(ranges).toEqual([
      [5, 11],
      [12, 17],
      [18, 23],
    ]);
    const name = "☕️𝐀 Чайник ﬁlter М’ята";
    expect(ranges.map(([a, b]) => name.slice(a, b))).toEqual(["Чайник", "ﬁlter", "М’ята"]);
  });

  test("8. name_html escapes the name", () => {
    expect(marked("чайник", { product_page_size: 1 }, odd)).toEqual([
      [2, [[5, 11]], "☕️𝐀 <mark>Чайник</mark> ﬁlter М’ята"],
    ]);
    expect(marked("script кава", {}, odd)).toEqual([
      [
        1,
        [
          [1, 7],
          [20, 26],
          [38, 42],
        ],
        "&lt;<mark>script</mark>&gt;alert(&quot;x&quot;)&lt;/<mark>script</mark>&gt; Чайник &amp; &#39;<mark>кава</mark>&#39;",
      ],
    ]);
  });

  test("9. ranges or html alone", () => {
    const only = (highlight: SearchParams["highlight"]) =>
      answerSearch(
        snap,
        params({ q: "ноут", highlight, product_page_size: 1, group_by_category: false }),
      ).products.groups[0]?.items[0];
    const { name_highlight, name_html, ...rest } = only("both") ?? {};
    expect(only("ranges")).toEqual({ ...rest, name_highlight } as never);
    expect(only("html")).toEqual({ ...rest, name_html } as never);
  });

  test("10. units spelled otherwise in the name", () => {
    const disk = buildSnapshot({
      categories: CATEGORIES,
      products: [
        product(1, {
          category: "10",
          code: "D-1",
          updatedAt: 1,
          translations: { uk: { name: 'Диск Kingston 1 TB 2,5"' } },
        }),
      ],
    });
    expect(marked("диск kingston 1 тб 2.5 дюйма", {}, disk)).toEqual([
      [
        1,
        [
          [0, 4],
          [5, 13],
          [19, 22],
        ],
        "<mark>Диск</mark> <mark>Kingston</mark> 1 TB <mark>2,5</mark>&quot;",
      ],
    ]);
  });
});
