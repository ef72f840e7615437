import type { Config } from "../config.ts";
import type { DomainRecord } from "../model/records.ts";
import type { SearchParams } from "../model/search.ts";
import type { FromWorker, ToWorker } from "./index-worker.ts";

export interface SearchResult {
  body: string;
  total: number;
  corrected_query: string;
}

/** The HTTP thread's handle on the indexing thread (index-worker.ts). */
export class IndexClient {
  private readonly worker = new Worker(new URL("./index-worker.ts", import.meta.url).href);
  private readonly pending = new Map<number, (r: SearchResult | null) => void>();
  private readonly waiting = new Map<string, () => void>();
  private nextId = 1;

  private constructor() {
    this.worker.onmessage = (event: MessageEvent<FromWorker>) => {
      const m = event.data;
      if (m.type === "result") {
        const resolve = this.pending.get(m.id);
        this.pending.delete(m.id);
        resolve?.(
          m.found ? { body: m.body, total: m.total, corrected_query: m.corrected_query } : null,
        );
      } else if (m.type === "error") {
        console.error(JSON.stringify({ level: "error", msg: "index worker", error: m.message }));
      } else {
        const key = m.type === "domain-ready" ? `domain:${m.domainId}` : m.type;
        this.waiting.get(key)?.();
        this.waiting.delete(key);
      }
    };
  }

  static async start(config: Config): Promise<IndexClient> {
    const client = new IndexClient();
    await client.request("ready", { type: "init", config });
    return client;
  }

  private request(key: string, message: ToWorker): Promise<void> {
    return new Promise((resolve) => {
      this.waiting.set(key, resolve);
      this.worker.postMessage(message);
    });
  }

  /** Builds the domain's index (if this node serves it) and starts tailing its log. */
  addDomain(domain: DomainRecord): Promise<void> {
    return this.request(`domain:${domain.id}`, { type: "domain", domain });
  }

  /** Tells the indexer that the domain's log grew (a commit on this node). */
  wake(domainId: number): void {
    this.worker.postMessage({ type: "wake", domainId } satisfies ToWorker);
  }

  /** The serialised answer, or null when this node has no index for the domain. */
  search(
    domainId: number,
    params: SearchParams,
    popular: readonly string[],
  ): Promise<SearchResult | null> {
    const id = this.nextId++;
    return new Promise((resolve) => {
      this.pending.set(id, resolve);
      this.worker.postMessage({ type: "search", id, domainId, params, popular } satisfies ToWorker);
    });
  }

  collectGarbage(): void {
    this.worker.postMessage({ type: "gc" } satisfies ToWorker);
  }

  async stop(): Promise<void> {
    await this.request("stopped", { type: "stop" });
    this.worker.terminate();
  }
}
