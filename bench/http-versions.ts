// Two versions of the service on the same new queries, over HTTP (issue 22):
//   bun bench/http-versions.ts OTHER_CHECKOUT [--products 20000] [--per-class 200] [--without F,..]
// OTHER_CHECKOUT is another clone or worktree of Vitrina (main, say). Starts a server of each
// (one search thread, no limits), imports the same generated catalog into each, waits until
// both have indexed it, then asks each query of bench/workloads/new-query-classes.ts once of each, in
// alternating order, so that both see the machine's noise alike. Prints per class the p50 and
// p99 of each server's own time (Server-Timing `search;dur`), the median of the per-query
// ratio this/other, and how many answers differ. The HTTP side of bench/engine-versions.ts:
// it adds the route, the answer cache's key and stamp, and the answer's serialisation.
// --without names top-level fields this version adds to every answer (`stats`): they are left
// out of this version's answers before they are compared, so that "changed" counts the rest.

import { join } from "node:path";
import { generateCatalog } from "../src/sample-catalog/generate.ts";
import { createDomain, type Service, startService, type Tokens } from "../test/http/harness.ts";
import { uncheckedFetch } from "../test/http/search-answers.ts";
import { commandSpec, flag, flagsOf } from "./suite/flags.ts";
import { percentile } from "./suite/report.ts";
import { benchServeArgs, importCatalog } from "./suite/serve.ts";
import { newQueryClasses } from "./workloads/new-query-classes.ts";

const values = flagsOf(
  commandSpec({
    command: "bun bench/http-versions.ts",
    about:
      "Two versions of the service (this one and another checkout's) on the same new queries, over HTTP.",
    args: ["OTHER_CHECKOUT"],
    flags: {
      products: flag.int(20_000, "products imported into each"),
      perClass: flag.int(200, "queries of each class"),
      without: flag.text(
        "",
        "fields of this version's answers the other does not have, left out",
        "F,..",
      ),
    },
  }),
);
const without = values.without.split(",").filter(Boolean);
/** This version's answer without the fields the other does not have. */
const comparable = (body: string): string => {
  if (without.length === 0) return body;
  const answer = JSON.parse(body) as Record<string, unknown>;
  for (const field of without) delete answer[field];
  return JSON.stringify(answer);
};
const other = values.args[0] as string;
const PRODUCTS = values.products;
const args = [...benchServeArgs(null), "--search-threads", "1"];

interface Server {
  service: Service;
  tokens: Tokens;
}
const started: Server[] = [];
for (const cli of [undefined, join(other, "src", "cli.ts")]) {
  const service = await startService({ args, ...(cli ? { cli } : {}) });
  const tokens = await createDomain(service, "shop");
  await importCatalog(service.url, tokens.secret_token, {
    seed: 1,
    products: PRODUCTS,
    clients: 1,
  });
  started.push({ service, tokens });
}
const servers = started as [Server, Server];

/** The server's own time and the answer (its token left out), for `params`. */
async function ask(s: Server, params: Record<string, string>) {
  const query = new URLSearchParams({ token: s.tokens.search_token, demo: "true", ...params });
  // Unchecked: the other version's answers are of its own contract.
  const r = await uncheckedFetch(`${s.service.url}/api/v2/search/?${query}`);
  const body = (await r.text()).replaceAll(s.tokens.search_token, "");
  const ms = Number(/search;dur=([\d.]+)/.exec(r.headers.get("server-timing") ?? "")?.[1]);
  return { ms, body };
}

// Indexed: a broad query's total stays put.
for (const s of servers) {
  let last = -1;
  for (;;) {
    const { body } = await ask(s, { q: "a", group_by_category: "false" });
    const total = (JSON.parse(body) as { total: number }).total;
    if (total === last) break;
    last = total;
    await Bun.sleep(500);
  }
}
const catalog = generateCatalog({ seed: 1, products: PRODUCTS });
// Warm-up on queries of another seed.
for (const m of newQueryClasses(catalog, { seed: 99, perClass: 20 }))
  for (const s of servers) await ask(s, m.params);

const perClass = values.perClass;
const byClass = new Map<
  string,
  { times: [number[], number[]]; ratios: number[]; changed: number }
>();
let k = 0;
for (const m of newQueryClasses(catalog, { seed: 1, perClass })) {
  const answers: { ms: number; body: string }[] = [];
  for (const i of k++ % 2 === 0 ? [0, 1] : [1, 0])
    answers[i] = await ask(servers[i] as Server, m.params);
  const [mine, theirs] = answers as [{ ms: number; body: string }, { ms: number; body: string }];
  const c = byClass.get(m.class) ?? { times: [[], []], ratios: [], changed: 0 };
  c.times[0].push(mine.ms);
  c.times[1].push(theirs.ms);
  c.ratios.push(mine.ms / theirs.ms);
  if (comparable(mine.body) !== theirs.body) c.changed++;
  byClass.set(m.class, c);
}
for (const s of servers) await s.service[Symbol.asyncDispose]();

const f = (x: number) => x.toFixed(3).padStart(9);
console.log("class            p50 other  p50 this  p99 other  p99 this  ratio  changed");
for (const [name, c] of byClass)
  console.log(
    `${name.padEnd(16)}${f(percentile(c.times[1], 50))} ${f(percentile(c.times[0], 50))}  ` +
      `${f(percentile(c.times[1], 99))} ${f(percentile(c.times[0], 99))}  ${percentile(c.ratios, 50).toFixed(3)}  ${String(c.changed).padStart(7)}`,
  );
