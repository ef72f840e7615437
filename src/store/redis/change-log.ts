import type { ChangeEntry } from "../../model/records.ts";
import { APPEND_LOG_LUA } from "./append-log-lua.ts";
import type { Redis } from "./connection.ts";
import { domainKeys } from "./keys.ts";
import { LuaScript } from "./lua-script.ts";

// The change log of a domain: the stream `{d:ID}:log` with entry ids `<seq>-0` and the head in
// `{d:ID}:seq` (append-log-lua.ts). Reads return the head with the entries, atomically.
//
// Trimmed gaps: positions are dense, so entries after `afterSeq` that are missing although the
// head is past `afterSeq` were trimmed away (log-retention.ts). The reader then gets one
// `reindex` entry in their place, which makes the indexer rebuild the domain from the store,
// exactly as an explicit reindex does; the log itself is never rewritten.

const APPEND_REINDEX = new LuaScript(`${APPEND_LOG_LUA}
return append_log(KEYS[1], KEYS[2], 'reindex', '[]')
`);

const READ = new LuaScript(`
local head = tonumber(redis.call('GET', KEYS[1]) or '0')
return {head, redis.call('XRANGE', KEYS[2], ARGV[1], '+', 'COUNT', ARGV[2])}
`);

type StreamEntry = [string, string[]];

export async function appendReindex(client: Redis, domainId: number): Promise<number> {
  const keys = domainKeys(domainId);
  return (await APPEND_REINDEX.run(client, [keys.seq, keys.log], [])) as number;
}

export async function head(client: Redis, domainId: number): Promise<number> {
  const seq = await client.sendCommand<string | null>(["GET", domainKeys(domainId).seq]);
  return seq === null ? 0 : Number(seq);
}

export async function readLog(
  client: Redis,
  domainId: number,
  afterSeq: number,
  limit: number,
): Promise<ChangeEntry[]> {
  const keys = domainKeys(domainId);
  const [headSeq, raw] = (await READ.run(
    client,
    [keys.seq, keys.log],
    [`${afterSeq + 1}-0`, String(limit)],
  )) as [number, StreamEntry[]];
  const entries = raw.map((e) => toEntry(domainId, e));
  const first = entries[0];
  const gap = first ? first.seq > afterSeq + 1 : headSeq > afterSeq;
  if (!gap) return entries;
  return [{ seq: first ? first.seq - 1 : headSeq, domain_id: domainId, kind: "reindex", ids: [] }];
}

function toEntry(domainId: number, [id, fields]: StreamEntry): ChangeEntry {
  const f = new Map<string, string>();
  for (let i = 0; i + 1 < fields.length; i += 2)
    f.set(fields[i] as string, fields[i + 1] as string);
  return {
    seq: seqOf(id),
    domain_id: domainId,
    kind: f.get("kind") as ChangeEntry["kind"],
    ids: JSON.parse(f.get("ids") ?? "[]") as number[],
  };
}

/** The position of a stream id `<seq>-0`. */
export const seqOf = (streamId: string): number => Number(streamId.slice(0, streamId.indexOf("-")));
