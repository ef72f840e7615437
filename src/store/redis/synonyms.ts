import type { MerchRule } from "../../model/merchandising.ts";
import type { SynonymSet } from "../../model/synonyms.ts";
import { APPEND_LOG_LUA } from "./append-log-lua.ts";
import type { Redis } from "./connection.ts";
import { domainKeys } from "./keys.ts";
import { LuaScript } from "./lua-script.ts";

// A domain's own synonyms, and its merchandising rules, alike: one string each, the sets' JSON, replaced whole together with the
// `synonyms` change-log entry that makes every node's indexer read them (one script: a node
// never sees the entry without the sets, nor the sets without the entry).

const SET = new LuaScript(`${APPEND_LOG_LUA}
redis.call('SET', KEYS[3], ARGV[1])
return append_log(KEYS[1], KEYS[2], ARGV[2], '[]')
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
    [JSON.stringify(sets), "synonyms"],
  )) as number;
}

export async function domainRules(client: Redis, domainId: number): Promise<MerchRule[]> {
  const json = await client.sendCommand<string | null>(["GET", domainKeys(domainId).rules]);
  return json === null ? [] : (JSON.parse(json) as MerchRule[]);
}

export async function setDomainRules(
  client: Redis,
  domainId: number,
  rules: readonly MerchRule[],
): Promise<number> {
  const keys = domainKeys(domainId);
  return (await SET.run(
    client,
    [keys.seq, keys.log, keys.rules],
    [JSON.stringify(rules), "merchandising"],
  )) as number;
}
