// The coding of an answer:
//  1. br when offered, else gzip, else none; q=0 refuses a coding; `*` stands for the rest
//  2. bodies under MIN_COMPRESS_BYTES go out as they are, whatever the client accepts
//  3. br and gzip bodies decode to the original bytes
//  4. brotli's window is fitted to the body: bodies of every size decode, and a repeat as far
//     back as the body is long is still found
import { describe, expect, test } from "bun:test";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { chooseEncoding, encodeBody, MIN_COMPRESS_BYTES } from "./encode.ts";

describe("encode", () => {
  test("1. negotiation", () => {
    const cases: [string | null, string | null][] = [
      [null, null],
      ["", null],
      ["identity", null],
      ["gzip", "gzip"],
      ["gzip, deflate, br", "br"],
      ["br;q=0, gzip", "gzip"],
      ["BR;Q=0.5", "br"],
      ["gzip;q=0", null],
      ["*", "br"],
      ["*;q=0, gzip", "gzip"],
      ["deflate", null],
      ["x-gzip", "gzip"],
    ];
    expect(cases.map(([accept]) => [accept, chooseEncoding(accept)])).toEqual(cases);
  });

  test("2. small bodies are not compressed", () => {
    const small = "x".repeat(MIN_COMPRESS_BYTES - 1);
    expect(encodeBody(small, "br")).toEqual({
      bytes: new TextEncoder().encode(small),
      encoding: null,
    });
    expect(encodeBody("y".repeat(MIN_COMPRESS_BYTES), "gzip").encoding).toBe("gzip");
  });

  test("3. round trip", () => {
    const body = JSON.stringify({
      items: Array.from({ length: 200 }, (_, i) => ({ id: i, name: `Товар ${i}` })),
    });
    const br = encodeBody(body, "br");
    const gz = encodeBody(body, "gzip");
    expect([br.encoding, gz.encoding]).toEqual(["br", "gzip"]);
    expect(br.bytes.length).toBeLessThan(body.length / 4);
    expect(new TextDecoder().decode(brotliDecompressSync(br.bytes))).toBe(body);
    expect(new TextDecoder().decode(gunzipSync(gz.bytes))).toBe(body);
  });

  test("4. brotli's window fits the body: every size decodes, a repeat across it still counts", () => {
    let seed = 1;
    const letter = () => {
      seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
      return String.fromCharCode(97 + ((seed >>> 16) % 26));
    };
    for (const size of [MIN_COMPRESS_BYTES, 4098, 70_000, 3_000_000]) {
      // Random letters (~4.7 bits each), then the same letters again.
      const half = Array.from({ length: size / 2 }, letter).join("");
      const body = half + half;
      const br = encodeBody(body, "br");
      expect(new TextDecoder().decode(brotliDecompressSync(br.bytes))).toBe(body);
      expect(br.bytes.length).toBeLessThan(size * 0.45);
    }
  });
});
