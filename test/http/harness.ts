import { existsSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Subprocess } from "bun";
import {
  type ClientOptions,
  type Request,
  VitrinaError,
  vitrinaClient,
} from "../../src/clients/backoffice/index.ts";
import type { CategoryItem } from "../../src/model/import.ts";
import { type RedisCluster, startCluster } from "../redis/redis-cluster.ts";
import { type RedisServer, startRedis } from "../redis/redis-server.ts";
import { checkSearchAnswers } from "./search-answers.ts";

// Every search answer any HTTP test fetches is checked against model/search.ts's schema.
checkSearchAnswers();

export const ROOT = join(import.meta.dir, "..", "..");
export const CLI = join(ROOT, "src", "cli.ts");
export const ADMIN_KEY = "test-admin-key-0123456789";

/**
 * The store the suite runs against: `VITRINA_TEST_STORE=redis` runs every service with
 * `--redis-url`, `VITRINA_TEST_STORE=cluster` with `--redis-cluster` (scripts/test.sh runs the
 * suite in the three modes).
 */
export const STORE: "sqlite" | "redis" | "cluster" =
  process.env.VITRINA_TEST_STORE === "redis" || process.env.VITRINA_TEST_STORE === "cluster"
    ? process.env.VITRINA_TEST_STORE
    : "sqlite";

// In cluster mode one cluster of 3 masters and 3 replicas serves the whole test process
// (forming one takes seconds). A data dir stands for a store as in Redis mode as far as one
// cluster can: the cluster is emptied (FLUSHALL on every master) when a data dir asks for it
// while no other is in use (a dir is in use until its service releases it or it is removed,
// and none is once another test file starts), so a test starts from an empty store.
let sharedCluster: Promise<RedisCluster> | null = null;
let clusterFile = "";
const clusterDirs = new Set<string>();

export async function clusterForTests(dataDir?: string): Promise<RedisCluster> {
  sharedCluster ??= startCluster();
  const cluster = await sharedCluster;
  if (clusterFile !== Bun.main) {
    clusterFile = Bun.main;
    clusterDirs.clear();
  }
  for (const dir of clusterDirs) if (!existsSync(dir)) clusterDirs.delete(dir);
  if (dataDir !== undefined && !clusterDirs.has(dataDir)) {
    if (clusterDirs.size === 0) await cluster.flush();
    clusterDirs.add(dataDir);
  }
  return cluster;
}

// In Redis mode a data dir stands for a Redis: services started on the same data dir (a
// restart, a kill -9 and a new start) share one private redis-server, whose files live in that
// dir. It is stopped with the service that owns the dir, else when the test process exits.
const redisByDir = new Map<string, Promise<RedisServer>>();

export function redisFor(dataDir: string): Promise<RedisServer> {
  let redis = redisByDir.get(dataDir);
  if (!redis) {
    const dir = join(dataDir, "redis");
    mkdirSync(dir, { recursive: true });
    redis = startRedis({ dir });
    redisByDir.set(dataDir, redis);
  }
  return redis;
}

/** Stops the private redis-server of `dataDir`, if it has one, and forgets it (and its cluster use). */
export async function releaseRedis(dataDir: string): Promise<void> {
  clusterDirs.delete(dataDir);
  const redis = redisByDir.get(dataDir);
  redisByDir.delete(dataDir);
  if (redis) await (await redis)[Symbol.asyncDispose]();
}

/** The flags that point a `vitrina` command at the test's store for `dataDir`. */
export async function storeArgs(dataDir: string): Promise<string[]> {
  if (STORE === "sqlite") return ["--data-dir", dataDir];
  if (STORE === "cluster")
    return ["--data-dir", dataDir, "--redis-cluster", (await clusterForTests(dataDir)).seeds];
  return ["--data-dir", dataDir, "--redis-url", (await redisFor(dataDir)).url];
}

export interface Service {
  url: string;
  dataDir: string;
  proc: Subprocess<"ignore", "pipe", "pipe">;
  /** Everything the service wrote to stdout so far. */
  output: () => string;
  /** SIGKILL, no goodbye: what a crash looks like. */
  kill9: () => Promise<void>;
  stop: () => Promise<number>;
  [Symbol.asyncDispose]: () => Promise<void>;
}

export function tempDir(prefix = "vitrina-test-"): string & { [Symbol.dispose]: () => void } {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  return Object.assign(dir, {
    [Symbol.dispose]: () => rmSync(dir, { recursive: true, force: true }),
  });
}

/** Spawns `vitrina serve` on a free port and waits for its "listening" line. */
export async function startService(
  options: {
    dataDir?: string;
    args?: string[];
    env?: Record<string, string>;
    bunArgs?: string[];
    /** Another checkout's src/cli.ts (bench/http-versions.ts); this one's by default. */
    cli?: string;
  } = {},
): Promise<Service> {
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), "vitrina-test-"));
  const ownsDir = options.dataDir === undefined;
  const proc = Bun.spawn(
    [
      process.execPath,
      ...(options.bunArgs ?? []),
      options.cli ?? CLI,
      "serve",
      // A test that names its own Redis (test/redis/) gets no private one.
      ...(options.args?.includes("--redis-url") || options.args?.includes("--redis-cluster")
        ? ["--data-dir", dataDir]
        : await storeArgs(dataDir)),
      "--listen",
      "127.0.0.1:0",
      "--admin-key",
      ADMIN_KEY,
      // The overload shedder reacts to event-loop lag, and the cost limits to time spent, which
      // a loaded CI machine inflates for other reasons: a test of many quick searches or imports
      // would meet them. Their unit tests cover them; a test's own args (later flags win) may
      // turn them on (test/http/fair-share.test.ts).
      "--shed-lag",
      "0",
      "--search-cpu-share",
      "0",
      "--import-cpu-share",
      "0",
      ...(options.args ?? []),
    ],
    {
      stdout: "pipe",
      stderr: "pipe",
      stdin: "ignore",
      // Each search counts at once, as the tests of analytics expect (test/http/shoppers.test.ts
      // turns typing runs on with --typing-session): a variable, not a flag, so that an older
      // checkout started by bench/http-versions.ts, which has no such flag, still starts.
      env: { ...process.env, VITRINA_TYPING_SESSION: "0", ...options.env },
    },
  );
  const stdout = { text: "" };
  const url = await waitForListening(proc, stdout);
  const service: Service = {
    url,
    dataDir,
    proc,
    output: () => stdout.text,
    kill9: async () => {
      proc.kill("SIGKILL");
      await proc.exited;
    },
    stop: async () => {
      proc.kill("SIGTERM");
      return proc.exited;
    },
    [Symbol.asyncDispose]: async () => {
      if (proc.exitCode === null && proc.signalCode === null) {
        proc.kill("SIGKILL");
        await proc.exited;
      }
      if (ownsDir) {
        await releaseRedis(dataDir);
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
  };
  return service;
}

async function waitForListening(
  proc: Subprocess<"ignore", "pipe", "pipe">,
  stdout: { text: string },
): Promise<string> {
  const decoder = new TextDecoder();
  const reader = proc.stdout.getReader();
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    stdout.text += decoder.decode(value, { stream: true });
    const m = /"msg":"listening","url":"([^"]+)"/.exec(stdout.text);
    if (m?.[1]) {
      // Keep draining (and keeping) so the child never blocks on a full pipe.
      void (async () => {
        for (let r = await reader.read(); !r.done; r = await reader.read())
          stdout.text += decoder.decode(r.value, { stream: true });
      })();
      return m[1];
    }
  }
  const seen = stdout.text;
  const err = await new Response(proc.stderr).text();
  throw new Error(`service exited before listening: ${seen}\n${err}`);
}

/** Runs `vitrina ARGS` to its end: its exit code and its stdout and stderr, trimmed. */
export async function runCli(args: string[], env: Record<string, string> = {}) {
  const proc = Bun.spawn([process.execPath, CLI, ...args], {
    stdout: "pipe",
    stderr: "pipe",
    env: { ...process.env, ...env },
  });
  const [out, err, code] = await Promise.all([
    new Response(proc.stdout).text(),
    new Response(proc.stderr).text(),
    proc.exited,
  ]);
  return { code, out: out.trim(), err: err.trim() };
}

export interface Tokens {
  name: string;
  secret_token: string;
  search_token: string;
}

/**
 * The back-office client (src/clients/backoffice/) of a test's requests to `service`, with the
 * operator's key and `credentials`. It sends each request once: a test asserts every 429 and
 * 503 it meets (the client's own tests turn the retries on).
 */
export const clientOf = (
  service: Service,
  credentials: Pick<
    ClientOptions,
    "secretToken" | "searchToken" | "limits" | "retry" | "onRetry"
  > = {},
) =>
  vitrinaClient({ host: service.url, adminKey: ADMIN_KEY, retry: { retries: 0 }, ...credentials });

/** The client of a domain's owner: its secret and search tokens. */
export const shopClient = (
  service: Service,
  shop: Tokens,
  options: Pick<ClientOptions, "limits" | "retry" | "onRetry"> = {},
) =>
  clientOf(service, { secretToken: shop.secret_token, searchToken: shop.search_token, ...options });

/**
 * The status and body of the refusal a client's call fails with (VitrinaError), for a test of
 * that refusal; a call that succeeds, or fails otherwise, fails the test.
 */
export async function refusal(call: Promise<unknown>): Promise<{ status: number; body: unknown }> {
  const error = await call.then(
    (body) => new Error(`expected a refusal, got ${JSON.stringify(body)}`),
    (e: unknown) => e,
  );
  if (!(error instanceof VitrinaError)) throw error;
  return { status: error.status, body: error.body };
}

let domainCounter = 0;
export async function createDomain(
  service: Service,
  name = `shop-${++domainCounter}-${Date.now()}`,
): Promise<Tokens> {
  const tokens = await clientOf(service).admin.createDomain(name);
  // Its index is built on the index thread; a batch written before that build is in it, a
  // failed one too (rule 8 keeps it out only of later patches): the tests' domains start built.
  for (const deadline = Date.now() + 5000; Date.now() < deadline; await Bun.sleep(5)) {
    const r = await fetch(`${service.url}/ready`);
    const body = (await r.json()) as { pending?: string[] };
    if (!body.pending?.includes(name)) break;
  }
  return tokens;
}

/** A raw POST (the token as given, a string body as it is): its status and body, whatever they are. */
export async function post(
  service: Service,
  path: string,
  token: string | null,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: any }> {
  const r = await call(
    service,
    "POST",
    path,
    {
      ...(token === null ? {} : { "x-secret-token": token }),
      ...headers,
    },
    body,
  );
  return { status: r.status, body: r.body };
}

/** A JSON request of any method to `path`; a string body is sent as it is. */
export async function call(
  s: Service,
  method: Request["method"],
  path: string,
  headers: Record<string, string>,
  body?: unknown,
): Promise<{ status: number; body: unknown }> {
  const r = await clientOf(s).request({
    method,
    path,
    credential: "none",
    headers: { "content-type": "application/json", ...headers },
    ...(body === undefined ? {} : { body: typeof body === "string" ? body : JSON.stringify(body) }),
  });
  return { status: r.status, body: r.body };
}

/** The headers of a domain owner's request (its secret token), and of the operator's. */
export const ownerHeaders = (d: Pick<Tokens, "secret_token">) => ({
  "x-secret-token": d.secret_token,
});
export const ADMIN_HEADERS = { "x-admin-key": ADMIN_KEY };

export const PRODUCTS = "/api/v2/content/product/bulk/";
export const CATEGORIES = "/api/v2/content/category/bulk/";

/** A minimal valid product of category 1. */
export const product = (sourceId: string, extra: Record<string, unknown> = {}) => ({
  source_id: sourceId,
  code: `SKU-${sourceId}`,
  source_category_id: "1",
  currency_code: "UAH",
  new_price: 100,
  translations: [
    { language: "uk", name: `Товар ${sourceId}`, url: `https://shop.example/p/${sourceId}` },
  ],
  ...extra,
});

export const category = (id: number, name = `Категорія ${id}`): CategoryItem => ({
  source_category_id: id,
  translations: [{ language: "uk", name, url: `https://shop.example/c/${id}` }],
});
