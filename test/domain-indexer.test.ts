// The indexer's swaps as the search threads see them: each snapshot the indexer hands to
// `publish` is one message to every search thread, and a thread answers between two messages.
// Properties checked, on a real SQLite store:
//  1. a product imported into a category that only a failed batch saved (no log entry, rule 8)
//     is never published without that category: every published snapshot that finds the
//     product answers with its category's name
import { expect, test } from "bun:test";
import { parseSearchParams } from "../src/http/search/parse-params.ts";
import { answerSearch } from "../src/http/search/search-answer.ts";
import { DomainIndexer } from "../src/indexing/domain-indexer.ts";
import type { Snapshot } from "../src/search/engine.ts";
import { SqliteStore } from "../src/store/sqlite/sqlite-store.ts";
import { categoryDraft, productDraft } from "./contract/store.case.ts";
import { tempDir } from "./http/harness.ts";

test("1. a failed batch's category is published with the first product that names it", async () => {
  using dir = tempDir();
  const store = new SqliteStore(dir);
  try {
    const d = await store.createDomain("shop", { secret_token: "s", search_token: "q" });
    // As a category batch with a failed item writes its good items: without a log entry.
    await store.writeCategories(d.id, [categoryDraft(60, "Телескопи")], { log: false });
    await store.writeProducts(d.id, [productDraft("scope-1", { source_category_id: "60" })], {
      log: true,
    });

    const published: Snapshot[] = [];
    const indexer = new DomainIndexer(d.id, store, store, undefined, (_, snapshot) => {
      published.push(snapshot);
      return snapshot;
    });
    await indexer.catchUp();

    const parsed = parseSearchParams(new URLSearchParams("q=товар"), 100);
    if (!parsed.ok) throw new Error("unparsable query");
    const answers = published
      .map((s) => answerSearch(s, parsed.params))
      .filter((a) => a.total > 0)
      .map((a) => a.products.groups.map((g) => [g.category_name, g.items.length]));
    // The patch is published, then its merge (into an empty base, here) in a swap of its own.
    expect(answers.length).toBeGreaterThan(0);
    expect(answers).toEqual(answers.map(() => [["Телескопи", 1]]));
  } finally {
    await store.close();
  }
});
