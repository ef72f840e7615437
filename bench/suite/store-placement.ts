// Where the mixed-load benchmark's stores live on a Redis Cluster (bench/mixed-load.ts
// --redis-cluster M): a domain is one slot (its keys' hash tag `{d:ID}`), so one master, and
// the ID is the registry's counter. A store is created, and created again under another name
// while its domain lands on a master it should not, so that the writes of a run reach the
// masters the run means them to (the domains left behind stay empty).

import { domainKeys } from "../../src/store/redis/keys.ts";
import { ADMIN_KEY, createDomain, type Service, type Tokens } from "../../test/http/harness.ts";
import type { RedisCluster } from "../../test/redis/redis-cluster.ts";

const TRIES = 64;

interface PlacedStore {
  tokens: Tokens;
  /** The master holding its domain's slot, `HOST:PORT`; "" without a cluster. */
  master: string;
}

async function domainId(service: Service, name: string): Promise<number> {
  const r = await fetch(`${service.url}/api/v2/admin/domains/`, {
    headers: { "x-admin-key": ADMIN_KEY },
  });
  const all = (await r.json()) as { id: number; name: string }[];
  const found = all.find((d) => d.name === name);
  if (!found) throw new Error(`domain ${name} not listed`);
  return found.id;
}

/** A new store whose domain is on a master `fits` accepts (any store without a cluster). */
export async function placeStore(
  service: Service,
  cluster: RedisCluster | null,
  name: string,
  fits: (master: string) => boolean = () => true,
): Promise<PlacedStore> {
  for (let k = 0; k < TRIES; k++) {
    const attempt = k === 0 ? name : `${name}-${k}`;
    const tokens = await createDomain(service, attempt);
    if (!cluster) return { tokens, master: "" };
    const id = await domainId(service, attempt);
    const { master } = await cluster.slotOf(domainKeys(id).products);
    if (fits(master)) return { tokens, master };
  }
  throw new Error(`no domain of ${TRIES} landed where ${name} should`);
}
