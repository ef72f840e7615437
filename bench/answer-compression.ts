// What compression costs and saves on search answers (issue 13, answers fit for browsers):
//  1. over HTTP, per query of the mix against 20,000 generated products: the answer's bytes
//     raw, br and gzip (the served levels), the search's own time (Server-Timing `search`) and
//     the compression's (`compress`)
//  2. in process, on the same raw bodies: the time and size of every candidate level, and of
//     the ETag's hash
// Usage: bun bench/answer-compression.ts [--queries 300]
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { compress } from "../src/http/stack/encode.ts";
import { etagOf } from "../src/http/stack/etag.ts";
import { generateCatalog } from "../src/sample-catalog/generate.ts";
import { generateQueryMix } from "../test/fixtures/query-mix.ts";
import { CATEGORIES, createDomain, PRODUCTS, post, startService } from "../test/http/harness.ts";
import { commandSpec, flag, flagsOf } from "./suite/flags.ts";

const { queries: count } = flagsOf(
  commandSpec({
    command: "bun bench/answer-compression.ts",
    about: "What br and gzip cost and save on search answers, over HTTP and in process.",
    flags: { queries: flag.int(300, "queries of the mix asked") },
  }),
);
await using service = await startService();
const shop = await createDomain(service);
const catalog = generateCatalog({ seed: 1, products: 20_000 });
await post(service, CATEGORIES, shop.secret_token, catalog.categories);
for (let i = 0; i < catalog.products.length; i += 1000) {
  const r = await post(service, PRODUCTS, shop.secret_token, catalog.products.slice(i, i + 1000));
  if (r.status !== 201 && r.status !== 200) throw new Error(`import: ${r.status}`);
}
const queries = generateQueryMix(catalog, { seed: 1, count });
// The warm-up's own queries: the server keeps every answer it sent (http/search/answer-cache.ts), so
// the measured queries must be new to it. Each is asked raw first (the search is measured on
// that miss), then br and gzip: each form is compressed at its first asking, so `compress` is
// the real compression.
const warmUp = generateQueryMix(catalog, { seed: 2, count });
const url = (params: Record<string, string>) =>
  `${service.url}/api/v2/search/?${new URLSearchParams({ ...params, token: shop.search_token, demo: "true" })}`;
const timing = (header: string | null, name: string) =>
  Number(new RegExp(`${name};dur=([\\d.]+)`).exec(header ?? "")?.[1] ?? Number.NaN);

// The index is built in the background: wait until the last product is found by its code.
const last = catalog.products.at(-1)?.code ?? "";
for (;;) {
  const r = await fetch(url({ q: last }), { headers: { "accept-encoding": "identity" } });
  if (((await r.json()) as { total: number }).total > 0) break;
  await Bun.sleep(50);
}

interface Sample {
  bytes: number;
  search: number;
  compress: number;
}
const served: Record<"identity" | "br" | "gzip", Sample[]> = { identity: [], br: [], gzip: [] };
const bodies: Uint8Array[] = [];
for (let round = 0; round < 2; round++)
  for (const q of round === 0 ? warmUp : queries)
    for (const coding of ["identity", "br", "gzip"] as const) {
      const r = await fetch(url(q.params), {
        headers: { "accept-encoding": coding },
        decompress: false,
      } as RequestInit);
      const body = new Uint8Array(await r.arrayBuffer());
      if (r.status !== 200) throw new Error(`search: ${r.status}`);
      if (round === 0) continue; // the first round warms the JIT
      const st = r.headers.get("server-timing");
      served[coding].push({
        bytes: body.length,
        search: timing(st, "search"),
        compress: r.headers.get("content-encoding") ? timing(st, "compress") : 0,
      });
      if (coding === "identity") bodies.push(body);
    }

const pct = (values: number[], p: number) => {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(s.length * p))] as number;
};
const row = (label: string, values: number[], digits: number) =>
  `| ${label} | ${[0.5, 0.95, 1].map((p) => pct(values, p).toFixed(digits)).join(" | ")} |`;
console.log(`${served.identity.length} searches of the query mix, 20,000 products\n`);
console.log("| figure | median | p95 | max |\n|---|---|---|---|");
for (const coding of ["identity", "br", "gzip"] as const)
  console.log(
    row(
      `bytes, ${coding}`,
      served[coding].map((s) => s.bytes),
      0,
    ),
  );
for (const coding of ["identity", "br", "gzip"] as const)
  console.log(
    row(
      `search ms, ${coding}`,
      served[coding].map((s) => s.search),
      3,
    ),
  );
for (const coding of ["br", "gzip"] as const)
  console.log(
    row(
      `compress ms, ${coding}`,
      served[coding].map((s) => s.compress),
      3,
    ),
  );
const small = served.identity.filter((s) => s.bytes < 1024).length;
console.log(`\n${small} of ${served.identity.length} answers under 1 KB (sent raw)\n`);

// 2. Levels, in process, on the raw bodies over 1 KB.
const big = bodies.filter((b) => b.length >= 1024);
const rawTotal = big.reduce((n, b) => n + b.length, 0);
const candidates: [string, (b: Uint8Array) => Uint8Array][] = [
  ...[1, 4, 5, 6, 11].map(
    (q) =>
      [`br ${q}`, (b: Uint8Array) => compress(b, "br", { br: q, gzip: 5 })] as [
        string,
        (b: Uint8Array) => Uint8Array,
      ],
  ),
  // As served before the window was fitted to the body (encode.ts).
  [
    "br 4, 4 MiB window",
    (b: Uint8Array) =>
      brotliCompressSync(b, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: 4,
          [constants.BROTLI_PARAM_SIZE_HINT]: b.length,
        },
      }),
  ],
  ...[1, 4, 5, 6, 9].map(
    (l) =>
      [`gzip ${l}`, (b: Uint8Array) => gzipSync(b, { level: l })] as [
        string,
        (b: Uint8Array) => Uint8Array,
      ],
  ),
];
console.log("| level | median ms | p95 ms | bytes / raw |\n|---|---|---|---|");
for (const [label, fn] of candidates) {
  const times: number[] = [];
  let out = 0;
  for (const b of big) {
    const t = performance.now();
    out += fn(b).length;
    times.push(performance.now() - t);
  }
  console.log(
    `| ${label} | ${pct(times, 0.5).toFixed(3)} | ${pct(times, 0.95).toFixed(3)} | ${(out / rawTotal).toFixed(3)} |`,
  );
}
const hashes: number[] = [];
for (const b of big) {
  const t = performance.now();
  etagOf(b);
  hashes.push((performance.now() - t) * 1000);
}
console.log(
  `\nETag (Bun.hash) of an answer: median ${pct(hashes, 0.5).toFixed(1)} us, p95 ${pct(hashes, 0.95).toFixed(1)} us`,
);
