import type { Database } from "bun:sqlite";
import {
  type FeedRun,
  type FeedState,
  MAX_FEED_RUNS,
  type RegisteredFeed,
} from "../../model/feeds.ts";
import type { FeedStore } from "../store.ts";

// The SQLite side of registered feeds (store.ts FeedStore; migration 13): `domain_feeds` one
// JSON list per domain, `feed_states` a row per feed, `feed_runs` the history. The run lock
// is this process's: one server holds a data dir (data-dir-lock.ts), so no other can pull.

const statements = (db: Database) => ({
  feeds: db.prepare("SELECT feeds FROM domain_feeds WHERE domain_id = ?"),
  setFeeds: db.prepare(
    `INSERT INTO domain_feeds (domain_id, feeds, updated_at) VALUES (?, ?, ?)
     ON CONFLICT (domain_id) DO UPDATE SET feeds = excluded.feeds, updated_at = excluded.updated_at`,
  ),
  dropStates: db.prepare(
    "DELETE FROM feed_states WHERE domain_id = ? AND url NOT IN (SELECT value FROM json_each(?))",
  ),
  states: db.prepare("SELECT state FROM feed_states WHERE domain_id = ?"),
  setState: db.prepare(
    `INSERT INTO feed_states (domain_id, url, state) VALUES (?, ?, ?)
     ON CONFLICT (domain_id, url) DO UPDATE SET state = excluded.state`,
  ),
  addRun: db.prepare("INSERT INTO feed_runs (domain_id, run) VALUES (?, ?)"),
  trimRuns: db.prepare(
    `DELETE FROM feed_runs WHERE domain_id = ? AND id <= (
       SELECT id FROM feed_runs WHERE domain_id = ? ORDER BY id DESC LIMIT 1 OFFSET ?)`,
  ),
  runs: db.prepare("SELECT run FROM feed_runs WHERE domain_id = ? ORDER BY id DESC LIMIT ?"),
});

export class SqliteFeedStore implements FeedStore {
  private readonly q: ReturnType<typeof statements>;
  /** "domain url" -> the owner and the end of its claim. */
  private readonly locks = new Map<string, { owner: string; until: number }>();

  constructor(
    private readonly db: Database,
    /** The store's write wrapper: faults noted, a damaged file refused (sqlite-store.ts). */
    private readonly write: <T>(work: () => T) => T,
  ) {
    this.q = statements(db);
  }

  async domainFeeds(domainId: number): Promise<RegisteredFeed[]> {
    const row = this.q.feeds.get(domainId) as { feeds: string } | null;
    return row ? (JSON.parse(row.feeds) as RegisteredFeed[]) : [];
  }

  async setDomainFeeds(domainId: number, feeds: readonly RegisteredFeed[]): Promise<void> {
    this.write(() =>
      this.db.transaction(() => {
        this.q.setFeeds.run(domainId, JSON.stringify(feeds), Date.now());
        this.q.dropStates.run(domainId, JSON.stringify(feeds.map((f) => f.url)));
      })(),
    );
  }

  async feedStates(domainId: number): Promise<FeedState[]> {
    const rows = this.q.states.all(domainId) as { state: string }[];
    return rows.map((r) => JSON.parse(r.state) as FeedState);
  }

  async recordFeedRun(domainId: number, run: FeedRun, state: FeedState | null): Promise<void> {
    this.write(() =>
      this.db.transaction(() => {
        this.q.addRun.run(domainId, JSON.stringify(run));
        this.q.trimRuns.run(domainId, domainId, MAX_FEED_RUNS);
        if (state) this.q.setState.run(domainId, state.url, JSON.stringify(state));
      })(),
    );
  }

  async feedRuns(domainId: number): Promise<FeedRun[]> {
    const rows = this.q.runs.all(domainId, MAX_FEED_RUNS) as { run: string }[];
    return rows.map((r) => JSON.parse(r.run) as FeedRun);
  }

  async claimFeed(domainId: number, url: string, owner: string, ms: number): Promise<boolean> {
    const key = `${domainId} ${url}`;
    const held = this.locks.get(key);
    const now = Date.now();
    if (held && held.owner !== owner && held.until > now) return false;
    this.locks.set(key, { owner, until: now + ms });
    return true;
  }

  async releaseFeed(domainId: number, url: string, owner: string): Promise<void> {
    const key = `${domainId} ${url}`;
    if (this.locks.get(key)?.owner === owner) this.locks.delete(key);
  }
}
