// The plan thread of one feed run: it reads the feed (decode, the XML or CSV parser, the
// dialect's records, the spool) and maps its offers into product batches, so that this work
// runs on a core of its own beside the writes and the indexing, and its garbage (~14 bytes a
// byte of feed) lands on this thread's small heap, not on the HTTP thread's, which holds the
// index and was collected only after hundreds of MB of it (BENCHMARKS.md, "Feeds"). The
// feed's bytes arrive as they are read, each acknowledged once taken; the plan goes back once
// the feed has parsed to its end; then one batch of products each time the run asks for one,
// as the bulk import's body (transferred, not copied). A thread runs one feed at a time and is
// kept for the next run (its compiled code with it). Handle: planned-feed.ts.

import type { BatchLimits } from "../clients/backoffice/batches.ts";
import { AppError, type ErrorCode } from "../errors.ts";
import type { Language } from "../model/records.ts";
import type { FeedEncoding } from "./decode.ts";
import { type FeedFormat, FeedSyntaxError } from "./feed-types.ts";
import { OfferSpool } from "./offer-spool.ts";
import {
  type CategoryError,
  type OfferDigests,
  type OfferError,
  type PlannedCategory,
  planFeed,
} from "./plan-feed.ts";
import { type ProductBatch, productBatches } from "./product-batches.ts";
import { openFeed } from "./read-feed.ts";

declare const self: Worker;

export type ToPlanThread =
  | { type: "start"; format: FeedFormat | "auto"; limits: BatchLimits }
  | { type: "bytes"; chunk: Uint8Array }
  /** The feed's bytes have all been sent. */
  | { type: "end" }
  /** The run wants its next batch of products; the first `next` has the store's digests. */
  | { type: "next"; digests?: OfferDigests }
  /** The run is over (or given up): the thread removes its spool and says `closed`. */
  | { type: "close" };

/** An error as it crosses threads: a feed's syntax error keeps its place. */
export type ThreadError =
  | { kind: "syntax"; line: number; column: number; reason: string }
  | { kind: "app"; code: ErrorCode; vars: Record<string, string | number> }
  | { kind: "other"; message: string };

export interface PlanMessage {
  type: "plan";
  format: FeedFormat;
  encoding: FeedEncoding;
  language: Language;
  categories: PlannedCategory[];
  present: string[];
  offers: number;
  offerErrors: OfferError[];
  categoryErrors: CategoryError[];
}

export type FromPlanThread =
  | { type: "taken" }
  | PlanMessage
  /**
   * A batch's offer ids, body and digests, with the offers found invalid since the batch
   * before, and how many were skipped as unchanged (their digests the store's).
   */
  | ({ type: "batch"; offerErrors: OfferError[]; unchanged: number } & ProductBatch)
  | { type: "done"; offerErrors: OfferError[]; unchanged: number }
  | { type: "error"; error: ThreadError }
  | { type: "closed" };

const post = (m: FromPlanThread, transfer: ArrayBuffer[] = []) => self.postMessage(m, transfer);

/** Messages not taken yet, and who waits for the next one. */
const inbox: ToPlanThread[] = [];
let waiting: (() => void) | null = null;
const next = async (): Promise<ToPlanThread> => {
  while (inbox.length === 0) await new Promise<void>((resolve) => (waiting = resolve));
  return inbox.shift() as ToPlanThread;
};

let closing = false;

/** The feed's bytes as they arrive; a `close` ends them (the parser then meets a cut feed). */
async function* feedBytes(): AsyncGenerator<Uint8Array> {
  while (!closing) {
    const m = await next();
    if (m.type === "bytes") {
      post({ type: "taken" });
      yield m.chunk;
    } else if (m.type === "close") closing = true;
    else if (m.type === "end") return;
  }
}

/** Waits for the run's `next`; null once it closes. */
async function asked(): Promise<Extract<ToPlanThread, { type: "next" }> | null> {
  while (!closing) {
    const m = await next();
    if (m.type === "next") return m;
    if (m.type === "close") closing = true;
  }
  return null;
}

function errorOf(error: unknown): ThreadError {
  if (error instanceof FeedSyntaxError)
    return { kind: "syntax", line: error.line, column: error.column, reason: error.reason };
  if (error instanceof AppError) return { kind: "app", code: error.code, vars: error.vars };
  return { kind: "other", message: String((error as Error)?.stack ?? error) };
}

async function run(format: FeedFormat | "auto", limits: BatchLimits): Promise<void> {
  await using spool = new OfferSpool();
  try {
    const feed = await openFeed(feedBytes(), format);
    const plan = await planFeed(feed.entries, spool);
    let sent = plan.offerErrors.length;
    let skipped = 0;
    /** What the batch's message adds: the errors and the unchanged since the one before. */
    const news = () => {
      const offerErrors = plan.offerErrors.slice(sent);
      sent = plan.offerErrors.length;
      const unchanged = plan.unchanged() - skipped;
      skipped += unchanged;
      return { offerErrors, unchanged };
    };
    post({
      type: "plan",
      format: feed.format,
      encoding: feed.encoding,
      language: plan.language,
      categories: plan.categories,
      present: plan.present,
      offers: plan.offers,
      offerErrors: plan.offerErrors.slice(),
      categoryErrors: plan.categoryErrors,
    });
    const first = await asked();
    if (!first) return;
    for await (const batch of productBatches(plan.products(first.digests ?? new Map()), limits)) {
      post({ type: "batch", ...batch, ...news() }, [batch.body.buffer as ArrayBuffer]);
      if (!(await asked())) return;
    }
    post({ type: "done", ...news() });
  } catch (error) {
    post({ type: "error", error: errorOf(error) });
  }
}

self.onmessage = (event: MessageEvent<ToPlanThread>) => {
  const m = event.data;
  if (m.type === "start") {
    closing = false;
    void run(m.format, m.limits).finally(async () => {
      // The run's messages after its end: a `close` is what the handle waits for.
      while (!closing) if ((await next()).type === "close") closing = true;
      inbox.length = 0;
      // Kept for the next run: what this one left goes now, while the thread is idle.
      Bun.gc(true);
      post({ type: "closed" });
    });
    return;
  }
  inbox.push(m);
  const wake = waiting;
  waiting = null;
  wake?.();
};
