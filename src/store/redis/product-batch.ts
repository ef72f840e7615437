import { AppError } from "../../errors.ts";
import { type ExistingProduct, mergeProduct, unknownCategory } from "../../import/merge-product.ts";
import type { ProductDraft } from "../../import/validate-product.ts";
import type { ProductRecord, WarehouseStock } from "../../model/records.ts";
import type { BatchOptions, WriteResult } from "../store.ts";
import { APPEND_LOG_LUA } from "./append-log-lua.ts";
import type { RedisClient } from "./connection.ts";
import { type DomainKeys, domainKeys } from "./keys.ts";
import { LuaScript } from "./lua-script.ts";

// A product batch is optimistic: one read script fetches what the merge needs (the stored
// id, rev and group_id of each source_id, the stored record when warehouses are kept, which
// categories exist); the merge runs here, in import/merge-product.ts, the same code the SQLite
// store runs; one write script then checks that nothing it read has changed (every source_id
// still has the rev read, every category found missing is still missing) and only then writes
// every record, registers the warehouses and appends the log entry. A changed read means
// another node wrote the same products or categories in between: nothing is written and the
// batch is read and merged again. The result is therefore exactly the result of running the
// batch alone at the moment of the write script, as a SQLite transaction would, also when two
// nodes import into one domain at once (test/redis/concurrent-writes.test.ts).
//
// New ids come from INCR inside the write script, so two nodes never hand out the same id.
// The merge runs with the placeholder id 0; the record JSON starts with `{"id":0` and the
// script writes `{"id":<id>` followed by the rest.

const ID_PLACEHOLDER = '{"id":0';
/** A batch that keeps losing the race reports an outage rather than retrying forever. */
const MAX_ATTEMPTS = 20;

const READ = new LuaScript(`
local n = tonumber(ARGV[1])
local metas, docs, cats = {}, {}, {}
for i = 1, n do
  local meta = redis.call('HGET', KEYS[1], ARGV[1 + i])
  metas[i] = meta
  docs[i] = false
  if meta and ARGV[1 + n + i] == '1' then
    docs[i] = redis.call('HGET', KEYS[2], string.match(meta, '^%[(%d+),'))
  end
end
for j = 2 * n + 2, #ARGV do
  cats[#cats + 1] = redis.call('HEXISTS', KEYS[3], ARGV[j])
end
return {metas, docs, cats}
`);

const WRITE = new LuaScript(`${APPEND_LOG_LUA}
local a = 1
local log_flag = ARGV[a]
local n_expect = tonumber(ARGV[a + 1])
a = a + 2
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
local ids = {}
for i = 1, n_ops do
  local mode, ref = ARGV[a], ARGV[a + 1]
  local id
  if mode == 'n' then id = redis.call('INCR', KEYS[5])
  elseif mode == 'u' then id = tonumber(ref)
  else id = ids[tonumber(ref)] end
  ids[i] = id
  local sid = string.format('%d', id)
  redis.call('HSET', KEYS[1], ARGV[a + 2], '[' .. sid .. ',' .. rev .. ',' .. ARGV[a + 3] .. ']')
  redis.call('HSET', KEYS[2], sid, '{"id":' .. sid .. ARGV[a + 4])
  a = a + 5
end
for j = a, #ARGV, 1000 do
  redis.call('SADD', KEYS[6], unpack(ARGV, j, math.min(j + 999, #ARGV)))
end
local seq = 0
if log_flag == '1' then
  seq = append_log(KEYS[7], KEYS[8], 'products', '[' .. table.concat(ids, ',') .. ']')
end
return {1, ids, seq}
`);

/** What the read script saw of one source_id. */
interface Seen {
  /** The p-src value as read ("" when absent): the write script expects it unchanged. */
  meta: string;
  id: number;
  group_id: string | null;
  doc: string | null;
}

/** What the batch knows of a product: from the read, or from an earlier item of the batch. */
interface Known {
  /** The stored id; null for a product created earlier in this batch. */
  id: number | null;
  /** The 1-based write op that created it in this batch. */
  createdBy: number;
  group_id: string | null;
  warehouses: () => WarehouseStock[];
}

interface Op {
  index: number;
  mode: "n" | "u" | "r";
  ref: string;
  record: ProductRecord;
  /** The record JSON after the `{"id":0` placeholder. */
  body: string;
  status: 200 | 201;
}

export interface BatchHooks {
  /** Test seam: runs between the read and the write script (to stage a concurrent write). */
  afterRead?: (attempt: number) => Promise<void>;
}

const CATEGORY_ID = /^[1-9][0-9]{0,14}$/;

export async function writeProductBatch(
  client: RedisClient,
  domainId: number,
  drafts: readonly (ProductDraft | null)[],
  options: BatchOptions,
  hooks: BatchHooks = {},
): Promise<{ results: (WriteResult<ProductRecord> | null)[]; seq: number }> {
  const keys = domainKeys(domainId);
  for (let attempt = 1; ; attempt++) {
    const seen = await readState(client, keys, drafts);
    await hooks.afterRead?.(attempt);
    const plan = planBatch(drafts, seen, options, Date.now());
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
    if (attempt >= MAX_ATTEMPTS) throw new AppError("store_unavailable");
  }
}

async function readState(
  client: RedisClient,
  keys: DomainKeys,
  drafts: readonly (ProductDraft | null)[],
): Promise<{ products: Map<string, Seen | null>; categories: Map<string, boolean> }> {
  const needDoc = new Map<string, boolean>();
  const categories = new Map<string, boolean>();
  for (const d of drafts) {
    if (!d) continue;
    needDoc.set(d.source_id, (needDoc.get(d.source_id) ?? false) || d.warehouses === undefined);
    // A category id that is not a positive integer cannot exist: no need to ask.
    categories.set(d.source_category_id, false);
  }
  const sids = [...needDoc.keys()];
  const asked = [...categories.keys()].filter((c) => CATEGORY_ID.test(c));
  const products = new Map<string, Seen | null>();
  if (sids.length === 0 && asked.length === 0) return { products, categories };
  const reply = (await READ.run(
    client,
    [keys.productSources, keys.products, keys.categorySources],
    [
      String(sids.length),
      ...sids,
      ...sids.map((s) => (needDoc.get(s) ? "1" : "0")),
      ...asked.map((c) => String(Number(c))),
    ],
  )) as [(string | null)[], (string | null)[], number[]];
  const [metas, docs, exists] = reply;
  sids.forEach((sid, i) => {
    const meta = metas[i] ?? null;
    if (meta === null) products.set(sid, null);
    else {
      const [id, , group_id] = JSON.parse(meta) as [number, number, string | null];
      products.set(sid, { meta, id, group_id, doc: docs[i] ?? null });
    }
  });
  asked.forEach((c, i) => {
    categories.set(c, exists[i] === 1);
  });
  return { products, categories };
}

/** The SQLite store's loop over the items (sqlite-store.ts writeProducts), against the read. */
function planBatch(
  drafts: readonly (ProductDraft | null)[],
  seen: { products: Map<string, Seen | null>; categories: Map<string, boolean> },
  options: BatchOptions,
  now: number,
): { ops: Op[]; results: (WriteResult<ProductRecord> | null)[]; args: string[] } {
  let allOk = options.log;
  const known = new Map<string, Known>();
  const ops: Op[] = [];
  const warehouses = new Set<string>();
  const results = drafts.map((draft, index): WriteResult<ProductRecord> | null => {
    if (!draft) return null;
    if (!seen.categories.get(draft.source_category_id)) {
      allOk = false;
      return { ok: false, errors: unknownCategory(draft.source_category_id) };
    }
    const stored = known.get(draft.source_id) ?? fromRead(seen.products.get(draft.source_id));
    const existing: ExistingProduct | null = stored
      ? {
          id: 0,
          group_id: stored.group_id,
          warehouses: draft.warehouses !== undefined ? [] : stored.warehouses(),
        }
      : null;
    const merged = mergeProduct(draft, existing, { newId: 0, now });
    if (!merged.ok) {
      allOk = false;
      return merged;
    }
    const r = merged.record;
    const json = JSON.stringify(r);
    if (!json.startsWith(`${ID_PLACEHOLDER},`))
      throw new Error("a record's JSON must open with id");
    const mode = !stored ? "n" : stored.id === null ? "r" : "u";
    ops.push({
      index,
      mode,
      ref: mode === "n" ? "" : mode === "u" ? String(stored?.id) : String(stored?.createdBy),
      record: r,
      body: json.slice(ID_PLACEHOLDER.length),
      status: stored ? 200 : 201,
    });
    known.set(r.source_id, {
      id: stored ? stored.id : null,
      createdBy: stored ? stored.createdBy : ops.length,
      group_id: r.group_id,
      warehouses: () => r.warehouses,
    });
    for (const w of r.warehouses) warehouses.add(w.external_id);
    // Filled in with the id once the write script has run.
    return null;
  });
  const args: string[] = [allOk ? "1" : "0"];
  args.push(String(seen.products.size));
  for (const [sid, s] of seen.products) args.push(sid, s ? s.meta : "");
  const missing = [...seen.categories].filter(([c, ok]) => !ok && CATEGORY_ID.test(c));
  args.push(String(missing.length), ...missing.map(([c]) => String(Number(c))));
  args.push(String(ops.length));
  for (const op of ops)
    args.push(op.mode, op.ref, op.record.source_id, JSON.stringify(op.record.group_id), op.body);
  args.push(...warehouses);
  return { ops, results, args };
}

function fromRead(s: Seen | null | undefined): Known | undefined {
  if (!s) return undefined;
  let cached: WarehouseStock[] | undefined;
  return {
    id: s.id,
    createdBy: 0,
    group_id: s.group_id,
    warehouses: () => {
      cached ??= s.doc ? ((JSON.parse(s.doc) as ProductRecord).warehouses ?? []) : [];
      return cached;
    },
  };
}
