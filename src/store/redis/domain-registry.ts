import { AppError } from "../../errors.ts";
import type { DomainRecord } from "../../model/records.ts";
import type { Rotation, TokenPair } from "../store.ts";
import type { Redis } from "./connection.ts";
import { domainKeyPattern, domainKeys, registryKeys } from "./keys.ts";
import { LuaScript } from "./lua-script.ts";

// The domains: one hash, name -> the record's JSON, and an INCR for ids. Each change also goes
// to the `changes` stream, which every node tails to reload its token cache (stream-tail.ts):
// a token rotated on one node must stop opening imports on all of them.

const CREATE = new LuaScript(`
if redis.call('HEXISTS', KEYS[1], ARGV[1]) == 1 then return 0 end
local id = redis.call('INCR', KEYS[2])
redis.call('HSET', KEYS[1], ARGV[1], '{"id":' .. string.format('%d', id) .. ARGV[2])
redis.call('XADD', KEYS[3], 'MAXLEN', '~', '1000', '*', 'name', ARGV[1])
return id
`);

const REPLACE = new LuaScript(`
if redis.call('HEXISTS', KEYS[1], ARGV[1]) == 0 then return 0 end
redis.call('HSET', KEYS[1], ARGV[1], ARGV[2])
redis.call('XADD', KEYS[2], 'MAXLEN', '~', '1000', '*', 'name', ARGV[1])
return 1
`);

const REMOVE = new LuaScript(`
local json = redis.call('HGET', KEYS[1], ARGV[1])
if not json then return false end
redis.call('HDEL', KEYS[1], ARGV[1])
redis.call('XADD', KEYS[2], 'MAXLEN', '~', '1000', '*', 'name', ARGV[1])
return json
`);

/** The record in the SQLite store's column order, whatever order the JSON had. */
const record = (d: DomainRecord): DomainRecord => ({
  id: d.id,
  name: d.name,
  secret_token: d.secret_token,
  search_token: d.search_token,
  created_at: d.created_at,
  ...(d.allowed_origins?.length ? { allowed_origins: d.allowed_origins } : {}),
  ...(d.retired_search_token !== undefined && d.retired_search_until !== undefined
    ? { retired_search_token: d.retired_search_token, retired_search_until: d.retired_search_until }
    : {}),
});

export async function createDomain(
  client: Redis,
  name: string,
  tokens: TokenPair,
): Promise<DomainRecord> {
  const draft = record({ id: 0, name, ...tokens, created_at: Date.now() });
  const body = JSON.stringify(draft).slice('{"id":0'.length);
  const id = (await CREATE.run(
    client,
    [registryKeys.domains, registryKeys.domainId, registryKeys.changes],
    [name, body],
  )) as number;
  if (id === 0) throw new AppError("domain_exists", { name });
  return { ...draft, id };
}

export async function listDomains(client: Redis): Promise<DomainRecord[]> {
  const flat = await client.sendCommand<string[]>(["HGETALL", registryKeys.domains]);
  const out: DomainRecord[] = [];
  for (let i = 1; i < flat.length; i += 2) out.push(record(JSON.parse(flat[i] as string)));
  return out.sort((a, b) => a.id - b.id);
}

/**
 * Id, name and creation time never change, so a read then a conditional write cannot lose
 * anything but a concurrent rotation, where the last one wins as with SQLite's UPDATE (a
 * rotation and an origins change at once: one of the two may be lost; both are retried by hand).
 */
export function setDomainTokens(
  client: Redis,
  name: string,
  rotation: Rotation,
): Promise<DomainRecord> {
  return patchDomain(client, name, rotation);
}

/** The allowed origins are a field of the record: every node learns them with the reload. */
export function setDomainOrigins(
  client: Redis,
  name: string,
  origins: string[],
): Promise<DomainRecord> {
  return patchDomain(client, name, { allowed_origins: origins });
}

async function patchDomain(
  client: Redis,
  name: string,
  patch: Partial<DomainRecord>,
): Promise<DomainRecord> {
  const json = await client.sendCommand<string | null>(["HGET", registryKeys.domains, name]);
  if (json === null) throw new AppError("domain_not_found", { name });
  const updated = record({ ...(JSON.parse(json) as DomainRecord), ...patch });
  const done = await REPLACE.run(
    client,
    [registryKeys.domains, registryKeys.changes],
    [name, JSON.stringify(updated)],
  );
  if (done === 0) throw new AppError("domain_not_found", { name });
  return updated;
}

/**
 * Removes the domain from the registry (nodes reload and drop its index), then every key of
 * its hash tag, found by SCAN: keys added by any later feature go too. Ids are never reused
 * (INCR), so a key an in-flight write recreates after the sweep is unreachable garbage. In a
 * cluster the SCAN runs on the master of the domain's slot, which holds all of its keys (a slot
 * moving during the sweep can leave some behind: unreachable garbage too).
 */
export async function deleteDomain(client: Redis, name: string): Promise<DomainRecord> {
  const json = (await REMOVE.run(client, [registryKeys.domains, registryKeys.changes], [name])) as
    | string
    | null;
  if (json === null) throw new AppError("domain_not_found", { name });
  const d = record(JSON.parse(json) as DomainRecord);
  const beside = domainKeys(d.id).products;
  let cursor = "0";
  do {
    const [next, keys] = await client.sendBeside<[string, string[]]>(beside, [
      "SCAN",
      cursor,
      "MATCH",
      domainKeyPattern(d.id),
      "COUNT",
      "1000",
    ]);
    if (keys.length) await client.sendCommand(["UNLINK", ...keys]);
    cursor = next;
  } while (cursor !== "0");
  return d;
}
