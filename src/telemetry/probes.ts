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

/** What `serve` may load after it listens, as /health names it. */
type StartLoad = "demo catalog";

/**
 * What the command line asked `serve` to load once it listens (`--demo`: the demo catalog, which
 * needs the server's address), until each is served: `/health` and `/ready` answer 503 till then.
 */
export class StartLoads {
  private readonly left: Set<StartLoad>;

  constructor(names: StartLoad[]) {
    this.left = new Set(names);
  }

  done(name: StartLoad): void {
    this.left.delete(name);
  }

  /** What is still loading, as /health names it. */
  get loading(): StartLoad[] {
    return [...this.left];
  }
}

/** What /ready reports. */
export interface Readiness {
  ready: boolean;
  /** Domains whose index is still being built or caught up. */
  pending: string[];
  /** What the command line asked for that is still loading (StartLoads); absent when nothing. */
  loading?: string[];
  store: "ok" | "unavailable" | StoreFault;
  /** The writer's fault, while it refuses writes because of it. */
  fault?: string;
}

/** What keeps the store from taking writes, as /ready's `store` names it. */
type StoreFault = "damaged" | "full" | "read_only" | "failing";

const STORE_FAULT: Record<string, StoreFault> = {
  store_damaged: "damaged",
  disk_full: "full",
  redis_out_of_memory: "full",
  store_read_only: "read_only",
};

/**
 * Ready: every served domain's index built and caught up, and the primary store answering and
 * taking writes (a damaged file, a full disk or a read-only file stops them: `fault`).
 */
export function readinessOf(deps: {
  domains: KnownDomains;
  indexers: Pick<IndexStates, "isReady">;
  store: Pick<DomainStore, "listDomains">;
  /** The fault for which a writer of this node refuses writes (an AppError), or null. */
  fault: () => { readonly code: string; readonly state: string } | null;
  loads: Pick<StartLoads, "loading">;
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
    const store = fault ? (STORE_FAULT[fault.code] ?? "failing") : reachable ? "ok" : "unavailable";
    const { loading } = deps.loads;
    return {
      ready: store === "ok" && pending.length === 0 && loading.length === 0,
      pending,
      ...(loading.length ? { loading } : {}),
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
  /** The writer thread's handle (writer/writer.ts): calls not answered yet. */
  writer: { readonly inFlight: number };
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
    importQueue: () => deps.writer.inFlight,
    analytics: deps.recorder,
    shed: deps.shed,
  };
}
