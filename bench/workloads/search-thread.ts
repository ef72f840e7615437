// bench/search-threads.ts's search thread: applies a snapshot message as a search thread does and
// reports what held its loop: the message's arrival (the structured clone of what is not
// shared, from the moment the sender's postMessage returned) and each slice of the replica's
// work, then one search on the replica.

import { answerSearch } from "../../src/http/search/search-answer.ts";
import { type SnapshotMessage, SnapshotReplicas } from "../../src/indexing/snapshot-replica.ts";
import { SEARCH_DEFAULTS } from "../../src/model/search.ts";

declare const self: Worker;

self.onmessage = (e: MessageEvent<{ sent: Float64Array; message: SnapshotMessage }>) => {
  const now = () => performance.timeOrigin + performance.now();
  // The sender writes when its postMessage returned; wait for it.
  while (Atomics.load(new Int32Array(e.data.sent.buffer), 2) === 0);
  const arrivalMs = now() - (e.data.sent[0] as number);
  const slices: number[] = [];
  let sliceStart = performance.now();
  const replicas = new SnapshotReplicas((next) => {
    slices.push(performance.now() - sliceStart);
    setImmediate(() => {
      sliceStart = performance.now();
      next();
    });
  });
  const started = performance.now();
  replicas.apply(e.data.message);
  const ready = () => {
    const snapshot = replicas.get(1)?.snapshot;
    if (!snapshot) return void setImmediate(ready);
    slices.push(performance.now() - sliceStart);
    const totalMs = performance.now() - started;
    const t = performance.now();
    answerSearch(snapshot, { ...SEARCH_DEFAULTS, q: "навушники" }, []);
    self.postMessage({ arrivalMs, slices, totalMs, searchMs: performance.now() - t });
  };
  ready();
};
