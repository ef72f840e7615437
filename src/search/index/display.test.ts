// Properties of the display records:
//  1. a record round-trips through the doc store: fields, labels (name and color)
//  2. separators inside catalog text are replaced by spaces, so a record never splits wrongly

import { describe, expect, test } from "bun:test";
import { product } from "../../../test/fixtures/engine-catalog.ts";
import { DISPLAY, decodeLabels, displayFields, PER_TRANSLATION, TRANSLATION } from "./display.ts";
import { DocStoreBuilder, readDoc } from "./doc-store.ts";

describe("display records", () => {
  const roundTrip = (fields: string[]) => {
    const b = new DocStoreBuilder();
    b.add(["x"]);
    b.add(fields);
    return readDoc(b.build(), 1);
  };

  test("1. fields and labels round-trip", () => {
    const p = product(1, {
      category: "1",
      code: "A-1",
      vendor: "Лого",
      updatedAt: 1,
      translations: {
        uk: {
          name: "Назва",
          labels: [
            { name: "Хіт", color: "#ff0000" },
            { name: "Нове", color: "" },
          ],
        },
      },
    });
    const fields = roundTrip(displayFields(p));
    expect(fields.slice(0, DISPLAY.first)).toEqual([
      "p1",
      "A-1",
      "Лого",
      "https://img.example/1.jpg",
      "UAH",
    ]);
    expect(fields[DISPLAY.first]).toBe("Назва");
    expect(decodeLabels(fields[DISPLAY.first + TRANSLATION.labels] as string)).toEqual([
      { name: "Хіт", color: "#ff0000" },
      { name: "Нове", color: "" },
    ]);
  });

  test("2. separators in text become spaces", () => {
    const p = product(2, {
      category: "1",
      code: "B\u001f2",
      updatedAt: 1,
      translations: { uk: { name: "a\u001fb", labels: [{ name: "x\u001ey", color: "" }] } },
    });
    const fields = roundTrip(displayFields(p));
    expect(fields.length).toBe(DISPLAY.first + PER_TRANSLATION);
    expect([fields[DISPLAY.code], fields[DISPLAY.first]]).toEqual(["B 2", "a b"]);
    expect(decodeLabels(fields[DISPLAY.first + 2] as string)).toEqual([{ name: "x y", color: "" }]);
  });
});
