import { type BatchLimits, batches } from "../clients/backoffice/batches.ts";
import { AppError } from "../errors.ts";
import type { FeedResult } from "../model/feeds.ts";
import type { FieldErrors } from "../model/import.ts";
import type { FeedEncoding } from "./decode.ts";
import type { FeedFormat } from "./feed-types.ts";
import type { CategoryError, OfferDigests, OfferError, PlannedCategory } from "./plan-feed.ts";
import type { WritePlan } from "./planned-feed.ts";
import type { ProductBatch } from "./product-batches.ts";

// A planned feed written through the bulk import (the HTTP thread's writer.imports, or the CLI's
// own import service): categories, then products, in batches under the bulk limits, so that
// each batch keeps the bulk import's crash guarantees and is charged to its store's share.

/** What one bulk batch answered, per item in the batch's order. */
export type ItemOutcome = { status: 200 | 201; unchanged?: boolean } | { errors: FieldErrors };

/** Where a run writes: the bulk import's two batch calls and a reindex. */
export interface FeedSink {
  categories(items: readonly string[]): Promise<ItemOutcome[]>;
  /** Writes the products that differ from the stored ones; the others come back `unchanged`. */
  products(batch: ProductBatch): Promise<ItemOutcome[]>;
  /** Makes saved items of a batch that had a failed item searchable (specification 4.1 rule 8). */
  reindex(): Promise<void>;
  /**
   * A dry run's products: planned against the store, the feed's categories taken as existing,
   * nothing written. A sink without it answers a dry run without the store.
   */
  preview?(batch: ProductBatch, categories: readonly number[]): Promise<ItemOutcome[]>;
  /**
   * The domain's product count, and the available products the feed lacks (`present`: its
   * offer ids), or with `deleting` every product it lacks. A sink without `missing` makes
   * nothing of the store go.
   */
  missing?(
    present: readonly string[],
    deleting: boolean,
  ): Promise<{ products: number; gone: string[] }>;
  /**
   * The offer digests the store keeps of the domain's products (docs/FEEDS.md, "A run is a
   * diff"); a sink without it skips no offer before mapping it.
   */
  digests?(): Promise<OfferDigests>;
  /** Makes these products unavailable. */
  retire?(sourceIds: readonly string[]): Promise<void>;
  /** Deletes these products (`delete_missing`); returns how many the store had and deleted. */
  delete?(sourceIds: readonly string[]): Promise<number>;
}

/** The most errors an answer lists; `failed` counts them all. */
export const LISTED_ERRORS = 1000;

/** The answer's shape (model/feeds.ts), with the server's own names of formats and encodings. */
export type FeedRunResult = FeedResult & { format: FeedFormat; encoding: FeedEncoding };

/** A category as the bulk import takes it, with `parent_id`: its parent's source_category_id. */
export function categoryJson(c: PlannedCategory): string {
  return JSON.stringify(c.parentId !== null ? { ...c.item, parent_id: c.parentId } : c.item);
}

export interface RunOptions {
  format: FeedFormat;
  encoding: FeedEncoding;
  /** Of the categories' batches (the products' are cut by the plan thread). */
  limits: BatchLimits;
  dryRun: boolean;
  /** Runs a feed that lacks more than half of the store's products. */
  force: boolean;
  /** How the caller's user forces a run (FeedImport). */
  forceFlag: string;
  /** Deletes the products the feed lacks instead of making them unavailable. */
  deleteMissing: boolean;
  started: number;
  /** Items written so far of all to write. */
  onProgress?: (done: number, total: number) => void;
}

/**
 * Writes a plan (unless a dry run) and counts what each offer and category became: first the
 * check that the feed does not empty the store, then categories, products (those the store has
 * as they are cost no write), and last the products the feed lacks (made unavailable, or
 * deleted with `deleteMissing`).
 */
export async function runPlan(
  plan: WritePlan,
  sink: FeedSink,
  options: RunOptions,
): Promise<FeedRunResult> {
  const storeErrors: OfferError[] = [];
  const categoryErrors = [...plan.categoryErrors];
  const counts = { created: 0, updated: 0, unchanged: 0 };
  const categoryCounts = { created: 0, updated: 0 };
  let partial = false;
  const missing = (await sink.missing?.(plan.present, options.deleteMissing)) ?? {
    products: 0,
    gone: [],
  };
  if (missing.gone.length * 2 > missing.products && !options.force)
    throw new AppError("feed_would_empty", {
      gone: missing.gone.length,
      products: missing.products,
      force: options.forceFlag,
    });
  // Offers found invalid as they are mapped are never written: the last report is total.
  const total = (options.dryRun ? 0 : plan.categories.length) + plan.present.length;
  let done = 0;
  if (!options.dryRun)
    for await (const batch of batches(plan.categories, categoryJson, options.limits)) {
      const outcomes = await sink.categories(batch.json);
      outcomes.forEach((o, i) => {
        if ("status" in o) categoryCounts[o.status === 201 ? "created" : "updated"]++;
        else {
          partial = true;
          const id = batch.items[i]?.item.source_category_id;
          categoryErrors.push({ category_id: String(id), line: 0, errors: o.errors });
        }
      });
      done += batch.items.length;
      options.onProgress?.(done, total);
    }
  const feedCategories = plan.categories.map((c) => Number(c.item.source_category_id));
  const preview = sink.preview;
  const write = options.dryRun
    ? preview && ((batch: ProductBatch) => preview(batch, feedCategories))
    : (batch: ProductBatch) => sink.products(batch);
  // The offers skipped by their digests are counted as the plan thread skips them.
  let skipped = 0;
  const count = (ids: string[], outcomes: ItemOutcome[]) => {
    outcomes.forEach((o, i) => {
      if (!("status" in o)) {
        partial = true;
        storeErrors.push({ offer_id: ids[i] ?? "", line: 0, errors: o.errors });
      } else counts[o.unchanged ? "unchanged" : o.status === 201 ? "created" : "updated"]++;
    });
    done += ids.length + plan.unchanged() - skipped;
    skipped = plan.unchanged();
    options.onProgress?.(done, total);
  };
  const digests = (await sink.digests?.()) ?? new Map<string, string>();
  // One batch in flight while the next is mapped: the writer thread writes one while the
  // plan thread maps the next. Batches of a domain are written in the order sent.
  // A failed write stops the run at the next batch (each promise is awaited in order below;
  // the catch only keeps one not awaited yet from counting as unhandled).
  let previous: Promise<void> = Promise.resolve();
  for await (const batch of plan.products(digests)) {
    const { ids } = batch;
    const written = write ? write(batch) : Promise.resolve([]);
    written.catch(() => {});
    await previous;
    previous = written.then((outcomes) => count(ids, outcomes));
    previous.catch(() => {});
  }
  await previous;
  counts.unchanged += plan.unchanged();
  if (done < total) options.onProgress?.(total, total);
  // What goes: made unavailable (`gone`), or deleted; a dry run counts what the run would do.
  const gone = options.deleteMissing ? 0 : missing.gone.length;
  let deleted = options.deleteMissing ? missing.gone.length : 0;
  if (!options.dryRun) {
    if (missing.gone.length > 0 && options.deleteMissing)
      deleted = (await sink.delete?.(missing.gone)) ?? 0;
    else if (missing.gone.length > 0) await sink.retire?.(missing.gone);
    if (partial) await sink.reindex();
  }
  // The plan's errors in feed order (those of a whole offer were found as it was read, the
  // others as it was mapped), then the store's.
  const offerErrors = [...plan.offerErrors].sort((a, b) => a.line - b.line).concat(storeErrors);
  const listed = (list: OfferError[] | CategoryError[]) => list.slice(0, LISTED_ERRORS);
  return {
    format: options.format,
    encoding: options.encoding,
    language: plan.language,
    dry_run: options.dryRun,
    offers: plan.offers,
    created: counts.created,
    updated: counts.updated,
    unchanged: counts.unchanged,
    gone,
    deleted,
    failed: offerErrors.length,
    categories: {
      total: plan.categories.length + plan.categoryErrors.length,
      created: categoryCounts.created,
      updated: categoryCounts.updated,
      failed: categoryErrors.length,
    },
    errors: listed(offerErrors) as OfferError[],
    category_errors: listed(categoryErrors) as CategoryError[],
    ...(offerErrors.length > LISTED_ERRORS || categoryErrors.length > LISTED_ERRORS
      ? { errors_truncated: true as const }
      : {}),
    seconds: Math.round((performance.now() - options.started) / 10) / 100,
  };
}
