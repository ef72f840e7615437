import type { CategoryDraft } from "../../import/validate-category.ts";
import type { CategoryRecord } from "../../model/records.ts";
import type { BatchOptions, WriteResult } from "../store.ts";
import { APPEND_LOG_LUA } from "./append-log-lua.ts";
import type { RedisClient } from "./connection.ts";
import { domainKeys } from "./keys.ts";
import { LuaScript } from "./lua-script.ts";

// A category batch reads nothing it merges (a category item replaces the record whole), so the
// whole batch runs inside one script: look up or allocate each id, write each record, append
// the entry. Like the product script, the JSON arrives without its id (`{"id":0` cut off).

const WRITE = new LuaScript(`${APPEND_LOG_LUA}
local ids, created = {}, {}
for i = 2, #ARGV, 2 do
  local k = #ids + 1
  local id = redis.call('HGET', KEYS[1], ARGV[i])
  if id then
    created[k] = 0
  else
    id = string.format('%d', redis.call('INCR', KEYS[3]))
    redis.call('HSET', KEYS[1], ARGV[i], id)
    created[k] = 1
  end
  ids[k] = id
  redis.call('HSET', KEYS[2], id, '{"id":' .. id .. ARGV[i + 1])
end
local seq = 0
if ARGV[1] == '1' then
  seq = append_log(KEYS[4], KEYS[5], 'categories', '[' .. table.concat(ids, ',') .. ']')
end
return {ids, created, seq}
`);

const ID_PLACEHOLDER = '{"id":0';

export async function writeCategoryBatch(
  client: RedisClient,
  domainId: number,
  drafts: readonly (CategoryDraft | null)[],
  options: BatchOptions,
): Promise<{ results: (WriteResult<CategoryRecord> | null)[]; seq: number }> {
  const keys = domainKeys(domainId);
  const now = Date.now();
  const items = drafts.flatMap((draft, index) => {
    if (!draft) return [];
    const record: CategoryRecord = { id: 0, ...draft, updated_at: now };
    return [{ index, record, body: JSON.stringify(record).slice(ID_PLACEHOLDER.length) }];
  });
  const results: (WriteResult<CategoryRecord> | null)[] = drafts.map(() => null);
  if (items.length === 0 && !options.log) return { results, seq: 0 };
  const args = [options.log ? "1" : "0"];
  for (const it of items) args.push(String(it.record.source_category_id), it.body);
  const [ids, created, seq] = (await WRITE.run(
    client,
    [keys.categorySources, keys.categories, keys.categoryId, keys.seq, keys.log],
    args,
  )) as [string[], number[], number];
  items.forEach((it, k) => {
    const id = Number(ids[k]);
    it.record.id = id;
    results[it.index] = {
      ok: true,
      status: created[k] === 1 ? 201 : 200,
      record: it.record,
      json: `{"id":${id}${it.body}`,
    };
  });
  return { results, seq };
}
