import { Database } from "bun:sqlite";
import { expect, test } from "bun:test";
import { SqliteStore, sqliteFile } from "../../src/store/sqlite/sqlite-store.ts";
import { tempDir } from "../http/harness.ts";
import { categoryDraft, productDraft, runStoreContract } from "./store.case.ts";

runStoreContract("sqlite", async () => {
  const dir = tempDir();
  const store = new SqliteStore(dir);
  return {
    store,
    [Symbol.asyncDispose]: async () => {
      await store.close();
      dir[Symbol.dispose]();
    },
  };
});

test("sqlite: migration 2 turns the raw searches of a version 1 file into per-day counts", async () => {
  using dir = tempDir();
  const first = new SqliteStore(dir);
  const d = await first.createDomain("shop", { secret_token: "s", search_token: "t" });
  await first.close();
  // The file as version 1 left it: a row per search.
  const db = new Database(sqliteFile(dir));
  db.exec(`DROP TABLE search_stats; DROP TABLE search_days; DROP TABLE blocked_suggestions;
    DROP TABLE domain_ids; ALTER TABLE domains DROP COLUMN allowed_origins; DROP TABLE domain_synonyms;
    DROP TABLE domain_rules; DROP TABLE action_stats; DROP TABLE product_actions; DROP TABLE category_views;
    ALTER TABLE domains DROP COLUMN retired_search_token;
    ALTER TABLE domains DROP COLUMN retired_search_until;
    ALTER TABLE categories DROP COLUMN parent_source_id;
    DROP TABLE domain_feeds; DROP TABLE feed_states; DROP TABLE feed_runs; DROP TABLE id_marks;
    DROP TABLE feed_digests; DROP TRIGGER feed_digest_updated; DROP TRIGGER feed_digest_deleted;
    CREATE TABLE searches (id INTEGER PRIMARY KEY, domain_id INTEGER NOT NULL, at INTEGER NOT NULL,
      q TEXT NOT NULL, language TEXT NOT NULL, total INTEGER NOT NULL,
      corrected_query TEXT NOT NULL, uuid TEXT, filters TEXT NOT NULL);
    PRAGMA user_version = 1;`);
  const at = (day: string) => Date.parse(`${day}T12:00:00Z`);
  for (const day of ["2026-11-01", "2026-11-01", "2026-11-02"])
    db.query(
      "INSERT INTO searches (domain_id, at, q, language, total, corrected_query, filters) VALUES (?, ?, 'x', 'uk', 0, '', '')",
    ).run(d.id, at(day));
  db.close();
  const store = new SqliteStore(dir);
  try {
    expect(await store.analyticsReport(d.id, { from: "2026-11-01", to: "2026-11-30" }, 10)).toEqual(
      {
        top_queries: [],
        zero_result_queries: [],
        searches_per_day: [
          { day: "2026-11-01", count: 2 },
          { day: "2026-11-02", count: 1 },
        ],
        category_views: [],
      },
    );
    expect(store.db.query("SELECT name FROM sqlite_master WHERE name = 'searches'").all()).toEqual(
      [],
    );
  } finally {
    await store.close();
  }
});

test("sqlite: a deleted product's id is not handed out again after a restart", async () => {
  using dir = tempDir();
  const first = new SqliteStore(dir);
  const d = await first.createDomain("shop", { secret_token: "s", search_token: "t" });
  await first.writeCategories(d.id, [categoryDraft(1)], { log: true });
  await first.writeProducts(d.id, [productDraft("a"), productDraft("b")], { log: true });
  expect(await first.deleteProducts(d.id, ["b"])).toEqual({ deleted: ["b"], seq: 3 });
  await first.close();
  const store = new SqliteStore(dir);
  try {
    const [written] = await store.writeProducts(d.id, [productDraft("b")], { log: true });
    expect(written?.ok && [written.status, written.record.id]).toEqual([201, 3]);
  } finally {
    await store.close();
  }
});
