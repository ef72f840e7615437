// Items cut into bulk requests under a server's limits: the back-office client's batches, and
// the feed runs' (feeds/run-feed.ts), which write through the same bulk import.

/** The bounds of one bulk request: its items, and the bytes of its JSON array. */
export interface BatchLimits {
  maxItems: number;
  maxBytes: number;
}

/**
 * Items cut into batches of at most `maxItems` and (as a JSON array) `maxBytes`, each with the
 * items' JSON texts. An item larger than `maxBytes` alone is a batch of its own (which the
 * server refuses with 413).
 */
export async function* batches<T>(
  items: AsyncIterable<T> | Iterable<T>,
  json: (item: T) => string,
  limits: BatchLimits,
): AsyncGenerator<{ items: T[]; json: string[] }> {
  let batch: { items: T[]; json: string[] } = { items: [], json: [] };
  // "[", then each item with the comma after it, the last one's being the closing "]".
  let bytes = 1;
  for await (const item of items) {
    const text = json(item);
    const size = Buffer.byteLength(text) + 1;
    const n = batch.items.length;
    if (n > 0 && (n >= limits.maxItems || bytes + size > limits.maxBytes)) {
      yield batch;
      batch = { items: [], json: [] };
      bytes = 1;
    }
    batch.items.push(item);
    batch.json.push(text);
    bytes += size;
  }
  if (batch.items.length > 0) yield batch;
}
