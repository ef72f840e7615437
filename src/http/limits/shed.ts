/**
 * Requests refused to protect the service since the process started, by reason: a counter
 * that /metrics reads. Plain numbers per thread: a search thread sends its counts to the main
 * thread's (http/threads/search-thread-pool.ts), which /metrics reads.
 */
export const shed = {
  /** 429: a search token over its rate. */
  search_rate: 0,
  /** 429: a search of a store whose searches cost more than its share (--search-cpu-share). */
  search_cost: 0,
  /** 429: a search of a store that keeps the HTTP thread overloaded (--shed-lag). */
  search_overload: 0,
  /** 429: a secret token over its import rate. */
  import_rate: 0,
  /** 429: an import of a store whose index patches cost more than its share (--import-cpu-share). */
  import_cost: 0,
  /** 503: a domain with too many import requests in progress. */
  import_queue: 0,
  /** 429: a client past its failed authentications (http/limits/auth-throttle.ts). */
  auth_failures: 0,
  /** 408: a body that did not arrive within --read-timeout. */
  read_timeout: 0,
};

export type ShedReason = keyof typeof shed;
