import type { CategoryRecord, ProductRecord } from "../model/records.ts";
import { buildSnapshot, patchSnapshot, type Snapshot } from "../search/engine.ts";
import type { ChangeLog, PrimaryStore } from "../store/store.ts";

const READ_BATCH = 64;

/**
 * One domain's indexer: tails the domain's change log from the position its snapshot has
 * applied and swaps in a patched snapshot. Searches read `snapshot` and never wait: a patch
 * builds a new snapshot beside the old one and replaces one reference.
 */
export class DomainIndexer {
  snapshot: Snapshot;
  /** The last change-log position applied to `snapshot`. */
  position = 0;
  /** Wall-clock time of the last applied change, for the admin page's lag figure. */
  appliedAt = 0;
  private running = false;
  private rebuildRequested = false;
  private stopped: Promise<void> = Promise.resolve();

  constructor(
    readonly domainId: number,
    private readonly store: PrimaryStore,
    private readonly log: ChangeLog,
  ) {
    this.snapshot = buildSnapshot({ products: [], categories: [] });
  }

  /**
   * Builds the snapshot from the primary store. The log position is read first: a change
   * written during the load is then applied again on top, which is harmless (patches are
   * upserts of the current records), while the other order could miss it.
   */
  async rebuild(): Promise<void> {
    const started = performance.now();
    const position = await this.log.head(this.domainId);
    const [products, categories] = await Promise.all([
      this.store.allProducts(this.domainId),
      this.store.allCategories(this.domainId),
    ]);
    const loaded = performance.now();
    this.snapshot = buildSnapshot({ products, categories });
    this.position = Math.max(this.position, position);
    this.appliedAt = Date.now();
    if (products.length > 0)
      console.log(
        JSON.stringify({
          level: "info",
          msg: "index built",
          domain: this.domainId,
          products: products.length,
          load_ms: Math.round(loaded - started),
          build_ms: Math.round(performance.now() - loaded),
        }),
      );
  }

  start(): void {
    if (this.running) return;
    this.running = true;
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
    for (;;) {
      const entries = await this.log.read(this.domainId, this.position, READ_BATCH);
      if (entries.length === 0) return;
      await this.apply(entries);
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
  private async apply(entries: { seq: number; kind: string; ids: number[] }[]): Promise<void> {
    const last = entries[entries.length - 1];
    if (!last) return;
    if (entries.some((e) => e.kind === "reindex")) {
      await this.rebuild();
      this.position = Math.max(this.position, last.seq);
      return;
    }
    const productIds = new Set<number>();
    const categoryIds = new Set<number>();
    for (const e of entries)
      for (const id of e.ids) (e.kind === "products" ? productIds : categoryIds).add(id);
    const [products, categories]: [ProductRecord[], CategoryRecord[]] = await Promise.all([
      productIds.size ? this.store.getProducts(this.domainId, [...productIds]) : [],
      categoryIds.size ? this.store.getCategories(this.domainId, [...categoryIds]) : [],
    ]);
    this.snapshot = patchSnapshot(this.snapshot, { products, categories });
    this.position = last.seq;
    this.appliedAt = Date.now();
  }
}
