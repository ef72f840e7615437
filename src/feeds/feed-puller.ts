import { randomUUID } from "node:crypto";
import type { BatchLimits } from "../clients/backoffice/batches.ts";
import { AppError } from "../errors.ts";
import type { FeedRun, FeedState, RegisteredFeed } from "../model/feeds.ts";
import type { DomainRecord } from "../model/records.ts";
import type { FeedStore } from "../store/store.ts";
import { feedRun, type RunOutcome } from "./feed-runs.ts";
import { dueFeeds, nextRunAt } from "./feed-schedule.ts";
import type { FeedFormat } from "./feed-types.ts";
import { type FeedRequest, type FetchLimits, requestFeed } from "./fetch-url.ts";
import { importFeed } from "./import-feed.ts";
import type { FeedSink } from "./run-feed.ts";
import { postWebhook, type WebhookOptions } from "./webhook.ts";
import { type FeedWriter, writerSink } from "./writer-sink.ts";

// The registered feeds' puller (issue 33 point 1; docs/FEEDS.md "Registered feeds"): every
// poll it reads each served domain's feeds and what their last runs left, and runs those due,
// one after another, each through the pipeline of the feed route (importFeed, the import
// writer). A scheduled run asks with the last run's validators (If-None-Match,
// If-Modified-Since): a 304 is a run "unchanged" that cost one request. One node at a time runs
// a feed: the store's run lock (SET NX PX in Redis, renewed while the run lasts; this process's
// in the embedded mode), taken before the due time is read again, so that a node that waited
// for another's run does not repeat it. Each run is recorded (the history and the feed's
// state), then POSTed to the feed's webhook.

export interface PullerOptions {
  /** Batches under the bulk import's limits (--max-items, --max-bytes). */
  limits: BatchLimits;
  /** The fetch's caps and the hosts allowed (--feed-max-bytes, --feed-timeout, --feed-allow-host). */
  fetch: FetchLimits;
  /** A minute's length (60,000; shorter in tests: --feed-minute-ms). */
  minuteMs: number;
  /** How often the due feeds are looked for. */
  pollMs: number;
  webhook: Omit<WebhookOptions, "limits" | "signal">;
  log: (line: Record<string, unknown>) => void;
}

export interface PullerDeps {
  store: FeedStore;
  writer: FeedWriter;
  /** The domains this node serves, now (--partition). */
  domains: () => readonly DomainRecord[];
  /**
   * Seconds the domain's runs wait, 0 for none: an upload's rule, its share of the indexing
   * time owed while another store searches (--import-cpu-share). Its feeds stay due.
   */
  owed: (domainId: number) => number;
  /** Whether the domain's index is far behind its writes: a batch waits for it (writer-sink.ts). */
  indexBehind: (domainId: number) => boolean;
}

/** A held lock lasts this long unless renewed (every third of it while the run lasts). */
const LOCK_MS = 60_000;

/** A URL as logged: no query string, where a shop's feed URL may carry a key. */
const logged = (url: string) => {
  const u = new URL(url);
  return `${u.origin}${u.pathname}`;
};

const basic = (feed: RegisteredFeed): string | undefined =>
  feed.username === null
    ? undefined
    : `Basic ${Buffer.from(`${feed.username}:${feed.password ?? ""}`).toString("base64")}`;

export class FeedPuller {
  /** This node in the locks' values. */
  private readonly owner = randomUUID();
  private readonly stopping = new AbortController();
  /** "domain url" of the runs of this node in progress. */
  private readonly running = new Set<string>();
  /** Runs and webhook deliveries in progress: the stop waits for them. */
  private readonly tasks = new Set<Promise<unknown>>();
  private loop: Promise<void> | null = null;
  private wake: (() => void) | null = null;
  /** A poll was asked for while one ran: the next follows at once. */
  private poked = false;

  constructor(
    private readonly deps: PullerDeps,
    private readonly options: PullerOptions,
  ) {}

  start(): void {
    this.loop = this.poll();
  }

  /** Ends the polls, stops the runs' downloads and writes, and waits for them to be recorded. */
  async stop(): Promise<void> {
    this.stopping.abort();
    this.wake?.();
    await this.loop;
    await Promise.all([...this.tasks]);
  }

  /** Looks for due feeds now (a list just registered: its new feeds run at once). */
  poke(): void {
    this.poked = true;
    this.wake?.();
  }

  private async poll(): Promise<void> {
    const { signal } = this.stopping;
    while (!signal.aborted) {
      this.poked = false;
      for (const domain of this.deps.domains()) {
        if (signal.aborted) break;
        try {
          await this.pullDue(domain);
        } catch (error) {
          this.options.log({
            level: "error",
            msg: "feed poll",
            domain: domain.name,
            error: String(error),
          });
        }
      }
      if (this.poked || signal.aborted) continue;
      // Woken by a poke or by the stop: a stop that came during the pulls above found no
      // sleep to end, and waited for the next poll (half a minute) before the server exited.
      await new Promise<void>((resolve) => {
        const end = () => {
          clearTimeout(timer);
          signal.removeEventListener("abort", end);
          resolve();
        };
        const timer = setTimeout(end, this.options.pollMs);
        this.wake = end;
        signal.addEventListener("abort", end, { once: true });
      });
    }
  }

  private async pullDue(domain: DomainRecord): Promise<void> {
    const { store } = this.deps;
    if (this.deps.owed(domain.id) > 0) return;
    const [feeds, states] = await Promise.all([
      store.domainFeeds(domain.id),
      store.feedStates(domain.id),
    ]);
    for (const feed of dueFeeds(feeds, states, Date.now(), this.options.minuteMs)) {
      // Asked again before each run: the reads took time, another store may search now.
      if (this.stopping.signal.aborted || this.deps.owed(domain.id) > 0) return;
      const run = await this.claim(domain, feed);
      if (run) await this.track(run(true));
    }
  }

  /**
   * Runs a registered feed now, unconditionally (a run asked for reads the feed whole):
   * "started" and the run goes on, "running" when a run of it is in progress on any node,
   * "unknown" when the domain has no feed of that URL.
   */
  async runNow(
    domain: DomainRecord,
    url: string,
    force = false,
  ): Promise<"started" | "running" | "unknown"> {
    const feed = (await this.deps.store.domainFeeds(domain.id)).find((f) => f.url === url);
    if (!feed) return "unknown";
    const run = await this.claim(domain, feed);
    if (!run) return "running";
    void this.track(run(false, force));
    return "started";
  }

  private track<T>(task: Promise<T>): Promise<T> {
    this.tasks.add(task);
    void task.finally(() => this.tasks.delete(task)).catch(() => {});
    return task;
  }

  /** The feed's run under its lock, or null when another run of it holds the lock. */
  private async claim(
    domain: DomainRecord,
    feed: RegisteredFeed,
  ): Promise<((scheduled: boolean, force?: boolean) => Promise<void>) | null> {
    const { store } = this.deps;
    const key = `${domain.id} ${feed.url}`;
    if (this.running.has(key) || this.stopping.signal.aborted) return null;
    this.running.add(key);
    let claimed = false;
    try {
      claimed = await store.claimFeed(domain.id, feed.url, this.owner, LOCK_MS);
    } finally {
      if (!claimed) this.running.delete(key);
    }
    if (!claimed) return null;
    return async (scheduled, force = false) => {
      const renew = setInterval(
        () => void store.claimFeed(domain.id, feed.url, this.owner, LOCK_MS).catch(() => {}),
        LOCK_MS / 3,
      );
      try {
        // Read again under the lock: another node may have run it while this one waited, and
        // a PUT may have changed or removed it since the list was read.
        const [feeds, states] = await Promise.all([
          store.domainFeeds(domain.id),
          store.feedStates(domain.id),
        ]);
        const current = feeds.find((f) => f.url === feed.url);
        const state = states.find((s) => s.url === feed.url);
        if (!current) return;
        if (scheduled && nextRunAt(current, state, this.options.minuteMs) > Date.now()) return;
        await this.run(
          domain,
          current,
          scheduled ? "schedule" : "manual",
          scheduled ? state : undefined,
          force,
        );
      } catch (error) {
        this.options.log({
          level: "error",
          msg: "feed run",
          domain: domain.name,
          error: String(error),
        });
      } finally {
        clearInterval(renew);
        this.running.delete(key);
        await store.releaseFeed(domain.id, feed.url, this.owner).catch(() => {});
      }
    };
  }

  private async run(
    domain: DomainRecord,
    feed: RegisteredFeed,
    trigger: FeedRun["trigger"],
    last: FeedState | undefined,
    force = false,
  ): Promise<void> {
    const { signal } = this.stopping;
    const startedAt = Date.now();
    const request: FeedRequest = { authorization: basic(feed), signal };
    if (last?.etag) request.ifNoneMatch = last.etag;
    if (last?.last_modified) request.ifModifiedSince = last.last_modified;
    // A failed run keeps the validators of the last one that read the feed.
    const state: FeedState = {
      url: feed.url,
      started_at: startedAt,
      etag: last?.etag ?? null,
      last_modified: last?.last_modified ?? null,
    };
    let outcome: RunOutcome;
    try {
      const response = await requestFeed(feed.url, this.options.fetch, request);
      if (response.notModified) outcome = { notModified: true };
      else {
        const result = await importFeed(response.body, this.stoppable(domain.id, signal), {
          format: feed.format as FeedFormat | "auto",
          dryRun: false,
          force,
          forceFlag: '"force": true (POST /api/v2/content/feeds/run/)',
          deleteMissing: feed.delete_missing === true,
          limits: this.options.limits,
        });
        state.etag = response.etag;
        state.last_modified = response.lastModified;
        outcome = { result };
      }
    } catch (error) {
      outcome = { error: signal.aborted ? new AppError("feed_run_stopped") : error };
    }
    const run = feedRun({ url: feed.url, trigger, startedAt }, outcome, Date.now());
    await this.deps.store.recordFeedRun(domain.id, run, state);
    this.options.log({
      level: run.status === "failed" ? "warn" : "info",
      msg: "feed run",
      domain: domain.name,
      url: logged(feed.url),
      trigger,
      status: run.status,
      took_ms: run.took_ms,
    });
    if (feed.webhook_url && feed.webhook_secret)
      void this.track(this.deliver(domain, feed.webhook_url, feed.webhook_secret, run));
  }

  /** The writer's sink, refusing the batches after the server began to stop. */
  private stoppable(domainId: number, signal: AbortSignal): FeedSink {
    const sink = writerSink(this.deps.writer, domainId, this.deps.indexBehind);
    const guard = <A extends unknown[], R>(f: (...a: A) => Promise<R>) => {
      return (...a: A): Promise<R> => {
        if (signal.aborted) throw new AppError("feed_run_stopped");
        return f(...a);
      };
    };
    return {
      ...sink,
      categories: guard(sink.categories),
      products: guard(sink.products),
      ...(sink.retire && { retire: guard(sink.retire) }),
      ...(sink.delete && { delete: guard(sink.delete) }),
    };
  }

  private async deliver(
    domain: DomainRecord,
    url: string,
    secret: string,
    run: FeedRun,
  ): Promise<void> {
    const body = JSON.stringify({ domain: domain.name, ...run });
    const sent = await postWebhook(url, body, secret, {
      ...this.options.webhook,
      limits: this.options.fetch,
      signal: this.stopping.signal,
    });
    if (!sent.ok)
      this.options.log({
        level: "warn",
        msg: "feed webhook",
        domain: domain.name,
        url: logged(url),
        tries: sent.tries,
        reason: sent.reason,
      });
  }
}
