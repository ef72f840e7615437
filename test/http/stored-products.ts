import { Database } from "bun:sqlite";
import { join } from "node:path";
import { createClient, createCluster } from "redis";
import type { DomainRecord, ProductRecord } from "../../src/model/records.ts";
import { domainKeys, registryKeys } from "../../src/store/redis/keys.ts";
import { clusterForTests, redisFor, STORE } from "./harness.ts";

// The products a domain's primary store holds, read from the store itself (the SQLite file of
// the data dir, or its private Redis) rather than through the service: what a crash left.

/** source_id -> the stored record, for the domain named `domain` in `dataDir`'s store. */
export async function readStoredProducts(
  dataDir: string,
  domain: string,
): Promise<Map<string, ProductRecord>> {
  const docs = STORE === "sqlite" ? readSqlite(dataDir, domain) : await readRedis(dataDir, domain);
  const out = new Map<string, ProductRecord>();
  for (const doc of docs) {
    const record = JSON.parse(doc) as ProductRecord;
    out.set(record.source_id, record);
  }
  return out;
}

function readSqlite(dataDir: string, domain: string): string[] {
  // Read-only beside the running service: WAL readers never block its writer.
  const db = new Database(join(dataDir, "vitrina.sqlite"), { readonly: true });
  try {
    return db
      .query<{ doc: string }, [string]>(
        "SELECT p.doc FROM products p JOIN domains d ON d.id = p.domain_id WHERE d.name = ?",
      )
      .all(domain)
      .map((row) => row.doc);
  } finally {
    db.close();
  }
}

async function readRedis(dataDir: string, domain: string): Promise<string[]> {
  const client =
    STORE === "cluster"
      ? createCluster({
          rootNodes: (await clusterForTests()).nodes.map((n) => ({ url: `redis://${n.address}` })),
          RESP: 2,
        })
      : createClient({ url: (await redisFor(dataDir)).url, RESP: 2 });
  await client.connect();
  try {
    const record = await client.hGet(registryKeys.domains, domain);
    if (record === null) throw new Error(`no domain ${domain} in Redis`);
    const { id } = JSON.parse(record) as DomainRecord;
    return Object.values(await client.hGetAll(domainKeys(id).products));
  } finally {
    client.destroy();
  }
}
