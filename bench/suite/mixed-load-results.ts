// What the mixed-load benchmark (bench/mixed-load.ts) is asked and what one run of it measured:
// the runner fills these, the report (report.ts) prints them.

import type { CatalogName } from "../workloads/catalog-source.ts";
import type { StreamResult } from "../workloads/price-stream.ts";
import type { FloodResult } from "../workloads/query-flood.ts";
import type { ProbeSamples } from "../workloads/thread-probes.ts";
import type { WrkResult } from "../workloads/wrk.ts";
import type { selfTimes } from "./profile-window.ts";

export interface MixedLoadOptions {
  products: number;
  /** K: the stream's concurrent clients, one run each. */
  clients: number[];
  /** Items per batch, one run each (with each K). */
  batches: number[];
  /** Seconds of each wrk run (and of the flood). */
  seconds: number;
  /**
   * New-query URLs drawn per second of a wrk run, more than the server answers (none asked
   * twice); default 10,000. A test's catalog of a few hundred products is answered faster.
   */
  urlsPerSecond?: number;
  seed: number;
  /** wrk's connections. */
  connections: number;
  /** Products of the second store. */
  secondProducts: number;
  /** Expensive queries a second of the flood; 0 leaves the flood out. */
  floodRate: number;
  /** Passed to `serve` when given; else serve's default (every core). */
  searchThreads: number | null;
  redis: boolean;
  /** A private Redis Cluster of `masters` masters with `replicas` replicas each (WAIT for them). */
  cluster: { masters: number; replicas: number } | null;
  catalog: CatalogName;
  /** The short run whose target rows the lead reads (100,000 products, 4 × 100, 5 s). */
  quick: boolean;
  /** Where node A's `bun --cpu-prof` profile goes; its top functions during the streams are reported. */
  profile: string | null;
  out: string | null;
  log: (line: string) => void;
}

export type WrkRun = WrkResult & { urls: number };

/** wrk's runs of one load: the first store's new and repeating mixes, the second store's new one. */
export interface Searches {
  aNew: WrkRun;
  aRepeating: WrkRun;
  bNew: WrkRun;
}

export interface StreamRun {
  clients: number;
  batch: number;
  /** The same stream with no searches (before the one beside them). */
  alone: StreamResult;
  stream: StreamResult;
  probes: ProbeSamples;
  searches: Searches;
  /** Node A's seconds run and waited for a CPU per second of the stream, by thread name. */
  cpu: [string, { run: number; wait: number }][];
}

export interface MixedLoadResult {
  mode: "embedded" | "Redis" | "Redis Cluster";
  fresh: {
    perSecond: number;
    seconds: number;
    /** Per lane, ms from the last batch's acknowledgement to its last product in answers. */
    lastVisible: { lane: string; ms: number | null }[];
  };
  /**
   * With Redis: SPREAD_STORES other stores imported at once, one client each, on as many
   * masters as the cluster has (round robin); their products/s beside the one store's import.
   */
  spread: { perSecond: number; seconds: number; stores: number; masters: number } | null;
  /** With a cluster: which master (1, 2, ...) holds each store's domain. */
  placement: string | null;
  lanes: string[];
  /** Alone before the streams, and again after them: the machine's speed drifts in a run. */
  alone: Searches;
  aloneAfter: Searches;
  runs: StreamRun[];
  flood: { b: WrkRun; flood: FloodResult } | null;
  profile: ReturnType<typeof selfTimes> | null;
  load: [number[], number[]];
  table: string;
}
