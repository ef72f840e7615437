// The index thread as the main thread sees it (indexing/index-thread-handle.ts), on a real SQLite
// store written by this test as the writer thread writes it. Properties checked:
//  1. a domain added serves at once, empty; a batch handed on (its change batch) makes the
//     domain far behind until the index thread applied it and the main thread's replica holds
//     it: then its position is the batch's, and a search on that replica finds every product
import { expect, test } from "bun:test";
import { loadConfig } from "../src/config.ts";
import { parseSearchParams } from "../src/http/search/parse-params.ts";
import { answerSearch } from "../src/http/search/search-answer.ts";
import { IndexThread } from "../src/indexing/index-thread-handle.ts";
import { changeBatch } from "../src/model/change-batch.ts";
import { SqliteStore } from "../src/store/sqlite/sqlite-store.ts";
import { categoryDraft, productDraft } from "./contract/store.case.ts";
import { tempDir } from "./http/harness.ts";

const BATCH = 1_500;

test("1. a batch handed on is far behind until the replica here holds it", async () => {
  using dir = tempDir();
  const store = new SqliteStore(dir);
  const index = await IndexThread.start(
    loadConfig(new Map([["data-dir", String(dir)]]), {}),
    () => {},
  );
  try {
    const d = await store.createDomain("shop", { secret_token: "s", search_token: "q" });
    await store.writeCategories(d.id, [categoryDraft(1, "Навушники")], { log: true });
    const added = index.add(d);
    expect(index.get(d.id)?.snapshot).toBeDefined();
    await added;
    expect([index.get(d.id)?.position, index.farBehind(d.id)]).toEqual([1, false]);

    // As the writer does: the batch goes out, is written with its log entry, and answered.
    index.sent(d.id);
    let seq = 0;
    const drafts = Array.from({ length: BATCH }, (_, i) => productDraft(`p${i}`));
    await store.writeProducts(d.id, drafts, { log: true, onLogged: (s) => (seq = s) });
    const stored = await store.productsBySource(
      d.id,
      drafts.map((p) => p.source_id),
    );
    const records = stored.map((r) => ({ id: r.id, json: JSON.stringify(r) }));
    index.answered(d.id, seq, changeBatch(d.id, seq, { records, offers: [] }));
    expect([seq, index.farBehind(d.id)]).toEqual([2, true]);

    for (const deadline = Date.now() + 10_000; index.farBehind(d.id); ) {
      if (Date.now() > deadline) throw new Error("the batch was never served here");
      await Bun.sleep(10);
    }
    const parsed = parseSearchParams(new URLSearchParams("q=товар&limit=1"), 100);
    if (!parsed.ok) throw new Error("unparsable query");
    const served = index.get(d.id);
    expect([
      served?.position,
      served && answerSearch(served.snapshot, parsed.params).total,
    ]).toEqual([2, BATCH]);
  } finally {
    await index.stop();
    await store.close();
  }
});
