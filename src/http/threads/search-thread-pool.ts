import type { DomainPopular } from "../../analytics/analytics-service.ts";
import type { SearchSeen } from "../../analytics/search-recorder.ts";
import type { ReplicaMessage } from "../../indexing/snapshot-replica.ts";
import type {
  FromSearchThread,
  HandOver,
  RequestSeen,
  SearchThreadData,
  ToSearchThread,
} from "./messages.ts";

/** What the main thread does with its search threads' reports. */
export interface SearchThreadSinks {
  searches(seen: readonly SearchSeen[]): void;
  requests(seen: readonly RequestSeen[]): void;
  shed(counts: Record<string, number>): void;
  suggestions(domainIds: readonly number[]): Promise<[number, DomainPopular][]>;
}

/**
 * The main thread's search threads (http/threads/search-thread.ts): started before the indexes are
 * built, so that every snapshot published reaches each of them in order; they listen only when
 * told, once the main thread does.
 */
export class SearchThreads {
  private readonly workers: Worker[] = [];
  private readonly waiting = new Map<Worker, (message: FromSearchThread) => void>();

  constructor(count: number, data: SearchThreadData, sinks: SearchThreadSinks) {
    for (let i = 0; i < count; i++) {
      const worker = new Worker(new URL("./search-thread.ts", import.meta.url).href);
      worker.onmessage = (event: MessageEvent<FromSearchThread>) => {
        const message = event.data;
        switch (message.type) {
          case "batch":
            if (message.searches.length > 0) sinks.searches(message.searches);
            if (message.requests.length > 0) sinks.requests(message.requests);
            sinks.shed(message.shed);
            return;
          case "suggest":
            void sinks.suggestions(message.domains).then(
              (lists) => this.send(worker, { type: "suggestions", id: message.id, lists }),
              () => this.send(worker, { type: "suggestions", id: message.id, lists: [] }),
            );
            return;
          default:
            this.waiting.get(worker)?.(message);
        }
      };
      // A thread that dies is a bug: logged, and whoever waits for it is answered.
      worker.onerror = (event) => {
        console.error(
          JSON.stringify({ level: "error", msg: "search thread", error: String(event.message) }),
        );
        this.waiting.get(worker)?.({ type: "failed", message: String(event.message) });
      };
      this.workers.push(worker);
      this.send(worker, { type: "init", data });
    }
  }

  /** To every search thread, in order. */
  post(message: ReplicaMessage | ToSearchThread): void {
    for (const worker of this.workers) this.send(worker, message);
  }

  /** Every thread listens on `port` (SO_REUSEPORT); rejects with the first failure. */
  async listen(port: number, to: HandOver): Promise<void> {
    const answers = await Promise.all(
      this.workers.map((w) => this.ask(w, { type: "listen", port, to })),
    );
    const failed = answers.find((a) => a.type === "failed");
    if (failed?.type === "failed")
      throw Object.assign(new Error(failed.message), { code: failed.code });
  }

  private stopped: Promise<void> | null = null;

  /** Each thread stops accepting and finishes its requests (within --shutdown-timeout); once. */
  stop(): Promise<void> {
    this.stopped ??= Promise.all(this.workers.map((w) => this.ask(w, { type: "stop" }))).then(
      () => {
        for (const worker of this.workers) worker.terminate();
      },
    );
    return this.stopped;
  }

  private send(worker: Worker, message: ToSearchThread): void {
    worker.postMessage(message);
  }

  private ask(worker: Worker, message: ToSearchThread): Promise<FromSearchThread> {
    return new Promise((resolve) => {
      this.waiting.set(worker, (answer) => {
        this.waiting.delete(worker);
        resolve(answer);
      });
      this.send(worker, message);
    });
  }
}
