import { AppError } from "../../errors.ts";
import type { CategoryDraft } from "../../model/drafts.ts";
import type { CategoryRecord } from "../../model/records.ts";
import { planCategoryBatch } from "../../rules/plan-category-batch.ts";
import type { BatchOptions, WriteResult } from "../store.ts";
import { APPEND_LOG_LUA } from "./append-log-lua.ts";
import type { Redis } from "./connection.ts";
import { domainKeys } from "./keys.ts";
import { LuaScript } from "./lua-script.ts";
import { MAX_ATTEMPTS, recordBody } from "./product-batch.ts";

// A category batch runs like a product batch (product-batch.ts): a read script fetches the
// stored id of each source_category_id, rules/plan-category-batch.ts plans the batch (the code
// the SQLite store runs), and the write script writes only when every category the plan
// creates is still missing (a category id never changes once given, so found ones need no
// check); else the batch is read and planned again. New ids come from INCR in the script.

const READ = new LuaScript(`
return redis.call('HMGET', KEYS[1], unpack(ARGV))
`);

const WRITE = new LuaScript(`${APPEND_LOG_LUA}
local a = 2
local n_new = tonumber(ARGV[a])
a = a + 1
for i = 1, n_new do
  if redis.call('HEXISTS', KEYS[1], ARGV[a]) == 1 then return {0} end
  a = a + 1
end
local ids = {}
while a <= #ARGV do
  local mode, ref, source = ARGV[a], ARGV[a + 1], ARGV[a + 2]
  local id
  if mode == 'n' then
    id = string.format('%d', redis.call('INCR', KEYS[3]))
    redis.call('HSET', KEYS[1], source, id)
  elseif mode == 'u' then id = ref
  else id = ids[tonumber(ref)] end
  ids[#ids + 1] = id
  redis.call('HSET', KEYS[2], id, '{"id":' .. id .. ARGV[a + 3])
  a = a + 4
end
local seq = 0
if ARGV[1] == '1' then
  seq = append_log(KEYS[4], KEYS[5], 'categories', '[' .. table.concat(ids, ',') .. ']')
end
return {1, ids, seq}
`);

export async function writeCategoryBatch(
  client: Redis,
  domainId: number,
  drafts: readonly (CategoryDraft | null)[],
  options: BatchOptions,
): Promise<{ results: (WriteResult<CategoryRecord> | null)[]; seq: number }> {
  const keys = domainKeys(domainId);
  const sources = [...new Set(drafts.flatMap((d) => (d ? [String(d.source_category_id)] : [])))];
  for (let attempt = 1; ; attempt++) {
    const stored = new Map<number, number>();
    if (sources.length > 0) {
      const ids = (await READ.run(client, [keys.categorySources], sources)) as (string | null)[];
      sources.forEach((s, i) => {
        if (ids[i] != null) stored.set(Number(s), Number(ids[i]));
      });
    }
    let provisional = 0;
    const plan = planCategoryBatch(drafts, (source) => stored.get(source) ?? null, {
      log: options.log,
      now: Date.now(),
      newId: () => --provisional,
    });
    const written: { index: number; record: CategoryRecord; body: string; status: 200 | 201 }[] =
      [];
    const created = new Map<number, number>();
    const fresh: string[] = [];
    const ops: string[] = [];
    plan.items.forEach((item, index) => {
      if (!item?.ok) return;
      const r = item.record;
      const body = recordBody(JSON.stringify(r), r.id);
      const first = created.get(r.id);
      if (r.id > 0) ops.push("u", String(r.id), "", body);
      else if (first !== undefined) ops.push("r", String(first), "", body);
      else {
        created.set(r.id, written.length + 1);
        fresh.push(String(r.source_category_id));
        ops.push("n", "", String(r.source_category_id), body);
      }
      written.push({ index, record: r, body, status: item.status });
    });
    const results: (WriteResult<CategoryRecord> | null)[] = plan.items.map(() => null);
    if (written.length === 0 && !plan.log) return { results, seq: 0 };
    const reply = (await WRITE.run(
      client,
      [keys.categorySources, keys.categories, keys.categoryId, keys.seq, keys.log],
      [plan.log ? "1" : "0", String(fresh.length), ...fresh, ...ops],
    )) as [number, string[]?, number?];
    if (reply[0] === 1) {
      const ids = reply[1] ?? [];
      written.forEach((w, k) => {
        const id = Number(ids[k]);
        w.record.id = id;
        results[w.index] = {
          ok: true,
          status: w.status,
          record: w.record,
          json: `{"id":${id}${w.body}`,
        };
      });
      return { results, seq: reply[2] ?? 0 };
    }
    if (attempt >= MAX_ATTEMPTS) throw new AppError("store_unavailable");
  }
}
