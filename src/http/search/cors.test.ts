// CORS per domain:
//  1. no list: open (`*`), no Vary, whatever the Origin
//  2. a list: a listed Origin is echoed with Vary: Origin; another is refused (null); no Origin
//     gets no CORS header but Vary: Origin
import { describe, expect, test } from "bun:test";
import { corsFor, OPEN_CORS } from "./cors.ts";

describe("corsFor", () => {
  test("1. open", () => {
    expect([corsFor(undefined, null), corsFor([], "https://a.example")]).toEqual([
      OPEN_CORS,
      OPEN_CORS,
    ]);
  });

  test("2. a list", () => {
    const list = ["https://shop.example", "http://localhost:8080"];
    expect([
      corsFor(list, "http://localhost:8080"),
      corsFor(list, "https://evil.example"),
      corsFor(list, "https://shop.example:443"),
      corsFor(list, null),
    ]).toEqual([
      { ...OPEN_CORS, "access-control-allow-origin": "http://localhost:8080", vary: "Origin" },
      null,
      null,
      { vary: "Origin" },
    ]);
  });
});
