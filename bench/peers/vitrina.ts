// Vitrina in the peers' benchmark: its own server on a fresh data dir, the catalog imported over
// HTTP by one client in 1,000-item batches (bench/suite/serve.ts's importCatalog, as the mixed-load
// benchmark's fresh import), each query asked as the widget asks it, flat, out of stock too.

import type { Catalog } from "../../src/sample-catalog/types.ts";
import type { CatalogSource } from "../../test/fixtures/catalogs/index.ts";
import { createDomain, startService, tempDir } from "../../test/http/harness.ts";
import { benchServeArgs, importCatalog } from "../suite/serve.ts";
import type { Engine } from "./engine.ts";

interface SearchAnswer {
  products?: { groups?: { items?: { source_id: string }[] }[] };
}

export async function startVitrina(
  o: { seed: number; source: CatalogSource; catalog: Catalog },
  log: (line: string) => void,
): Promise<Engine> {
  const dir = tempDir("vitrina-peers-");
  const args = benchServeArgs(null);
  log(`[peers] vitrina: serve ${args.join(" ")} on ${dir}`);
  const service = await startService({ dataDir: dir, args });
  const domain = await createDomain(service, `peers-${Date.now()}`);
  const url = (params: Record<string, string>) =>
    `${service.url}/api/v2/search/?${new URLSearchParams({
      ...params,
      group_by_category: "false",
      show_unavailable: "true",
      demo: "true",
      token: domain.search_token,
    })}`;
  return {
    name: "Vitrina",
    importAll: () =>
      importCatalog(service.url, domain.secret_token, {
        seed: o.seed,
        products: o.catalog.products.length,
        clients: 1,
        catalog: o.source,
      }),
    async search(params) {
      const r = await fetch(url(params), { headers: { "accept-encoding": "identity" } });
      if (r.status !== 200) throw new Error(`search answered ${r.status}: ${await r.text()}`);
      const timing = /search;dur=([\d.]+)/.exec(r.headers.get("server-timing") ?? "");
      const answer = (await r.json()) as SearchAnswer;
      return {
        ids: (answer.products?.groups ?? []).flatMap((g) => g.items ?? []).map((p) => p.source_id),
        serverMs: timing?.[1] ? Number(timing[1]) : null,
      };
    },
    async close() {
      await service[Symbol.asyncDispose]();
      dir[Symbol.dispose]();
    },
  };
}
