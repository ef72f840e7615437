// One search engine of the peers' benchmark (bench/peers.ts), as the benchmark drives it: the
// same catalog in, from one client in 1,000-item batches, and the first ten answers out.

import type { Catalog } from "../../src/sample-catalog/types.ts";
import { categoryNames, type PeerRow, peerRow } from "./rows.ts";

export const BATCH = 1000;

export interface Answer {
  /** The `source_id`s of the first ten, best first. */
  ids: string[];
  /** The engine's own time when it says it (Vitrina's Server-Timing), ms. */
  serverMs: number | null;
}

export interface Engine {
  name: string;
  /** The catalog's products in batches of BATCH from one client; resolves on the last acknowledgement. */
  importAll(): Promise<void>;
  /** The first ten answers to a query of the classes (its params). */
  search(params: Record<string, string>): Promise<Answer>;
  close(): Promise<void>;
}

/**
 * The catalog's rows a batch at a time, made as they are sent (as Vitrina's import serialises
 * each batch before it sends it), so that both sides pay for their own request's making.
 */
export function* rowBatches(catalog: Catalog): Generator<PeerRow[]> {
  const categories = categoryNames(catalog.categories);
  for (let start = 0; start < catalog.products.length; start += BATCH)
    yield catalog.products
      .slice(start, start + BATCH)
      .map((p, k) => peerRow(p, start + k, categories));
}

/** The `source_id`s of the peer's answer ids (1-based catalog positions). */
export const sourceIds = (catalog: Catalog, ids: readonly number[]): string[] =>
  ids.map((id) => catalog.products[id - 1]?.source_id ?? "");
