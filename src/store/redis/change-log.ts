import {
  type LoggedChange,
  offersOfText,
  type ProductOffer,
  unpackOffers,
  type WrittenProducts,
} from "../../model/offers.ts";
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
//
// A log that went back: in a cluster a master can die with writes its replica never got (a
// batch answered 503, or one whose WAIT was not asked for); the promoted replica's head is then
// behind what nodes have applied, and later writes reuse those positions for other entries. A
// reader says which entry it applied last (position and `at`, the server time stamped on it);
// when the head is below that position, or the entry there is another one, the reader gets one
// `reindex` entry at the current head and rebuilds: its index loses what the store lost.

const APPEND_REINDEX = new LuaScript(`${APPEND_LOG_LUA}
return append_log(KEYS[1], KEYS[2], 'reindex', '[]')
`);

/** The `at` field of the entry with id ARGV[3], or false ('' asks nothing). */
const AT_OF_LUA = `
local function at_of(log_key, id)
  if id == '' then return false end
  local e = redis.call('XRANGE', log_key, id, id)
  if not e[1] then return false end
  local f = e[1][2]
  for i = 1, #f, 2 do
    if f[i] == 'at' then return f[i + 1] end
  end
  return false
end
`;

/**
 * The head, the entries, the `at` asked for, and what each entry wrote (false where none is
 * kept); the entries stop after the one whose writes pass ARGV[4] bytes, so that one reply never
 * holds a bulk load's worth of records.
 */
const READ = new LuaScript(`${AT_OF_LUA}
local head = tonumber(redis.call('GET', KEYS[1]) or '0')
local entries = redis.call('XRANGE', KEYS[2], ARGV[1], '+', 'COUNT', ARGV[2])
local written, bytes, budget = {}, 0, tonumber(ARGV[4])
for i = 1, #entries do
  if bytes > budget then
    for j = #entries, i, -1 do entries[j] = nil end
    break
  end
  local w = redis.call('XRANGE', KEYS[3], entries[i][1], entries[i][1])
  written[i] = false
  if w[1] then
    written[i] = w[1][2]
    for k = 2, #w[1][2], 2 do bytes = bytes + #w[1][2][k] end
  end
end
return {head, entries, at_of(KEYS[2], ARGV[3]), written}
`);

/** The bytes of records one read gathers before it stops at an entry's end. */
const READ_BYTES = 4 << 20;

const HEAD = new LuaScript(`${AT_OF_LUA}
local head = redis.call('GET', KEYS[1]) or '0'
return {tonumber(head), at_of(KEYS[2], head .. '-0')}
`);

type StreamEntry = [string, string[]];

/** The entry a reader applied last: its position and its `at` (as the stream holds it). */
export interface Seen {
  seq: number;
  at: string;
}

export async function appendReindex(client: Redis, domainId: number): Promise<number> {
  const keys = domainKeys(domainId);
  return (await APPEND_REINDEX.run(client, [keys.seq, keys.log], [])) as number;
}

/** The head, and the entry there (null for an empty or trimmed one). */
export async function head(
  client: Redis,
  domainId: number,
): Promise<{ seq: number; seen: Seen | null }> {
  const keys = domainKeys(domainId);
  const [seq, at] = (await HEAD.run(client, [keys.seq, keys.log], [])) as [number, string | null];
  return { seq, seen: at === null ? null : { seq, at } };
}

/**
 * The entries after `afterSeq` (a `reindex` entry for a trimmed gap or a log that went back:
 * `applied` is the entry the reader applied last, when it knows it), and the last entry read.
 */
export async function readLog(
  client: Redis,
  domainId: number,
  afterSeq: number,
  limit: number,
  applied?: Seen,
): Promise<{ entries: LoggedChange[]; last: Seen | null }> {
  const keys = domainKeys(domainId);
  const checked = applied?.seq === afterSeq ? applied : undefined;
  const [headSeq, raw, at, written] = (await READ.run(
    client,
    [keys.seq, keys.log, keys.written],
    [`${afterSeq + 1}-0`, String(limit), checked ? `${afterSeq}-0` : "", String(READ_BYTES)],
  )) as [number, StreamEntry[], string | null, (string[] | null)[]];
  const reindex = (seq: number) => ({
    entries: [{ seq, domain_id: domainId, kind: "reindex" as const, ids: [] }],
    last: null,
  });
  if (headSeq < afterSeq || (checked && at !== null && at !== checked.at)) return reindex(headSeq);
  const entries = raw.map((e, i) => toEntry(domainId, e, written[i] ?? null));
  const first = entries[0];
  const gap = first ? first.seq > afterSeq + 1 : headSeq > afterSeq;
  if (gap) return reindex(first ? first.seq - 1 : headSeq);
  const lastRaw = raw[raw.length - 1];
  const last = lastRaw ? { seq: seqOf(lastRaw[0]), at: field(lastRaw[1], "at") ?? "" } : null;
  return { entries, last };
}

function field(fields: string[], name: string): string | undefined {
  for (let i = 0; i + 1 < fields.length; i += 2) if (fields[i] === name) return fields[i + 1];
  return undefined;
}

function toEntry(domainId: number, [id, fields]: StreamEntry, w: string[] | null): LoggedChange {
  const entry: LoggedChange = {
    seq: seqOf(id),
    domain_id: domainId,
    kind: field(fields, "kind") as LoggedChange["kind"],
    ids: JSON.parse(field(fields, "ids") ?? "[]") as number[],
  };
  if (w) entry.written = writtenOf(entry.ids, field(w, "records") ?? "", field(w, "offers") ?? "");
  return entry;
}

/** An entry's writes (keys.ts, "log-w"), the later of two writes of one id winning. */
function writtenOf(ids: readonly number[], records: string, offers: string): WrittenProducts {
  const lines = records.split("\n");
  const written = { records: new Map<number, string>(), offers: new Map<number, ProductOffer>() };
  const offered = unpackOffers(offersOfText(offers));
  let o = 0;
  ids.forEach((id, i) => {
    const line = lines[i];
    if (line) {
      written.records.set(id, line);
      written.offers.delete(id);
    } else {
      const offer = offered[o++];
      if (offer === undefined) return;
      written.offers.set(id, offer);
      written.records.delete(id);
    }
  });
  return written;
}

/** The position of a stream id `<seq>-0`. */
export const seqOf = (streamId: string): number => Number(streamId.slice(0, streamId.indexOf("-")));
