import { randomBytes } from "node:crypto";
import { hostname } from "node:os";
import type { Redis } from "./connection.ts";
import { domainKeys } from "./keys.ts";
import { LuaScript } from "./lua-script.ts";

/**
 * The trim rule of the change-log streams.
 *
 * 1. Each node records, per domain it tails, the position it has applied (the highest
 *    `afterSeq` it passed to read or waitFor) in `{d:ID}:nodes`, as `<position>:<server ms>`,
 *    every `heartbeatMs`. A node whose heartbeat is older than `liveMs` is not live; its field
 *    is dropped. A node that stops removes its own fields: it rebuilds from the store at start.
 * 2. Every `trimEveryMs` each node trims the domains it tails: entries at or below the lowest
 *    position of the live nodes (the head, when no node is live) may go, except entries
 *    younger than `minAgeMs`, which always stay: they cover a node that is starting (it reads
 *    the head, loads the store, then tails from that head) or has not sent a heartbeat yet.
 * 3. Trimming is only an optimisation of memory: positions are dense, so a reader whose next
 *    entries were trimmed anyway (a node paused for longer than `liveMs` and `minAgeMs`) sees
 *    the gap and rebuilds the domain from the store (change-log.ts).
 * 4. What the products entries wrote (keys.ts, "log-w") goes sooner: at every heartbeat, once
 *    every live node has applied the entry; an entry without it sends a node to the store. A
 *    node also beats each time its position moves, so these go within a round trip of the
 *    slowest live node's read.
 * Ages and liveness are measured with the Redis server's clock (TIME), never the nodes'.
 */
export interface RetentionOptions {
  heartbeatMs: number;
  liveMs: number;
  minAgeMs: number;
  trimEveryMs: number;
}

export const DEFAULT_RETENTION: RetentionOptions = {
  heartbeatMs: 5_000,
  liveMs: 30_000,
  minAgeMs: 10 * 60_000,
  trimEveryMs: 60_000,
};

const NOW_MS = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
`;

/**
 * The lowest position of the live nodes (nil when none is), dropping the others' fields when
 * `drop`; and the trim of what the entries wrote (keys.ts, "log-w") at or below a position.
 */
const LIVE_MIN = `
local function live_min(nodes_key, now, live_ms, drop)
  local min_pos = nil
  local nodes = redis.call('HGETALL', nodes_key)
  for i = 1, #nodes, 2 do
    local pos, at = string.match(nodes[i + 1], '^(%d+):(%d+)$')
    if not at or tonumber(at) < now - live_ms then
      if drop then redis.call('HDEL', nodes_key, nodes[i]) end
    elseif min_pos == nil or tonumber(pos) < min_pos then
      min_pos = tonumber(pos)
    end
  end
  return min_pos
end
local function trim_written(written_key, pos)
  redis.call('XTRIM', written_key, 'MINID', string.format('%d-0', pos + 1))
end
`;

// Each beat also drops what the entries every live node has applied wrote: those records are
// there for the nodes tailing now, and a node that starts or falls behind reads the store.
const HEARTBEAT = new LuaScript(`${NOW_MS}${LIVE_MIN}
redis.call('HSET', KEYS[1], ARGV[1], ARGV[2] .. ':' .. string.format('%d', now))
trim_written(KEYS[2], live_min(KEYS[1], now, tonumber(ARGV[3]), false) or tonumber(ARGV[2]))
`);

/** At most this many entries are examined per run, so that one run never stalls Redis. */
const MAX_SCAN = 10_000;

const TRIM = new LuaScript(`${NOW_MS}${LIVE_MIN}
local live_ms, min_age = tonumber(ARGV[1]), tonumber(ARGV[2])
local min_pos = live_min(KEYS[1], now, live_ms, true)
if min_pos == nil then min_pos = tonumber(redis.call('GET', KEYS[3]) or '0') end
trim_written(KEYS[4], min_pos)
local below = nil
local start = '-'
local scanned = 0
while below == nil and scanned < ${MAX_SCAN} do
  local batch = redis.call('XRANGE', KEYS[2], start, string.format('%d-0', min_pos), 'COUNT', 256)
  if #batch == 0 then break end
  for _, e in ipairs(batch) do
    local fields, at = e[2], 0
    for j = 1, #fields, 2 do
      if fields[j] == 'at' then at = tonumber(fields[j + 1]) end
    end
    if at >= now - min_age then
      below = tonumber(string.match(e[1], '^(%d+)'))
      break
    end
    start = '(' .. e[1]
  end
  scanned = scanned + #batch
end
if below == nil then
  if start == '-' then return 0 end
  below = tonumber(string.match(start, '(%d+)-')) + 1
end
return redis.call('XTRIM', KEYS[2], 'MINID', string.format('%d-0', below))
`);

export class LogRetention {
  readonly nodeId = `${hostname()}-${process.pid}-${randomBytes(4).toString("hex")}`;
  private readonly positions = new Map<number, number>();
  private readonly timers: ReturnType<typeof setInterval>[] = [];

  constructor(
    private readonly client: Redis,
    readonly options: RetentionOptions = DEFAULT_RETENTION,
  ) {
    const every = (ms: number, work: () => Promise<unknown>) => {
      const t = setInterval(() => void work().catch(() => {}), ms);
      t.unref?.();
      this.timers.push(t);
    };
    every(options.heartbeatMs, () => this.heartbeat());
    every(options.trimEveryMs, () => this.trimAll());
  }

  /** The node has applied the domain's log up to `seq`. */
  applied(domainId: number, seq: number): void {
    const before = this.positions.get(domainId);
    if (before !== undefined && seq <= before) return;
    this.positions.set(domainId, seq);
    // Announced at once, not at the next beat: what the entries wrote (log-w) goes as soon as
    // every live node is past them, seconds of a bulk load's records sooner.
    this.announce(domainId);
  }

  /** Per domain: a beat on its way, and whether the position moved again meanwhile. */
  private readonly beating = new Map<number, boolean>();

  /** One beat at a time per domain; positions reached meanwhile go in one more, the newest. */
  private announce(domainId: number): void {
    if (this.beating.has(domainId)) {
      this.beating.set(domainId, true);
      return;
    }
    this.beating.set(domainId, false);
    void this.beat(domainId)
      .catch(() => {})
      .finally(() => {
        const again = this.beating.get(domainId);
        this.beating.delete(domainId);
        if (again) this.announce(domainId);
      });
  }

  async heartbeat(): Promise<void> {
    await Promise.all([...this.positions.keys()].map((id) => this.beat(id)));
  }

  /** Trims one domain's log by the rule above; returns the number of entries removed. */
  async trim(domainId: number): Promise<number> {
    const keys = domainKeys(domainId);
    return (await TRIM.run(
      this.client,
      [keys.nodes, keys.log, keys.seq, keys.written],
      [String(this.options.liveMs), String(this.options.minAgeMs)],
    )) as number;
  }

  async trimAll(): Promise<void> {
    for (const id of this.positions.keys()) await this.trim(id);
  }

  async close(): Promise<void> {
    for (const t of this.timers) clearInterval(t);
    await Promise.all(
      [...this.positions.keys()].map((id) =>
        this.client.sendCommand(["HDEL", domainKeys(id).nodes, this.nodeId]),
      ),
    ).catch(() => {});
  }

  private beat(domainId: number): Promise<unknown> {
    const keys = domainKeys(domainId);
    return HEARTBEAT.run(
      this.client,
      [keys.nodes, keys.written],
      [this.nodeId, String(this.positions.get(domainId) ?? 0), String(this.options.liveMs)],
    );
  }
}
