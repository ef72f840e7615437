import { adminAnalytics } from "./analytics/admin-analytics.ts";
import { PopularQueries } from "./analytics/popular-queries.ts";
import { SearchRecorder } from "./analytics/search-recorder.ts";
import type { Config } from "./config.ts";
import { createApp } from "./http/app.ts";
import { searchRoutes } from "./http/routes/search.ts";
import { ImportWriter } from "./import/import-writer.ts";
import { FreshRecords } from "./pipeline/fresh-records.ts";
import { Indexers } from "./pipeline/indexers.ts";
import { openStore } from "./store/open-store.ts";
import { Checkpointer } from "./store/sqlite/checkpointer.ts";
import { sqliteFile } from "./store/sqlite/sqlite-store.ts";
import type { ChangeLog, PrimaryStore } from "./store/store.ts";
import { Domains } from "./tenancy/domains.ts";
import { assertServedBy, serves } from "./tenancy/partition.ts";

export interface RunningServer {
  url: string;
  domains: Domains;
  imports: ImportWriter;
  indexers: Indexers;
  store: PrimaryStore;
  log: ChangeLog;
  stop: () => Promise<void>;
}

/**
 * Opens the store, builds every domain's index and catches up from the change log, then
 * listens: `/health` answers once this resolves.
 */
export async function startServer(config: Config): Promise<RunningServer> {
  const { store, log } = await openStore(config);
  const checkpointer = config.redisUrl
    ? null
    : await Checkpointer.start(sqliteFile(config.dataDir));
  const domains = new Domains(store);
  const fresh = new FreshRecords();
  const indexers = new Indexers(store, log, (d) => serves(config.partition, d), fresh);
  // The builds of the domains known at start are awaited before listening; a domain that
  // appears later is built in the background.
  let starting: Promise<void>[] | null = [];
  domains.onDomain((d) => {
    const built = indexers.add(d).catch((error) => {
      console.error(
        JSON.stringify({
          level: "error",
          msg: "index build",
          domain: d.name,
          error: String(error),
        }),
      );
    });
    starting?.push(built);
  });
  await domains.load();
  await store.onDomainsChanged?.(() => void domains.load().catch(() => {}));
  await Promise.all(starting);
  starting = null;
  // The rebuild parsed every record into objects that are garbage now: give the memory back
  // before serving, so that the resident size is the indexes' (measured by the benchmark).
  Bun.gc(true);
  indexers.schedule(config.reindexInterval);

  // Every write goes through the import thread; this thread reads, searches and indexes.
  const imports = await ImportWriter.start(config, {
    onSent: (domainId) => fresh.sent(domainId),
    onAnswered: (domainId, seq, products) => {
      fresh.answered(domainId, products && { seq, records: products });
      if (seq > 0) log.wake?.(domainId);
    },
  });
  const recorder = new SearchRecorder(imports);
  const popular = new PopularQueries(imports, config.suggestionRefreshMs);
  const assertServed = assertServedBy(config.partition);
  const app = createApp({
    domains,
    imports,
    limits: { maxItems: config.maxItems, maxBytes: config.maxBytes },
    adminKey: config.adminKey,
    store,
    analytics: adminAnalytics(imports, popular, config.analyticsRetentionDays),
    assertServed,
    plugins: [
      searchRoutes({
        domains,
        indexers,
        recorder,
        maxPageSize: config.maxPageSize,
        popular: (id) => popular.get(id),
        assertServed,
      }),
    ],
  });
  app.listen({
    hostname: config.host,
    port: config.port,
    // The import limit is enforced by readBatch with a 413 and `detail`; Bun's own limit sits
    // above it so that it never answers first with an empty 413.
    maxRequestBodySize: config.maxBytes + 1024 * 1024,
  });
  const server = app.server;
  if (!server) throw new Error("server did not start");
  return {
    url: `http://${config.host}:${server.port}`,
    domains,
    imports,
    indexers,
    store,
    log,
    stop: async () => {
      // Stop accepting, let the requests already accepted finish, then close the store.
      const stopped = server.stop(false);
      while (server.pendingRequests > 0) await Bun.sleep(5);
      await stopped;
      await indexers.stop();
      popular.stop();
      await recorder.stop();
      await imports.stop();
      await checkpointer?.stop();
      await store.close();
    },
  };
}
