import type { MerchRule } from "../model/merchandising.ts";
import type { LoggedChange, ProductOffer } from "../model/offers.ts";
import type { CategoryRecord, ProductRecord } from "../model/records.ts";
import {
  buildSnapshot,
  hasCategory,
  NO_SYNONYMS,
  type ProductPatch,
  patchSnapshot,
  prepareIfSearched,
  removeProducts,
  type Snapshot,
  type SynonymTable,
  settleSnapshot,
  startProductPatch,
  synonymTable,
  writeOffers,
} from "../search/engine.ts";
import type { CatalogReader, ChangeLog, MerchandisingStore, SynonymStore } from "../store/store.ts";
import type { FreshRecords } from "./fresh-records.ts";

/** What an indexer reads of the primary store: the catalog, the domain's synonyms and rules. */
export type IndexSource = CatalogReader &
  Pick<SynonymStore, "domainSynonyms"> &
  Pick<MerchandisingStore, "domainRules">;

const READ_BATCH = 64;
const PATCH_SLICE = 250;
/** Measured on 100,000 products: 10,000 a page peaks at 0.76 GB RSS and settles at 0.26 GB. */
const REBUILD_PAGE = 10_000;

/**
 * One domain's indexer: tails the domain's change log from the position its snapshot has
 * applied and swaps in a patched snapshot. Searches read `snapshot` and never wait: a patch
 * builds a new snapshot beside the old one and replaces one reference.
 */
export class DomainIndexer {
  private current: Snapshot;
  private synonyms: SynonymTable = NO_SYNONYMS;
  private rules: readonly MerchRule[] = [];
  /** The last change-log position applied to `snapshot`. */
  position = 0;
  /** Wall-clock time of the last applied change, for the admin page's lag figure. */
  appliedAt = 0;
  private running = false;
  private rebuildRequested = false;
  private caughtUp: (() => void) | undefined;
  private stopped: Promise<void> = Promise.resolve();

  constructor(
    readonly domainId: number,
    private readonly store: IndexSource,
    private readonly log: ChangeLog,
    private readonly fresh?: FreshRecords,
    /**
     * Sees every snapshot swapped in and returns the one to serve (the search threads' copy in
     * shared memory, indexing/snapshot-replica.ts); identity when absent.
     */
    private readonly publish: (domainId: number, snapshot: Snapshot) => Snapshot = (_, s) => s,
    /**
     * Told the milliseconds of this thread that each patch took (its awaits left out): the
     * store's imports pay for them (--import-cpu-share, http/import/import-routes.ts).
     */
    private readonly charge: (domainId: number, ms: number) => void = () => {},
    /** Told each position applied, after the snapshot that holds it was swapped in. */
    private readonly moved: (domainId: number, position: number) => void = () => {},
  ) {
    this.current = publish(domainId, buildSnapshot({ products: [], categories: [] }));
  }

  get snapshot(): Snapshot {
    return this.current;
  }

  /** `position` applied: the snapshot that holds it is swapped in. */
  private moveTo(position: number): void {
    this.position = position;
    this.appliedAt = Date.now();
    this.moved(this.domainId, position);
  }

  set snapshot(snapshot: Snapshot) {
    // The domain's synonyms and merchandising rules ride on every snapshot swapped in (built
    // ones come without).
    const { synonyms, rules } = this;
    const next =
      snapshot.synonyms === synonyms && snapshot.merchandising === rules
        ? snapshot
        : { ...snapshot, synonyms, merchandising: rules };
    const current = this.publish(this.domainId, next);
    this.current = current;
    // What a search would build on first use, built on a later turn instead of in the first
    // search that needs it (when the domain is searched; search/warm-up.ts).
    setImmediate(() => {
      if (this.current === current) prepareIfSearched(current);
    });
  }

  /** Reads the domain's synonyms from the store; the next snapshot swapped in carries them. */
  private async readSynonyms(): Promise<void> {
    this.synonyms = synonymTable(await this.store.domainSynonyms(this.domainId));
  }

  /** Reads the domain's merchandising rules; the next snapshot swapped in carries them. */
  private async readRules(): Promise<void> {
    this.rules = await this.store.domainRules(this.domainId);
  }

  /** The merges the last swap made due, on a later turn of the loop, swapped in if any. */
  private async settle(waiting: <T>(promise: Promise<T>) => Promise<T>): Promise<void> {
    await waiting(new Promise((resolve) => setImmediate(resolve)));
    const settled = settleSnapshot(this.snapshot);
    if (settled !== this.snapshot) this.snapshot = settled;
  }

  /**
   * The thread time of a piece of work, charged to the store stretch by stretch: the
   * synchronous work before each await (`waiting`), and the rest at `done`. The turns of the
   * loop in between answer imports and searches of every store.
   */
  private meter(charged = true) {
    let from = performance.now();
    const charge = () => {
      if (charged) this.charge(this.domainId, performance.now() - from);
    };
    return {
      waiting: async <T>(promise: Promise<T>): Promise<T> => {
        charge();
        try {
          return await promise;
        } finally {
          from = performance.now();
        }
      },
      done: charge,
    };
  }

  /**
   * Builds the snapshot from the primary store. The log position is read first: a change
   * written during the load is then applied again on top, which is harmless (patches are
   * upserts of the current records), while the other order could miss it. A reindex the log
   * asked for (the store's, the operator's) is `charged` to the store's share as its imports'
   * patches are (issue 34, fault 6: a loop of reindexes was free); the first build and the
   * periodic one, which the store did not ask for, are not.
   */
  async rebuild(charged = false): Promise<void> {
    const started = performance.now();
    const { waiting, done } = this.meter(charged);
    const position = await waiting(this.log.head(this.domainId));
    await waiting(this.readSynonyms());
    await waiting(this.readRules());
    const categories = await waiting(this.store.allCategories(this.domainId));
    let snapshot: Snapshot;
    let count = 0;
    if (this.store.productPages) {
      // Page by page into a snapshot of its own: searches keep the old one until the swap.
      snapshot = buildSnapshot({ products: [], categories });
      const pages = this.store.productPages(this.domainId, REBUILD_PAGE)[Symbol.asyncIterator]();
      for (let page = await waiting(pages.next()); !page.done; page = await waiting(pages.next())) {
        snapshot = patchSnapshot(snapshot, { products: page.value });
        count += page.value.length;
      }
    } else {
      const products = await waiting(this.store.allProducts(this.domainId));
      snapshot = buildSnapshot({ products, categories });
      count = products.length;
    }
    this.snapshot = snapshot;
    done();
    // The head, even below the old position: a Redis Cluster failover can lose the last
    // entries, whose positions later writes reuse (store/redis/change-log.ts).
    this.moveTo(position);
    if (count > 0)
      console.log(
        JSON.stringify({
          level: "info",
          msg: "index built",
          domain: this.domainId,
          products: count,
          ms: Math.round(performance.now() - started),
        }),
      );
  }

  /** Tails the log; `onCaughtUp` is called once, after the loop's first complete catch-up. */
  start(onCaughtUp?: () => void): void {
    if (this.running) return;
    this.running = true;
    this.caughtUp = onCaughtUp;
    this.stopped = this.loop();
  }

  /** A rebuild from the store, run by the tail loop so it never interleaves with a patch. */
  requestRebuild(): void {
    this.rebuildRequested = true;
  }

  async stop(): Promise<void> {
    this.running = false;
    await this.stopped;
  }

  /** Applies every entry written so far; used at start and by tests of freshness. */
  async catchUp(): Promise<void> {
    let waited = 0;
    for (;;) {
      const entries = await this.log.read(this.domainId, this.position, READ_BATCH);
      const first = entries[0];
      if (first === undefined) return;
      const ready = this.fresh?.ready(this.domainId, entries) ?? entries;
      // Once per entry: an entry of another process (the CLI, another node) has no records
      // coming, and imports going on must not hold it back.
      if (ready.length === 0 && first.seq !== waited) {
        waited = first.seq;
        await this.fresh?.arrival(this.domainId);
        continue;
      }
      await this.apply(ready.length > 0 ? ready : entries);
    }
  }

  private async loop(): Promise<void> {
    while (this.running) {
      try {
        await this.log.waitFor(this.domainId, this.position, 1000);
        if (!this.running) return;
        if (this.rebuildRequested) {
          this.rebuildRequested = false;
          await this.rebuild();
        }
        await this.catchUp();
        this.caughtUp?.();
        this.caughtUp = undefined;
      } catch (error) {
        // A store outage (Redis mode) must not kill the indexer: searches go on answering
        // from the last snapshot, and the tail resumes from its position when the store returns.
        console.error(
          JSON.stringify({
            level: "warn",
            msg: "indexer",
            domain: this.domainId,
            error: String(error),
          }),
        );
        await Bun.sleep(500);
      }
    }
  }

  // Consecutive entries are coalesced into one patch: one snapshot swap per read.
  private async apply(entries: LoggedChange[]): Promise<void> {
    const last = entries[entries.length - 1];
    if (!last) return;
    if (entries.some((e) => e.kind === "reindex")) {
      await this.rebuild(true);
      this.moveTo(Math.max(this.position, last.seq));
      return;
    }
    if (entries.some((e) => e.kind === "synonyms")) {
      await this.readSynonyms();
      this.snapshot = this.current;
    }
    if (entries.some((e) => e.kind === "merchandising")) {
      await this.readRules();
      this.snapshot = this.current;
    }
    // A product's record comes from the batch that logged it when that batch is still in
    // `fresh` or the entry carries it (another node's, in the Redis modes): its JSON, or only
    // its offer when that is all the write changed; else from the store, which holds the
    // newest version of all: an id that one of the entries has to read from the store is read
    // from there.
    // The thread time of this patch, charged to the store: the turn of the loop at each await
    // answers the import or a search that may already see the new snapshot.
    const { waiting, done } = this.meter();
    const written = new Map<number, string | ProductOffer>();
    const fromStore = new Set<number>();
    const categoryIds = new Set<number>();
    // In log order: a product deleted after a write of it is dropped, not patched (ids are
    // never reused, but a write after a delete would then win as it should).
    const deleted = new Set<number>();
    for (const e of entries) {
      if (e.kind === "deletes") {
        for (const id of e.ids) {
          written.delete(id);
          fromStore.delete(id);
          deleted.add(id);
        }
        continue;
      }
      if (e.kind !== "products") {
        for (const id of e.ids) categoryIds.add(id);
        continue;
      }
      const batch = this.fresh?.take(this.domainId, e.seq) ?? e.written;
      for (const id of e.ids) {
        deleted.delete(id);
        const version = batch?.records.get(id) ?? batch?.offers.get(id);
        if (version !== undefined && !fromStore.has(id)) written.set(id, version);
        else {
          written.delete(id);
          fromStore.add(id);
        }
      }
    }
    // Offers first, at once: no parse, no patch. One the index cannot take in place (its
    // content is not the one indexed) is read whole from the store.
    const offers: ProductOffer[] = [];
    for (const version of written.values()) if (typeof version !== "string") offers.push(version);
    for (const offer of writeOffers(this.snapshot, offers)) fromStore.add(offer.id);
    for (const offer of offers) written.delete(offer.id);
    const categories: CategoryRecord[] = categoryIds.size
      ? await waiting(this.store.getCategories(this.domainId, [...categoryIds]))
      : [];
    if (categories.length) this.snapshot = patchSnapshot(this.snapshot, { categories });
    // Deleted products: tombstones only, searchable at once; their merges come after the
    // patch below (or on the next turn when there is none).
    let unsettled = false;
    if (deleted.size > 0) {
      const removed = removeProducts(this.snapshot, deleted);
      unsettled = removed !== this.snapshot;
      this.snapshot = removed;
    }
    // In slices, with a turn of the event loop between them: the searches queued on this
    // thread run between slices instead of waiting for a whole 1,000-product patch. A product
    // whose write changed only its offer (a price or stock feed) is written in place at once
    // (search/index/offer-columns.ts); the others go into one new segment, swapped in at the end.
    const ids = [...written.keys(), ...fromStore];
    let patched = false;
    if (ids.length > 0) {
      // Categories the products name but the index lacks: saved by a category batch that
      // failed, whose entry rule 8 keeps out of the log. A product must always show its
      // category, so they are read from the store and patched in with the products.
      const unindexed = new Set<string>();
      let patch: ProductPatch | null = null;
      for (let i = 0; i < ids.length; i += PATCH_SLICE) {
        // A turn first: the answer of the import that woke the indexer goes out before.
        await waiting(new Promise((resolve) => setImmediate(resolve)));
        const products: ProductRecord[] = [];
        const missing: number[] = [];
        for (const id of ids.slice(i, i + PATCH_SLICE)) {
          const json = written.get(id);
          if (typeof json === "string") products.push(JSON.parse(json) as ProductRecord);
          else missing.push(id);
        }
        if (missing.length)
          products.push(...(await waiting(this.store.getProducts(this.domainId, missing))));
        const rest = writeOffers(this.snapshot, products);
        if (rest.length === 0) continue;
        for (const p of rest)
          if (!hasCategory(this.snapshot, p.source_category_id))
            unindexed.add(p.source_category_id);
        patch ??= startProductPatch(this.snapshot, ids.length);
        patch.add(rest);
      }
      if (patch !== null) {
        patched = true;
        const lacking = unindexed.size
          ? (await waiting(this.store.allCategories(this.domainId))).filter((c) =>
              unindexed.has(String(c.source_category_id)),
            )
          : [];
        // One swap: each swap is published to the search threads as one message, and a thread
        // answers searches between two messages, so the products and their categories go in one.
        // Searchable first, merged after: a merge into a large segment (~50-100 ms at 100,000
        // products) would otherwise come between the import's answer and its products.
        const products = patch.finish({ merge: false });
        this.snapshot = lacking.length
          ? patchSnapshot(products, { categories: lacking })
          : products;
        await this.settle(waiting);
        // A patch leaves the records and the merged-away segments as garbage: ask for an
        // (asynchronous) collection now rather than let a bulk load pile it up.
        Bun.gc(false);
      }
    }
    if (unsettled && !patched) await this.settle(waiting);
    this.moveTo(last.seq);
    done();
  }
}
