import type { SearchSeen } from "../../analytics/search-recorder.ts";
import type { Config } from "../../config.ts";
import type { ReplicaMessage } from "../../indexing/snapshot-replica.ts";
import type { DomainRecord } from "../../model/records.ts";

/**
 * The header in which a search thread names the client of a request it passes on to the main
 * thread's private socket (the throttle of failed authentications counts per client); read
 * there only, so a client cannot name itself.
 */
export const FORWARDED_CLIENT = "x-vitrina-client";

/** What a search thread is started with (docs/ARCHITECTURE.md, "Threads"). */
export interface SearchThreadData {
  config: Config;
  /** The search token buckets, shared by every thread (SharedTokenBuckets). */
  rateMemory: SharedArrayBuffer;
  /** The buckets of search time per store, shared likewise (--search-cpu-share). */
  costMemory: SharedArrayBuffer;
}

/** Main thread to search thread. */
export type ToSearchThread =
  | { type: "init"; data: SearchThreadData }
  | ReplicaMessage
  | { type: "domains"; all: readonly DomainRecord[] }
  /** The indexes known at start are posted: warm up on them (http/search/search-warm-up.ts). */
  | { type: "warm-up" }
  /** `socket`: the main thread's private socket, where every request but a search goes. */
  | { type: "listen"; port: number; socket: string }
  | { type: "stop" }
  | { type: "suggestions"; id: number; lists: [number, string[]][] }
  /** The main thread's own refresh (after a block there): taken at once. */
  | { type: "popular"; lists: readonly [number, string[]][] };

/** One answered request for the main thread's metrics: method, route, status, seconds. */
export type RequestSeen = [string, string, number, number];

/** Search thread to main thread. */
export type FromSearchThread =
  | { type: "listening" }
  | { type: "failed"; message: string; code?: string }
  /** Once per turn of the thread's loop: what it saw since the last one. */
  | {
      type: "batch";
      searches: SearchSeen[];
      requests: RequestSeen[];
      shed: Record<string, number>;
    }
  | { type: "suggest"; id: number; domains: number[] }
  | { type: "stopped" };
