import { AppError } from "../../errors.ts";
import type { ProductDraft } from "../../model/drafts.ts";
import { offerOnly, offersText, packOffers } from "../../model/offers.ts";
import type { ProductRecord } from "../../model/records.ts";
import { categoryNumber, planProductBatch } from "../../rules/plan-product-batch.ts";
import type { BatchOptions, WriteResult } from "../store.ts";
import { APPEND_LOG_LUA } from "./append-log-lua.ts";
import type { Redis } from "./connection.ts";
import { type DomainKeys, domainKeys } from "./keys.ts";
import { LuaScript } from "./lua-script.ts";

// A product batch is optimistic: one read script fetches what the rules need (the stored
// rev and record of each source_id, which categories exist); the batch is planned here by
// rules/plan-product-batch.ts, the code the SQLite store runs; one write script then checks that nothing it read has changed (every source_id
// still has the rev read, every category found missing is still missing) and only then writes
// every record, registers the warehouses and appends the log entry, with what it wrote beside
// it for the other nodes (append-log-lua.ts). A changed read means
// another node wrote the same products or categories in between: nothing is written and the
// batch is read and planned again. The result is therefore exactly the result of running the
// batch alone at the moment of the write script, as a SQLite transaction would, also when two
// nodes import into one domain at once (test/redis/concurrent-writes.test.ts).
//
// New ids come from INCR inside the write script, so two nodes never hand out the same id.
// The plan gives new products provisional ids -1, -2, ...; a record's JSON starts with its id,
// which is cut off (`{"id":-1`), and the script writes `{"id":<id>` followed by the rest.
/**
 * The most a batch's entry carries of what it wrote (keys.ts, "log-w"), in characters: ~250
 * records of the project catalog, or ~4,600 offers.
 */
const WRITTEN_BYTES = 512 * 1024;
/** A batch that keeps losing the race reports an outage rather than retrying forever. */
export const MAX_ATTEMPTS = 20;

/** A record's JSON without its opening `{"id":<id>` (the write script puts the real id). */
export function recordBody(json: string, id: number): string {
  const head = `{"id":${id},`;
  if (!json.startsWith(head)) throw new Error("a record's JSON must open with id");
  return json.slice(head.length - 1);
}

const READ = new LuaScript(`
local n = tonumber(ARGV[1])
local metas, docs, cats = {}, {}, {}
for i = 1, n do
  local meta = redis.call('HGET', KEYS[1], ARGV[1 + i])
  metas[i] = meta
  docs[i] = false
  if meta then
    docs[i] = redis.call('HGET', KEYS[2], string.match(meta, '^%[(%d+),'))
  end
end
for j = n + 2, #ARGV do
  cats[#cats + 1] = redis.call('HEXISTS', KEYS[3], ARGV[j])
end
return {metas, docs, cats}
`);

const WRITE = new LuaScript(`${APPEND_LOG_LUA}
local log_flag, shape, offers = ARGV[1], ARGV[2], ARGV[3]
local n_expect = tonumber(ARGV[4])
local a = 5
for i = 1, n_expect do
  if (redis.call('HGET', KEYS[1], ARGV[a]) or '') ~= ARGV[a + 1] then return {0} end
  a = a + 2
end
local n_cats = tonumber(ARGV[a])
a = a + 1
for i = 1, n_cats do
  if redis.call('HEXISTS', KEYS[3], ARGV[a]) == 1 then return {0} end
  a = a + 1
end
local n_ops = tonumber(ARGV[a])
a = a + 1
local rev = redis.call('INCR', KEYS[4])
local ids, lines = {}, {}
for i = 1, n_ops do
  local mode, ref = ARGV[a], ARGV[a + 1]
  local id
  if mode == 'n' then id = redis.call('INCR', KEYS[5])
  elseif mode == 'u' then id = tonumber(ref)
  else id = ids[tonumber(ref)] end
  ids[i] = id
  local sid = string.format('%d', id)
  redis.call('HSET', KEYS[1], ARGV[a + 2], '[' .. sid .. ',' .. rev .. ',' .. ARGV[a + 3] .. ']')
  local doc = '{"id":' .. sid .. ARGV[a + 4]
  redis.call('HSET', KEYS[2], sid, doc)
  -- 111 is "o": an offer-only write, whose offer is in the packed offers instead.
  if shape ~= '' then lines[i] = string.byte(shape, i) == 111 and '' or doc end
  redis.call('HDEL', KEYS[10], ARGV[a + 2])
  a = a + 5
end
local n_digests = tonumber(ARGV[a])
a = a + 1
for i = 1, n_digests do
  redis.call('HSET', KEYS[10], ARGV[a], ARGV[a + 1])
  a = a + 2
end
for j = a, #ARGV, 1000 do
  redis.call('SADD', KEYS[6], unpack(ARGV, j, math.min(j + 999, #ARGV)))
end
local seq = 0
if log_flag == '1' then
  seq = append_log(KEYS[7], KEYS[8], 'products', '[' .. table.concat(ids, ',') .. ']')
  if shape ~= '' then append_written(KEYS[9], seq, table.concat(lines, '\\n'), offers) end
end
return {1, ids, seq}
`);

/** What the read script saw of one source_id. */
interface Seen {
  /** The p-src value as read ("" when absent): the write script expects it unchanged. */
  meta: string;
  doc: string;
}

interface Op {
  index: number;
  mode: "n" | "u" | "r";
  ref: string;
  record: ProductRecord;
  /** The record JSON after its id. */
  body: string;
  status: 200 | 201;
}

export interface BatchHooks {
  /** Test seam: runs between the read and the write script (to stage a concurrent write). */
  afterRead?: (attempt: number) => Promise<void>;
}

export async function writeProductBatch(
  client: Redis,
  domainId: number,
  drafts: readonly (ProductDraft | null)[],
  options: BatchOptions,
  hooks: BatchHooks = {},
): Promise<{ results: (WriteResult<ProductRecord> | null)[]; seq: number }> {
  const keys = domainKeys(domainId);
  for (let attempt = 1; ; attempt++) {
    const seen = await readState(client, keys, drafts);
    await hooks.afterRead?.(attempt);
    const plan = planWrite(drafts, seen, options, Date.now());
    // Nothing to write (a dry run, or every item unchanged): the answer is the plan's, as of
    // the read.
    if (options.dryRun || (options.skipUnchanged && plan.ops.length === 0 && !plan.digests)) {
      for (const op of plan.ops)
        plan.results[op.index] = {
          ok: true,
          status: op.status,
          record: op.record,
          json: `{"id":${op.record.id}${op.body}`,
        };
      return { results: plan.results, seq: 0 };
    }
    const reply = (await WRITE.run(
      client,
      [
        keys.productSources,
        keys.products,
        keys.categorySources,
        keys.rev,
        keys.productId,
        keys.warehouses,
        keys.seq,
        keys.log,
        keys.written,
        keys.productDigests,
      ],
      plan.args,
    )) as [number, number[]?, number?];
    if (reply[0] === 1) {
      const ids = reply[1] ?? [];
      plan.ops.forEach((op, k) => {
        const id = ids[k] as number;
        op.record.id = id;
        plan.results[op.index] = {
          ok: true,
          status: op.status,
          record: op.record,
          json: `{"id":${id}${op.body}`,
        };
      });
      return { results: plan.results, seq: reply[2] ?? 0 };
    }
    if (attempt >= MAX_ATTEMPTS) throw new AppError("store_unavailable", { retry_after: 1 });
  }
}

async function readState(
  client: Redis,
  keys: DomainKeys,
  drafts: readonly (ProductDraft | null)[],
): Promise<{ products: Map<string, Seen | null>; categories: Map<number, boolean> }> {
  const sids = new Set<string>();
  const asked = new Set<number>();
  for (const d of drafts) {
    if (!d) continue;
    sids.add(d.source_id);
    // A category id that is not a positive integer cannot exist: no need to ask.
    const n = categoryNumber(d.source_category_id);
    if (n !== null) asked.add(n);
  }
  const products = new Map<string, Seen | null>();
  const categories = new Map<number, boolean>();
  if (sids.size === 0 && asked.size === 0) return { products, categories };
  const reply = (await READ.run(
    client,
    [keys.productSources, keys.products, keys.categorySources],
    [String(sids.size), ...sids, ...[...asked].map(String)],
  )) as [(string | null)[], (string | null)[], number[]];
  const [metas, docs, exists] = reply;
  [...sids].forEach((sid, i) => {
    const meta = metas[i] ?? null;
    products.set(sid, meta === null ? null : { meta, doc: docs[i] as string });
  });
  [...asked].forEach((c, i) => {
    categories.set(c, exists[i] === 1);
  });
  return { products, categories };
}

/** The batch planned against the read, and the write script's arguments. */
function planWrite(
  drafts: readonly (ProductDraft | null)[],
  seen: { products: Map<string, Seen | null>; categories: Map<number, boolean> },
  options: BatchOptions,
  now: number,
): {
  ops: Op[];
  results: (WriteResult<ProductRecord> | null)[];
  args: string[];
  /** How many digests the write keeps (a feed's batch). */
  digests: number;
} {
  let provisional = 0;
  const plan = planProductBatch(
    drafts,
    {
      product: (sid) => {
        const s = seen.products.get(sid);
        return s ? (JSON.parse(s.doc) as ProductRecord) : null;
      },
      category: (id) => seen.categories.get(id) === true,
    },
    {
      log: options.log,
      now,
      newId: () => --provisional,
      skipUnchanged: options.skipUnchanged,
      assumeCategories: options.assumeCategories,
    },
  );
  const ops: Op[] = [];
  /** The 1-based op that created each provisional id. */
  const createdBy = new Map<number, number>();
  const results = plan.items.map((item, index): WriteResult<ProductRecord> | null => {
    // Successful items are filled in with their id once the write script has run.
    if (!item?.ok) return item;
    const r = item.record;
    if (item.unchanged) return { ...item, json: "null" };
    const body = recordBody(JSON.stringify(r), r.id);
    let mode: Op["mode"] = "u";
    let ref = String(r.id);
    if (r.id < 0) {
      const first = createdBy.get(r.id);
      if (first === undefined) createdBy.set(r.id, ops.length + 1);
      mode = first === undefined ? "n" : "r";
      ref = first === undefined ? "" : String(first);
    }
    ops.push({ index, mode, ref, record: r, body, status: item.status });
    return null;
  });
  // What the entry carries for the other nodes: an update that changed only the offer goes as
  // its offer, packed; every other write as its record's JSON, as stored (a line of it; JSON
  // never holds a raw newline). A new product is never offer-only. A batch past WRITTEN_BYTES
  // (a bulk load's) carries nothing: its records would go to the AOF twice, and the other
  // nodes read them back in one HMGET, as before.
  const offered: ProductRecord[] = [];
  let shape = "";
  let bytes = 0;
  for (const op of plan.log ? ops : []) {
    const offer = op.mode === "u" && offerOnly(op.record);
    if (offer) offered.push(op.record);
    else bytes += op.body.length;
    shape += offer ? "o" : "c";
  }
  let offers = offered.length ? offersText(packOffers(offered)) : "";
  if (bytes + offers.length > WRITTEN_BYTES) [shape, offers] = ["", ""];
  // A feed's batch of unchanged items only keeps their digests, and logs nothing (as SQLite).
  const logged = plan.log && (ops.length > 0 || !options.skipUnchanged);
  const args: string[] = [logged ? "1" : "0", shape, offers];
  args.push(String(seen.products.size));
  for (const [sid, s] of seen.products) args.push(sid, s ? s.meta : "");
  const missing = [...seen.categories].filter(([, ok]) => !ok);
  args.push(String(missing.length), ...missing.map(([c]) => String(c)));
  args.push(String(ops.length));
  for (const op of ops)
    args.push(op.mode, op.ref, op.record.source_id, JSON.stringify(op.record.group_id), op.body);
  const digests: string[] = [];
  plan.items.forEach((item, i) => {
    const digest = options.digests?.[i];
    if (item?.ok && digest) digests.push(item.record.source_id, digest);
  });
  args.push(String(digests.length / 2), ...digests);
  args.push(...plan.warehouses);
  return { ops, results, args, digests: digests.length / 2 };
}
