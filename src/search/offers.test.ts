// Offers written in place (index/offer-columns.ts) and the answers they make stale
// (query/answer-stamp.ts):
//  1. a write that changed only the offer (same content time) is written into the snapshot's
//     columns: no new segment, and the same snapshot answers with the new price, old price,
//     availability and warehouse prices at once
//  2. a write whose content changed (or a product the snapshot lacks) is left for a patch
//  3. after offers written in place, every answer equals that of a snapshot built from the same
//     records (prices, availability, price ranges, warehouses, filters, ranking)
//  4. a cached answer holds until an offer it depends on changes: one it shows, any price when
//     it has a price range; another product's availability after a grace of 100 ms; a write
//     that changes nothing stales nothing
//  5. the merge rule keeps the content time when only the offer changed, and moves it strictly
//     forward otherwise, even within one millisecond
import { describe, expect, test } from "bun:test";
import { CATEGORIES, PRODUCTS, params } from "../../test/fixtures/engine-catalog.ts";
import { answerSearch, searchRequest } from "../http/search/search-answer.ts";
import type { ProductRecord } from "../model/records.ts";
import type { SearchParams } from "../model/search.ts";
import { mergeProduct } from "../rules/merge-product.ts";
import {
  answerHolds,
  buildSnapshot,
  offerEpoch,
  patchSnapshot,
  type Snapshot,
  search,
  stampAnswer,
  writeOffers,
} from "./engine.ts";
import { AVAILABILITY_GRACE_MS } from "./query/answer-stamp.ts";

const byId = (snap: Snapshot, q: string, extra: Partial<SearchParams> = {}) =>
  answerSearch(snap, params({ q, group_by_category: false, ...extra })).products.groups[0]?.items;

/** A fresh snapshot with a base and a patched segment (product 8 updated by a patch). */
function fresh(): Snapshot {
  const base = buildSnapshot({ products: PRODUCTS, categories: CATEGORIES });
  return patchSnapshot(base, {
    products: [{ ...(PRODUCTS[7] as ProductRecord), updated_at: 9000 }],
  });
}

const at = (id: number): ProductRecord => PRODUCTS.find((p) => p.id === id) as ProductRecord;

const reprice = (p: ProductRecord, change: Partial<ProductRecord>): ProductRecord => ({
  ...p,
  ...change,
  updated_at: p.updated_at + 50_000,
  content_updated_at: p.updated_at,
});

describe("offers written in place", () => {
  test("1. an offer-only write changes the same snapshot's answers at once", () => {
    const snap = fresh();
    const segments = snap.segments;
    const kyiv = snap.warehouses.slots.get("kyiv");
    expect(kyiv).toBeDefined();
    const rest = writeOffers(snap, [
      reprice(at(1), { new_price: 21000, old_price: 30000 }),
      reprice(at(3), { availability: true }),
    ]);
    expect(rest).toEqual([]);
    expect(snap.segments).toBe(segments);
    const items = byId(snap, "ноутбук");
    expect(items?.find((p) => p.id === 1)).toMatchObject({
      price: 30000,
      discounted_price: 21000,
      availability: true,
    });
    expect(items?.find((p) => p.id === 3)?.availability).toBe(true);
    // A warehouse's prices (product 8's kyiv entry, in the patched segment).
    const eight = { ...(PRODUCTS[7] as ProductRecord), updated_at: 9000 };
    const warehouses = eight.warehouses.map((w) =>
      w.external_id === "kyiv" ? { ...w, new_price: 9900, old_price: 12000 } : w,
    );
    expect(writeOffers(snap, [reprice(eight, { warehouses })])).toEqual([]);
    expect(byId(snap, "app2", { wid: "kyiv" })?.[0]).toMatchObject({
      id: 8,
      price: 12000,
      discounted_price: 9900,
    });
  });

  test("2. a content change, or a product the snapshot lacks, is left for a patch", () => {
    const snap = fresh();
    const renamed = { ...at(2), updated_at: 70_000, content_updated_at: 70_000 };
    const added = { ...at(2), id: 99, source_id: "p99" };
    const fewerWarehouses = { ...reprice({ ...at(8), updated_at: 9000 }, {}), warehouses: [] };
    expect(writeOffers(snap, [renamed, added, fewerWarehouses])).toEqual([
      renamed,
      added,
      fewerWarehouses,
    ]);
    expect(offerEpoch(snap)).toBe(0);
  });

  test("3. answers equal those of a snapshot built from the same records", () => {
    const snap = fresh();
    const changed = new Map<number, ProductRecord>();
    const eight = { ...(PRODUCTS[7] as ProductRecord), updated_at: 9000 };
    for (const p of [...PRODUCTS.slice(0, 7), eight, ...PRODUCTS.slice(8)]) {
      const k = p.id;
      changed.set(
        k,
        reprice(p, {
          new_price: p.new_price === null ? null : p.new_price - 100 * k,
          availability: k % 3 !== 0,
          warehouses: p.warehouses.map((w, i) => ({
            ...w,
            available: (k + i) % 2 === 0,
            new_price: 1000 * (k + i),
          })),
        }),
      );
    }
    expect(writeOffers(snap, [...changed.values()])).toEqual([]);
    // Built from scratch, the records carry their content time as updated_at ranks.
    const rebuilt = buildSnapshot({ products: [...changed.values()], categories: CATEGORIES });
    for (const q of ["ноутбук", "смартфон", "apple", "навушники", "samsung"])
      for (const extra of [
        {},
        { price_from: 10000, price_to: 30000 },
        { wid: "kyiv" },
        { wid: "lviv", show_unavailable: false },
        { show_unavailable: false },
        { group_by_category: true },
      ] as Partial<SearchParams>[]) {
        const p = params({ q, ...extra });
        expect(answerSearch(snap, p)).toEqual(answerSearch(rebuilt, p));
      }
  });

  test("4. a cached answer holds until an offer it depends on changes", () => {
    const snap = fresh();
    const stampOf = (extra: Partial<SearchParams>) => {
      const p = params({ q: "смартфон", group_by_category: false, ...extra });
      const request = searchRequest(p);
      return stampAnswer(offerEpoch(snap), request, search(snap, request));
    };
    // Shows products 4, 5, 6; none shows the laptops.
    const phones = stampOf({});
    const pricedPhones = stampOf({ price_from: 1, price_to: 100000 });
    const laptops = stampOf({ q: "ноутбук" });
    // Nothing changed: a write of the same offer bumps nothing.
    writeOffers(snap, [reprice(at(1), {})]);
    expect(offerEpoch(snap)).toBe(0);
    // A laptop's price: the answer showing it and the one with a price range are stale.
    writeOffers(snap, [reprice(at(1), { new_price: 24000 })]);
    expect([answerHolds(snap, phones), answerHolds(snap, pricedPhones)]).toEqual([true, false]);
    expect(answerHolds(snap, laptops)).toBe(false);
    // A phone's availability: the answer showing it at once; any other within the grace.
    const again = stampOf({});
    const laptopsAgain = stampOf({ q: "ноутбук" });
    const laptopsEarlier = { ...stampOf({ q: "ноутбук" }), at: -AVAILABILITY_GRACE_MS - 1 };
    writeOffers(snap, [reprice(at(6), { availability: false })]);
    expect([answerHolds(snap, again), answerHolds(snap, laptopsAgain)]).toEqual([false, true]);
    expect(answerHolds(snap, laptopsEarlier)).toBe(false);
    // Past the grace, with no write since: still stale (the grace is no check passed).
    const passed = { ...laptopsAgain, at: performance.now() - AVAILABILITY_GRACE_MS - 1 };
    expect(answerHolds(snap, passed)).toBe(false);
  });
});

describe("the content time of a write", () => {
  const draft = (p: ProductRecord) => {
    const { id: _, updated_at: __, content_updated_at: ___, availability, ...rest } = p;
    return { ...rest, availability };
  };
  test("5. kept for an offer-only write, strictly later for any other", () => {
    const stored = { ...at(4), content_updated_at: 5000 };
    const offer = mergeProduct({ ...draft(stored), new_price: 14000 }, stored, {
      newId: 0,
      now: 9000,
    });
    expect(offer.ok && offer.record.content_updated_at).toBe(5000);
    const t = stored.translations.map((x) => ({ ...x, name: `${x.name} 5G` }));
    const renamed = mergeProduct({ ...draft(stored), translations: t }, stored, {
      newId: 0,
      now: 9000,
    });
    expect(renamed.ok && renamed.record.content_updated_at).toBe(9000);
    // Within the same millisecond as the stored content time: still later.
    const sameMs = mergeProduct({ ...draft(stored), vendor: "SAMSUNG" }, stored, {
      newId: 0,
      now: 5000,
    });
    expect(sameMs.ok && sameMs.record.content_updated_at).toBe(5001);
    // A record from before the field: its updated_at stands for it.
    const { content_updated_at: _, ...legacy } = stored;
    const legacyOffer = mergeProduct({ ...draft(legacy), new_price: 1 }, legacy, {
      newId: 0,
      now: 9000,
    });
    expect(legacyOffer.ok && legacyOffer.record.content_updated_at).toBe(4000);
  });
});
