import type { BatchLimits } from "../clients/backoffice/batches.ts";
import { AppError } from "../errors.ts";
import { type FeedFormat, FeedSyntaxError } from "./feed-types.ts";
import { planInThread } from "./planned-feed.ts";
import { type FeedRunResult, type FeedSink, runPlan } from "./run-feed.ts";

// One feed run from its bytes to its result: the pipeline the CLI and the route share.

export interface FeedImport {
  format: FeedFormat | "auto";
  dryRun: boolean;
  /** Runs a feed that lacks more than half of the store's products (docs/FEEDS.md). */
  force?: boolean;
  /**
   * How the caller's user forces a run, named by the half rule's refusal: the route's
   * `force=true` when absent, the CLI's `--force`.
   */
  forceFlag?: string;
  /** Deletes the products the feed lacks instead of making them unavailable. */
  deleteMissing?: boolean;
  limits: BatchLimits;
  onProgress?: (done: number, total: number) => void;
}

/**
 * Reads the whole feed and plans it before the first write: a feed that breaks anywhere is
 * 400 `feed_malformed` with its line and column, and nothing of the run is written. The read
 * and the mapping run on a plan thread of the run's own (plan-thread.ts); the offers wait in
 * a spool on disk meanwhile (offer-spool.ts), removed when the run ends.
 */
export async function importFeed(
  bytes: AsyncIterable<Uint8Array>,
  sink: FeedSink,
  options: FeedImport,
): Promise<FeedRunResult> {
  const started = performance.now();
  try {
    await using feed = await planInThread(bytes, options.format, options.limits);
    return await runPlan(feed.plan, sink, {
      ...options,
      format: feed.format,
      encoding: feed.encoding,
      force: options.force ?? false,
      forceFlag: options.forceFlag ?? "force=true",
      deleteMissing: options.deleteMissing ?? false,
      started,
    });
  } catch (error) {
    if (error instanceof FeedSyntaxError)
      throw new AppError("feed_malformed", {
        line: error.line,
        column: error.column,
        reason: error.reason,
      });
    throw error;
  }
}
