// Sphinx 2.2 (Debian's `sphinxsearch`) in the peers' benchmark: its own searchd on a free port
// with a real-time index in a temp dir (rows.ts's sphinxConfig), fed by 1,000-row INSERTs over
// the MySQL protocol from one connection (mysql2: Bun's own MySQL client sets time_zone on
// connecting, which searchd refuses), asked with MATCH.

import { writeFileSync } from "node:fs";
import { join } from "node:path";
import mysql from "mysql2/promise";
import type { Catalog } from "../../src/sample-catalog/types.ts";
import { tempDir } from "../../test/http/harness.ts";
import { freePort } from "../../test/redis/redis-server.ts";
import { type Engine, rowBatches, sourceIds } from "./engine.ts";
import { queryWords, sphinxConfig, sphinxInsert, sphinxMatch, sphinxSearch } from "./rows.ts";

const INDEX = "products";

export const SPHINX_MISSING = `Sphinx's searchd is not installed: on Debian, as root,
  apt-get update && apt-get install -y sphinxsearch
(Sphinx 2.2.11; its searchd is the one this benchmark starts, on a free port of its own).`;

/**
 * searchd under a small sh watchdog that kills it once this process is gone, however that
 * happens (a crash, Ctrl-C): an orphaned searchd would outlive the run (test/redis's way).
 */
const WATCHDOG = `
searchd "$@" &
s=$!
( while kill -0 ${process.pid} 2>/dev/null; do sleep 1; done; kill -9 $s 2>/dev/null ) &
w=$!
wait $s
kill $w 2>/dev/null
`;

export const sphinxInstalled = () => Bun.which("searchd") !== null;

/** searchd's version line, e.g. "Sphinx 2.2.11-id64-release (95ae9a6)". */
export function sphinxVersion(): string {
  const out = Bun.spawnSync(["searchd", "--help"]).stdout.toString();
  return /Sphinx [^\n]+/.exec(out)?.[0].trim() ?? "Sphinx (version unknown)";
}

async function connectWithin(port: number, ms: number) {
  const deadline = performance.now() + ms;
  for (;;) {
    try {
      return await mysql.createConnection({ host: "127.0.0.1", port });
    } catch (error) {
      if (performance.now() > deadline) throw error;
      await Bun.sleep(50);
    }
  }
}

export async function startSphinx(catalog: Catalog, log: (line: string) => void): Promise<Engine> {
  const dir = tempDir("vitrina-peers-sphinx-");
  const port = await freePort();
  const config = join(dir, "sphinx.conf");
  writeFileSync(config, sphinxConfig({ dir, port, index: INDEX }));
  log(`[peers] sphinx: ${sphinxVersion()}, searchd on 127.0.0.1:${port}, data in ${dir}`);
  const proc = Bun.spawn(["sh", "-c", WATCHDOG, "sh", "--config", config, "--nodetach"], {
    stdin: "ignore",
    stdout: "ignore",
    stderr: "ignore",
  });
  const db = await connectWithin(port, 15_000);
  return {
    name: "Sphinx",
    async importAll() {
      for (const rows of rowBatches(catalog)) await db.query(sphinxInsert(INDEX, rows));
    },
    async search(params) {
      const match = sphinxMatch(queryWords(params.q ?? ""));
      if (match === null) return { ids: [], serverMs: null };
      const [rows] = await db.query(sphinxSearch(INDEX, match));
      const ids = (rows as { id: number | string }[]).map((r) => Number(r.id));
      return { ids: sourceIds(catalog, ids), serverMs: null };
    },
    async close() {
      await db.end();
      Bun.spawnSync(["searchd", "--config", config, "--stopwait"]);
      await proc.exited;
      dir[Symbol.dispose]();
    },
  };
}
