import {
  type FeedRun,
  type FeedState,
  MAX_FEED_RUNS,
  type RegisteredFeed,
} from "../../model/feeds.ts";
import type { Redis } from "./connection.ts";
import { domainKeys, feedLockKey } from "./keys.ts";
import { LuaScript } from "./lua-script.ts";

// The Redis side of registered feeds (store.ts FeedStore): the list as one string, the states
// a hash by URL, the runs a list (newest first, trimmed), each change one script over the
// domain's keys (one slot in Redis Cluster). The run lock is a key per feed, SET NX PX: every
// node pulls through it, so one node at a time runs a given feed.

/** The list, and the states of feeds no longer listed dropped (ARGV[2..]: the URLs kept). */
const SET_FEEDS = new LuaScript(`
redis.call('SET', KEYS[1], ARGV[1])
local keep = {}
for i = 2, #ARGV do keep[ARGV[i]] = true end
for _, url in ipairs(redis.call('HKEYS', KEYS[2])) do
  if not keep[url] then redis.call('HDEL', KEYS[2], url) end
end
return 1
`);

/** The run added and trimmed; the state set when ARGV[3] (its URL) is not empty. */
const RECORD_RUN = new LuaScript(`
redis.call('LPUSH', KEYS[1], ARGV[1])
redis.call('LTRIM', KEYS[1], 0, tonumber(ARGV[2]) - 1)
if ARGV[3] ~= '' then redis.call('HSET', KEYS[2], ARGV[3], ARGV[4]) end
return 1
`);

/** Taken when free, extended when the owner's, else refused. */
const CLAIM = new LuaScript(`
if redis.call('GET', KEYS[1]) == ARGV[1] then
  redis.call('PEXPIRE', KEYS[1], ARGV[2])
  return 1
end
if redis.call('SET', KEYS[1], ARGV[1], 'NX', 'PX', ARGV[2]) then return 1 end
return 0
`);

const RELEASE = new LuaScript(`
if redis.call('GET', KEYS[1]) == ARGV[1] then redis.call('DEL', KEYS[1]) end
return 1
`);

export async function domainFeeds(client: Redis, domainId: number): Promise<RegisteredFeed[]> {
  const json = await client.sendCommand<string | null>(["GET", domainKeys(domainId).feeds]);
  return json === null ? [] : (JSON.parse(json) as RegisteredFeed[]);
}

export async function setDomainFeeds(
  client: Redis,
  domainId: number,
  feeds: readonly RegisteredFeed[],
): Promise<void> {
  const keys = domainKeys(domainId);
  await SET_FEEDS.run(
    client,
    [keys.feeds, keys.feedStates],
    [JSON.stringify(feeds), ...feeds.map((f) => f.url)],
  );
}

export async function feedStates(client: Redis, domainId: number): Promise<FeedState[]> {
  const values = await client.sendCommand<string[]>(["HVALS", domainKeys(domainId).feedStates]);
  return values.map((v) => JSON.parse(v) as FeedState);
}

export async function recordFeedRun(
  client: Redis,
  domainId: number,
  run: FeedRun,
  state: FeedState | null,
): Promise<void> {
  const keys = domainKeys(domainId);
  await RECORD_RUN.run(
    client,
    [keys.feedRuns, keys.feedStates],
    [
      JSON.stringify(run),
      String(MAX_FEED_RUNS),
      state?.url ?? "",
      state ? JSON.stringify(state) : "",
    ],
  );
}

export async function feedRuns(client: Redis, domainId: number): Promise<FeedRun[]> {
  const values = await client.sendCommand<string[]>([
    "LRANGE",
    domainKeys(domainId).feedRuns,
    "0",
    String(MAX_FEED_RUNS - 1),
  ]);
  return values.map((v) => JSON.parse(v) as FeedRun);
}

export async function claimFeed(
  client: Redis,
  domainId: number,
  url: string,
  owner: string,
  ms: number,
): Promise<boolean> {
  return (await CLAIM.run(client, [feedLockKey(domainId, url)], [owner, String(ms)])) === 1;
}

export async function releaseFeed(
  client: Redis,
  domainId: number,
  url: string,
  owner: string,
): Promise<void> {
  await RELEASE.run(client, [feedLockKey(domainId, url)], [owner]);
}
