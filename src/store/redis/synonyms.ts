import type { SynonymSet } from "../../model/synonyms.ts";
import { APPEND_LOG_LUA } from "./append-log-lua.ts";
import type { Redis } from "./connection.ts";
import { domainKeys } from "./keys.ts";
import { LuaScript } from "./lua-script.ts";

// A domain's own synonyms: one string, the sets' JSON, replaced whole together with the
// `synonyms` change-log entry that makes every node's indexer read them (one script: a node
// never sees the entry without the sets, nor the sets without the entry).

const SET = new LuaScript(`${APPEND_LOG_LUA}
redis.call('SET', KEYS[3], ARGV[1])
return append_log(KEYS[1], KEYS[2], 'synonyms', '[]')
`);

export async function domainSynonyms(client: Redis, domainId: number): Promise<SynonymSet[]> {
  const json = await client.sendCommand<string | null>(["GET", domainKeys(domainId).synonyms]);
  return json === null ? [] : (JSON.parse(json) as SynonymSet[]);
}

export async function setDomainSynonyms(
  client: Redis,
  domainId: number,
  sets: readonly SynonymSet[],
): Promise<number> {
  const keys = domainKeys(domainId);
  return (await SET.run(
    client,
    [keys.seq, keys.log, keys.synonyms],
    [JSON.stringify(sets)],
  )) as number;
}
