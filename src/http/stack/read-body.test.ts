// The one body reader:
//  1. a body within its limit is read whole, declared or chunked; no body is empty
//  2. a declared length over the limit is refused before a byte is read (413 with the limit)
//  3. a chunked body is refused once its bytes pass the limit
//  4. a small JSON body that does not parse is 400 naming what was expected, never echoing it
import { describe, expect, test } from "bun:test";
import { AppError } from "../../errors.ts";
import { jsonOf, readBounded } from "./read-body.ts";

const bytes = (text: string) => new TextEncoder().encode(text);
const chunked = (...parts: string[]) =>
  new Request("http://x/", {
    method: "POST",
    body: new ReadableStream({
      start(controller) {
        for (const p of parts) controller.enqueue(bytes(p));
        controller.close();
      },
    }),
  });
const failure = async (reading: Promise<unknown>) => {
  try {
    await reading;
    return null;
  } catch (e) {
    return [(e as AppError).status, (e as AppError).message];
  }
};

describe("readBounded", () => {
  test("1. within the limit", async () => {
    const declared = new Request("http://x/", { method: "POST", body: "12345" });
    expect(new TextDecoder().decode(await readBounded(declared, 5))).toBe("12345");
    expect(new TextDecoder().decode(await readBounded(chunked("12", "345"), 5))).toBe("12345");
    expect(await readBounded(new Request("http://x/"), 5)).toEqual(new Uint8Array(0));
  });

  test("2-3. over the limit", async () => {
    const declared = new Request("http://x/", {
      method: "POST",
      body: "x",
      headers: { "content-length": "500000000" },
    });
    const tooLarge = [413, "Request body too large: at most 4 bytes are accepted."];
    expect(await failure(readBounded(declared, 4))).toEqual(tooLarge);
    expect(await failure(readBounded(chunked("12", "345"), 4))).toEqual(tooLarge);
  });
});

test("4. jsonOf", () => {
  expect(jsonOf(bytes('{"a": 1}'), "{...}")).toEqual({ a: 1 });
  for (const bad of [`{"a": ${"x".repeat(1000)}`, "", "\u00ff"])
    expect(() => jsonOf(bytes(bad), '{"query": ...}')).toThrow(
      new AppError("malformed_json", { reason: 'expected {"query": ...}' }),
    );
});
