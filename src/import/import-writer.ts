import type { AdminReport, DomainPopular } from "../analytics/analytics-service.ts";
import type { Config } from "../config.ts";
import { AppError } from "../errors.ts";
import type { ChangeBatch } from "../model/change-batch.ts";
import type { FeedRun, FeedState, RegisteredFeed } from "../model/feeds.ts";
import type { MerchRule } from "../model/merchandising.ts";
import type { SynonymSet } from "../model/synonyms.ts";
import type { AnalyticsPeriod, FeedStore, SearchEvent, ShopperAction } from "../store/store.ts";
import { countImportItems } from "../telemetry/metrics.ts";
import type { FailedBatch } from "./failed-batches.ts";
import type { ImportAnswer } from "./import-answer.ts";
import type { MissingProducts, ProductWriteOptions } from "./import-service.ts";
import type { FeedCall, FromImportThread, Reply, ToImportThread } from "./import-thread.ts";

export interface ImportWriterHooks {
  /** A batch of the domain goes to the import thread. */
  onSent(domainId: number): void;
  /**
   * Its answer came back (also when it failed): `seq` is the change-log position it wrote (0
   * when none), `change` what a product batch that logged wrote. Reindex entries and the
   * others go the same way, without a change batch.
   */
  onAnswered(domainId: number, seq: number, change: ChangeBatch | undefined): void;
}

/** A request to the import thread, before the writer numbers it. */
type Call = ToImportThread extends infer T
  ? T extends { id: number }
    ? Omit<T, "id">
    : never
  : never;

/**
 * The HTTP thread's handle on the import thread (import-thread.ts): every write of the catalog,
 * the log and the analytics goes through it. The request's bytes are transferred, not copied.
 * If the thread dies, the calls in flight fail (500) and a new thread is started.
 */
export class ImportWriter implements FeedStore {
  private worker!: Worker;
  private readonly pending = new Map<number, (reply: Reply) => void>();
  private nextId = 1;
  private stopping = false;
  /** The fault the import thread's store met at its last answer (store/write-faults.ts). */
  private storeFault: AppError | null = null;

  private constructor(
    private readonly config: Config,
    private readonly hooks: ImportWriterHooks,
  ) {}

  static async start(config: Config, hooks: ImportWriterHooks): Promise<ImportWriter> {
    const writer = new ImportWriter(config, hooks);
    await writer.spawn();
    return writer;
  }

  private spawn(): Promise<void> {
    const worker = new Worker(new URL("./import-thread.ts", import.meta.url).href);
    this.worker = worker;
    const ready = new Promise<void>((resolve, reject) => {
      worker.onmessage = (event: MessageEvent<FromImportThread>) => {
        const m = event.data;
        if (m.type === "ready") resolve();
        else if (m.type === "failed") reject(new Error(`import thread: ${m.error}`));
        else {
          this.storeFault = m.fault ? new AppError(m.fault.code, m.fault.vars) : null;
          const settle = this.pending.get(m.id);
          this.pending.delete(m.id);
          settle?.(m);
        }
      };
    });
    worker.onerror = (event) => {
      console.error(
        JSON.stringify({ level: "error", msg: "import thread", error: String(event.message) }),
      );
      for (const settle of this.pending.values())
        settle({ ok: false, error: "import thread died" });
      this.pending.clear();
      worker.terminate();
      if (!this.stopping) void this.spawn().catch(() => {});
    };
    worker.postMessage({ type: "init", config: this.config } satisfies ToImportThread);
    return ready;
  }

  private call(message: Call, transfer: ArrayBuffer[] = []): Promise<Reply & { ok: true }> {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, (reply) => {
        if (reply.ok) resolve(reply);
        else if (typeof reply.error === "string") reject(new Error(reply.error));
        else reject(new AppError(reply.error.code, reply.error.vars));
      });
      this.worker.postMessage({ ...message, id } as ToImportThread, transfer);
    });
  }

  /** The fault the import thread's writes meet (a damaged file, a full disk), or null. */
  get fault(): AppError | null {
    return this.storeFault;
  }

  /** Calls sent to the import thread and not answered yet (read by /metrics). */
  get inFlight(): number {
    return this.pending.size;
  }

  private async batch(
    type: "products" | "categories",
    domainId: number,
    body: Uint8Array,
    write?: ProductWriteOptions,
  ): Promise<ImportAnswer> {
    this.hooks.onSent(domainId);
    let seq = 0;
    let change: ChangeBatch | undefined;
    try {
      const reply = await this.call({ type, domainId, body, write }, [body.buffer as ArrayBuffer]);
      if (!reply.answer) throw new Error("import thread: no response");
      if (reply.items) countImportItems(type, reply.items);
      seq = reply.seq ?? 0;
      change = reply.change;
      return reply.answer;
    } finally {
      this.hooks.onAnswered(domainId, seq, change);
    }
  }

  /** Specification 4.1: the body's bytes, as read by `readBody` (http/stack/read-body.ts). */
  importProducts(
    domainId: number,
    body: Uint8Array,
    write?: ProductWriteOptions,
  ): Promise<ImportAnswer> {
    return this.batch("products", domainId, body, write);
  }

  /** A feed run's missing products (import-service.ts); `deleting`: all of them, not only the available. */
  async feedMissing(
    domainId: number,
    present: readonly string[],
    deleting = false,
  ): Promise<MissingProducts> {
    const { missing } = await this.call({
      type: "feed-missing",
      domainId,
      present: [...present],
      deleting,
    });
    if (!missing) throw new Error("import thread: no answer");
    return missing;
  }

  /** The offer digests the domain's feed runs kept (CatalogReader.feedDigests). */
  async feedDigests(domainId: number): Promise<Map<string, string>> {
    const { digests } = await this.call({ type: "feed-digests", domainId });
    if (!digests) throw new Error("import thread: no answer");
    return digests;
  }

  /** Makes a feed run's missing products unavailable; returns the last batch's log position. */
  async retireProducts(domainId: number, sourceIds: readonly string[]): Promise<number> {
    this.hooks.onSent(domainId);
    let seq = 0;
    try {
      seq =
        (await this.call({ type: "feed-retire", domainId, sourceIds: [...sourceIds] })).seq ?? 0;
      return seq;
    } finally {
      this.hooks.onAnswered(domainId, seq, undefined);
    }
  }

  /** Deletes a feed run's missing products; returns how many were deleted. */
  async deleteProducts(domainId: number, sourceIds: readonly string[]): Promise<number> {
    this.hooks.onSent(domainId);
    let seq = 0;
    try {
      const reply = await this.call({ type: "feed-delete", domainId, sourceIds: [...sourceIds] });
      seq = reply.seq ?? 0;
      return reply.deleted ?? 0;
    } finally {
      this.hooks.onAnswered(domainId, seq, undefined);
    }
  }

  /** Specification 4.2. */
  importCategories(domainId: number, body: Uint8Array): Promise<ImportAnswer> {
    return this.batch("categories", domainId, body);
  }

  /** Appends a reindex entry; returns its position. */
  async appendReindex(domainId: number): Promise<number> {
    this.hooks.onSent(domainId);
    let seq = 0;
    try {
      seq = (await this.call({ type: "reindex", domainId })).seq ?? 0;
      return seq;
    } finally {
      this.hooks.onAnswered(domainId, seq, undefined);
    }
  }

  async recordSearches(events: readonly SearchEvent[]): Promise<void> {
    await this.call({ type: "searches", events: [...events] });
  }

  async recordActions(actions: readonly ShopperAction[]): Promise<void> {
    await this.call({ type: "actions", actions: [...actions] });
  }

  /** The admin analytics report, computed on the import thread. */
  async analyticsReport(domainId: number, period: AnalyticsPeriod): Promise<AdminReport> {
    const { analytics } = await this.call({ type: "analytics", domainId, period });
    if (!analytics) throw new Error("import thread: no report");
    return analytics;
  }

  /** Per domain, the past queries that may be suggested (analytics/analytics-service.ts). */
  async suggestions(domainIds: readonly number[]): Promise<[number, DomainPopular][]> {
    return (await this.call({ type: "suggestions", domainIds: [...domainIds] })).suggestions ?? [];
  }

  async blockedSuggestions(domainId: number): Promise<string[]> {
    return (await this.call({ type: "blocked", domainId })).blocked ?? [];
  }

  /** Blocks or unblocks a suggestion; false when nothing changed. */
  async setSuggestionBlocked(domainId: number, q: string, blocked: boolean): Promise<boolean> {
    return (await this.call({ type: "block", domainId, q, blocked })).changed ?? false;
  }

  async domainSynonyms(domainId: number): Promise<SynonymSet[]> {
    return (await this.call({ type: "synonyms", domainId })).synonyms ?? [];
  }

  /** Replaces the domain's synonyms; returns the position of their change-log entry. */
  async setDomainSynonyms(domainId: number, sets: readonly SynonymSet[]): Promise<number> {
    this.hooks.onSent(domainId);
    let seq = 0;
    try {
      seq = (await this.call({ type: "set-synonyms", domainId, sets: [...sets] })).seq ?? 0;
      return seq;
    } finally {
      this.hooks.onAnswered(domainId, seq, undefined);
    }
  }

  async domainRules(domainId: number): Promise<MerchRule[]> {
    return (await this.call({ type: "rules", domainId })).rules ?? [];
  }

  /** Replaces the domain's merchandising rules; returns their change-log entry's position. */
  async setDomainRules(domainId: number, rules: readonly MerchRule[]): Promise<number> {
    this.hooks.onSent(domainId);
    let seq = 0;
    try {
      seq = (await this.call({ type: "set-rules", domainId, rules: [...rules] })).seq ?? 0;
      return seq;
    } finally {
      this.hooks.onAnswered(domainId, seq, undefined);
    }
  }

  /** A call of the registered feeds' store on the import thread's connection. */
  private async feeds<T>(call: FeedCall): Promise<T> {
    return (await this.call({ type: "feeds", call })).value as T;
  }

  domainFeeds(domainId: number): Promise<RegisteredFeed[]> {
    return this.feeds({ method: "domainFeeds", args: [domainId] });
  }

  setDomainFeeds(domainId: number, feeds: readonly RegisteredFeed[]): Promise<void> {
    return this.feeds({ method: "setDomainFeeds", args: [domainId, [...feeds]] });
  }

  feedStates(domainId: number): Promise<FeedState[]> {
    return this.feeds({ method: "feedStates", args: [domainId] });
  }

  recordFeedRun(domainId: number, run: FeedRun, state: FeedState | null): Promise<void> {
    return this.feeds({ method: "recordFeedRun", args: [domainId, run, state] });
  }

  feedRuns(domainId: number): Promise<FeedRun[]> {
    return this.feeds({ method: "feedRuns", args: [domainId] });
  }

  claimFeed(domainId: number, url: string, owner: string, ms: number): Promise<boolean> {
    return this.feeds({ method: "claimFeed", args: [domainId, url, owner, ms] });
  }

  releaseFeed(domainId: number, url: string, owner: string): Promise<void> {
    return this.feeds({ method: "releaseFeed", args: [domainId, url, owner] });
  }

  /** The domain's recent failed import batches, newest first (failed-batches.ts). */
  async failedBatches(domainId: number): Promise<FailedBatch[]> {
    return (await this.call({ type: "failures", domainId })).failures ?? [];
  }

  /** Closes the thread's store connection and ends the thread. */
  async stop(): Promise<void> {
    this.stopping = true;
    await this.call({ type: "stop" });
    this.worker.terminate();
  }
}
