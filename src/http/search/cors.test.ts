// CORS per domain:
//  1. no list: open (`*`), no Vary, whatever the Origin
//  2. a list: a listed Origin is echoed with Vary: Origin; another is refused (null); no Origin
//     gets no CORS header but Vary: Origin
//  3. the service's own origin is never refused
//  4. a refusal the refused page can read
import { describe, expect, test } from "bun:test";
import { corsFor, OPEN_CORS, refusalCors } from "./cors.ts";

const OWN = "http://127.0.0.1:7700";

describe("corsFor", () => {
  test("1. open", () => {
    expect([corsFor(undefined, null, OWN), corsFor([], "https://a.example", OWN)]).toEqual([
      OPEN_CORS,
      OPEN_CORS,
    ]);
  });

  test("2. a list", () => {
    const list = ["https://shop.example", "http://localhost:8080"];
    expect([
      corsFor(list, "http://localhost:8080", OWN),
      corsFor(list, "https://evil.example", OWN),
      corsFor(list, "https://shop.example:443", OWN),
      corsFor(list, null, OWN),
    ]).toEqual([
      { ...OPEN_CORS, "access-control-allow-origin": "http://localhost:8080", vary: "Origin" },
      null,
      null,
      { vary: "Origin" },
    ]);
  });
});

test("3. the service's own origin", () => {
  expect(corsFor(["https://shop.example"], OWN, OWN)).toEqual({
    ...OPEN_CORS,
    "access-control-allow-origin": OWN,
    vary: "Origin",
  });
});

test("4. a refusal the refused page can read", () => {
  expect([refusalCors("https://evil.example"), refusalCors(null)]).toEqual([
    { "access-control-allow-origin": "https://evil.example", vary: "Origin" },
    { vary: "Origin" },
  ]);
});
