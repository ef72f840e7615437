import { type ChangeBatch, changeBatch } from "../model/change-batch.ts";
import type { ProductDraft } from "../model/drafts.ts";
import type { CategoryErrorEntry, ProductErrorEntry, SuccessEntry } from "../model/import.ts";
import { offerOnly } from "../model/offers.ts";
import type { CategoryRecord, ProductRecord } from "../model/records.ts";
import {
  type BatchOptions,
  type CatalogReader,
  type CatalogWriter,
  DELETE_BATCH,
  type WriteResult,
} from "../store/store.ts";
import { parseBatch } from "./read-batch.ts";
import { validateCategory } from "./validate-category.ts";
import { type Validated, validateProduct } from "./validate-product.ts";

/**
 * An entry of `successful` whose `data` is already serialised by the store (`json`). `logged`:
 * how the batch's change batch carries it, its record's JSON (`content`) or its offer alone
 * (`offer`: the write changed only that, model/offers.ts); absent when the batch logged nothing.
 */
export type SerialisedSuccess = Omit<SuccessEntry<unknown>, "data"> & {
  id: number;
  json: string;
  logged?: "content" | "offer";
  unchanged?: true;
};

/** How a feed's batch is written (docs/FEEDS.md, "A run is a diff"); the bulk API sends none. */
export type ProductWriteOptions = Pick<
  BatchOptions,
  "skipUnchanged" | "dryRun" | "assumeCategories" | "digests"
>;

/**
 * A feed run's missing products: how many the domain has, and which of them would go (made
 * unavailable: the available ones the feed lacks; deleted: all of them).
 */
export interface MissingProducts {
  products: number;
  gone: string[];
}

/** The most records a retiring write carries, as a bulk batch would. */
const RETIRE_BATCH = 1000;

export interface ImportResponse<E> {
  status: 200 | 201 | 400;
  successful: SerialisedSuccess[];
  errors: E[];
  /** Per error, its item's source id as sent (null when it had none): the admin page names it. */
  errorSources?: (string | null)[];
  /** The change-log position of the batch's entry; 0 when an item failed (rule 8). */
  seq: number;
  /** What a product batch's entry at `seq` wrote, for the indexer; absent when `seq` is 0. */
  change?: ChangeBatch;
}

/** An item's `source_id` (or `source_category_id`) as sent, if it is a string or a number. */
function sourceOf(item: object, field: "source_id" | "source_category_id"): string | null {
  const v = (item as Record<string, unknown>)[field];
  return typeof v === "string" || typeof v === "number" ? String(v).slice(0, 100) : null;
}

/**
 * The import side: a request body becomes one store batch per domain. Batches of one domain
 * apply in arrival order through the domain's writer queue; domains proceed in parallel.
 */
export class ImportService {
  private readonly tails = new Map<number, Promise<unknown>>();

  constructor(
    private readonly store: CatalogWriter &
      Pick<CatalogReader, "productSources" | "productsBySource">,
    private readonly limits: { maxItems: number },
  ) {}

  async importProducts(
    domainId: number,
    body: Uint8Array,
    write: ProductWriteOptions = {},
  ): Promise<ImportResponse<ProductErrorEntry>> {
    const items = parseBatch(body, this.limits);
    const checked = items.map(validateProduct);
    let seq = 0;
    const results = await this.serial(domainId, () =>
      this.store.writeProducts(
        domainId,
        checked.map((c) => (c.ok ? c.value : null)),
        { log: checked.every((c) => c.ok), onLogged: (s) => (seq = s), ...write },
      ),
    );
    const { successful, errors } = collect(checked, results, (e) => e);
    const written = { records: [] as SerialisedSuccess[], offers: [] as ProductRecord[] };
    for (const s of successful) {
      const r = results[s.index];
      if (!r?.ok) continue;
      if (r.unchanged) s.unchanged = true;
      else if (seq === 0) continue;
      else if (offerOnly(r.record)) {
        s.logged = "offer";
        written.offers.push(r.record);
      } else {
        s.logged = "content";
        written.records.push(s);
      }
    }
    // PRODUCT.md: 201 when all succeeded and one was created, 200 when all were updates.
    const status = errors.length ? 400 : successful.some((s) => s.status === 201) ? 201 : 200;
    const errorSources = errors.map((e) => sourceOf(items[e.index] ?? {}, "source_id"));
    const change = seq > 0 ? changeBatch(domainId, seq, written) : undefined;
    return { status, successful, errors, errorSources, seq, ...(change ? { change } : {}) };
  }

  async importCategories(
    domainId: number,
    body: Uint8Array,
  ): Promise<ImportResponse<CategoryErrorEntry>> {
    const items = parseBatch(body, this.limits);
    const checked = items.map(validateCategory);
    let seq = 0;
    const results = await this.serial(domainId, () =>
      this.store.writeCategories(
        domainId,
        checked.map((c) => (c.ok ? c.value : null)),
        { log: checked.every((c) => c.ok), onLogged: (s) => (seq = s) },
      ),
    );
    // Specification 2.6: category errors carry one message string per field.
    const { successful, errors } = collect(checked, results, (e) =>
      Object.fromEntries(Object.entries(e).map(([k, v]) => [k, v[0] ?? ""])),
    );
    const errorSources = errors.map((e) => sourceOf(items[e.index] ?? {}, "source_category_id"));
    return { status: errors.length ? 400 : 200, successful, errors, errorSources, seq };
  }

  /**
   * What a feed run of the domain with these offer ids would make go (docs/FEEDS.md, "Offers
   * missing from the feed"): the source ids of the available products the feed lacks.
   */
  async missing(
    domainId: number,
    present: readonly string[],
    deleting = false,
  ): Promise<MissingProducts> {
    const sources = await this.store.productSources(domainId);
    const feed = new Set(present);
    const missing = sources.filter((s) => !feed.has(s));
    if (deleting) return { products: sources.length, gone: missing };
    const gone: string[] = [];
    for (let at = 0; at < missing.length; at += RETIRE_BATCH)
      for (const r of await this.store.productsBySource(
        domainId,
        missing.slice(at, at + RETIRE_BATCH),
      ))
        if (r.availability) gone.push(r.source_id);
    return { products: sources.length, gone };
  }

  /**
   * Makes these products unavailable, and their warehouses' stock too (it decides the
   * product's availability): an offer-only write, which search takes by the price path.
   * Returns the change-log position of the last batch (0 when none was written).
   */
  async retire(domainId: number, sourceIds: readonly string[]): Promise<number> {
    let seq = 0;
    for (let at = 0; at < sourceIds.length; at += RETIRE_BATCH) {
      const stored = await this.store.productsBySource(
        domainId,
        sourceIds.slice(at, at + RETIRE_BATCH),
      );
      const drafts = stored.map(retiredDraft);
      await this.serial(domainId, () =>
        this.store.writeProducts(domainId, drafts, {
          log: true,
          skipUnchanged: true,
          onLogged: (s) => (seq = s),
        }),
      );
    }
    return seq;
  }

  /**
   * Deletes these products (a feed run's `delete_missing`), DELETE_BATCH a store call, each
   * call one atomic step with its change-log entry, in the domain's mailbox like its batches.
   * Those the domain lacks are skipped. Returns how many went and the last entry's position.
   */
  async remove(
    domainId: number,
    sourceIds: readonly string[],
  ): Promise<{ deleted: number; seq: number }> {
    let deleted = 0;
    let seq = 0;
    for (let at = 0; at < sourceIds.length; at += DELETE_BATCH) {
      const done = await this.serial(domainId, () =>
        this.store.deleteProducts(domainId, sourceIds.slice(at, at + DELETE_BATCH)),
      );
      deleted += done.deleted.length;
      if (done.seq) seq = done.seq;
    }
    return { deleted, seq };
  }

  // The domain's mailbox: each batch starts when the previous one of its domain has finished.
  private serial<T>(domainId: number, work: () => Promise<T>): Promise<T> {
    const previous = this.tails.get(domainId) ?? Promise.resolve();
    const run = previous.then(work, work);
    const tail = run.catch(() => undefined);
    this.tails.set(domainId, tail);
    tail.then(() => {
      if (this.tails.get(domainId) === tail) this.tails.delete(domainId);
    });
    return run;
  }
}

/** A draft that changes only a product's availability: the other fields keep the stored. */
const retiredDraft = (r: ProductRecord): ProductDraft => ({
  source_id: r.source_id,
  code: r.code,
  source_category_id: r.source_category_id,
  currency_code: r.currency_code,
  translations: [],
  new_price: undefined,
  old_price: undefined,
  picture: undefined,
  availability: false,
  vendor: undefined,
  group_id: undefined,
  is_main: undefined,
  warehouses:
    r.warehouses.length > 0 ? r.warehouses.map((w) => ({ ...w, available: false })) : undefined,
});

function collect<E>(
  checked: Validated<unknown>[],
  results: (WriteResult<ProductRecord | CategoryRecord> | null)[],
  shape: (errors: Record<string, string[]>) => E,
): { successful: SerialisedSuccess[]; errors: { index: number; errors: E }[] } {
  const successful: SerialisedSuccess[] = [];
  const errors: { index: number; errors: E }[] = [];
  checked.forEach((c, index) => {
    const r = results[index];
    if (!c.ok) errors.push({ index, errors: shape(c.errors) });
    else if (r && !r.ok) errors.push({ index, errors: shape(r.errors) });
    else if (r?.ok) successful.push({ index, status: r.status, id: r.record.id, json: r.json });
  });
  return { successful, errors };
}
