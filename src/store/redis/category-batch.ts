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
// stored id of each source_category_id and the domain's whole tree (c-parent: the rules walk
// up from any parent to refuse a cycle, and keep a parent an item leaves out),
// rules/plan-category-batch.ts plans the batch (the code the SQLite store runs), and the write
// script writes only when every category the plan creates is still missing (a category id
// never changes once given, so found ones need no check) and the tree is the version read
// (another node's batch may have moved a parent, which the plan kept or walked); else the
// batch is read and planned again. New ids come from INCR in the script.

const READ = new LuaScript(`
return {redis.call('HMGET', KEYS[1], unpack(ARGV)), redis.call('HGETALL', KEYS[2]),
  redis.call('GET', KEYS[3]) or '0'}
`);

const WRITE = new LuaScript(`${APPEND_LOG_LUA}
if (redis.call('GET', KEYS[7]) or '0') ~= ARGV[2] then return {0} end
local a = 4
local n_new = tonumber(ARGV[a])
a = a + 1
for i = 1, n_new do
  if redis.call('HEXISTS', KEYS[1], ARGV[a]) == 1 then return {0} end
  a = a + 1
end
local ids = {}
while a <= #ARGV do
  local mode, ref, source, parent = ARGV[a], ARGV[a + 1], ARGV[a + 2], ARGV[a + 4]
  local id
  if mode == 'n' then
    id = string.format('%d', redis.call('INCR', KEYS[3]))
    redis.call('HSET', KEYS[1], source, id)
  elseif mode == 'u' then id = ref
  else id = ids[tonumber(ref)] end
  ids[#ids + 1] = id
  redis.call('HSET', KEYS[2], id, '{"id":' .. id .. ARGV[a + 3])
  if parent == '' then redis.call('HDEL', KEYS[6], source)
  else redis.call('HSET', KEYS[6], source, parent) end
  a = a + 5
end
if ARGV[3] == '1' then redis.call('INCR', KEYS[7]) end
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
    const parents = new Map<number, number>();
    let tree = "0";
    if (sources.length > 0) {
      const [ids, pairs, version] = (await READ.run(
        client,
        [keys.categorySources, keys.categoryParents, keys.categoryTree],
        sources,
      )) as [(string | null)[], string[], string];
      sources.forEach((s, i) => {
        if (ids[i] != null) stored.set(Number(s), Number(ids[i]));
      });
      for (let i = 0; i + 1 < pairs.length; i += 2)
        parents.set(Number(pairs[i]), Number(pairs[i + 1]));
      tree = String(version);
    }
    let provisional = 0;
    const plan = planCategoryBatch(
      drafts,
      {
        id: (source) => stored.get(source) ?? null,
        parent: (source) => parents.get(source) ?? null,
      },
      { log: options.log, now: Date.now(), newId: () => --provisional },
    );
    let treeChanged = false;
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
      const source = String(r.source_category_id);
      const parent = r.parent_id === undefined ? "" : String(r.parent_id);
      if ((parents.get(r.source_category_id) ?? null) !== (r.parent_id ?? null)) {
        treeChanged = true;
        // Later items of the batch compare with what this one wrote.
        if (r.parent_id === undefined) parents.delete(r.source_category_id);
        else parents.set(r.source_category_id, r.parent_id);
      }
      if (r.id > 0) ops.push("u", String(r.id), source, body, parent);
      else if (first !== undefined) ops.push("r", String(first), source, body, parent);
      else {
        created.set(r.id, written.length + 1);
        fresh.push(source);
        ops.push("n", "", source, body, parent);
      }
      written.push({ index, record: r, body, status: item.status });
    });
    // The items the rules refused (a cycle) answer their errors; the valid ones are written.
    const results: (WriteResult<CategoryRecord> | null)[] = plan.items.map((item) =>
      item && !item.ok ? item : null,
    );
    if (written.length === 0 && !plan.log) return { results, seq: 0 };
    const reply = (await WRITE.run(
      client,
      [
        keys.categorySources,
        keys.categories,
        keys.categoryId,
        keys.seq,
        keys.log,
        keys.categoryParents,
        keys.categoryTree,
      ],
      [plan.log ? "1" : "0", tree, treeChanged ? "1" : "0", String(fresh.length), ...fresh, ...ops],
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
