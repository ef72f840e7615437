import { daysBetween, expiresAt, utcDay } from "../analytics-days.ts";
import {
  aggregate,
  aggregateCategoryViews,
  MAX_CATEGORIES_PER_DAY,
  MAX_QUERIES_PER_DAY,
  MAX_SHOPPERS_KEPT,
} from "../search-aggregate.ts";
import type { AnalyticsPeriod, AnalyticsReport, QueryCount, SearchEvent } from "../store.ts";
import { INCREMENT_CAPPED } from "./action-stats.ts";
import type { Redis } from "./connection.ts";
import { analyticsDayKeys, categoryViewsKey, domainKeys } from "./keys.ts";
import { LuaScript } from "./lua-script.ts";

// The Redis side of search analytics, the model of store/search-aggregate.ts: a hash per domain
// and UTC day, field "language<TAB>query" -> JSON [count, zero, filtered, corrected query,
// "shopper ids"], field "" -> the day's searches; beside it a sorted set of the fields asked
// by two or more shoppers (the only ones that may become suggestions), score = count. Both
// keys expire when the day leaves the retention (EXPIREAT), so nothing needs pruning.
// Answers are the SQLite store's: ties by the query's UTF-8 bytes.

// The merge runs in Redis so that nodes recording the same day at once never lose an update;
// it is mergeShoppers (search-aggregate.ts) in Lua. A new query is kept only while the day
// holds fewer than the cap.
const RECORD = new LuaScript(`
local day, suggestible = KEYS[1], KEYS[2]
local cap, maxShoppers = tonumber(ARGV[1]), tonumber(ARGV[3])
for i = 5, #ARGV, 6 do
  local field = ARGV[i]
  local v = redis.call('HGET', day, field)
  local r
  if v then
    r = cjson.decode(v)
  elseif redis.call('HLEN', day) - redis.call('HEXISTS', day, '') < cap then
    r = {0, 0, 0, '', ''}
  end
  if r then
    r[1] = r[1] + tonumber(ARGV[i + 1])
    r[2] = r[2] + tonumber(ARGV[i + 2])
    r[3] = r[3] + tonumber(ARGV[i + 3])
    if ARGV[i + 4] ~= '' then r[4] = ARGV[i + 4] end
    local list, seen = {}, {}
    for s in string.gmatch(r[5], '%S+') do list[#list + 1] = s; seen[s] = true end
    for s in string.gmatch(ARGV[i + 5], '%S+') do
      if #list < maxShoppers and not seen[s] then list[#list + 1] = s; seen[s] = true end
    end
    r[5] = table.concat(list, ' ')
    redis.call('HSET', day, field, cjson.encode(r))
    if #list > 1 then redis.call('ZADD', suggestible, r[1], field) end
  end
end
redis.call('HINCRBY', day, '', ARGV[4])
redis.call('EXPIREAT', day, ARGV[2])
redis.call('EXPIREAT', suggestible, ARGV[2])
return 0
`);

const CHUNK = 500;

type Stored = [count: number, zero: number, filtered: number, corrected: string, shoppers: string];

const byBytes = (a: string, b: string) => Buffer.compare(Buffer.from(a), Buffer.from(b));
const queryOf = (field: string) => field.slice(field.indexOf("\t") + 1);

export async function recordSearches(
  client: Redis,
  events: readonly SearchEvent[],
  retentionDays: number,
): Promise<void> {
  const { queries, days } = aggregate(events);
  // One script per domain and day and up to CHUNK queries: a batch of 1,000 searches today is
  // one round trip, and a burst of distinct queries never holds Redis for long in one script.
  const calls: Promise<unknown>[] = [];
  for (const d of days) {
    const keys = analyticsDayKeys(d.domain_id, d.day);
    const ofDay = queries.filter((a) => a.domain_id === d.domain_id && a.day === d.day);
    // Rows past their client's share go in calls whose cap is 0: they add to rows that exist.
    const groups = [ofDay.filter((a) => a.may_add), ofDay.filter((a) => !a.may_add)];
    const chunks: [cap: number, rows: typeof ofDay][] = [];
    groups.forEach((rows, g) => {
      for (let from = 0; from < rows.length; from += CHUNK)
        chunks.push([g === 0 ? MAX_QUERIES_PER_DAY : 0, rows.slice(from, from + CHUNK)]);
    });
    if (chunks.length === 0) chunks.push([0, []]);
    chunks.forEach(([cap, rows], i) => {
      const args = [
        String(cap),
        String(expiresAt(d.day, retentionDays)),
        String(MAX_SHOPPERS_KEPT),
        String(i === 0 ? d.count : 0),
      ];
      for (const a of rows)
        args.push(
          `${a.language}\t${a.q}`,
          String(a.count),
          String(a.zero),
          String(a.filtered),
          a.corrected_query,
          a.shoppers.join(" "),
        );
      calls.push(RECORD.run(client, [keys.queries, keys.suggestible], args));
    });
  }
  for (const v of aggregateCategoryViews(events)) {
    const args = [String(MAX_CATEGORIES_PER_DAY), String(expiresAt(v.day, retentionDays))];
    args.push(v.category, String(v.views));
    calls.push(INCREMENT_CAPPED.run(client, [categoryViewsKey(v.domain_id, v.day)], args));
  }
  await Promise.all(calls);
}

/** The period's category page views, by views, then the category's bytes. */
async function categoryViews(
  client: Redis,
  domainId: number,
  days: readonly string[],
  limit: number,
): Promise<AnalyticsReport["category_views"]> {
  const hashes = await Promise.all(
    days.map((day) => client.sendCommand<string[]>(["HGETALL", categoryViewsKey(domainId, day)])),
  );
  const views = new Map<string, number>();
  for (const flat of hashes)
    for (let f = 0; f + 1 < flat.length; f += 2)
      views.set(flat[f] as string, (views.get(flat[f] as string) ?? 0) + Number(flat[f + 1]));
  return [...views]
    .sort((a, b) => b[1] - a[1] || byBytes(a[0], b[0]))
    .slice(0, limit)
    .map(([category_id, n]) => ({ category_id, views: n }));
}

export async function analyticsReport(
  client: Redis,
  domainId: number,
  period: AnalyticsPeriod,
  limit: number,
): Promise<AnalyticsReport> {
  const days = daysBetween(period.from, period.to);
  const hashes = await Promise.all(
    days.map((day) =>
      client.sendCommand<string[]>(["HGETALL", analyticsDayKeys(domainId, day).queries]),
    ),
  );
  const byQuery = new Map<string, { count: number; zero: number; corrected_query: string }>();
  const perDay: { day: string; count: number }[] = [];
  hashes.forEach((flat, i) => {
    for (let f = 0; f + 1 < flat.length; f += 2) {
      const field = flat[f] as string;
      const value = flat[f + 1] as string;
      if (field === "") {
        perDay.push({ day: days[i] as string, count: Number(value) });
        continue;
      }
      const [count, zero, , corrected] = JSON.parse(value) as Stored;
      const q = queryOf(field);
      const a = byQuery.get(q) ?? { count: 0, zero: 0, corrected_query: "" };
      a.count += count;
      a.zero += zero;
      if (byBytes(corrected, a.corrected_query) > 0) a.corrected_query = corrected;
      byQuery.set(q, a);
    }
  });
  const rows = [...byQuery].map(([q, a]) => ({ q, ...a }));
  const ranked = (count: (r: (typeof rows)[number]) => number) =>
    rows
      .filter((r) => count(r) > 0)
      .sort((a, b) => count(b) - count(a) || byBytes(a.q, b.q))
      .slice(0, limit);
  return {
    top_queries: ranked((r) => r.count).map(({ q, count, corrected_query }) => ({
      q,
      count,
      corrected_query,
    })),
    zero_result_queries: ranked((r) => r.zero).map(
      ({ q, zero }): QueryCount => ({ q, count: zero }),
    ),
    searches_per_day: perDay,
    category_views: await categoryViews(client, domainId, days, limit),
  };
}

export async function popularQueries(
  client: Redis,
  domainId: number,
  options: { from: string; minShoppers: number; limit: number },
): Promise<string[]> {
  // Ranked by shoppers (summed over days), then searches, as the SQLite store.
  const counts = new Map<string, [shoppers: number, count: number]>();
  await Promise.all(
    daysBetween(options.from, utcDay(Date.now())).map(async (day) => {
      const keys = analyticsDayKeys(domainId, day);
      const fields = await client.sendCommand<string[]>(["ZRANGE", keys.suggestible, "0", "-1"]);
      if (fields.length === 0) return;
      const values = await client.sendCommand<(string | null)[]>([
        "HMGET",
        keys.queries,
        ...fields,
      ]);
      fields.forEach((field, i) => {
        const value = values[i];
        if (!value) return;
        const [count, , , , shoppers] = JSON.parse(value) as Stored;
        const n = shoppers.split(" ").length;
        if (n < options.minShoppers) return;
        const q = queryOf(field);
        const sum = counts.get(q) ?? [0, 0];
        counts.set(q, [sum[0] + n, sum[1] + count]);
      });
    }),
  );
  return [...counts]
    .sort((a, b) => b[1][0] - a[1][0] || b[1][1] - a[1][1] || byBytes(a[0], b[0]))
    .slice(0, options.limit)
    .map(([q]) => q);
}

export async function blockedSuggestions(client: Redis, domainId: number): Promise<string[]> {
  const members = await client.sendCommand<string[]>([
    "SMEMBERS",
    domainKeys(domainId).blockedSuggestions,
  ]);
  return members.sort(byBytes);
}

export async function setSuggestionBlocked(
  client: Redis,
  domainId: number,
  q: string,
  blocked: boolean,
): Promise<boolean> {
  const key = domainKeys(domainId).blockedSuggestions;
  return (await client.sendCommand<number>([blocked ? "SADD" : "SREM", key, q])) > 0;
}
