// The service's Prometheus metrics (prom-client), one registry for the process. Labels are
// bounded: a route is the path pattern, never the raw URL; a domain label appears only on the
// per-domain gauges (bounded by the number of domains); nothing carries a token or a query.
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";

export const registry = new Registry();
collectDefaultMetrics({ register: registry });

const httpRequests = new Counter({
  name: "vitrina_http_requests_total",
  help: "HTTP requests answered, by method, route pattern and status.",
  labelNames: ["method", "route", "status"] as const,
  registers: [registry],
});

const httpDuration = new Histogram({
  name: "vitrina_http_request_duration_seconds",
  help: "Time from a request's arrival to its answer, by method and route pattern.",
  labelNames: ["method", "route"] as const,
  // A search takes ~0.2 ms, an import batch of 1,000 products ~30 ms.
  buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 10],
  registers: [registry],
});

const importItems = new Counter({
  name: "vitrina_import_items_total",
  help: "Import items by kind (products, categories) and outcome (created, updated, failed).",
  labelNames: ["kind", "outcome"] as const,
  registers: [registry],
});

/**
 * The label-bound children per (method, route, status), made once: prom-client hashes a labels
 * object on every call otherwise. Bounded: routes are the app's patterns.
 */
const requestSeries = new Map<
  string,
  {
    count: ReturnType<typeof httpRequests.labels>;
    duration: ReturnType<typeof httpDuration.labels>;
  }
>();

/** One answered request; `route` is the matched pattern, or "unmatched". */
export function observeRequest(method: string, route: string, status: number, seconds: number) {
  const key = `${method} ${status} ${route}`;
  let series = requestSeries.get(key);
  if (!series) {
    series = {
      count: httpRequests.labels({ method, route, status }),
      duration: httpDuration.labels({ method, route }),
    };
    requestSeries.set(key, series);
  }
  series.count.inc();
  series.duration.observe(seconds);
}

export interface ItemCounts {
  created: number;
  updated: number;
  failed: number;
}

export function countImportItems(kind: "products" | "categories", counts: ItemCounts): void {
  for (const outcome of ["created", "updated", "failed"] as const)
    if (counts[outcome] > 0) importItems.inc({ kind, outcome }, counts[outcome]);
}

/** What the scrape-time metrics read: each is asked only when /metrics is scraped. */
export interface MetricSources {
  /** Per served domain: its name and how many change-log positions its index is behind. */
  indexLag(): Promise<{ domain: string; lag: number }[]>;
  /** Import batches sent to the writer thread and not answered yet. */
  importQueue(): number;
  /** The search analytics recorder: events queued and dropped so far. */
  analytics: { readonly dropped: number; readonly queued?: number };
  /** Requests refused to protect the service so far, by reason (http/limits/shed.ts). */
  shed: Readonly<Record<string, number>>;
}

// The answer each shed reason gets (http/limits/shed.ts, docs/ARCHITECTURE.md "Overload and slow
// clients"): the status label of vitrina_shed_requests_total.
const SHED_STATUS: Record<string, string> = {
  search_rate: "429",
  search_cost: "429",
  search_overload: "429",
  import_rate: "429",
  import_cost: "429",
  import_queue: "503",
  auth_failures: "429",
  read_timeout: "408",
};

/** Registers the gauges that read the running server's state at scrape time. */
export function registerSources(sources: MetricSources): void {
  // A second server in one process (tests) replaces the first one's sources.
  for (const name of [
    "vitrina_index_lag",
    "vitrina_queue_depth",
    "vitrina_analytics_events_dropped_total",
    "vitrina_shed_requests_total",
  ])
    registry.removeSingleMetric(name);
  new Gauge({
    name: "vitrina_index_lag",
    help: "Change-log positions written but not yet applied to this node's index, per domain.",
    labelNames: ["domain"] as const,
    registers: [registry],
    async collect() {
      this.reset();
      for (const { domain, lag } of await sources.indexLag()) this.set({ domain }, lag);
    },
  });
  new Gauge({
    name: "vitrina_queue_depth",
    help: "Work waiting in this node's queues: import batches, analytics events.",
    labelNames: ["queue"] as const,
    registers: [registry],
    collect() {
      this.set({ queue: "import" }, sources.importQueue());
      this.set({ queue: "analytics" }, sources.analytics.queued ?? 0);
    },
  });
  new Counter({
    name: "vitrina_analytics_events_dropped_total",
    help: "Search analytics events dropped because the queue was full or a write failed.",
    registers: [registry],
    collect() {
      this.reset();
      this.inc(sources.analytics.dropped);
    },
  });
  new Counter({
    name: "vitrina_shed_requests_total",
    help: "Requests refused to protect the service, by status (429, 503, 408) and reason.",
    labelNames: ["status", "reason"] as const,
    registers: [registry],
    collect() {
      this.reset();
      for (const [reason, count] of Object.entries(sources.shed))
        this.inc({ status: SHED_STATUS[reason] ?? "", reason }, count);
    },
  });
}
