import type { BatchLimits } from "../clients/backoffice/batches.ts";
import { AppError } from "../errors.ts";
import type { FeedEncoding } from "./decode.ts";
import { type FeedFormat, FeedSyntaxError } from "./feed-types.ts";
import type { FeedPlan, OfferDigests } from "./plan-feed.ts";
import type { FromPlanThread, PlanMessage, ThreadError, ToPlanThread } from "./plan-thread.ts";
import type { ProductBatch } from "./product-batches.ts";

// A feed read and planned by a plan thread of its own (plan-thread.ts), one per run: this
// thread sends it the feed's bytes and gets back the plan, then the product batches one at a
// time as the run writes them.

/** A plan whose products come as bulk bodies, each with its offer ids. */
export type WritePlan = Omit<FeedPlan, "products"> & {
  products(digests: OfferDigests): AsyncIterable<ProductBatch>;
};

export interface PlannedFeed extends AsyncDisposable {
  format: FeedFormat;
  encoding: FeedEncoding;
  plan: WritePlan;
}

/**
 * Bytes sent and not yet taken by the plan thread: the feed is read no faster than it is
 * parsed (a request body under Bun's backpressure, a download), and at most this much of it
 * waits in the thread's queue.
 */
const WINDOW = 16;

/**
 * Plan threads kept idle between runs: a new thread compiles the read again (JSC's JIT ~0.6 s
 * of CPU a run, and the run's first seconds on slower code; BENCHMARKS.md, "Feeds").
 */
const KEPT = 1;
const idle: Worker[] = [];

/** A small heap, collected often: what the read leaves is garbage within a record or two. */
const planThread = () =>
  new Worker(new URL("./plan-thread.ts", import.meta.url).href, { smol: true });

function errorOf(e: ThreadError): Error {
  if (e.kind === "syntax") return new FeedSyntaxError(e.line, e.column, e.reason);
  if (e.kind === "app") return new AppError(e.code, e.vars);
  return new Error(`plan thread: ${e.message}`);
}

/**
 * Reads `bytes` into a plan on a plan thread; resolves once the feed has parsed to its end
 * (throws FeedSyntaxError where it breaks, or the error of `bytes` itself). The thread's run
 * ends, its spool removed, when the result is disposed; the thread waits for the next run.
 */
export async function planInThread(
  bytes: AsyncIterable<Uint8Array>,
  format: FeedFormat | "auto",
  limits: BatchLimits,
): Promise<PlannedFeed> {
  const worker = idle.pop() ?? planThread();
  worker.ref();
  let healthy = true;
  const send = (m: ToPlanThread, transfer: ArrayBuffer[] = []) => worker.postMessage(m, transfer);
  /** The thread's messages not taken yet, and who waits for a change (the run, the pump). */
  const inbox: FromPlanThread[] = [];
  let waiting: (() => void)[] = [];
  let failure: Error | null = null;
  let inFlight = 0;
  let stopped = false;
  let closed!: () => void;
  const ended = new Promise<void>((resolve) => (closed = resolve));
  const wake = () => {
    const all = waiting;
    waiting = [];
    for (const w of all) w();
  };
  worker.onmessage = (event: MessageEvent<FromPlanThread>) => {
    const m = event.data;
    if (m.type === "taken") inFlight--;
    else if (m.type === "closed") closed();
    else inbox.push(m);
    wake();
  };
  worker.onerror = (event) => {
    healthy = false;
    failure ??= new Error(`plan thread: ${event.message}`);
    closed();
    wake();
  };
  const until = async (ready: () => boolean) => {
    while (!ready() && failure === null && !stopped)
      await new Promise<void>((resolve) => waiting.push(resolve));
    if (failure) throw failure;
  };
  /** The thread's next message of the plan or its batches. */
  const receive = async (): Promise<FromPlanThread> => {
    await until(() => inbox.length > 0);
    const m = inbox.shift();
    if (!m) throw new Error("plan thread: closed");
    if (m.type === "error") throw errorOf(m.error);
    return m;
  };
  const dispose = async () => {
    stopped = true;
    wake();
    send({ type: "close" });
    await ended;
    if (healthy && idle.length < KEPT) {
      worker.unref();
      idle.push(worker);
    } else worker.terminate();
  };
  send({ type: "start", format, limits });
  void (async () => {
    for await (const chunk of bytes) {
      // A chunk that is a whole buffer goes as it is; a view into a larger one, as a copy.
      const whole = chunk.byteOffset === 0 && chunk.byteLength === chunk.buffer.byteLength;
      const own = whole ? chunk : chunk.slice();
      await until(() => inFlight < WINDOW);
      if (stopped) return;
      inFlight++;
      send({ type: "bytes", chunk: own }, [own.buffer as ArrayBuffer]);
    }
    send({ type: "end" });
  })().catch((error) => {
    // The bytes' own error (a body over its cap, a download cut) is the run's.
    failure ??= error instanceof Error ? error : new Error(String(error));
    wake();
  });
  let plan: PlanMessage;
  try {
    const m = await receive();
    if (m.type !== "plan") throw new Error(`plan thread: ${m.type} before the plan`);
    plan = m;
  } catch (error) {
    // The pump stops at its next chunk (stopped), and the bytes' source with it.
    await dispose();
    throw error;
  }
  const offerErrors = plan.offerErrors;
  let unchanged = 0;
  async function* products(digests: OfferDigests): AsyncGenerator<ProductBatch> {
    // One batch asked ahead: the thread maps it while the one before is written.
    send({ type: "next", digests });
    for (;;) {
      const m = await receive();
      if (m.type !== "batch" && m.type !== "done")
        throw new Error(`plan thread: ${m.type} among the batches`);
      offerErrors.push(...m.offerErrors);
      unchanged += m.unchanged;
      if (m.type === "done") return;
      send({ type: "next" });
      yield { ids: m.ids, body: m.body, digests: m.digests };
    }
  }
  return {
    format: plan.format,
    encoding: plan.encoding,
    plan: {
      language: plan.language,
      categories: plan.categories,
      present: plan.present,
      offers: plan.offers,
      offerErrors,
      categoryErrors: plan.categoryErrors,
      products,
      unchanged: () => unchanged,
    },
    [Symbol.asyncDispose]: dispose,
  };
}
