// The indexing thread. It owns this node's indexes: it builds them, tails the change log, patches
// them and answers searches from them, so that a patch never holds the HTTP thread (which only
// parses, validates and writes imports). Messages: see IndexClient.
import type { Config } from "../config.ts";
import type { DomainRecord } from "../model/records.ts";
import type { SearchParams } from "../model/search.ts";
import { search } from "../search/engine.ts";
import { openStore } from "../store/open-store.ts";
import { serves } from "../tenancy/partition.ts";
import { Indexers } from "./indexers.ts";

declare const self: Worker;

export type ToWorker =
  | { type: "init"; config: Config }
  | { type: "domain"; domain: DomainRecord }
  | { type: "wake"; domainId: number }
  | {
      type: "search";
      id: number;
      domainId: number;
      params: SearchParams;
      popular: readonly string[];
    }
  | { type: "gc" }
  | { type: "stop" };

export type FromWorker =
  | { type: "ready" }
  | { type: "domain-ready"; domainId: number }
  | {
      type: "result";
      id: number;
      body: string;
      total: number;
      corrected_query: string;
      found: boolean;
    }
  | { type: "stopped" }
  | { type: "error"; message: string };

let indexers: Indexers | null = null;
let wake: ((domainId: number) => void) | null = null;
let close: (() => Promise<void>) | null = null;
const post = (m: FromWorker) => self.postMessage(m);

self.onmessage = async (event: MessageEvent<ToWorker>) => {
  const m = event.data;
  try {
    if (m.type === "init") {
      const { store, log } = await openStore(m.config);
      indexers = new Indexers(store, log, (d) => serves(m.config.partition, d));
      indexers.schedule(m.config.reindexInterval);
      wake = (id) => log.notify?.(id);
      close = () => store.close();
      post({ type: "ready" });
    } else if (m.type === "domain") {
      await indexers?.add(m.domain);
      post({ type: "domain-ready", domainId: m.domain.id });
    } else if (m.type === "wake") {
      wake?.(m.domainId);
    } else if (m.type === "search") {
      const indexer = indexers?.get(m.domainId);
      if (!indexer) {
        post({ type: "result", id: m.id, body: "", total: 0, corrected_query: "", found: false });
        return;
      }
      const r = search(indexer.snapshot, m.params, m.popular);
      post({
        type: "result",
        id: m.id,
        body: JSON.stringify(r),
        total: r.total,
        corrected_query: r.corrected_query,
        found: true,
      });
    } else if (m.type === "gc") {
      Bun.gc(true);
    } else if (m.type === "stop") {
      await indexers?.stop();
      await close?.();
      post({ type: "stopped" });
    }
  } catch (error) {
    if (m.type === "search")
      post({ type: "result", id: m.id, body: "", total: 0, corrected_query: "", found: false });
    post({ type: "error", message: String((error as Error)?.stack ?? error) });
  }
};
