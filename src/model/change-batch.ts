import { type ProductOffer, packOffers, unpackOffers, type WrittenProducts } from "./offers.ts";
import type { ProductRecord } from "./records.ts";
import { Utf8Writer } from "./utf8-writer.ts";

// What one logged batch of products wrote, as the writer thread hands it to the indexer: the
// import service builds it from the store's write, and the HTTP answer copies its records'
// bytes from it. Its three buffers are transferred, not copied; the indexer reads nothing else
// of the batch (no HTTP answer), and a product the batch left unchanged is not in it.

export interface ChangeBatch {
  domainId: number;
  /** The position of the batch's change-log entry. */
  seq: number;
  /** Per product whose content the batch wrote: its id, the start and the end of its JSON in `json`. */
  records: Int32Array;
  /** Those records as the store serialised them, UTF-8, one after the other. */
  json: Uint8Array;
  /** The products whose write changed only the offer, packed (offers.ts). */
  offers: Float64Array;
}

/**
 * The batch of these writes: the records whose content was written, their JSON as the store
 * serialised it encoded once, in their order; the offer-only writes (offers.ts), packed.
 */
export function changeBatch(
  domainId: number,
  seq: number,
  written: { records: readonly { id: number; json: string }[]; offers: readonly ProductRecord[] },
): ChangeBatch {
  let chars = 0;
  for (const r of written.records) chars += r.json.length;
  // Mostly Cyrillic text in ASCII syntax: two bytes a character seldom needs growing.
  const out = new Utf8Writer(chars * 2);
  const records = new Int32Array(written.records.length * 3);
  written.records.forEach((r, i) => {
    records[i * 3] = r.id;
    records[i * 3 + 1] = out.length;
    out.write(r.json);
    records[i * 3 + 2] = out.length;
  });
  return { domainId, seq, records, json: out.done(), offers: packOffers(written.offers) };
}

/** The buffers a post of the batch transfers. */
export const batchBuffers = (b: ChangeBatch): ArrayBuffer[] =>
  [b.records.buffer, b.json.buffer, b.offers.buffer] as ArrayBuffer[];

/** Records and offers alike: an offer's few numbers are cheap, but a bound is on entries. */
export const batchSize = (b: ChangeBatch): number => b.records.length / 3 + b.offers.length / 7;

const decoder = new TextDecoder();

/** What the batch wrote, by product id, as the indexer patches it. */
export function writtenOf(b: ChangeBatch): WrittenProducts {
  const records = new Map<number, string>();
  for (let i = 0; i < b.records.length; i += 3)
    records.set(
      b.records[i] as number,
      decoder.decode(b.json.subarray(b.records[i + 1], b.records[i + 2])),
    );
  const offers = new Map<number, ProductOffer>();
  for (const offer of unpackOffers(b.offers)) offers.set(offer.id, offer);
  return { records, offers };
}
