import { packOffers } from "../model/offers.ts";
import type { ProductRecord } from "../model/records.ts";
import type { ImportResponse } from "./import-service.ts";

/**
 * An import's answer as the import thread hands it to the HTTP thread: the response body of
 * specification 2.6 as UTF-8, and where each written record's JSON lies in it. Both are
 * transferred, not copied: posting the 1,000 records' JSON strings instead cost ~5 ms of the
 * import thread's time and ~2 ms of the HTTP thread's per batch, and the HTTP thread then
 * encoded the body to UTF-8 again.
 */
export interface EncodedResponse {
  status: ImportResponse<unknown>["status"];
  /** The change-log position of the batch's entry; 0 when an item failed (rule 8). */
  seq: number;
  body: Uint8Array;
  /**
   * Per successful entry but those of `offers` and the unchanged: the record's id, and the start and end of its
   * `data` in `body`.
   */
  spans: Int32Array;
  /** The writes that changed only a product's offer, packed (model/offers.ts). */
  offers: Float64Array;
}

const encoder = new TextEncoder();

/** A byte buffer that grows as UTF-8 is appended to it. */
class Utf8Writer {
  private bytes: Uint8Array;
  length = 0;

  constructor(capacity: number) {
    this.bytes = new Uint8Array(capacity);
  }

  write(text: string): void {
    let rest = text;
    for (;;) {
      const { read, written } = encoder.encodeInto(rest, this.bytes.subarray(this.length));
      this.length += written;
      if (read === rest.length) return;
      rest = rest.slice(read);
      const grown = new Uint8Array(Math.max(this.bytes.length * 2, this.length + rest.length * 3));
      grown.set(this.bytes.subarray(0, this.length));
      this.bytes = grown;
    }
  }

  /** The bytes written, as a view of a buffer of their own (to be transferred). */
  done(): Uint8Array {
    return this.bytes.subarray(0, this.length);
  }
}

/**
 * `unchangedData: false` (a feed's batches) answers an unchanged item's `data` as null: nothing
 * reads it (the run counts outcomes, the indexer patches no unchanged record), and a rerun's
 * batches were ~1 KB an item of the stored records crossing to the HTTP thread.
 */
export function encodeResponse(
  r: ImportResponse<unknown>,
  { unchangedData }: { unchangedData: boolean } = { unchangedData: true },
): EncodedResponse {
  const dataOf = (s: ImportResponse<unknown>["successful"][number]) =>
    s.unchanged && !unchangedData ? "null" : s.json;
  let chars = 64;
  for (const s of r.successful) chars += dataOf(s).length + 48;
  // Mostly Cyrillic text in ASCII syntax: two bytes a character seldom needs growing.
  const out = new Utf8Writer(chars * 2);
  const offers: ProductRecord[] = [];
  const spans: number[] = [];
  out.write('{"successful":[');
  r.successful.forEach((s, i) => {
    const unchanged = s.unchanged ? `"unchanged":true,` : "";
    out.write(`${i ? "," : ""}{"index":${s.index},"status":${s.status},${unchanged}"data":`);
    const start = out.length;
    out.write(dataOf(s));
    // An unchanged record was not written: the indexer has nothing to patch.
    if (s.offer) offers.push(s.offer);
    else if (!s.unchanged) spans.push(s.id, start, out.length);
    out.write("}");
  });
  out.write("]");
  if (r.status === 400) out.write(`,"errors":${JSON.stringify(r.errors)}`);
  out.write("}");
  return {
    status: r.status,
    seq: r.seq,
    body: out.done(),
    spans: Int32Array.from(spans),
    offers: packOffers(offers),
  };
}
