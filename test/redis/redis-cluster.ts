import { mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type Running, spawnRedis } from "./redis-server.ts";

// A private Redis Cluster for a test: `masters` masters and as many replicas (one each), each
// node a redis-server (redis-server.ts: AOF with an fsync per write, killed with the test
// process) on its own free port and directory, formed with `redis-cli --cluster create`. Never
// the shared Redis on 6379.

export interface ClusterNode {
  port: number;
  address: string;
  dir: string;
}

export interface RedisCluster {
  /** The seed list of --redis-cluster: every node, `127.0.0.1:PORT,...`. */
  seeds: string;
  nodes: ClusterNode[];
  dir: string;
  /** The node's role and the slots it serves now, as CLUSTER NODES says. */
  masters: () => Promise<{ address: string; slots: number }[]>;
  /** The replicas of a master, as CLUSTER NODES says. */
  replicasOf: (master: string) => Promise<string[]>;
  /** SIGSTOP / SIGCONT of one node: a node that stops answering without closing a socket. */
  pause: (address: string) => void;
  resume: (address: string) => void;
  /** SIGKILL of one node: what a crash looks like. */
  kill9: (address: string) => Promise<void>;
  /** Starts a killed node again on its port and directory (it rejoins, as a replica). */
  restart: (address: string) => Promise<void>;
  /** Empties every master (FLUSHALL), the replicas following. */
  flush: () => Promise<void>;
  /** The slot of a key, and the address of the master serving it now ("" while none). */
  slotOf: (key: string) => Promise<{ slot: number; master: string }>;
  /**
   * Moves one slot to another master as `redis-cli --cluster reshard` does, key by key
   * (CLUSTER SETSLOT IMPORTING / MIGRATING, MIGRATE, SETSLOT NODE), `pauseMs` between keys so
   * that writes meet the slot half moved.
   */
  moveSlot: (slot: number, to: string, pauseMs?: number) => Promise<number>;
  /**
   * Resolves once every live node says cluster_state:ok, every shard has a master, and every
   * master has its live replicas online (WAIT counts only those).
   */
  ready: (timeoutMs?: number) => Promise<void>;
  [Symbol.asyncDispose]: () => Promise<void>;
}

const CLI = process.env.REDIS_CLI ?? "redis-cli";

/** Every node's flags: what docs/OPERATIONS.md recommends for Vitrina on a cluster. */
const NODE_FLAGS = [
  "--cluster-enabled",
  "yes",
  "--cluster-config-file",
  "nodes.conf",
  "--cluster-node-timeout",
  "2000",
  // A shard without a master must not stop the others.
  "--cluster-require-full-coverage",
  "no",
  // The change-log tail's wake-ups (src/store/redis/cluster-tail.ts), on replicas too, since
  // the setting is not replicated and a promoted replica must announce at once.
  "--notify-keyspace-events",
  "Et",
  // A replica's first sync starts at once (the default waits 5 s for more replicas to come).
  "--repl-diskless-sync-delay",
  "0",
];

function bindable(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = createServer();
    s.once("error", () => resolve(false));
    s.listen(port, "127.0.0.1", () => s.close(() => resolve(true)));
  });
}

/** `count` ports P with P and its cluster-bus port P + 10000 free, all at most 55535. */
/**
 * The first of the kernel's ephemeral ports, which outgoing connections take at any moment: a
 * port checked free among them could be taken before redis-server binds it (seen once: a node
 * exited at its start).
 */
function ephemeralLow(): number {
  try {
    const low = Number(
      readFileSync("/proc/sys/net/ipv4/ip_local_port_range", "utf8").split(/\s+/)[0],
    );
    return low > 20_000 ? low : 32_768;
  } catch {
    return 32_768;
  }
}

async function freeClusterPorts(count: number): Promise<number[]> {
  const ports: number[] = [];
  // A node's port and its bus port (10,000 above) both below the ephemeral ports.
  const span = ephemeralLow() - 10_000 - 10_000;
  while (ports.length < count) {
    const port = 10_000 + Math.floor(Math.random() * span);
    if (ports.includes(port)) continue;
    if ((await bindable(port)) && (await bindable(port + 10_000))) ports.push(port);
  }
  return ports;
}

/**
 * What `redis-cli --cluster create` does, for the 1 or 2 masters it refuses: slots split
 * evenly over the first `masters` nodes, every node met, the others replicas in turn.
 */
async function formByHand(nodes: ClusterNode[], masters: number): Promise<void> {
  const on = (node: ClusterNode, ...args: string[]) => cli(["-p", String(node.port), ...args]).out;
  const ids = nodes.map((n) => on(n, "cluster", "myid").trim());
  for (let m = 0; m < masters; m++) {
    const from = Math.floor((16384 * m) / masters);
    const to = Math.floor((16384 * (m + 1)) / masters) - 1;
    on(nodes[m] as ClusterNode, "cluster", "addslotsrange", String(from), String(to));
  }
  for (const n of nodes.slice(1))
    on(nodes[0] as ClusterNode, "cluster", "meet", "127.0.0.1", String(n.port));
  // A replica can follow its master only once it knows it.
  for (let i = masters; i < nodes.length; i++) {
    const node = nodes[i] as ClusterNode;
    const master = ids[(i - masters) % masters] as string;
    for (let tries = 0; ; tries++) {
      if (on(node, "cluster", "replicate", master).startsWith("OK")) break;
      if (tries > 100) throw new Error(`${node.address} cannot replicate ${master}`);
      await Bun.sleep(50);
    }
  }
}

function cli(args: string[]): { code: number; out: string } {
  const r = Bun.spawnSync([CLI, ...args], { stdout: "pipe", stderr: "pipe" });
  return { code: r.exitCode, out: r.stdout.toString() + r.stderr.toString() };
}

export async function startCluster(
  options: { masters?: number; replicas?: number; dir?: string } = {},
): Promise<RedisCluster> {
  const masters = options.masters ?? 3;
  const replicas = options.replicas ?? 1;
  const dir = options.dir ?? mkdtempSync(join(tmpdir(), "vitrina-cluster-"));
  const ownsDir = options.dir === undefined;
  const ports = await freeClusterPorts(masters * (1 + replicas));
  const nodes = ports.map((port) => ({
    port,
    address: `127.0.0.1:${port}`,
    dir: join(dir, String(port)),
  }));
  const running = new Map<string, Running | null>();
  const start = async (node: ClusterNode) => {
    mkdirSync(node.dir, { recursive: true });
    running.set(node.address, await spawnRedis(node.port, node.dir, NODE_FLAGS));
  };
  const kill9 = async (address: string) => {
    const r = running.get(address);
    if (!r) return;
    running.set(address, null);
    process.kill(r.pid, "SIGKILL");
    await r.exited;
  };
  const dispose = async () => {
    await Promise.all(nodes.map((n) => kill9(n.address)));
    if (ownsDir) rmSync(dir, { recursive: true, force: true });
  };
  try {
    await Promise.all(nodes.map(start));
    if (masters >= 3) {
      const created = cli([
        "--cluster",
        "create",
        ...nodes.map((n) => n.address),
        "--cluster-replicas",
        String(replicas),
        "--cluster-yes",
      ]);
      if (created.code !== 0) throw new Error(`redis-cli --cluster create failed:\n${created.out}`);
    } else await formByHand(nodes, masters);
  } catch (error) {
    await dispose();
    throw error;
  }
  const clusterNodes = (port: number) =>
    cli(["-p", String(port), "cluster", "nodes"])
      .out.split("\n")
      .filter((l) => l.trim() !== "");
  const masterOfSlot = (slot: number): string => {
    const live = nodes.find((n) => running.get(n.address));
    for (const line of clusterNodes(live?.port ?? 0)) {
      const [, address = "", flags = "", , , , , , ...ranges] = line.split(" ");
      if (!flags.includes("master") || flags.includes("fail")) continue;
      for (const range of ranges) {
        const [a = -1, b = a] = range.split("-").map(Number);
        if (slot >= a && slot <= b) return address.replace(/@\d+$/, "");
      }
    }
    return "";
  };
  const cluster: RedisCluster = {
    seeds: nodes.map((n) => n.address).join(","),
    nodes,
    dir,
    masters: async () => {
      const live = nodes.find((n) => running.get(n.address));
      if (!live) return [];
      return clusterNodes(live.port).flatMap((line) => {
        const [, address = "", flags = "", , , , , , ...slots] = line.split(" ");
        if (!flags.includes("master") || flags.includes("fail")) return [];
        let count = 0;
        for (const range of slots) {
          if (range.startsWith("[")) continue;
          const [a = 0, b = a] = range.split("-").map(Number);
          count += b - a + 1;
        }
        return [{ address: address.replace(/@\d+$/, ""), slots: count }];
      });
    },
    flush: async () => {
      for (const m of await cluster.masters())
        cli(["-p", m.address.split(":")[1] ?? "", "flushall"]);
    },
    slotOf: async (key) => {
      const live = nodes.find((n) => running.get(n.address));
      const slot = Number(cli(["-p", String(live?.port), "cluster", "keyslot", key]).out.trim());
      return { slot, master: masterOfSlot(slot) };
    },
    moveSlot: async (slot, to, pauseMs = 0) => {
      const port = (address: string) => address.split(":")[1] ?? "";
      const from = masterOfSlot(slot);
      const on = (address: string, ...args: string[]) => {
        const r = cli(["-p", port(address), ...args]);
        if (r.code !== 0 || r.out.startsWith("ERR")) throw new Error(`${args.join(" ")}: ${r.out}`);
        return r.out.trim();
      };
      const fromId = on(from, "cluster", "myid");
      const toId = on(to, "cluster", "myid");
      on(to, "cluster", "setslot", String(slot), "importing", fromId);
      on(from, "cluster", "setslot", String(slot), "migrating", toId);
      let moved = 0;
      for (;;) {
        const keys = on(from, "cluster", "getkeysinslot", String(slot), "1")
          .split("\n")
          .filter((k) => k !== "");
        if (keys.length === 0) break;
        on(from, "migrate", "127.0.0.1", port(to), "", "0", "5000", "keys", ...keys);
        moved += keys.length;
        if (pauseMs > 0) await Bun.sleep(pauseMs);
      }
      for (const m of [to, from, ...(await cluster.masters()).map((x) => x.address)])
        on(m, "cluster", "setslot", String(slot), "node", toId);
      return moved;
    },
    replicasOf: async (master) => {
      const live = nodes.find((n) => running.get(n.address));
      const lines = clusterNodes(live?.port ?? 0).map((l) => l.split(" "));
      const id = lines.find((f) => f[1]?.replace(/@\d+$/, "") === master)?.[0];
      return lines
        .filter((f) => f[3] === id && f[2]?.includes("slave"))
        .map((f) => (f[1] ?? "").replace(/@\d+$/, ""));
    },
    pause: (address) => {
      const r = running.get(address);
      if (r) process.kill(r.pid, "SIGSTOP");
    },
    resume: (address) => {
      const r = running.get(address);
      if (r) process.kill(r.pid, "SIGCONT");
    },
    kill9,
    restart: async (address) => {
      const node = nodes.find((n) => n.address === address);
      if (!node) throw new Error(`no node ${address}`);
      await kill9(address);
      await start(node);
    },
    ready: async (timeoutMs = 30_000) => {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const live = nodes.filter((n) => running.get(n.address));
        const ok = live.every((n) =>
          cli(["-p", String(n.port), "cluster", "info"]).out.includes("cluster_state:ok"),
        );
        const shards = ok ? (await cluster.masters()).filter((m) => m.slots > 0) : [];
        const online = (address: string) =>
          (cli(["-p", address.split(":")[1] ?? "", "info", "replication"]).out.match(
            /state=online/g,
          )?.length ?? 0) >= Math.min(replicas, live.length - shards.length);
        if (shards.length === masters && shards.every((m) => online(m.address))) return;
        if (Date.now() > deadline) throw new Error("the cluster did not become ready");
        await Bun.sleep(100);
      }
    },
    [Symbol.asyncDispose]: dispose,
  };
  try {
    await cluster.ready();
  } catch (error) {
    await dispose();
    throw error;
  }
  return cluster;
}
