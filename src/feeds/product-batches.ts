import { type BatchLimits, batches } from "../clients/backoffice/batches.ts";
import type { PlannedProduct } from "./plan-feed.ts";

/**
 * The most products a run writes in one batch (the server's bulk limit if it is lower): a
 * batch is held whole on both threads, as its items, its JSON and its answer (which carries
 * every record written), and batches of the bulk limit's 10,000 items grew the server by
 * hundreds of MB (BENCHMARKS.md, "Feeds").
 */
const PRODUCT_BATCH = 1000;

/**
 * A batch of products to write: its offer ids, and the bulk import's body (a JSON array); with
 * the offers' digests, which the store keeps with the written products.
 */
export interface ProductBatch {
  ids: string[];
  body: Uint8Array;
  digests: string[];
}

const encoder = new TextEncoder();

/** A feed's products cut into bulk bodies under the limits. */
export async function* productBatches(
  products: AsyncIterable<PlannedProduct>,
  limits: BatchLimits,
): AsyncGenerator<ProductBatch> {
  const productLimits = {
    maxItems: Math.min(limits.maxItems, PRODUCT_BATCH),
    maxBytes: limits.maxBytes,
  };
  for await (const batch of batches(products, (p) => p.json, productLimits))
    yield {
      ids: batch.items.map((p) => p.id),
      digests: batch.items.map((p) => p.digest),
      body: encoder.encode(`[${batch.json.join(",")}]`),
    };
}
