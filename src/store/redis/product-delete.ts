import { APPEND_LOG_LUA } from "./append-log-lua.ts";
import type { Redis } from "./connection.ts";
import { domainKeys } from "./keys.ts";
import { LuaScript } from "./lua-script.ts";

// Products deleted by source id in one script: each record and its p-src entry go and one
// `deletes` entry names their ids, atomically, so a node tailing the log never sees one
// without the other. A product batch planned against a record deleted meanwhile finds its
// p-src entry changed and plans again (product-batch.ts). Ids come from INCR and are never
// handed out again.
const DELETE = new LuaScript(`${APPEND_LOG_LUA}
local ids, deleted = {}, {}
for i = 1, #ARGV do
  local meta = redis.call('HGET', KEYS[1], ARGV[i])
  if meta then
    local id = string.match(meta, '^%[(%d+),')
    redis.call('HDEL', KEYS[1], ARGV[i])
    redis.call('HDEL', KEYS[2], id)
    redis.call('HDEL', KEYS[5], ARGV[i])
    ids[#ids + 1] = id
    deleted[#deleted + 1] = ARGV[i]
  end
end
if #ids == 0 then return {{}, 0} end
return {deleted, append_log(KEYS[3], KEYS[4], 'deletes', '[' .. table.concat(ids, ',') .. ']')}
`);

export async function deleteProducts(
  client: Redis,
  domainId: number,
  sourceIds: readonly string[],
): Promise<{ deleted: string[]; seq: number }> {
  if (sourceIds.length === 0) return { deleted: [], seq: 0 };
  const keys = domainKeys(domainId);
  const [deleted, seq] = (await DELETE.run(
    client,
    [keys.productSources, keys.products, keys.seq, keys.log, keys.productDigests],
    [...sourceIds],
  )) as [string[], number];
  return { deleted, seq };
}
