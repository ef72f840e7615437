// PostgreSQL in the peers' benchmark: a table of its own in the given database (rows.ts's
// postgresSchema: a stored tsvector under GIN, and pg_trgm's index of the name where the
// extension can be had), filled by 1,000-row INSERTs from one connection (each its own
// transaction, the indexes kept as rows arrive), asked with to_tsquery, the last word a prefix,
// and by trigram similarity when the words match nothing.

import { SQL } from "bun";
import type { Catalog } from "../../src/sample-catalog/types.ts";
import { type Engine, rowBatches, sourceIds } from "./engine.ts";
import {
  postgresSchema,
  postgresSearch,
  postgresTrigramSearch,
  queryWords,
  TEXT_FIELDS,
  tsQueryText,
} from "./rows.ts";

export const DEFAULT_POSTGRES_URL = "postgres://postgres@127.0.0.1:5432/test";

/** The server's version, or null when it cannot be reached (the reason logged). */
export async function postgresVersion(url: string, log: (line: string) => void) {
  const sql = new SQL(url, { max: 1, connectionTimeout: 5 });
  try {
    const [row] = await sql`SELECT version() AS v`;
    return String(row.v).split(" on ")[0] ?? "PostgreSQL";
  } catch (error) {
    log(`[peers] PostgreSQL at ${url} not reachable (${(error as Error).message}): left out`);
    return null;
  } finally {
    await sql.close();
  }
}

export async function startPostgres(
  url: string,
  catalog: Catalog,
  log: (line: string) => void,
): Promise<Engine & { trigrams: boolean }> {
  const sql = new SQL(url, { max: 1 });
  const table = `vitrina_peers_${process.pid}`;
  let trigrams = true;
  try {
    await sql.unsafe("CREATE EXTENSION IF NOT EXISTS pg_trgm");
  } catch (error) {
    trigrams = false;
    log(`[peers] postgres: no pg_trgm (${(error as Error).message}): typos without trigrams`);
  }
  for (const statement of postgresSchema(table, trigrams)) await sql.unsafe(statement);
  log(`[peers] postgres: table ${table}${trigrams ? ", pg_trgm on the name" : ""}`);
  const columns = ["id", ...TEXT_FIELDS, "price", "available"] as const;
  const [search, nearest] = [postgresSearch(table), postgresTrigramSearch(table)];
  const answer = (rows: { id: number }[]) => ({
    ids: sourceIds(
      catalog,
      rows.map((r) => Number(r.id)),
    ),
    serverMs: null,
  });
  return {
    name: "PostgreSQL",
    trigrams,
    async importAll() {
      for (const rows of rowBatches(catalog))
        await sql`INSERT INTO ${sql(table)} ${sql(rows, ...columns)}`;
    },
    async search(params) {
      const words = queryWords(params.q ?? "");
      const text = tsQueryText(words);
      if (text === null) return answer([]);
      const found = await sql.unsafe(search, [text]);
      if (found.length || !trigrams) return answer(found);
      return answer(await sql.unsafe(nearest, [words.join(" ")]));
    },
    async close() {
      await sql.unsafe(`DROP TABLE IF EXISTS ${table}`);
      await sql.close();
    },
  };
}
