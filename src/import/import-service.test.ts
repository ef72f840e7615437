// The import service's change batch: what a logged product batch wrote, as the indexer takes
// it, built from the store's write (a real SQLite store). Properties:
//  1. a content write carries its record as stored (the JSON the store serialised, which is
//     the stored record), in the batch's order, at the entry's log position
//  2. a write that changed only the offer carries the offer alone, packed; an unchanged item
//     (a feed's skipUnchanged) is not in the batch
//  3. a batch that logged nothing (an item failed, rule 8; a dry run) has no change batch
//  4. the answer's data is the batch's records byte for byte
import { expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { writtenOf } from "../model/change-batch.ts";
import { SqliteStore } from "../store/sqlite/sqlite-store.ts";
import { encodeAnswer } from "./import-answer.ts";
import { ImportService } from "./import-service.ts";

const item = (id: string, more: object = {}) => ({
  source_id: id,
  code: `C-${id}`,
  source_category_id: 5,
  currency_code: "UAH",
  new_price: 100,
  translations: [{ language: "uk", name: `Чайник ${id}`, url: `https://s.example/${id}` }],
  ...more,
});
const body = (items: object[]) => new TextEncoder().encode(JSON.stringify(items));
const category = {
  source_category_id: 5,
  translations: [{ language: "uk", name: "Кухня", url: "https://s.example/c/5" }],
};

async function withService(
  run: (imports: ImportService, store: SqliteStore, domainId: number) => Promise<void>,
) {
  const dir = mkdtempSync(join(tmpdir(), "vitrina-import-service-"));
  const store = new SqliteStore(dir);
  try {
    const d = await store.createDomain("shop", { secret_token: "s", search_token: "q" });
    const imports = new ImportService(store, { maxItems: 1000 });
    await imports.importCategories(d.id, body([category]));
    await run(imports, store, d.id);
  } finally {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

test("1, 4. a content write carries its record as stored; the answer copies it", () =>
  withService(async (imports, store, domainId) => {
    const r = await imports.importProducts(domainId, body([item("a"), item("b")]));
    expect(r.seq).toBe(await store.head(domainId));
    const change = r.change;
    if (!change) throw new Error("no change batch");
    expect([change.domainId, change.seq, change.offers.length]).toEqual([domainId, r.seq, 0]);
    const stored = await store.getProducts(
      domainId,
      r.successful.map((s) => s.id),
    );
    const written = writtenOf(change);
    expect([...written.records].map(([id, json]) => [id, JSON.parse(json)])).toEqual(
      stored.map((p) => [p.id, p]),
    );
    const answer = JSON.parse(new TextDecoder().decode(encodeAnswer(r).body));
    expect(answer.successful.map((s: { data: unknown }) => s.data)).toEqual(stored);
  }));

test("2. an offer-only write carries its offer alone; an unchanged item is not there", () =>
  withService(async (imports, store, domainId) => {
    await imports.importProducts(domainId, body([item("a"), item("b"), item("c")]));
    // An offer-only write is one whose content time lies before its own: a later millisecond.
    const first = Date.now();
    while (Date.now() <= first) await Bun.sleep(1);
    const r = await imports.importProducts(
      domainId,
      body([item("a", { new_price: 90 }), item("b", { vendor: "Tefal" }), item("c")]),
      { skipUnchanged: true },
    );
    const change = r.change;
    if (!change) throw new Error("no change batch");
    const [a, b, c] = r.successful;
    if (!a || !b || !c) throw new Error("an item failed");
    expect([a.logged, b.logged, c.logged, c.unchanged]).toEqual([
      "offer",
      "content",
      undefined,
      true,
    ]);
    const written = writtenOf(change);
    expect([...written.records.keys()]).toEqual([b.id]);
    expect([...written.offers.keys()]).toEqual([a.id]);
    const [stored] = await store.getProducts(domainId, [a.id]);
    expect(written.offers.get(a.id)).toMatchObject({
      new_price: 90,
      updated_at: stored?.updated_at,
    });
  }));

test("3. a batch that logged nothing has no change batch", () =>
  withService(async (imports, _, domainId) => {
    const failed = await imports.importProducts(
      domainId,
      body([item("a"), item("b", { currency_code: 7 })]),
    );
    expect([failed.status, failed.seq, failed.change]).toEqual([400, 0, undefined]);
    expect(failed.successful.map((s) => s.logged)).toEqual([undefined]);
    const dry = await imports.importProducts(domainId, body([item("c")]), { dryRun: true });
    expect([dry.seq, dry.change]).toEqual([0, undefined]);
  }));
