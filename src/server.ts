import type { Config } from "./config.ts";
import type { Route } from "./http/stack/route-table.ts";
import type { IndexThread } from "./indexing/index-thread-handle.ts";
import {
  feeds,
  http,
  indexes,
  indexThread,
  listen,
  searchThreads,
  storage,
  warmUp,
  writer,
} from "./server-stages.ts";
import { StopStack } from "./stop-stack.ts";
import type { ChangeLog, PrimaryStore } from "./store/store.ts";
import type { StartLoads } from "./telemetry/probes.ts";
import type { Domains } from "./tenancy/domains.ts";
import type { Writer } from "./writer/writer.ts";

export interface RunningServer {
  url: string;
  domains: Domains;
  writer: Writer;
  indexers: IndexThread;
  store: PrimaryStore;
  log: ChangeLog;
  /** Every route served, with its policy (the OpenAPI test checks each is documented). */
  routes: Pick<Route, "method" | "path" | "policy">[];
  /** What the command line asked for beyond the indexes, marked done once served (`--demo`). */
  loads: StartLoads;
  /** Stops what the start started, in the reverse order. */
  stop: () => Promise<void>;
}

/**
 * Opens the store, builds every domain's index and catches up from the change log, then
 * listens: `/health` answers once this resolves (200 once `loads` are done too). Each stage
 * is in server-stages.ts.
 */
export async function startServer(config: Config): Promise<RunningServer> {
  const stops = new StopStack();
  try {
    const stored = await storage(config, stops);
    const indexed = await indexThread(config, stops);
    const written = await writer(config, indexed, stops);
    const threads = searchThreads(config, { ...stored, ...written, ...indexed }, stops);
    await indexes({ ...stored, ...indexed });
    await warmUp(config, { ...threads, ...indexed });
    const pulled = feeds(config, { ...stored, ...written, ...threads, ...indexed }, stops);
    const served = http(
      config,
      { ...stored, ...written, ...threads, ...indexed, ...pulled },
      stops,
    );
    const { url } = await listen(config, { ...served, ...threads }, stops);
    return {
      url,
      domains: stored.domains,
      writer: written.writer,
      indexers: indexed.index,
      store: stored.store,
      log: stored.log,
      routes: served.routes.map(({ method, path, policy }) => ({ method, path, policy })),
      loads: served.loads,
      stop: () => stops.stop(),
    };
  } catch (error) {
    await stops.stop();
    throw error;
  }
}
