// Every search answer the HTTP tests receive is checked against the TypeBox schema that
// src/model/search.ts declares (and /openapi.json publishes): harness.ts, which every HTTP test
// imports, wraps `fetch` once so that a 200 JSON answer of a search path that the schema does
// not describe fails the test that fetched it, whatever that test then asserts. Properties:
//  1. the answer passes the compiled schema (types, required fields, literals)
//  2. it carries no field the schema leaves out (TypeBox objects admit any by default, so a
//     field added to the route but not to the schema would otherwise pass unseen)
import { expect } from "bun:test";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { TypeCompiler } from "@sinclair/typebox/compiler";
import { Value } from "@sinclair/typebox/value";
import { SearchResponse } from "../../src/model/search.ts";

const schema = TypeCompiler.Compile(SearchResponse);

/** What is wrong with `body` as a search answer: empty when it is one. */
export function searchAnswerComplaints(body: unknown): string[] {
  const wrong = [...schema.Errors(body)].map((e) => `${e.path}: ${e.message}`);
  if (wrong.length > 0) return wrong;
  return undeclared(Value.Clean(SearchResponse, structuredClone(body)), body, "");
}

/** The paths of the fields `full` has that `declared` (its cleaned copy) lost. */
function undeclared(declared: unknown, full: unknown, path: string): string[] {
  if (typeof full !== "object" || full === null) return [];
  const kept = declared as Record<string, unknown>;
  return Object.entries(full).flatMap(([key, value]) =>
    key in kept
      ? undeclared(kept[key], value, `${path}/${key}`)
      : [`${path}/${key}: not in the schema`],
  );
}

const SEARCH_PATH = /^(\/api\/v2\/search|\/api\/v2\/search\/search\/v2|\/search\/v2)\/?$/;

/** The fetch before checkSearchAnswers wrapped it, for a benchmark that asks an older version. */
const unwrapped = globalThis.fetch;
export const uncheckedFetch = (input: string | URL | Request, init?: RequestInit) =>
  unwrapped(input, init);

/** Wraps the global fetch so that every search answer is checked (once per process). */
export function checkSearchAnswers(): void {
  const plain = globalThis.fetch;
  if ((plain as { checksSearchAnswers?: true }).checksSearchAnswers) return;
  const checked = async (input: string | URL | Request, init?: RequestInit) => {
    const response = await plain(input, init);
    const method = init?.method ?? (input instanceof Request ? input.method : "GET");
    const url = new URL(input instanceof Request ? input.url : input);
    if (
      method === "GET" &&
      response.status === 200 &&
      SEARCH_PATH.test(url.pathname) &&
      response.headers.get("content-type")?.startsWith("application/json")
    ) {
      const bytes = new Uint8Array(await response.clone().arrayBuffer());
      const body: unknown = JSON.parse(new TextDecoder().decode(decoded(bytes, response, init)));
      expect(searchAnswerComplaints(body)).toEqual([]);
    }
    return response;
  };
  globalThis.fetch = Object.assign(checked, {
    preconnect: plain.preconnect,
    checksSearchAnswers: true as const,
  });
}

/** The answer's bytes as JSON text: a test that turned fetch's decompression off gets them coded. */
function decoded(bytes: Uint8Array, response: Response, init?: RequestInit): Uint8Array {
  if ((init as { decompress?: boolean } | undefined)?.decompress !== false) return bytes;
  const coding = response.headers.get("content-encoding");
  return coding === "br"
    ? brotliDecompressSync(bytes)
    : coding === "gzip"
      ? gunzipSync(bytes)
      : bytes;
}
