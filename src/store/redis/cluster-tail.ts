import { ErrorReply } from "redis";
import type { RedisCluster } from "./cluster-connection.ts";
import { connectRedis, type Redis, type RedisClient } from "./connection.ts";
import type { Tail } from "./stream-tail.ts";

/** The keyevent channel of XADD: its messages are the names of the streams that grew. */
const XADD_EVENTS = "__keyevent@0__:xadd";
/** How often the masters the cluster client knows are compared with those subscribed to. */
const SYNC_MS = 250;

type Master = RedisCluster["masters"][number];

/**
 * The change-log tail of a Redis Cluster: one subscriber connection per master, to that node's
 * XADD keyspace events, which wake the waiters of every stream the node holds; not one XREAD
 * per shard, because a command over several keys must stay within one slot and the domains'
 * logs are spread over all 16,384 of them (CROSSSLOT), so one blocking XREAD per shard cannot
 * exist and one per slot would be one per domain.
 *
 * Keyspace events are node-local (not broadcast over the cluster bus, unlike PUBLISH, and not
 * slot-bound, unlike SPUBLISH from a script): each master announces exactly the streams it
 * holds, so a slot that moves, by resharding or failover, is announced by its new master as
 * soon as this tail subscribes there. The masters are re-read every SYNC_MS from the cluster
 * client's slot map (which follows MOVED and failovers); a new subscription, and a subscriber
 * that reconnects, wake every waiter, since events sent while nobody listened are lost. A
 * waiter looks once for an entry written before it was in place; the indexer's own timeout
 * (1 s) bounds what any lost event can cost.
 */
export class ClusterTail implements Tail {
  private readonly waiters = new Map<string, Set<() => void>>();
  private readonly followers = new Map<string, () => void>();
  /** Master address -> its subscriber (null once it failed: the next sync retries). */
  private readonly subscribers = new Map<string, Promise<RedisClient | null>>();
  private readonly timer: ReturnType<typeof setInterval>;
  private closed = false;

  constructor(
    private readonly cluster: RedisCluster,
    private readonly redis: Redis,
  ) {
    this.timer = setInterval(() => this.sync(), SYNC_MS);
    this.timer.unref?.();
    this.sync();
  }

  wait(key: string, after: string, timeoutMs: number): Promise<void> {
    const set = this.waiters.get(key) ?? new Set<() => void>();
    this.waiters.set(key, set);
    const waited = new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        set.delete(done);
        if (set.size === 0 && this.waiters.get(key) === set) this.waiters.delete(key);
        resolve();
      };
      const timer = setTimeout(done, timeoutMs);
      set.add(done);
    });
    // An entry written before the waiter was in place sent its event to nobody.
    void this.redis.sendCommand<unknown[]>(["XREVRANGE", key, "+", `(${after}`, "COUNT", "1"]).then(
      (newer) => newer.length > 0 && this.notify(key),
      () => {},
    );
    return waited;
  }

  follow(key: string, _after: string, listener: () => void): void {
    this.followers.set(key, listener);
  }

  notify(key: string): void {
    for (const done of [...(this.waiters.get(key) ?? [])]) done();
  }

  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.timer);
    const subscribers = [...this.subscribers.values()];
    this.subscribers.clear();
    for (const sub of await Promise.all(subscribers)) sub?.destroy();
    for (const key of [...this.waiters.keys()]) this.notify(key);
  }

  private grew(key: string): void {
    this.notify(key);
    this.followers.get(key)?.();
  }

  /** Events may have been missed: every waiter and follower looks again. */
  private wakeAll(): void {
    for (const key of [...this.waiters.keys()]) this.notify(key);
    for (const listener of this.followers.values()) listener();
  }

  private sync(): void {
    if (this.closed) return;
    const masters = new Map(this.cluster.masters.map((m) => [m.address, m]));
    for (const [address, sub] of this.subscribers) {
      if (masters.has(address)) continue;
      this.subscribers.delete(address);
      void sub.then((client) => client?.destroy());
    }
    for (const [address, master] of masters) {
      if (this.subscribers.has(address)) continue;
      const sub = this.subscribe(master);
      this.subscribers.set(address, sub);
      void sub.then((client) => {
        if (client === null && this.subscribers.get(address) === sub)
          this.subscribers.delete(address);
        if (client !== null && (this.closed || this.subscribers.get(address) !== sub))
          client.destroy();
      });
    }
  }

  private async subscribe(master: Master): Promise<RedisClient | null> {
    try {
      await enableXaddEvents(await this.cluster.nodeClient(master));
      const sub = await connectRedis(`redis://${master.host}:${master.port}`, "vitrina-events");
      // node-redis subscribes again after a reconnection; what was written meanwhile is not
      // announced.
      sub.on("ready", () => this.wakeAll());
      await sub.subscribe(XADD_EVENTS, (key) => this.grew(key));
      this.wakeAll();
      return sub;
    } catch {
      return null;
    }
  }
}

let warned = false;

/**
 * Adds XADD keyevents (`E` and `t`) to the node's notify-keyspace-events, keeping its other
 * flags. The setting is per node and not replicated: every master is set when subscribed to,
 * and a cluster's configuration should carry it (docs/OPERATIONS.md) so that a promoted
 * replica announces from its first write. Where CONFIG is refused, the tail still works by the
 * waiters' timeouts, a second late at worst.
 */
async function enableXaddEvents(node: {
  sendCommand<T>(args: string[]): Promise<T>;
}): Promise<void> {
  try {
    const [, flags = ""] = await node.sendCommand<string[]>([
      "CONFIG",
      "GET",
      "notify-keyspace-events",
    ]);
    const missing = (flags.includes("E") ? "" : "E") + (/[tA]/.test(flags) ? "" : "t");
    if (missing)
      await node.sendCommand(["CONFIG", "SET", "notify-keyspace-events", flags + missing]);
  } catch (error) {
    // A node that is away fails the subscription, which the next sync retries.
    if (!(error instanceof ErrorReply)) throw error;
    if (warned) return;
    warned = true;
    console.error(
      JSON.stringify({
        level: "warn",
        msg: "cannot enable XADD keyspace events (CONFIG SET notify-keyspace-events Et)",
        error: (error as Error).message,
      }),
    );
  }
}
