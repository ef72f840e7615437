// Bulk import over HTTP into the embedded store (issue 3, point 7).
// Batches of 1,000 typical products (2 translations, 5 attributes, 2 warehouses each), sent at
// concurrency 1 and then 4 to a freshly spawned server; reports products/s and the server's
// resident memory after 10k, 50k and 100k products, and 5 s after the last batch ("settled").
// Before the clock starts, the server imports 10 batches into another domain: a running service
// has its import path compiled by the JIT, a freshly started one spends ~0.6 s of CPU doing it
// during the first 100k products. `--cold` skips that warm-up.
// Usage: bun bench/http-import.ts [--products 100000] [--cold] [--profile]  (profiles go to bench/out/)
import { readFileSync } from "node:fs";
import { ADMIN_KEY, CATEGORIES, PRODUCTS, post, startService } from "../test/http/harness.ts";
import { commandSpec, flag, flagsOf } from "./suite/flags.ts";
import { cpuSeconds, threadCpu } from "./suite/proc-stat.ts";
import { typical } from "./workloads/typical-product.ts";

const flags = flagsOf(
  commandSpec({
    command: "bun bench/http-import.ts",
    about:
      "Bulk import over HTTP into the embedded store at concurrency 1 and 4: products/s and RSS.",
    flags: {
      products: flag.int(100_000, "products imported at each concurrency"),
      cold: flag.on("no warm-up of 10 batches into another domain first"),
      profile: flag.on("the server under bun --cpu-prof-md, its profiles into bench/out/"),
    },
  }),
);
const total = flags.products;
const BATCH = 1000;
const profileDir = flags.profile ? "bench/out" : null;
const WARM_UP_BATCHES = flags.cold ? 0 : 10;

const rssMiB = (pid: number) => {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
  return Math.round(Number(m?.[1] ?? 0) / 1024);
};

async function run(concurrency: number) {
  await using service = await startService({
    bunArgs: profileDir ? ["--cpu-prof-md", `--cpu-prof-dir=${profileDir}`] : [],
  });
  const cats = Array.from({ length: 20 }, (_, i) => ({
    source_category_id: i + 1,
    translations: [{ language: "uk", name: `Категорія ${i + 1}` }],
  }));
  const domain = async (name: string) => {
    const r = await fetch(`${service.url}/api/v2/admin/domains/`, {
      method: "POST",
      headers: { "x-admin-key": ADMIN_KEY },
      body: JSON.stringify({ name }),
    });
    const { secret_token } = (await r.json()) as { secret_token: string };
    await post(service, CATEGORIES, secret_token, cats);
    return secret_token;
  };
  const secret_token = await domain("bench");
  // Bodies are serialised to UTF-8 before the clock starts: the client's JSON work is not the
  // server's.
  const encoder = new TextEncoder();
  const bodies = Array.from({ length: Math.ceil(total / BATCH) }, (_, b) =>
    encoder.encode(JSON.stringify(Array.from({ length: BATCH }, (_, k) => typical(b * BATCH + k)))),
  );
  const send = async (token: string, body: Uint8Array) => {
    const res = await fetch(`${service.url}${PRODUCTS}`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-secret-token": token },
      body,
    });
    // The client reads the answer's bytes but neither decodes nor parses them unless the
    // batch failed: on two shared cores the client's work would be charged to the server's.
    const answer = await res.arrayBuffer();
    if (res.status !== 201)
      throw new Error(
        `batch failed: ${res.status} ${new TextDecoder().decode(answer).slice(0, 300)}`,
      );
  };
  if (WARM_UP_BATCHES > 0) {
    const warmUp = await domain("warm-up");
    for (const body of bodies.slice(0, WARM_UP_BATCHES)) await send(warmUp, body);
    await Bun.sleep(1000);
  }
  const rss: Record<string, number> = {};
  let next = 0;
  let done = 0;
  const started = performance.now();
  const serverCpu = cpuSeconds(service.proc.pid);
  const threadsBefore = threadCpu(service.proc.pid);
  const clientCpu = process.cpuUsage();
  const worker = async () => {
    while (next < bodies.length) {
      await send(secret_token, bodies[next++] as Uint8Array);
      done += BATCH;
      for (const mark of [10_000, 50_000, 100_000])
        if (done === mark) rss[`${mark / 1000}k`] = rssMiB(service.proc.pid);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  const seconds = (performance.now() - started) / 1000;
  const serverCpuUs = ((cpuSeconds(service.proc.pid) - serverCpu) * 1e6) / total;
  const threads: Record<string, number> = {};
  for (const [name, s] of threadCpu(service.proc.pid)) {
    const us = ((s - (threadsBefore.get(name) ?? 0)) * 1e6) / total;
    if (us >= 1) threads[name] = Math.round(us);
  }
  const client = process.cpuUsage(clientCpu);
  const clientCpuUs = (client.user + client.system) / total;
  // Freed memory goes back to the system over a few seconds: the size once the burst is over.
  await Bun.sleep(5000);
  rss.settled = rssMiB(service.proc.pid);
  if (profileDir) await service.stop(); // SIGTERM: the profile is written on a clean exit
  return {
    concurrency,
    products: total,
    seconds: seconds.toFixed(2),
    perSecond: Math.round(total / seconds),
    warmUpProducts: WARM_UP_BATCHES * BATCH,
    rssMiB: rss,
    // CPU per product, all threads: the server's, and this client's (which shares the cores).
    serverCpuUs: Math.round(serverCpuUs),
    clientCpuUs: Math.round(clientCpuUs),
    threadCpuUs: threads,
  };
}

for (const c of [1, 4]) console.log(JSON.stringify(await run(c)));
