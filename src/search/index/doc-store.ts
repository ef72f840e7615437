import { U32Vec } from "./growable.ts";

// Display fields of every doc as one UTF-8 buffer: a record is its fields joined by a unit
// separator. JavaScript strings are UTF-16 and an object per doc costs a header per field;
// here a doc costs its UTF-8 bytes plus one offset, and only the docs of a page are decoded.

export const FIELD_SEPARATOR = "\u001f";
// The separators are control characters by design: they never occur in catalog text.
// biome-ignore lint/complexity/useRegexLiterals: a literal would have to hold control characters
const CONTROL = new RegExp("[\\u001c-\\u001f]", "g");

export interface DocStore {
  readonly bytes: Uint8Array;
  /** Doc i is bytes[offsets[i] .. offsets[i + 1]). */
  readonly offsets: Uint32Array;
}

// biome-ignore lint/complexity/useRegexLiterals: a literal would have to hold control characters
const CONTROL_TEST = new RegExp("[\\u001c-\\u001f]");

/** Whether the text holds one of the separators this store and its callers use. */
export function hasSeparator(text: string): boolean {
  return CONTROL_TEST.test(text);
}

/** Removes the separators this store (and its callers) use inside a record. */
export function cleanField(text: string): string {
  return text.replace(CONTROL, " ");
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();

export class DocStoreBuilder {
  private bytes = new Uint8Array(1 << 16);
  private used = 0;
  private readonly offsets = new U32Vec(1024);

  constructor() {
    this.offsets.push(0);
  }

  /** Appends a record whose fields are already free of separators (see cleanField). */
  add(fields: readonly string[]): void {
    const text = fields.join(FIELD_SEPARATOR);
    // UTF-8 needs at most 3 bytes per UTF-16 unit.
    const need = this.used + text.length * 3;
    if (need > this.bytes.length) {
      const next = new Uint8Array(Math.max(need, this.bytes.length * 2));
      next.set(this.bytes.subarray(0, this.used));
      this.bytes = next;
    }
    this.used += encoder.encodeInto(text, this.bytes.subarray(this.used)).written;
    this.offsets.push(this.used);
  }

  build(): DocStore {
    return { bytes: this.bytes.slice(0, this.used), offsets: this.offsets.toArray() };
  }
}

/**
 * The fields of doc `doc`. The docs read last are kept decoded, by store (a store never
 * changes): a listing's next pages, its other sorts and its price bounds show mostly the same
 * products, whose decoding was a sixth of a category page's answer.
 */
export function readDoc(store: DocStore, doc: number): readonly string[] {
  let known = decoded.get(store);
  if (known === undefined) {
    known = new Map();
    decoded.set(store, known);
  }
  const had = known.get(doc);
  if (had !== undefined) return had;
  const from = store.offsets[doc] as number;
  const to = store.offsets[doc + 1] as number;
  const fields = decoder.decode(store.bytes.subarray(from, to)).split(FIELD_SEPARATOR);
  // At most MAX_DECODED in all: past it every store's are dropped.
  if (++decodedCount > MAX_DECODED) {
    decoded = new WeakMap();
    decodedCount = 1;
    known = new Map();
    decoded.set(store, known);
  }
  known.set(doc, fields);
  return fields;
}

/** The docs kept decoded (readDoc): a page of 20 products in 5 pages of 5 sorts is 500. */
const MAX_DECODED = 2048;
let decoded = new WeakMap<DocStore, Map<number, readonly string[]>>();
let decodedCount = 0;

/**
 * The first `count` fields of doc `doc`: only their bytes are decoded (a scan of a whole
 * segment's source ids and brands, search/merchandising.ts, decodes a fraction of each record).
 */
export function readLeadingFields(store: DocStore, doc: number, count: number): string[] {
  const from = store.offsets[doc] as number;
  const to = store.offsets[doc + 1] as number;
  const bytes = store.bytes;
  let end = from;
  for (let seen = 0; end < to; end++) if (bytes[end] === SEPARATOR_BYTE && ++seen === count) break;
  return decoder.decode(bytes.subarray(from, end)).split(FIELD_SEPARATOR);
}

const SEPARATOR_BYTE = FIELD_SEPARATOR.charCodeAt(0);

/** Concatenates the kept docs of several stores, in part order then doc order. */
export function gatherDocStores(
  parts: readonly { store: DocStore; keep: Uint32Array }[],
): DocStore {
  let size = 0;
  let count = 0;
  for (const { store, keep } of parts) {
    count += keep.length;
    for (const doc of keep)
      size += (store.offsets[doc + 1] as number) - (store.offsets[doc] as number);
  }
  const bytes = new Uint8Array(size);
  const offsets = new Uint32Array(count + 1);
  let used = 0;
  let n = 0;
  for (const { store, keep } of parts) {
    // Bytes are copied a run of consecutive kept docs at a time: one native copy per run
    // instead of one per doc (most merges keep every doc).
    let runFrom = 0;
    let runTo = 0;
    for (const doc of keep) {
      const from = store.offsets[doc] as number;
      const to = store.offsets[doc + 1] as number;
      if (from !== runTo) {
        bytes.set(store.bytes.subarray(runFrom, runTo), used - (runTo - runFrom));
        runFrom = from;
      }
      runTo = to;
      used += to - from;
      offsets[++n] = used;
    }
    bytes.set(store.bytes.subarray(runFrom, runTo), used - (runTo - runFrom));
  }
  return { bytes, offsets };
}
