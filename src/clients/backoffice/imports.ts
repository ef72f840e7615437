import type { Static } from "@sinclair/typebox";
import type { CategoryImportResult, ProductImportResult } from "../../model/api.ts";
import { BULK_LIMITS } from "../../model/bulk-limits.ts";
import type { CategoryItem, ProductItem } from "../../model/import.ts";
import { type BatchLimits, batches } from "./batches.ts";
import { type Answer, type Send, VitrinaError } from "./transport.ts";

// The bulk import (docs/API.md, "Import"): the caller's items cut into requests under the
// server's limits, sent one after the other, and each answer's entries (by their index in
// the request) put back beside the caller's own items.

export const PRODUCTS_PATH = "/api/v2/content/product/bulk/";
export const CATEGORIES_PATH = "/api/v2/content/category/bulk/";

/** One item's outcome, with the item as the caller gave it and its index in the caller's list. */
export type ItemResult<I, E> =
  | { index: number; item: I; ok: true; status: 200 | 201; data: BulkRecord }
  | { index: number; item: I; ok: false; errors: E };

export interface ImportReport<I, E> {
  /** Every item's outcome, in the caller's order. */
  items: ItemResult<I, E>[];
  created: number;
  updated: number;
  failed: number;
  /** The requests sent. */
  batches: number;
}

/** A bulk answer's body: the successful entries and the failed ones, by index in the request. */
export type ProductBody = Static<typeof ProductImportResult>;
export type CategoryBody = Static<typeof CategoryImportResult>;
/** The record as saved, as a batch echoes it. */
type BulkRecord = ProductBody["successful"][number]["data"];
/** Product errors carry messages per field; category errors one message (specification 2.6). */
type ErrorsOf<B extends ProductBody | CategoryBody> = B["errors"][number]["errors"];
export type ProductReport = ImportReport<ProductItem, ErrorsOf<ProductBody>>;
export type CategoryReport = ImportReport<CategoryItem, ErrorsOf<CategoryBody>>;

/** What both bodies share: a successful answer leaves `errors` out. */
interface BulkBody<E> {
  successful: ProductBody["successful"];
  errors?: { index: number; errors: E }[];
}

/**
 * A batch refused as a whole (401, 413, a 429 or 503 past the retries...): the answer, and the
 * outcomes of the batches sent before it, which the server kept.
 */
export class ImportError<I, E> extends VitrinaError {
  readonly report: ImportReport<I, E>;
  constructor(path: string, answer: Answer, report: ImportReport<I, E>) {
    super({ method: "POST", path }, answer);
    this.name = "ImportError";
    this.report = report;
  }
}

/** Sends `items` in batches to `path`; the items' outcomes, or an ImportError. */
export async function importItems<I, E>(
  send: Send,
  path: string,
  items: readonly I[],
  limits: BatchLimits = BULK_LIMITS,
): Promise<ImportReport<I, E>> {
  const report: ImportReport<I, E> = { items: [], created: 0, updated: 0, failed: 0, batches: 0 };
  const indexed = items.map((item, index) => ({ item, index }));
  for await (const batch of batches(indexed, (e) => JSON.stringify(e.item), limits)) {
    const answer = await send({
      method: "POST",
      path,
      credential: "secret",
      body: `[${batch.json.join(",")}]`,
      headers: { "content-type": "application/json" },
    });
    if (!isBulkBody<E>(answer.body) || (answer.status !== 400 && answer.status >= 300))
      throw new ImportError(path, answer, report);
    report.batches++;
    for (const r of itemResults(batch.items, answer.body)) {
      report.items.push(r);
      if (!r.ok) report.failed++;
      else if (r.status === 201) report.created++;
      else report.updated++;
    }
  }
  return report;
}

/** A batch's entries beside its items, in the batch's order. */
function itemResults<I, E>(
  batch: readonly { item: I; index: number }[],
  body: BulkBody<E>,
): ItemResult<I, E>[] {
  const byIndex = new Map<number, ItemResult<I, E>>();
  for (const s of body.successful) {
    const e = batch[s.index];
    if (e)
      byIndex.set(s.index, {
        index: e.index,
        item: e.item,
        ok: true,
        status: s.status,
        data: s.data,
      });
  }
  for (const f of body.errors ?? []) {
    const e = batch[f.index];
    if (e) byIndex.set(f.index, { index: e.index, item: e.item, ok: false, errors: f.errors });
  }
  return batch.map((_, i) => {
    const r = byIndex.get(i);
    if (!r) throw new TypeError(`the server answered nothing for item ${i} of a batch`);
    return r;
  });
}

const isBulkBody = <E>(body: unknown): body is BulkBody<E> =>
  typeof body === "object" && body !== null && Array.isArray((body as BulkBody<E>).successful);
