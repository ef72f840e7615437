import type { Config } from "../config.ts";
import { AppError } from "../errors.ts";
import type { ChangeBatch } from "../model/change-batch.ts";
import { Analytics } from "./analytics.ts";
import type { Call, Channel } from "./channel.ts";
import { Feeds } from "./feeds.ts";
import { Imports } from "./imports.ts";
import { Settings } from "./settings.ts";
import type { FromWriterThread, Reply, ToWriterThread } from "./writer-thread.ts";

export interface WriterHooks {
  /** A call that may append to the domain's change log goes to the writer thread. */
  onSent(domainId: number): void;
  /**
   * Its reply came back (also when it failed): `seq` is the change-log position it wrote (0
   * when none), `change` what a product batch that logged wrote. Reindex, synonym and rule
   * entries and a feed's retiring and deleting writes go the same way, without a change batch.
   */
  onAnswered(domainId: number, seq: number, change: ChangeBatch | undefined): void;
}

/**
 * The HTTP thread's handle on the writer thread (writer-thread.ts), which makes every write of
 * the catalog, the settings, the feeds and the analytics: one typed object per service. If the
 * thread dies, the calls in flight fail (500) and a new thread is started.
 */
export class Writer {
  readonly imports: Imports;
  readonly settings: Settings;
  readonly analytics: Analytics;
  readonly feeds: Feeds;
  private worker!: Worker;
  private readonly pending = new Map<number, (reply: Reply) => void>();
  private nextId = 1;
  private stopping = false;
  /** The fault the writer thread's store met at its last reply (store/write-faults.ts). */
  private storeFault: AppError | null = null;

  private constructor(
    private readonly config: Config,
    private readonly hooks: WriterHooks,
  ) {
    const channel: Channel = {
      send: (message, transfer) => this.send(message, transfer),
      logged: (domainId, message, transfer) => this.logged(domainId, message, transfer),
    };
    this.imports = new Imports(channel);
    this.settings = new Settings(channel);
    this.analytics = new Analytics(channel);
    this.feeds = new Feeds(channel);
  }

  static async start(config: Config, hooks: WriterHooks): Promise<Writer> {
    const writer = new Writer(config, hooks);
    await writer.spawn();
    return writer;
  }

  private spawn(): Promise<void> {
    const worker = new Worker(new URL("./writer-thread.ts", import.meta.url).href);
    this.worker = worker;
    const ready = new Promise<void>((resolve, reject) => {
      worker.onmessage = (event: MessageEvent<FromWriterThread>) => {
        const m = event.data;
        if (m.type === "ready") resolve();
        else if (m.type === "failed") reject(new Error(`writer thread: ${m.error}`));
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
        JSON.stringify({ level: "error", msg: "writer thread", error: String(event.message) }),
      );
      for (const settle of this.pending.values())
        settle({ ok: false, error: "writer thread died" });
      this.pending.clear();
      worker.terminate();
      if (!this.stopping) void this.spawn().catch(() => {});
    };
    worker.postMessage({ type: "init", config: this.config } satisfies ToWriterThread);
    return ready;
  }

  private send(message: Call, transfer: ArrayBuffer[] = []): Promise<Reply & { ok: true }> {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, (reply) => {
        if (reply.ok) resolve(reply);
        else if (typeof reply.error === "string") reject(new Error(reply.error));
        else reject(new AppError(reply.error.code, reply.error.vars));
      });
      this.worker.postMessage({ ...message, id } as ToWriterThread, transfer);
    });
  }

  private async logged(
    domainId: number,
    message: Call,
    transfer?: ArrayBuffer[],
  ): Promise<Reply & { ok: true }> {
    this.hooks.onSent(domainId);
    let seq = 0;
    let change: ChangeBatch | undefined;
    try {
      const reply = await this.send(message, transfer);
      seq = reply.seq ?? 0;
      change = reply.change;
      return reply;
    } finally {
      this.hooks.onAnswered(domainId, seq, change);
    }
  }

  /** The fault the writer thread's writes meet (a damaged file, a full disk), or null. */
  get fault(): AppError | null {
    return this.storeFault;
  }

  /** Calls sent to the writer thread and not answered yet (read by /metrics). */
  get inFlight(): number {
    return this.pending.size;
  }

  /** Closes the thread's store connection and ends the thread. */
  async stop(): Promise<void> {
    this.stopping = true;
    await this.send({ type: "stop" });
    this.worker.terminate();
  }
}
