import type { DomainPopular } from "../../analytics/analytics-service.ts";
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

/**
 * The header in which every request a search thread passes on carries the secret of this start
 * (`HandOver.secret`): the private socket answers nothing else. Any local process may connect
 * to an abstract unix socket, and would otherwise name any client it liked.
 */
export const HAND_OVER_SECRET = "x-vitrina-hand-over";

/** Where a search thread passes on what it does not answer, and the secret it proves it with. */
export interface HandOver {
  /** The main thread's private socket. */
  socket: string;
  /** Random, made at each start, known only to this process's threads. */
  secret: string;
}

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
  /** `to`: the main thread's private socket, where every request but a search goes. */
  | { type: "listen"; port: number; to: HandOver }
  | { type: "stop" }
  | { type: "suggestions"; id: number; lists: [number, DomainPopular][] }
  /** The main thread's own refresh (after a block there): taken at once. */
  | { type: "popular"; lists: readonly [number, DomainPopular][] };

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
