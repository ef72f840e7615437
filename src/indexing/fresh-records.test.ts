// Properties of the change batches kept for the indexer between the writer thread and the
// indexes (built here as the import service builds them, with no HTTP answer anywhere):
//  1. an entry gets exactly the records its own batch wrote, once: as JSON, or as the offer
//     alone when the write changed only that
//  2. entries of another domain, or never answered here, get nothing
//  3. while a batch of the domain is in flight, `ready` stops before the first products entry
//     without records; entries of other kinds never wait
//  4. `arrival` resolves at the domain's next answer, at once when nothing is in flight
//  5. the oldest batches go first past the capacity

import { expect, test } from "bun:test";
import { PRODUCTS } from "../../test/fixtures/engine-catalog.ts";
import { changeBatch } from "../model/change-batch.ts";
import type { ChangeEntry, ProductRecord } from "../model/records.ts";
import { FreshRecords } from "./fresh-records.ts";

const written = (seq: number, ids: number[], offers: ProductRecord[] = []) =>
  changeBatch(1, seq, {
    records: ids.map((id) => ({ id, json: JSON.stringify({ id, version: `v${id}` }) })),
    offers,
  });

const offer: ProductRecord = {
  ...(PRODUCTS[7] as ProductRecord),
  id: 12,
  new_price: 99.5,
  old_price: null,
  availability: false,
  updated_at: 5000,
  content_updated_at: 4000,
};

const entry = (seq: number, kind: ChangeEntry["kind"] = "products"): ChangeEntry => ({
  seq,
  domain_id: 1,
  kind,
  ids: [],
});

test("1-2. an entry gets its own batch's records, once; other domains and entries nothing", () => {
  const fresh = new FreshRecords();
  fresh.sent(1);
  fresh.answered(1, written(7, [10, 11], [offer]));
  expect(fresh.take(2, 7)).toBeUndefined();
  expect(fresh.take(1, 6)).toBeUndefined();
  const got = fresh.take(1, 7);
  expect([...(got?.records ?? [])].map(([id, json]) => [id, JSON.parse(json)])).toEqual([
    [10, { id: 10, version: "v10" }],
    [11, { id: 11, version: "v11" }],
  ]);
  const { id, updated_at, content_updated_at, new_price, old_price, availability } = offer;
  expect([...(got?.offers ?? [])]).toEqual([
    [
      12,
      {
        id,
        updated_at,
        content_updated_at,
        new_price,
        old_price,
        availability,
        warehouses: offer.warehouses.map((w) => ({
          available: w.available,
          currency_code: w.currency_code,
          new_price: w.new_price,
          old_price: w.old_price,
        })),
      },
    ],
  ]);
  expect(fresh.take(1, 7)).toBeUndefined();
});

test("3. ready stops before a products entry whose answer is on its way", () => {
  const fresh = new FreshRecords();
  const entries = [entry(1, "categories"), entry(2), entry(3, "reindex"), entry(4)];
  // Nothing in flight: every entry is ready (the rest come from the store).
  expect(fresh.ready(1, entries)).toEqual(entries);
  fresh.sent(1);
  expect(fresh.ready(1, entries)).toEqual([entry(1, "categories")]);
  // Another domain's batch in flight does not hold this domain back.
  expect(fresh.ready(2, entries)).toEqual(entries);
  fresh.sent(1);
  fresh.answered(1, written(2, [5]));
  expect(fresh.ready(1, entries)).toEqual(entries.slice(0, 3));
  fresh.answered(1);
  expect(fresh.ready(1, entries)).toEqual(entries);
});

test("4. arrival resolves at the domain's next answer", async () => {
  const fresh = new FreshRecords();
  await fresh.arrival(1);
  fresh.sent(1);
  let arrived = false;
  const waiting = fresh.arrival(1).then(() => {
    arrived = true;
  });
  fresh.sent(2);
  fresh.answered(2);
  await Promise.resolve();
  expect(arrived).toBe(false);
  fresh.answered(1, written(3, [1]));
  await waiting;
  expect(arrived).toBe(true);
});

test("5. past the capacity the oldest batches go first", () => {
  const fresh = new FreshRecords();
  const batch = (seq: number) =>
    written(
      seq,
      Array.from({ length: 5000 }, (_, i) => seq * 10_000 + i),
    );
  for (let seq = 1; seq <= 5; seq++) {
    fresh.sent(1);
    fresh.answered(1, batch(seq));
  }
  expect(fresh.take(1, 1)).toBeUndefined();
  expect(fresh.take(1, 2)?.records.size).toBe(5000);
  expect(fresh.take(1, 5)?.records.size).toBe(5000);
});
