import type { Config } from "./config.ts";
import { createApp } from "./http/app.ts";
import { ImportService } from "./import/import-service.ts";
import { openStore } from "./store/open-store.ts";
import { Domains } from "./tenancy/domains.ts";

export interface RunningServer {
  url: string;
  stop: () => Promise<void>;
}

/** Opens the store, loads the domains and listens; `/health` answers once this resolves. */
export async function startServer(
  config: Config,
): Promise<RunningServer & { domains: Domains; imports: ImportService }> {
  const { store, log } = await openStore(config);
  const domains = new Domains(store);
  await domains.load();
  const imports = new ImportService(store, {
    maxItems: config.maxItems,
    maxBytes: config.maxBytes,
  });
  const app = createApp({
    domains,
    imports,
    log,
    adminKey: config.adminKey,
    assertServed: () => {},
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
    stop: async () => {
      // Stop accepting, let the requests already accepted finish, then close the store.
      const stopped = server.stop(false);
      while (server.pendingRequests > 0) await Bun.sleep(5);
      await stopped;
      await store.close();
    },
  };
}
