import type { FieldErrors } from "../model/import.ts";
import type { FeedSink, ItemOutcome } from "./run-feed.ts";

// A feed run's writes as bulk import requests: the HTTP thread's writer.imports and the CLI's
// import service both answer a batch's JSON body with the bulk answer (specification 2.6).

export interface BulkAnswer {
  successful: { index: number; status: number; unchanged?: boolean }[];
  errors?: { index: number; errors: Record<string, string | string[]> }[];
}

export interface BulkCalls {
  categories(body: Uint8Array): Promise<BulkAnswer>;
  /**
   * A product batch written with `skipUnchanged` (its unchanged items say so), keeping its
   * offers' digests.
   */
  products(body: Uint8Array, digests: readonly string[]): Promise<BulkAnswer>;
  reindex(): Promise<unknown>;
  /** A product batch planned and not written (`dryRun`, these categories assumed). */
  preview?(body: Uint8Array, categories: readonly number[]): Promise<BulkAnswer>;
  missing?: FeedSink["missing"];
  digests?: FeedSink["digests"];
  retire?: FeedSink["retire"];
  delete?: FeedSink["delete"];
}

const encoder = new TextEncoder();

// A successful entry's head as encodeAnswer (import/import-answer.ts) writes it. No record
// has an `index` or `errors` key, and a quote inside a string is escaped: neither pattern can
// occur inside `data`.
const ENTRY_START = Buffer.from('{"index":');
const ENTRY = /^\{"index":(\d+),"status":(\d+),("unchanged":true,)?"data":/;
/** The longest head ENTRY matches, with room for its numbers. */
const ENTRY_BYTES = 64;
const ERRORS = Buffer.from('],"errors":');

/**
 * A bulk answer's outcomes without parsing, or even decoding, the records it carries: a feed
 * run's answers hold every written record (~1 KB each), which it does not read, and decoded
 * whole they were ~2 MB of garbage a batch on the heap that holds the index.
 */
export function answerOf(body: Uint8Array): BulkAnswer {
  const bytes = Buffer.from(body.buffer, body.byteOffset, body.byteLength);
  const successful: BulkAnswer["successful"] = [];
  for (let at = bytes.indexOf(ENTRY_START); at >= 0; at = bytes.indexOf(ENTRY_START, at + 1)) {
    const m = ENTRY.exec(bytes.toString("latin1", at, at + ENTRY_BYTES));
    if (!m) continue;
    successful.push({
      index: Number(m[1]),
      status: Number(m[2]),
      ...(m[3] ? { unchanged: true } : {}),
    });
  }
  const at = bytes.lastIndexOf(ERRORS);
  if (at < 0) return { successful };
  return {
    successful,
    errors: JSON.parse(bytes.toString("utf8", at + ERRORS.length, bytes.length - 1)),
  };
}

/** Each item's outcome in the batch's order, from a bulk answer. */
export function outcomes(answer: BulkAnswer, count: number): ItemOutcome[] {
  const out: ItemOutcome[] = Array.from({ length: count }, () => ({
    errors: { "": ["The import gave no answer for this item."] },
  }));
  for (const s of answer.successful)
    out[s.index] = s.unchanged
      ? { status: 200, unchanged: true }
      : { status: s.status === 201 ? 201 : 200 };
  for (const e of answer.errors ?? []) {
    // Category errors carry one message a field (specification 2.6): lists, as products'.
    const errors: FieldErrors = {};
    for (const [k, v] of Object.entries(e.errors)) errors[k] = Array.isArray(v) ? v : [v];
    out[e.index] = { errors };
  }
  return out;
}

export function bulkSink(calls: BulkCalls): FeedSink {
  const arrayOf = (items: readonly string[]) => encoder.encode(`[${items.join(",")}]`);
  const { preview, missing, digests, retire, delete: remove } = calls;
  return {
    categories: async (items) => outcomes(await calls.categories(arrayOf(items)), items.length),
    products: async ({ ids, body, digests }) =>
      outcomes(await calls.products(body, digests), ids.length),
    reindex: async () => {
      await calls.reindex();
    },
    ...(preview && {
      preview: async ({ ids, body }, categories) =>
        outcomes(await preview(body, categories), ids.length),
    }),
    ...(missing && { missing }),
    ...(digests && { digests }),
    ...(retire && { retire }),
    ...(remove && { delete: remove }),
  };
}
