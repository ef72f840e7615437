import { createCluster } from "redis";
import { AppError } from "../../errors.ts";
import { answeredWithin, clientOptions, outageLog, type Redis } from "./connection.ts";

/**
 * A Redis Cluster reached through its seed nodes (`host:port`), with the node-redis cluster
 * client: it learns the slot map from any seed, sends each command to the master of its key's
 * slot, follows MOVED and ASK replies (resharding), and asks the cluster for the map again when
 * a node's connection keeps failing (a master died and a replica took its slots).
 *
 * Every node connection has the options of the single-Redis one (connection.ts): fail fast
 * while away (503), reconnect by itself.
 */
export async function connectCluster(seeds: readonly string[], name: string) {
  const state = { connected: false };
  const { url: _url, ...defaults } = clientOptions(`redis://${seeds[0]}`, name, state);
  const cluster = createCluster({
    rootNodes: seeds.map((s) => ({ url: `redis://${s}` })),
    defaults,
    RESP: 2,
    // A master's connection is opened when a command first needs it, not all at connect():
    // a node starting while a master is down (its replica not yet promoted) still starts.
    minimizeConnections: true,
    // The default waits 5 s of failed reconnections before asking for the slot map again; a
    // promoted replica takes over after about the node timeout, and imports answer 503 until
    // this client has learnt it.
    topologyRefreshOnReconnectionAttemptStrategy: 250,
  });
  const outage = outageLog(name, state);
  cluster.on("node-error", outage.failed);
  cluster.on("node-ready", outage.ready);
  // A failed slot-map refresh is reported on the cluster itself: the failing commands say it.
  cluster.on("error", () => {});
  try {
    await answeredWithin(cluster.connect(), () => cluster.destroy());
  } catch (error) {
    throw new AppError("redis_unreachable", {
      url: seeds.join(","),
      reason: (error as Error).message,
    });
  }
  state.connected = true;
  return cluster;
}

export type RedisCluster = Awaited<ReturnType<typeof connectCluster>>;

/** The key a command is routed by: a script's KEYS[1], else its first argument. */
function routingKey(args: readonly string[]): string | undefined {
  const command = args[0]?.toUpperCase();
  if (command === "EVALSHA" || command === "EVAL") return Number(args[2]) > 0 ? args[3] : undefined;
  return args[1];
}

export function clusterRedis(cluster: RedisCluster): Redis {
  return {
    sendCommand: (args) => cluster.sendCommand(routingKey(args), false, args),
    sendBeside: async (key, args) =>
      (await cluster.getNodeClientForKey(key, false)).sendCommand(args),
  };
}
