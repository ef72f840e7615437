// The index thread: every domain's indexer of this node (indexers.ts), on a thread that answers
// no search, through a store connection of its own. It tails the change log, patches each
// domain's snapshot and publishes it in shared memory (snapshot-replica.ts) to the threads
// that search, the main one included; offer-only writes go into the shared offer columns in
// place. The main thread's handle is index-thread-handle.ts: it passes on the change batches
// (model/change-batch.ts) its writer thread answered, and the domains this node indexes.

import type { Config } from "../config.ts";
import type { ChangeBatch } from "../model/change-batch.ts";
import type { DomainRecord } from "../model/records.ts";
import { openStore } from "../store/open-store.ts";
import type { ChangeLog, PrimaryStore } from "../store/store.ts";
import { FreshRecords } from "./fresh-records.ts";
import { Indexers } from "./indexers.ts";
import { type ReplicaMessage, SnapshotPublisher } from "./snapshot-replica.ts";

declare const self: Worker;

export type ToIndexThread =
  | { type: "init"; config: Config }
  | { type: "add"; domain: DomainRecord }
  | { type: "remove"; domainId: number }
  /** A batch of the domain went to the writer thread. */
  | { type: "sent"; domainId: number }
  /** Its answer came back: `seq` the position it logged (0: none), `change` what it wrote. */
  | { type: "answered"; domainId: number; seq: number; change?: ChangeBatch }
  | { type: "stop" };

export type FromIndexThread =
  | { type: "started" }
  | { type: "failed"; error: string }
  | { type: "replica"; message: ReplicaMessage }
  /** The domain's index applied `position`. */
  | { type: "moved"; domainId: number; position: number; appliedAt: number }
  | { type: "charge"; domainId: number; ms: number }
  /** The first build and catch-up of the domain are done (`error`: it failed, and goes on). */
  | { type: "added"; domainId: number; error?: string }
  | { type: "ready"; domainId: number }
  | { type: "stopped" };

const post = (message: FromIndexThread) => self.postMessage(message);

let collecting = false;

/**
 * A build parses every record of the domain into objects that are garbage once it is done: one
 * full collection after the builds of a start (or a new domain's), from a later turn, since JSC
 * scans the stack conservatively (server-stages.ts, warmUp).
 */
function collectSoon(): void {
  if (collecting) return;
  collecting = true;
  setTimeout(() => {
    collecting = false;
    Bun.gc(true);
  }, 10);
}

let store: PrimaryStore | null = null;
let log: ChangeLog | null = null;
let indexers: Indexers | null = null;
const fresh = new FreshRecords();

async function init(config: Config): Promise<void> {
  ({ store, log } = await openStore(config));
  const publisher = new SnapshotPublisher((message) => post({ type: "replica", message }));
  indexers = new Indexers(store, log, {
    fresh,
    replicas: publisher,
    charge: (domainId, ms) => post({ type: "charge", domainId, ms }),
    moved: (domainId, position) =>
      post({ type: "moved", domainId, position, appliedAt: Date.now() }),
    ready: (domainId) => post({ type: "ready", domainId }),
  });
  indexers.schedule(config.reindexInterval);
}

self.onmessage = async (event: MessageEvent<ToIndexThread>) => {
  const m = event.data;
  try {
    switch (m.type) {
      case "init":
        await init(m.config);
        post({ type: "started" });
        return;
      case "add":
        await indexers?.add(m.domain).then(
          () => post({ type: "added", domainId: m.domain.id }),
          (error) => post({ type: "added", domainId: m.domain.id, error: String(error) }),
        );
        collectSoon();
        return;
      case "remove":
        await indexers?.remove(m.domainId);
        return;
      case "sent":
        fresh.sent(m.domainId);
        return;
      case "answered":
        fresh.answered(m.domainId, m.change);
        if (m.seq > 0) log?.wake?.(m.domainId);
        return;
      case "stop":
        await indexers?.stop();
        await store?.close();
        store = log = indexers = null;
        post({ type: "stopped" });
        return;
    }
  } catch (error) {
    post({ type: "failed", error: String((error as Error)?.stack ?? error) });
  }
};
