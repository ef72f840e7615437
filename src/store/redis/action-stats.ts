import {
  addActions,
  aggregateActions,
  aggregateProductActions,
  MAX_PRODUCTS_PER_DAY,
  noActions,
} from "../action-aggregate.ts";
import { daysBetween, expiresAt, utcDay } from "../analytics-days.ts";
import { MAX_QUERIES_PER_DAY } from "../search-aggregate.ts";
import type { AnalyticsPeriod, ProductDay, QueryActions, ShopperAction } from "../store.ts";
import type { Redis } from "./connection.ts";
import { actionDayKey, productDayKey } from "./keys.ts";
import { LuaScript } from "./lua-script.ts";

// The Redis side of shoppers' actions after a search (store/action-aggregate.ts): a hash per
// domain and UTC day, field = the query, value = JSON [clicks, clicked searches, position sum,
// add to cart, purchases]; it expires when the day leaves the retention (EXPIREAT), and holds
// at most MAX_QUERIES_PER_DAY queries, as search analytics do. The merge runs in Redis so that
// nodes recording the same day at once never lose an update.

const RECORD = new LuaScript(`
local day, cap = KEYS[1], tonumber(ARGV[1])
for i = 3, #ARGV, 6 do
  local v = redis.call('HGET', day, ARGV[i])
  local r
  if v then r = cjson.decode(v) elseif redis.call('HLEN', day) < cap then r = {0, 0, 0, 0, 0} end
  if r then
    for k = 1, 5 do r[k] = r[k] + tonumber(ARGV[i + k]) end
    redis.call('HSET', day, ARGV[i], cjson.encode(r))
  end
end
redis.call('EXPIREAT', day, ARGV[2])
return 0
`);

/**
 * Counts added to a day's hash, field by field (ARGV: cap, expiry, then field and amount pairs);
 * a field new to the day only while it holds fewer than `cap`: products acted on, category
 * pages viewed.
 */
export const INCREMENT_CAPPED = new LuaScript(`
local day, cap = KEYS[1], tonumber(ARGV[1])
for i = 3, #ARGV, 2 do
  if redis.call('HEXISTS', day, ARGV[i]) == 1 or redis.call('HLEN', day) < cap then
    redis.call('HINCRBY', day, ARGV[i], ARGV[i + 1])
  end
end
redis.call('EXPIREAT', day, ARGV[2])
return 0
`);

type Stored = [number, number, number, number, number];

export async function recordActions(
  client: Redis,
  actions: readonly ShopperAction[],
  retentionDays: number,
): Promise<void> {
  const byDay = new Map<string, ReturnType<typeof aggregateActions>>();
  for (const row of aggregateActions(actions)) {
    const key = actionDayKey(row.domain_id, row.day);
    byDay.set(key, [...(byDay.get(key) ?? []), row]);
  }
  for (const [key, rows] of byDay) {
    const args = [
      String(MAX_QUERIES_PER_DAY),
      String(expiresAt(rows[0]?.day ?? "", retentionDays)),
    ];
    for (const r of rows)
      args.push(
        r.q,
        String(r.clicks),
        String(r.clicked_searches),
        String(r.position_sum),
        String(r.add_to_cart),
        String(r.purchases),
      );
    await RECORD.run(client, [key], args);
  }
  const products = new Map<string, string[]>();
  for (const row of aggregateProductActions(actions)) {
    const key = productDayKey(row.domain_id, row.day);
    const args = products.get(key) ?? [
      String(MAX_PRODUCTS_PER_DAY),
      String(expiresAt(row.day, retentionDays)),
    ];
    args.push(row.source_id, String(row.weight));
    products.set(key, args);
  }
  for (const [key, args] of products) await INCREMENT_CAPPED.run(client, [key], args);
}

/** The weighed actions on each product, per day, from `from` to today. */
export async function productDays(
  client: Redis,
  domainId: number,
  from: string,
): Promise<ProductDay[]> {
  const days = daysBetween(from, utcDay(Date.now()));
  const hashes = await Promise.all(
    days.map((day) => client.sendCommand<string[]>(["HGETALL", productDayKey(domainId, day)])),
  );
  const out: ProductDay[] = [];
  hashes.forEach((flat, d) => {
    for (let i = 0; i + 1 < flat.length; i += 2)
      out.push({
        source_id: flat[i] as string,
        day: days[d] as string,
        weight: Number(flat[i + 1]),
      });
  });
  return out;
}

export async function queryActions(
  client: Redis,
  domainId: number,
  period: AnalyticsPeriod,
  queries: readonly string[],
): Promise<QueryActions[]> {
  if (queries.length === 0) return [];
  const sums = new Map<string, QueryActions>();
  const days = await Promise.all(
    daysBetween(period.from, period.to).map((day) =>
      client.sendCommand<(string | null)[]>(["HMGET", actionDayKey(domainId, day), ...queries]),
    ),
  );
  for (const values of days)
    values.forEach((v, i) => {
      if (v === null) return;
      const q = queries[i] as string;
      const [clicks, clicked, positions, carts, purchases] = JSON.parse(v) as Stored;
      const sum = sums.get(q) ?? noActions(q);
      sums.set(q, sum);
      addActions(sum, {
        q,
        clicks,
        clicked_searches: clicked,
        position_sum: positions,
        add_to_cart: carts,
        purchases,
      });
    });
  return [...sums.values()].sort((a, b) => (a.q < b.q ? -1 : a.q > b.q ? 1 : 0));
}
