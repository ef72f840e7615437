import { type Service, startService } from "../http/harness.ts";
import type { RedisServer } from "./redis-server.ts";

// Helpers of the Redis-mode tests that run several nodes on one Redis.

/** A `vitrina serve` node on the given Redis (its data dir holds nothing of the catalog). */
export function startNode(redis: RedisServer, args: string[] = []): Promise<Service> {
  return startService({ args: ["--redis-url", redis.url, ...args] });
}

export interface SearchAnswer {
  status: number;
  body: any;
}

/**
 * A search that is not recorded (demo=true), so that analytics never make nodes differ;
 * `params` adds to or overrides the query string.
 */
export async function search(
  node: Service,
  token: string,
  q: string,
  params: Record<string, string> = {},
): Promise<SearchAnswer> {
  const query = new URLSearchParams({
    q,
    group_by_category: "false",
    demo: "true",
    token,
    ...params,
  });
  const r = await fetch(`${node.url}/api/v2/search/?${query}`);
  return { status: r.status, body: await r.json() };
}

/** Polls until `check` holds: freshness across nodes is asynchronous by contract. */
export async function until<T>(
  what: string,
  probe: () => Promise<T>,
  check: (value: T) => boolean,
  timeoutMs = 10_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (check(value)) return value;
    if (Date.now() > deadline)
      throw new Error(`${what}: not reached in ${timeoutMs} ms; last ${JSON.stringify(value)}`);
    await Bun.sleep(10);
  }
}
