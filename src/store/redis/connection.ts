import { createClient, ErrorReply } from "redis";
import { AppError } from "../../errors.ts";

/** A raw reply of `sendCommand` (RESP2): strings, integers, null, and arrays of them. */
export type Reply = string | number | null | Reply[];

/**
 * What the store's modules send commands through: one Redis (`singleRedis`) or a Redis
 * Cluster (cluster-connection.ts), where a command goes to the master of the slot of its first
 * key (a script's KEYS[1]). Every command and script names its keys, all in one slot.
 */
export interface Redis {
  sendCommand<T = Reply>(args: string[]): Promise<T>;
  /**
   * A keyless command sent on the connection that writes `key`: WAIT after a write (it counts
   * the replicas that have that connection's writes), SCAN of the node holding a domain.
   */
  sendBeside<T = Reply>(key: string, args: string[]): Promise<T>;
}

/** One Redis: every command on its one connection, each answered within `timeoutMs`. */
export function singleRedis(client: RedisClient, timeoutMs: number): Redis {
  return boundedRedis(
    {
      sendCommand: (args) => client.sendCommand(args),
      sendBeside: (_key, args) => client.sendCommand(args),
    },
    timeoutMs,
  );
}

/** How long a client waits before it asks a stalled Redis again. */
const STALLED_RETRY_S = 5;

/**
 * Every command of `redis` answered within `timeoutMs` (--redis-timeout), else refused with
 * `redis_timeout` (503): a stalled Redis (SIGSTOP, a swapping host, a long fork) keeps its
 * sockets open, so neither the socket nor the client's own command timeout (which ends when
 * the command is written, not answered) ever says so. The command itself is not taken back:
 * Redis runs it when it wakes, and its answer, read in turn, goes nowhere. Every write is one
 * command (a script), so it is applied whole or not at all, and the request that made it was
 * answered 503, not acknowledged. WAIT blocks by design for its own timeout, which is added.
 */
export function boundedRedis(redis: Redis, timeoutMs: number): Redis {
  const bounded = <T>(args: string[], sent: Promise<T>): Promise<T> => {
    const ms = timeoutMs + (args[0] === "WAIT" ? Number(args[2]) : 0);
    let timer: ReturnType<typeof setTimeout> | undefined;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new AppError("redis_timeout", { ms, retry_after: STALLED_RETRY_S })),
        ms,
      );
    });
    // The late answer (or failure) of a command given up on is nobody's.
    sent.catch(() => {});
    return Promise.race([sent, late]).finally(() => clearTimeout(timer));
  };
  return {
    sendCommand: (args) => bounded(args, redis.sendCommand(args)),
    sendBeside: (key, args) => bounded(args, redis.sendBeside(key, args)),
  };
}

/** How long a node waits for Redis at start before giving up with an error. */
const FIRST_CONNECT_MS = 5_000;

/**
 * A client that fails fast while Redis is away and reconnects by itself:
 * - `disableOfflineQueue`: a command sent while disconnected is rejected at once instead of
 *   queued, so an import answers 503 immediately rather than hanging until Redis returns;
 * - the reconnect strategy retries every 50..1000 ms forever once connected (a node outlives
 *   a Redis restart); before the first connection it gives up after FIRST_CONNECT_MS so that a
 *   CLI command or a node pointed at a wrong URL fails with a message.
 */
export async function connectRedis(url: string, name: string): Promise<RedisClient> {
  const state = { connected: false };
  const client = newClient(url, name, state);
  // Without a listener an `error` event would crash the process; the outage is reported by
  // the failing commands (503) and logged once per disconnection.
  const outage = outageLog(name, state);
  client.on("error", outage.failed);
  client.on("ready", outage.ready);
  try {
    await answeredWithin(client.connect(), () => client.destroy());
  } catch (error) {
    const reason = (error as Error).message.replace(/^Redis at \S+ is unreachable: /, "");
    throw new AppError("redis_unreachable", { url, reason });
  }
  return client;
}

/**
 * A stalled Redis accepts the connection (the kernel does) and never answers the handshake:
 * no attempt fails, so the reconnect strategy never gives up, and a start would wait for ever.
 * A second more than the strategy's own limit, so that a refused connection is still named by
 * its cause.
 */
const FIRST_ANSWER_MS = FIRST_CONNECT_MS + 1_000;

/** The first connection answered within FIRST_ANSWER_MS, else `giveUp` drops it and it fails. */
export async function answeredWithin<T>(connecting: Promise<T>, giveUp: () => void): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      giveUp();
      reject(new Error(`connected, but no answer within ${FIRST_ANSWER_MS} ms`));
    }, FIRST_ANSWER_MS);
  });
  connecting.catch(() => {});
  try {
    return await Promise.race([connecting, late]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Logs the first failure of each disconnection, once connected (before the first connection
 * the failure is connect()'s own error, reported once); `ready` ends the outage.
 */
export function outageLog(name: string, state: { connected: boolean }) {
  let reported = false;
  return {
    failed: (error: Error) => {
      if (reported || !state.connected) return;
      reported = true;
      console.error(
        JSON.stringify({
          level: "warn",
          msg: "redis unavailable",
          client: name,
          error: error.message,
        }),
      );
    },
    ready: () => {
      state.connected = true;
      reported = false;
    },
  };
}

/** The options of every connection, also each node's in a cluster (cluster-connection.ts). */
export function clientOptions(url: string, name: string, state: { connected: boolean }) {
  const started = Date.now();
  return {
    url,
    name,
    // RESP2 replies are plain strings, integers, nulls and arrays, the same for every command
    // and every Lua script (RESP3, the client's default, turns Lua `false` into a boolean and
    // some replies into maps).
    RESP: 2,
    disableOfflineQueue: true,
    socket: {
      connectTimeout: 2_000,
      reconnectStrategy: (retries: number, cause: Error) => {
        if (!state.connected && Date.now() - started > FIRST_CONNECT_MS)
          return new Error(`Redis at ${url} is unreachable: ${cause.message}`);
        return Math.min(50 * 2 ** retries, 1_000);
      },
    },
  };
}

const newClient = (url: string, name: string, state: { connected: boolean }) =>
  createClient({ ...clientOptions(url, name, state), RESP: 2 });

export type RedisClient = ReturnType<typeof newClient>;

// Replies that mean "not now" rather than "wrong": Redis loading its AOF after a restart, a
// replica being promoted, a cluster slot moving. They are outages, like a closed socket.
const TRANSIENT = /^(LOADING|BUSY|MISCONF|READONLY|MASTERDOWN|TRYAGAIN|CLUSTERDOWN)\b/;

/** How long a client waits before it writes to a Redis over its maxmemory again. */
const OUT_OF_MEMORY_RETRY_S = 30;

/**
 * Turns a connection failure into the catalogue's 503, Redis over its maxmemory into 507; any
 * other error is a bug, rethrown. Under `noeviction` Redis refuses a write command, or a
 * script at its first write, whole: an OOM refusal stored nothing.
 */
export function toStoreError(error: unknown): unknown {
  if (error instanceof AppError) return error;
  if (error instanceof ErrorReply && error.message.startsWith("OOM "))
    return new AppError("redis_out_of_memory", {
      // "OOM command not allowed when used memory > 'maxmemory'. script: …": the first sentence.
      reason: error.message.split(/\.(\s|$)/)[0] as string,
      retry_after: OUT_OF_MEMORY_RETRY_S,
    });
  if (error instanceof ErrorReply && !TRANSIENT.test(error.message)) return error;
  return new AppError("store_unavailable", { retry_after: 1 });
}

/** Runs a store call, reporting a Redis outage as `store_unavailable`. */
export async function guarded<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw toStoreError(error);
  }
}
