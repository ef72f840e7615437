// Allowed origins as given to the admin API and the CLI:
//  1. normalised as browsers send them (lowercase, no default port), repeats dropped
//  2. anything but http(s)://host[:port] is a 400 naming the item; more than MAX_ORIGINS, or
//     not a list, is a 400
import { describe, expect, test } from "bun:test";
import { AppError } from "../errors.ts";
import { MAX_ORIGINS, parseOrigins } from "./origins.ts";

const failure = (input: unknown) => {
  try {
    parseOrigins(input);
    return null;
  } catch (error) {
    return error instanceof AppError ? [error.status, error.message] : String(error);
  }
};

describe("parseOrigins", () => {
  test("1. normalised", () => {
    expect(
      parseOrigins([
        "https://Shop.Example",
        "https://shop.example:443",
        "http://localhost:8080",
        "http://[::1]:3000",
      ]),
    ).toEqual(["https://shop.example", "http://localhost:8080", "http://[::1]:3000"]);
    expect(parseOrigins([])).toEqual([]);
  });

  test("2. refused", () => {
    const bad = [400, "Invalid origin at index 0: expected http(s)://host[:port] with no path."];
    expect(
      [
        "https://shop.example/",
        "https://shop.example/path",
        "https://shop.example?q",
        "ftp://shop.example",
        "shop.example",
        "https://user@shop.example",
        "https://shop.example:99999",
        "*",
        "",
        42,
      ].map((o) => failure([o])),
    ).toEqual(Array.from({ length: 10 }, () => bad));
    // By its place: the value refused is never echoed.
    expect(failure(["https://a.example", `https://${"x".repeat(5_000_000)}/`])).toEqual([
      400,
      "Invalid origin at index 1: expected http(s)://host[:port] with no path.",
    ]);
    expect([failure("https://a.example"), failure(null)]).toEqual([
      [400, `Expected {"origins": [...]}: a list of at most ${MAX_ORIGINS} origins.`],
      [400, `Expected {"origins": [...]}: a list of at most ${MAX_ORIGINS} origins.`],
    ]);
    const many = Array.from({ length: MAX_ORIGINS + 1 }, (_, i) => `https://s${i}.example`);
    expect(failure(many)).toEqual([400, `Too many origins: at most ${MAX_ORIGINS} are accepted.`]);
  });
});
