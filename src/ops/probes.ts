import type { ImportWriter } from "../import/import-writer.ts";
import type { Indexers } from "../pipeline/indexers.ts";
import type { ChangeLog, PrimaryStore } from "../store/store.ts";
import type { Domains } from "../tenancy/domains.ts";
import type { MetricSources } from "./metrics.ts";

/** What /ready reports. */
export interface Readiness {
  ready: boolean;
  /** Domains whose index is still being built or caught up. */
  pending: string[];
  store: "ok" | "unavailable";
}

/** Ready: every served domain's index built and caught up, and the primary store answering. */
export function readinessOf(deps: {
  domains: Domains;
  indexers: Indexers;
  store: PrimaryStore;
}): () => Promise<Readiness> {
  return async () => {
    const pending = deps.domains
      .all()
      .filter((d) => !deps.indexers.isReady(d))
      .map((d) => d.name);
    const reachable = await deps.store.listDomains().then(
      () => true,
      () => false,
    );
    return {
      ready: reachable && pending.length === 0,
      pending,
      store: reachable ? "ok" : "unavailable",
    };
  };
}

/** The running server's state as the scrape-time metrics read it. */
export function metricSourcesOf(deps: {
  domains: Domains;
  indexers: Indexers;
  log: ChangeLog;
  imports: ImportWriter;
  recorder: MetricSources["analytics"];
  shed: MetricSources["shed"];
}): MetricSources {
  const { domains, indexers, log } = deps;
  return {
    indexLag: () =>
      Promise.all(
        domains
          .all()
          .filter((d) => indexers.get(d.id))
          .map(async (d) => ({
            domain: d.name,
            lag: Math.max(0, (await log.head(d.id)) - (indexers.get(d.id)?.position ?? 0)),
          })),
      ),
    importQueue: () => deps.imports.inFlight,
    analytics: deps.recorder,
    shed: deps.shed,
  };
}
