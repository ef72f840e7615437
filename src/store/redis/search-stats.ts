import type { QueryCount, SearchEvent } from "../store.ts";
import type { RedisClient } from "./connection.ts";
import { domainKeys } from "./keys.ts";

// Search analytics as counters rather than the SQLite store's table of events: a sorted set
// per domain of query -> count (all searches, those with no result, those with results) and a
// hash of UTC day -> searches. Memory then grows with distinct queries, not with traffic.
//
// Same answers as the SQLite store, which keeps queries trimmed and lower-cased (all
// scripts: "Ноутбук" and "ноутбук" are one query) and orders by count, then the query's UTF-8
// bytes. One difference: SQLite counts the searches since exactly `days` x 24 h ago, so its
// oldest day is partial; here the oldest day counts whole.

const fold = (q: string) => q.trim().toLowerCase();
const utcDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const byBytes = (a: string, b: string) => Buffer.compare(Buffer.from(a), Buffer.from(b));

export async function recordSearches(
  client: RedisClient,
  events: readonly SearchEvent[],
): Promise<void> {
  // Aggregated first: a batch of 1,000 searches of 50 distinct queries is 50 increments.
  const counts = new Map<
    string,
    { command: "ZINCRBY" | "HINCRBY"; key: string; member: string; n: number }
  >();
  const add = (command: "ZINCRBY" | "HINCRBY", key: string, member: string) => {
    const k = `${key}\n${member}`;
    const c = counts.get(k);
    if (c) c.n++;
    else counts.set(k, { command, key, member, n: 1 });
  };
  for (const e of events) {
    const keys = domainKeys(e.domain_id);
    const q = fold(e.q);
    add("ZINCRBY", keys.queriesAll, q);
    add("ZINCRBY", e.total === 0 ? keys.queriesZero : keys.queriesHit, q);
    add("HINCRBY", keys.days, utcDay(e.at));
  }
  // Sent together: the client pipelines commands issued in the same tick.
  await Promise.all(
    [...counts.values()].map((c) =>
      client.sendCommand(
        c.command === "HINCRBY"
          ? ["HINCRBY", c.key, c.member, String(c.n)]
          : ["ZINCRBY", c.key, String(c.n), c.member],
      ),
    ),
  );
}

export async function topQueries(
  client: RedisClient,
  domainId: number,
  options: { limit: number; zeroResults?: boolean; withResults?: boolean },
): Promise<QueryCount[]> {
  if (options.zeroResults && options.withResults) return [];
  const keys = domainKeys(domainId);
  const key = options.zeroResults
    ? keys.queriesZero
    : options.withResults
      ? keys.queriesHit
      : keys.queriesAll;
  if (options.limit <= 0) return [];
  const top = await client.sendCommand<string[]>([
    "ZRANGE",
    key,
    "0",
    String(options.limit - 1),
    "REV",
    "WITHSCORES",
  ]);
  const rows = pairs(top);
  // Redis breaks ties by member in reverse; the order wanted is by bytes ascending, so every
  // member tied with the last one is fetched and the ties are sorted here.
  const last = rows[rows.length - 1];
  if (last && rows.length === options.limit) {
    const ties = await client.sendCommand<string[]>([
      "ZRANGE",
      key,
      String(last.count),
      String(last.count),
      "BYSCORE",
      "WITHSCORES",
    ]);
    const above = rows.filter((r) => r.count > last.count);
    rows.splice(0, rows.length, ...above, ...pairs(ties));
  }
  rows.sort((a, b) => b.count - a.count || byBytes(a.q, b.q));
  return rows.slice(0, options.limit);
}

export async function searchesPerDay(
  client: RedisClient,
  domainId: number,
  days: number,
): Promise<{ day: string; count: number }[]> {
  const flat = await client.sendCommand<string[]>(["HGETALL", domainKeys(domainId).days]);
  const from = utcDay(Date.now() - days * 86_400_000);
  return pairs(flat)
    .map((r) => ({ day: r.q, count: r.count }))
    .filter((r) => r.day >= from)
    .sort((a, b) => (a.day < b.day ? -1 : 1));
}

function pairs(flat: string[]): QueryCount[] {
  const out: QueryCount[] = [];
  for (let i = 0; i + 1 < flat.length; i += 2)
    out.push({ q: flat[i] as string, count: Number(flat[i + 1]) });
  return out;
}
