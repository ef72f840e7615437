// bench/threads.ts's search thread: applies each snapshot message as a search thread does and
// reports how long it held the loop (from the send, the clone included) and one search.

import { SEARCH_DEFAULTS } from "../src/model/search.ts";
import { type SnapshotMessage, SnapshotReplicas } from "../src/pipeline/snapshot-replica.ts";
import { search } from "../src/search/engine.ts";

declare const self: Worker;

self.onmessage = (e: MessageEvent<{ sent: number; message: SnapshotMessage }>) => {
  const replicas = new SnapshotReplicas();
  replicas.apply(e.data.message);
  const ms = performance.timeOrigin + performance.now() - e.data.sent;
  const snapshot = replicas.get(1)?.snapshot;
  if (!snapshot) throw new Error("no replica");
  const t = performance.now();
  search(snapshot, { ...SEARCH_DEFAULTS, q: "навушники" }, []);
  self.postMessage({ ms, searchMs: performance.now() - t });
};
