import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";

// A private redis-server for a test: a free port, its own directory, AOF on with an fsync per
// write (what the durability tests check and what infra/ configures). Never the shared Redis on
// 6379.

export interface RedisServer {
  url: string;
  port: number;
  dir: string;
  /** SIGKILL: what a crash of Redis looks like. */
  kill9: () => Promise<void>;
  /** Sends the server a signal: SIGSTOP stalls it (its sockets stay open), SIGCONT wakes it. */
  signal: (signal: "SIGSTOP" | "SIGCONT") => void;
  /** Starts it again on the same port and directory (the AOF is replayed). */
  restart: () => Promise<void>;
  stop: () => Promise<void>;
  [Symbol.asyncDispose]: () => Promise<void>;
}

const BIN = process.env.REDIS_SERVER ?? "redis-server";

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once("error", reject);
    s.listen(0, "127.0.0.1", () => {
      const address = s.address();
      const port = typeof address === "object" && address ? address.port : 0;
      s.close(() => resolve(port));
    });
  });
}

/**
 * redis-server under a small sh watchdog that kills it when the test process is gone, however
 * that happens (a timeout, a crash, Ctrl-C): an orphaned redis-server would outlive the run.
 * The wrapper prints the server's pid and exits when the server does.
 */
const WATCHDOG = `
redis-server "$@" &
r=$!
echo "pid $r"
( while kill -0 ${process.pid} 2>/dev/null; do sleep 1; done; kill -9 $r 2>/dev/null ) &
w=$!
wait $r
kill $w 2>/dev/null
`;

export interface Running {
  pid: number;
  exited: Promise<unknown>;
}

/** redis-server on `port` with its files in `dir`; `extra` flags come last (and win). */
export async function spawnRedis(
  port: number,
  dir: string,
  extra: readonly string[] = [],
): Promise<Running> {
  if (!Bun.which(BIN))
    throw new Error(
      `${BIN} not found: install it (apt-get install redis-server) or set REDIS_SERVER`,
    );
  const proc = Bun.spawn(
    [
      "sh",
      "-c",
      WATCHDOG.replace("redis-server", BIN),
      "sh",
      "--port",
      String(port),
      "--bind",
      "127.0.0.1",
      "--dir",
      dir,
      "--save",
      "",
      "--appendonly",
      "yes",
      "--appendfsync",
      "always",
      "--maxmemory-policy",
      "noeviction",
      "--loglevel",
      "warning",
      "--logfile",
      "",
      ...extra,
    ],
    { stdin: "ignore", stdout: "pipe", stderr: "pipe" },
  );
  const reader = proc.stdout.getReader();
  let seen = "";
  while (!/pid \d+\n/.test(seen)) {
    const { value, done } = await reader.read();
    if (done) break;
    seen += new TextDecoder().decode(value);
  }
  const pid = Number(/pid (\d+)/.exec(seen)?.[1] ?? 0);
  // Keep draining so the server never blocks on a full pipe.
  void (async () => {
    while (!(await reader.read()).done);
  })();
  // Ready when it answers PING (it loads the AOF before it does).
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (proc.exitCode !== null || !pid) throw new Error(`redis-server exited: ${seen}`);
    if (await ping(port)) break;
    if (Date.now() > deadline) throw new Error("redis-server did not start");
    await Bun.sleep(20);
  }
  return { pid, exited: proc.exited };
}

/** True once the server answers PONG (and not -LOADING). */
async function ping(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    let seen = "";
    Bun.connect({
      hostname: "127.0.0.1",
      port,
      socket: {
        open: (s) => {
          s.write("PING\r\n");
        },
        data: (s, chunk) => {
          seen += chunk.toString();
          if (seen.includes("\r\n")) {
            s.end();
            resolve(seen.startsWith("+PONG"));
          }
        },
        error: () => resolve(false),
        connectError: () => resolve(false),
        close: () => resolve(seen.startsWith("+PONG")),
      },
    }).catch(() => resolve(false));
  });
}

export async function startRedis(options: { dir?: string } = {}): Promise<RedisServer> {
  const dir = options.dir ?? mkdtempSync(join(tmpdir(), "vitrina-redis-"));
  const ownsDir = options.dir === undefined;
  let port = 0;
  let proc: Running | null = null;
  // A port found free can be taken before redis-server binds it: try another.
  for (let attempt = 0; proc === null; attempt++) {
    port = await freePort();
    try {
      proc = await spawnRedis(port, dir);
    } catch (error) {
      if (attempt >= 3) throw error;
    }
  }
  let current: Running = proc;
  let alive = true;
  const kill = async (signal: "SIGKILL" | "SIGTERM") => {
    if (!alive) return;
    process.kill(current.pid, signal);
    await current.exited;
    alive = false;
  };
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    dir,
    kill9: () => kill("SIGKILL"),
    signal: (signal) => process.kill(current.pid, signal),
    restart: async () => {
      await kill("SIGKILL");
      current = await spawnRedis(port, dir);
      alive = true;
    },
    stop: () => kill("SIGTERM"),
    [Symbol.asyncDispose]: async () => {
      await kill("SIGKILL");
      if (ownsDir) rmSync(dir, { recursive: true, force: true });
    },
  };
}
