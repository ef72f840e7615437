import type { DomainRecord } from "../model/records.ts";
import type { ChangeLog, DomainStore } from "../store/store.ts";
import type { MetricSources } from "./metrics.ts";

// The probes read the running server through the few calls they need, which the server's wiring
// passes in: telemetry/ stays below the layers whose state it reports (import, indexing, tenancy).

/** The domains this node knows (tenancy/domains.ts). */
interface KnownDomains {
  all(): DomainRecord[];
}

/** This node's indexers (indexing/indexers.ts): which are ready, where each has read the log to. */
interface IndexStates {
  isReady(domain: DomainRecord): boolean;
  get(domainId: number): { readonly position: number } | undefined;
}

/** What /ready reports. */
export interface Readiness {
  ready: boolean;
  /** Domains whose index is still being built or caught up. */
  pending: string[];
  store: "ok" | "unavailable" | "damaged";
  /** The writer's fault, while it refuses writes because of it. */
  fault?: string;
}

/**
 * Ready: every served domain's index built and caught up, and the primary store answering and
 * taking writes (a write that found the file damaged stops them: `faults`).
 */
export function readinessOf(deps: {
  domains: KnownDomains;
  indexers: Pick<IndexStates, "isReady">;
  store: Pick<DomainStore, "listDomains">;
  /** The fault for which a writer of this node refuses writes (an AppError), or null. */
  fault: () => { readonly state: string } | null;
}): () => Promise<Readiness> {
  return async () => {
    const pending = deps.domains
      .all()
      .filter((d) => !deps.indexers.isReady(d))
      .map((d) => d.name);
    const fault = deps.fault();
    const reachable = await deps.store.listDomains().then(
      () => true,
      () => false,
    );
    const store = fault ? "damaged" : reachable ? "ok" : "unavailable";
    return {
      ready: store === "ok" && pending.length === 0,
      pending,
      store,
      ...(fault ? { fault: fault.state } : {}),
    };
  };
}

/** The running server's state as the scrape-time metrics read it. */
export function metricSourcesOf(deps: {
  domains: KnownDomains;
  indexers: Pick<IndexStates, "get">;
  log: Pick<ChangeLog, "head">;
  /** The import thread's handle (import/import-writer.ts): batches not answered yet. */
  imports: { readonly inFlight: number };
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
