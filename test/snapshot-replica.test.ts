// The search threads' replicas (indexing/snapshot-replica.ts), in process: messages go through
// structuredClone as postMessage would take them. Properties checked:
//  1. a replica answers every query of the mix exactly as the main thread's snapshot does, and
//     its segments' typed arrays are the main thread's memory (shared), not copies
//  2. patches travel as descriptors: a segment already sent is not sent again; the replica
//     follows updates, deletions of old versions (tombstones) and merges, and drops merged
//     segments
//  3. a large segment is split a slice at a time when the thread gives `later`: the replica
//     keeps its previous snapshot until the last slice, and messages apply in order
//  4. a dropped domain is gone
//  5. a domain's synonyms travel with the snapshot that changes them, and only then
import { expect, test } from "bun:test";
import { parseSearchParams } from "../src/http/search/parse-params.ts";
import { answerSearch } from "../src/http/search/search-answer.ts";
import {
  type ReplicaMessage,
  SnapshotPublisher,
  SnapshotReplicas,
} from "../src/indexing/snapshot-replica.ts";
import { generateCatalog, generateProduct } from "../src/sample-catalog/generate.ts";
import { buildSnapshot, patchSnapshot, type Snapshot } from "../src/search/engine.ts";
import { synonymTable } from "../src/search/synonyms.ts";
import { generateQueryMix } from "./fixtures/query-mix.ts";
import { toProductRecord, toRecords } from "./fixtures/records.ts";

const catalog = generateCatalog({ seed: 3, products: 3000 });
const records = toRecords(catalog);
const queries = generateQueryMix(catalog, { seed: 3, count: 150 }).map((m) => {
  const parsed = parseSearchParams(new URLSearchParams(m.params), 100);
  if (!parsed.ok) throw new Error("unparsable mix query");
  return parsed.params;
});

/** A publisher whose messages are cloned as postMessage clones them, and one replica. */
function pair(later: ((next: () => void) => void) | null = null) {
  const sent: ReplicaMessage[] = [];
  // One slice per turn: the test does not depend on how fast a slice is.
  const replicas = new SnapshotReplicas(later, 0);
  const publisher = new SnapshotPublisher((m) => {
    const copy = structuredClone(m);
    sent.push(copy);
    replicas.apply(copy);
  });
  return { sent, replicas, publisher };
}

const sameAnswers = (main: Snapshot, replica: Snapshot | undefined) => {
  if (!replica) throw new Error("no replica");
  for (const params of queries)
    expect(JSON.stringify(answerSearch(replica, params, []))).toBe(
      JSON.stringify(answerSearch(main, params, [])),
    );
};

test("1. a replica answers as the main thread, over the same memory", () => {
  const { replicas, publisher } = pair();
  const main = publisher.publish(1, buildSnapshot(records));
  const replica = replicas.get(1)?.snapshot;
  sameAnswers(main, replica);
  const [mainSegment, replicaSegment] = [main.segments[0], replica?.segments[0]];
  expect(mainSegment?.text.docs.buffer).toBeInstanceOf(SharedArrayBuffer);
  // One write through the main thread's array shows in the replica's: one memory.
  const docs = mainSegment?.text.docs as Uint32Array;
  const before = docs[0] as number;
  docs[0] = before + 1;
  expect(replicaSegment?.text.docs[0]).toBe(before + 1);
  docs[0] = before;
  expect(replicaSegment?.text.terms).toEqual(mainSegment?.text.terms as string[]);
});

test("2. patches travel as descriptors; updates, tombstones and merges follow", () => {
  const { sent, replicas, publisher } = pair();
  let main = publisher.publish(1, buildSnapshot(records));
  for (let round = 0; round < 6; round++) {
    const products = Array.from({ length: 40 }, (_, i) => {
      const index = (round * 40 + i) % 3000;
      const product = toProductRecord(generateProduct(3, index).item, index + 1);
      return { ...product, updated_at: product.updated_at + round + 1 };
    });
    main = publisher.publish(1, patchSnapshot(main, { products }));
    const last = sent[sent.length - 1];
    if (last?.type !== "snapshot") throw new Error("no snapshot message");
    // Only the segments the replica has not seen travel.
    expect(last.added.length).toBeLessThanOrEqual(last.segments.length);
    expect(last.added.length).toBeLessThan(main.segments.length + 1);
    sameAnswers(main, replicas.get(1)?.snapshot);
  }
  expect(replicas.get(1)?.snapshot.deadCount).toBe(main.deadCount);
  expect(replicas.get(1)?.snapshot.segments.length).toBe(main.segments.length);
});

test("3. a large segment in slices: the previous snapshot answers until the last one", () => {
  const turns: (() => void)[] = [];
  const { replicas, publisher } = pair((next) => turns.push(next));
  const small = publisher.publish(1, buildSnapshot({ ...records, products: [] }));
  const previous = replicas.get(1)?.snapshot;
  expect(previous?.segments.length).toBe(small.segments.length);
  const main = publisher.publish(1, buildSnapshot(records));
  publisher.drop(2);
  expect(turns.length).toBeGreaterThan(0);
  expect(replicas.get(1)?.snapshot).toBe(previous as Snapshot);
  let slices = 0;
  while (turns.length > 0) {
    slices++;
    (turns.shift() as () => void)();
  }
  expect(slices).toBeGreaterThan(0);
  sameAnswers(main, replicas.get(1)?.snapshot);
});

test("4. a dropped domain is gone", () => {
  const { replicas, publisher } = pair();
  publisher.publish(1, buildSnapshot(records));
  publisher.drop(1);
  expect(replicas.get(1)).toBeUndefined();
});

test("5. a domain's synonyms travel only when they change, and stay with later snapshots", () => {
  const { sent, replicas, publisher } = pair();
  const built = buildSnapshot(records);
  publisher.publish(1, built);
  expect(replicas.get(1)?.snapshot.synonyms).toBeUndefined();
  const synonyms = synonymTable([{ words: ["ноут", "laptop"] }]);
  let main = publisher.publish(1, { ...built, synonyms });
  expect(replicas.get(1)?.snapshot.synonyms).toEqual(synonyms);
  sameAnswers(main, replicas.get(1)?.snapshot);
  const product = toProductRecord(generateProduct(3, 0).item, 1);
  main = publisher.publish(1, { ...patchSnapshot(main, { products: [product] }), synonyms });
  const last = sent[sent.length - 1];
  expect(last?.type === "snapshot" && "synonyms" in last).toBe(false);
  expect(replicas.get(1)?.snapshot.synonyms).toEqual(synonyms);
  sameAnswers(main, replicas.get(1)?.snapshot);
});
