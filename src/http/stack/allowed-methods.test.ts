// The methods of a path: exact, with or without the trailing slash, through `:param`
// segments; an unknown path has none (it stays a 404).
import { describe, expect, test } from "bun:test";
import { allowedMethods } from "./allowed-methods.ts";

describe("allowedMethods", () => {
  test("paths and methods", () => {
    const allowed = allowedMethods([
      { method: "GET", path: "/api/v2/search/" },
      { method: "OPTIONS", path: "/api/v2/search/" },
      { method: "POST", path: "/api/v2/admin/domains/:name/origins/" },
      { method: "DELETE", path: "/api/v2/admin/domains/:name/" },
      { method: "GET", path: "/" },
      { method: "GET", path: "/a.b" },
    ]);
    expect(
      [
        "/api/v2/search/",
        "/api/v2/search",
        "/api/v2/admin/domains/shop/origins",
        "/api/v2/admin/domains/shop/",
        "/api/v2/admin/domains/shop/x/origins/",
        "/",
        "/axb",
        "/nope",
      ].map(allowed),
    ).toEqual([["GET", "OPTIONS"], ["GET", "OPTIONS"], ["POST"], ["DELETE"], [], ["GET"], [], []]);
  });
});
