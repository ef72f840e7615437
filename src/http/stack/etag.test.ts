// Entity tags:
//  1. one tag per body, weak, the same for a string and its UTF-8 bytes; another body, another tag
//  2. If-None-Match: `*`, the tag in a list, the strong form of a weak tag; not another tag
import { describe, expect, test } from "bun:test";
import { etagOf, noneMatchHits } from "./etag.ts";

describe("etag", () => {
  test("1. tags", () => {
    const tag = etagOf('{"a":"ї"}');
    expect(tag).toMatch(/^W\/"[0-9a-z]+"$/);
    expect(etagOf(new TextEncoder().encode('{"a":"ї"}'))).toBe(tag);
    expect(etagOf('{"a":"i"}')).not.toBe(tag);
  });

  test("2. If-None-Match", () => {
    const tag = 'W/"abc"';
    expect(
      [null, "*", 'W/"abc"', '"x", W/"abc"', '"abc"', 'W/"abd"', ""].map((h) =>
        noneMatchHits(h, tag),
      ),
    ).toEqual([false, true, true, true, true, false, false]);
  });
});
