import type { Database } from "bun:sqlite";

// Versioned schema: migration N brings the file from user_version N-1 to N. Append, never edit.
// A product or category is one row holding its record as JSON: a batch of 1,000 products is
// then 1,000 upserts instead of the ~15,000 rows of a table per translation, attribute and stock
// entry, which is what the import target needs. Warehouses are registered per domain on first use.
const MIGRATIONS: readonly string[] = [
  `
  CREATE TABLE domains (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL UNIQUE,
    secret_token TEXT NOT NULL,
    search_token TEXT NOT NULL,
    created_at INTEGER NOT NULL
  );
  CREATE TABLE categories (
    id INTEGER PRIMARY KEY,
    domain_id INTEGER NOT NULL REFERENCES domains(id),
    source_id INTEGER NOT NULL,
    doc TEXT NOT NULL,
    updated_at INTEGER NOT NULL,
    UNIQUE (domain_id, source_id)
  );
  CREATE TABLE products (
    id INTEGER PRIMARY KEY,
    domain_id INTEGER NOT NULL REFERENCES domains(id),
    source_id TEXT NOT NULL,
    group_id TEXT,
    doc TEXT NOT NULL,
    updated_at INTEGER NOT NULL,
    UNIQUE (domain_id, source_id)
  );
  CREATE TABLE warehouses (
    id INTEGER PRIMARY KEY,
    domain_id INTEGER NOT NULL REFERENCES domains(id),
    external_id TEXT NOT NULL,
    UNIQUE (domain_id, external_id)
  );
  CREATE TABLE changes (
    seq INTEGER PRIMARY KEY AUTOINCREMENT,
    domain_id INTEGER NOT NULL,
    kind TEXT NOT NULL,
    ids TEXT NOT NULL,
    created_at INTEGER NOT NULL
  );
  CREATE INDEX changes_by_domain ON changes (domain_id, seq);
  CREATE TABLE searches (
    id INTEGER PRIMARY KEY,
    domain_id INTEGER NOT NULL,
    at INTEGER NOT NULL,
    q TEXT NOT NULL,
    language TEXT NOT NULL,
    total INTEGER NOT NULL,
    corrected_query TEXT NOT NULL,
    uuid TEXT,
    filters TEXT NOT NULL
  );
  CREATE INDEX searches_by_domain ON searches (domain_id, at);
  `,
  // 2: search analytics as day aggregates instead of a row per search (issue 12): the rows of
  // `searches` keep only their per-day totals; the query text of old rows was never capped.
  // The partial index holds only the rows that may become suggestions (two or more shoppers).
  `
  CREATE TABLE search_stats (
    domain_id INTEGER NOT NULL,
    day TEXT NOT NULL,
    language TEXT NOT NULL,
    q TEXT NOT NULL,
    count INTEGER NOT NULL,
    zero INTEGER NOT NULL,
    filtered INTEGER NOT NULL,
    corrected_query TEXT NOT NULL,
    shoppers TEXT NOT NULL,
    shoppers_n INTEGER NOT NULL,
    PRIMARY KEY (domain_id, day, language, q)
  ) WITHOUT ROWID;
  CREATE INDEX search_stats_suggestible ON search_stats (domain_id, day) WHERE shoppers_n > 1;
  CREATE TABLE search_days (
    domain_id INTEGER NOT NULL,
    day TEXT NOT NULL,
    count INTEGER NOT NULL,
    PRIMARY KEY (domain_id, day)
  ) WITHOUT ROWID;
  INSERT INTO search_days (domain_id, day, count)
    SELECT domain_id, date(at / 1000, 'unixepoch'), count(*) FROM searches GROUP BY 1, 2;
  DROP TABLE searches;
  CREATE TABLE blocked_suggestions (
    domain_id INTEGER NOT NULL,
    q TEXT NOT NULL,
    created_at INTEGER NOT NULL,
    PRIMARY KEY (domain_id, q)
  ) WITHOUT ROWID;
  `,
  // 3: domain ids are never reused after a domain is deleted (issue 12, domain delete): the
  // \`domains\` table has no AUTOINCREMENT, so a new domain could take the id of a deleted one
  // while a running node still keys caches (suggestions, rate buckets) by that id. An
  // AUTOINCREMENT table keeps the high-water mark in sqlite_sequence.
  `
  CREATE TABLE domain_ids (id INTEGER PRIMARY KEY AUTOINCREMENT);
  INSERT INTO domain_ids (id) SELECT max(id) FROM domains HAVING max(id) IS NOT NULL;
  DELETE FROM domain_ids;
  `,
  // 4: a domain's allowed origins for search (issue 13, answers fit for browsers): a JSON list,
  // NULL for any site.
  `
  ALTER TABLE domains ADD COLUMN allowed_origins TEXT;
  `,
  // 5: a domain's own synonyms (issue 15, point 1): the sets as one JSON list, replaced whole.
  `
  CREATE TABLE domain_synonyms (
    domain_id INTEGER PRIMARY KEY,
    sets TEXT NOT NULL,
    updated_at INTEGER NOT NULL
  );
  `,
  // 6: a domain's merchandising rules (issue 23, point 3): one JSON list, replaced whole.
  `
  CREATE TABLE domain_rules (
    domain_id INTEGER PRIMARY KEY,
    rules TEXT NOT NULL,
    updated_at INTEGER NOT NULL
  );
  `,
  // 7: the search token of before a rotation and the end of its grace (issue 23, point 5).
  `
  ALTER TABLE domains ADD COLUMN retired_search_token TEXT;
  ALTER TABLE domains ADD COLUMN retired_search_until INTEGER;
  `,
  // 8: what shoppers did after a search (issue 23, point 2): a row per domain, day and query.
  `
  CREATE TABLE action_stats (
    domain_id INTEGER NOT NULL,
    day TEXT NOT NULL,
    q TEXT NOT NULL,
    clicks INTEGER NOT NULL,
    clicked_searches INTEGER NOT NULL,
    position_sum INTEGER NOT NULL,
    add_to_cart INTEGER NOT NULL,
    purchases INTEGER NOT NULL,
    PRIMARY KEY (domain_id, day, q)
  ) WITHOUT ROWID;
  `,
  // 9: the file says it is Vitrina's (issue 34, point 2): SQLite's header field for the
  // program that owns a file, so that another program's database is never taken for a store.
  `
  PRAGMA application_id = ${0x56545241};
  `,
  // 10: what shoppers did with each product, weighed, per day (issue 32, point 1: `popular`).
  `
  CREATE TABLE product_actions (
    domain_id INTEGER NOT NULL,
    day TEXT NOT NULL,
    source_id TEXT NOT NULL,
    weight INTEGER NOT NULL,
    PRIMARY KEY (domain_id, day, source_id)
  ) WITHOUT ROWID;
  `,
  // 11: category pages viewed (browse=true), per day, apart from searches (issue 32, point 2).
  `
  CREATE TABLE category_views (
    domain_id INTEGER NOT NULL,
    day TEXT NOT NULL,
    category TEXT NOT NULL,
    views INTEGER NOT NULL,
    PRIMARY KEY (domain_id, day, category)
  ) WITHOUT ROWID;
  `,
  // 12: categories with parents (issue 33, point 2). The doc keeps parent_id as the index reads
  // it; the column lets a batch's rules walk up the tree without parsing docs.
  `
  ALTER TABLE categories ADD COLUMN parent_source_id INTEGER;
  UPDATE categories SET parent_source_id = json_extract(doc, '$.parent_id');
  `,
  // 13: registered feeds (issue 33, points 1 and 5): the list as one JSON, replaced whole; per
  // feed what its last run left (when, ETag, Last-Modified); the history of runs, the newest
  // kept (store/sqlite/feed-store.ts).
  `
  CREATE TABLE domain_feeds (
    domain_id INTEGER PRIMARY KEY,
    feeds TEXT NOT NULL,
    updated_at INTEGER NOT NULL
  );
  CREATE TABLE feed_states (
    domain_id INTEGER NOT NULL,
    url TEXT NOT NULL,
    state TEXT NOT NULL,
    PRIMARY KEY (domain_id, url)
  ) WITHOUT ROWID;
  CREATE TABLE feed_runs (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    domain_id INTEGER NOT NULL,
    run TEXT NOT NULL
  );
  CREATE INDEX feed_runs_by_domain ON feed_runs (domain_id, id);
  `,
  // 14: products can be deleted (issue 33, point 4: a feed's delete_missing). Product ids are
  // max(id) + 1 at open, so deleting the newest product would hand its id out again after a
  // restart; the highest id deleted is kept here so that an id is never reused.
  `
  CREATE TABLE id_marks (name TEXT PRIMARY KEY, id INTEGER NOT NULL) WITHOUT ROWID;
  `,
  // 15: a feed run's digest of each offer it wrote (docs/FEEDS.md, "A run is a diff"): the
  // next run skips an offer whose digest is the same. Any write of the product but the feed's
  // own (the bulk API, a retire, a delete) drops it here, in the write's own transaction: the
  // feed's write sets it again after its product write.
  `
  CREATE TABLE feed_digests (
    domain_id INTEGER NOT NULL,
    source_id TEXT NOT NULL,
    digest TEXT NOT NULL,
    PRIMARY KEY (domain_id, source_id)
  ) WITHOUT ROWID;
  CREATE TRIGGER feed_digest_updated AFTER UPDATE ON products BEGIN
    DELETE FROM feed_digests WHERE domain_id = OLD.domain_id AND source_id = OLD.source_id;
  END;
  CREATE TRIGGER feed_digest_deleted AFTER DELETE ON products BEGIN
    DELETE FROM feed_digests WHERE domain_id = OLD.domain_id AND source_id = OLD.source_id;
  END;
  `,
];

/** SQLite's application_id of a Vitrina file ("VTRA"), from migration 9 on. */
export const APPLICATION_ID = 0x56545241;

/** The schema version this build writes (`PRAGMA user_version` after `migrate`). */
export const schemaVersion = (): number => MIGRATIONS.length;

export function migrate(db: Database): void {
  const current = (db.query("PRAGMA user_version").get() as { user_version: number }).user_version;
  for (let v = current; v < MIGRATIONS.length; v++) {
    db.transaction(() => {
      db.exec(MIGRATIONS[v] as string);
      db.exec(`PRAGMA user_version = ${v + 1}`);
    })();
  }
}
