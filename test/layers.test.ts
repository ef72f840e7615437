// The layers of src/ point one way (docs/ARCHITECTURE.md, "Layers"). Reads the imports of
// every file under src/ (static, type-only, re-exports and dynamic import()) and checks each
// against the table below. Properties checked:
//  1. every import of a module stays inside its own layer or goes to one its row allows:
//     store never reaches import, http or indexing; search reaches only model; rules only model
//  2. no file under src/ imports bench/ or test/, but a test beside the code may take a
//     hand-made catalog from test/fixtures/ (the fixtures ship no more than the tests do)
//  3. every folder of src/ has a row (a new layer is a decision: add it here and to the docs)
//  4. the table points one way: no layer reaches itself through the rows, so no allowed import
//     runs back up (only the wiring, cli/ and the root files, may import any layer)
//  5. no circle of files: among src/, bench/, lexicon/ and test/, no file reaches itself through
//     its imports. Type-only imports count: they vanish at run time, but a circle of types is
//     still two files that cannot be read, or moved, one without the other
//  6. outside src/search/, only its facade src/search/engine.ts is imported (tests beside the
//     code included): the engine's insides can change without a caller knowing
//  7. src/clients/instantsearch/ (code that runs in shoppers' browsers) takes only types from
//     outside its folder, which its bundle drops: no server code, no package reaches a store's
//     page; src/clients/backoffice/ (run by a store's Node or Bun code) takes no package either,
//     and from other layers only types and constants of files that import nothing
//  8. bench/ imports test/ (fixtures, harness), never the reverse, save the benchmarks' own
//     tests (test/bench.test.ts, test/*-bench.test.ts): what a test reads is in test/fixtures/
// Tests beside the code (`*.test.ts`) assemble layers as the CLI does: only rule 2 binds them.
import { expect, test } from "bun:test";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";

const SRC = join(import.meta.dir, "..", "src");
const FIXTURES = join(import.meta.dir, "fixtures");

/**
 * Layer -> the other layers it may import. `root` is the files directly in src/ (cli.ts,
 * server.ts: the wiring); errors.ts and config.ts, which the layers read, have rows of their own.
 */
const MAY_IMPORT: Record<string, readonly string[]> = {
  model: [],
  "root:errors": [],
  rules: ["model"],
  search: ["model"],
  // A generator of sample catalogs: the demo store and the benchmarks' catalogs.
  "sample-catalog": ["model"],
  store: ["model", "rules", "root:errors"],
  // The flags are checked against the store's own limits (the shoppers kept per query); the
  // store takes its options as a type of its own (store/open-store.ts), never the Config. The
  // bulk limits' defaults are model/'s, which the back-office client batches under too.
  "root:config": ["store", "model"],
  // Metrics, log lines, readiness probes; read by import, http and the CLI. The probes take the
  // running server's parts (domains, indexers, import queue) as parameters of their own types,
  // so telemetry/ stays below the layers whose state it reports.
  telemetry: ["model", "store"],
  // Reading, validating and writing import batches (the import service), pure where possible.
  import: ["model", "rules", "store", "root:errors"],
  // The writer thread and its handle: it runs the import service, hosts the analytics service
  // (it owns the thread's store connection) and counts import items in telemetry/metrics.ts.
  writer: ["model", "import", "analytics", "store", "telemetry", "root:errors", "root:config"],
  // The indexer takes what a batch wrote as the writer thread's change batch
  // (model/change-batch.ts), never the import's HTTP answer: it imports nothing of import/. The
  // index thread reads its config and the partitions of the domains it serves.
  indexing: ["model", "search", "store", "tenancy", "root:config"],
  // Recorded queries are normalised as the engine normalises them (search/analysis, pure).
  analytics: ["model", "store", "search"],
  tenancy: ["model", "store", "root:errors"],
  // Feeds are read into bulk items and checked by the bulk import's validators; a feed's
  // language is told as the engine tells a word's, and category ids hashed as partitions are;
  // the puller of registered feeds keeps their runs through the store's FeedStore interface.
  // Its batches are cut by the back-office client's batcher (clients/backoffice/batches.ts).
  feeds: ["model", "import", "writer", "search", "store", "tenancy", "clients", "root:errors"],
  http: [
    "feeds",
    "telemetry",
    "model",
    "import",
    "writer",
    "search",
    "indexing",
    "analytics",
    "tenancy",
    "store",
    "root:errors",
    "root:config",
  ],
  // Clients of the HTTP API that run elsewhere: the InstantSearch client, in shoppers'
  // browsers (the wire shapes of model/ as types only, which a bundle drops: rule 7), and the
  // back-office client, in a store's Node or Bun code (model/'s bulk limits too).
  clients: ["model"],
  // The CLI's commands: the entry point split into a folder, it assembles every layer.
  cli: ["*"],
  root: ["*"],
};

const files = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? files(join(dir, e.name)) : e.name.endsWith(".ts") ? [join(dir, e.name)] : [],
  );

const IMPORT =
  /(?:^|[\s;])(?:import|export)\s[^"';]*?from\s*["']([^"']+)["']|import\s*\(\s*["']([^"']+)["']\s*\)|^import\s+["']([^"']+)["']/gm;

function specifiers(source: string): string[] {
  return [...source.matchAll(IMPORT)].map((m) => (m[1] ?? m[2] ?? m[3]) as string);
}

/** `search` for src/search/query/rank.ts, `root:errors` for src/errors.ts; null outside src/. */
function layerOf(path: string): string | null {
  const rel = relative(SRC, path);
  if (rel.startsWith("..")) return null;
  const parts = rel.split("/");
  return parts.length === 1
    ? `root:${(parts[0] as string).replace(/\.ts$/, "")}`
    : (parts[0] as string);
}

const allowed = (from: string, to: string): boolean => {
  const own = from in MAY_IMPORT ? from : from.startsWith("root:") ? "root" : from;
  if (own === to) return true;
  const row = MAY_IMPORT[own] ?? [];
  return row.includes("*") || row.includes(to);
};

test("the extractor sees static, type, re-export and dynamic imports", () => {
  expect(
    specifiers(
      'import { a } from "./a.ts";\nimport type { B } from "../b.ts";\nexport { c } from "./c.ts";\nconst d = await import("../d.ts");\nimport "./e.ts";\nimport {\n  f,\n} from "./f.ts";',
    ),
  ).toEqual(["./a.ts", "../b.ts", "./c.ts", "../d.ts", "./e.ts", "./f.ts"]);
});

test("1-3. every import of src/ points the way the layers allow", () => {
  const wrong: string[] = [];
  for (const file of files(SRC)) {
    const from = layerOf(file) as string;
    const name = relative(SRC, file);
    if (!from.startsWith("root:") && !(from in MAY_IMPORT))
      wrong.push(`src/${name}: the folder "${from}" is no layer of test/layers.test.ts`);
    for (const spec of specifiers(readFileSync(file, "utf8"))) {
      if (!spec.startsWith(".")) continue; // a package
      const target = resolve(dirname(file), spec);
      const to = layerOf(target);
      // The package's own manifest (the CLI's --version) is data, not a layer.
      const fixture = name.endsWith(".test.ts") && !relative(FIXTURES, target).startsWith("..");
      if (to === null && !target.endsWith("/package.json") && !fixture) {
        wrong.push(`src/${name} imports ${relative(join(SRC, ".."), target)}, outside src/`);
        continue;
      }
      if (to !== null && !name.endsWith(".test.ts") && !allowed(from, to))
        wrong.push(`src/${name} (${from}) imports src/${relative(SRC, target)} (${to})`);
    }
  }
  expect(wrong).toEqual([]);
});

test("4. the table points one way: no layer reaches itself through the rows", () => {
  const wrong: string[] = [];
  for (const [layer, row] of Object.entries(MAY_IMPORT))
    for (const to of row)
      if (to === "*" ? layer !== "cli" && layer !== "root" : !(to in MAY_IMPORT) || to === "root")
        wrong.push(`${layer} -> ${to}`);
  /** The path from `layer` back to `start` through the rows, or null. */
  const back = (start: string, layer: string, seen: Set<string>): string[] | null => {
    for (const to of MAY_IMPORT[layer] ?? []) {
      if (to === start) return [to];
      if (to === "*" || seen.has(to)) continue;
      seen.add(to);
      const rest = back(start, to, seen);
      if (rest) return [to, ...rest];
    }
    return null;
  };
  for (const layer of Object.keys(MAY_IMPORT)) {
    const path = back(layer, layer, new Set());
    if (path) wrong.push([layer, ...path].join(" -> "));
  }
  expect(wrong).toEqual([]);
});

/** Every circle of files (Tarjan's strongly connected components), each as sorted paths. */
function circles(graph: Map<string, readonly string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string): void => {
    index.set(v, index.size);
    low.set(v, index.get(v) as number);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v) as number, low.get(w) as number));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v) as number, index.get(w) as number));
    }
    if (low.get(v) !== index.get(v)) return;
    const part: string[] = [];
    let w: string;
    do {
      w = stack.pop() as string;
      onStack.delete(w);
      part.push(w);
    } while (w !== v);
    if (part.length > 1 || graph.get(v)?.includes(v)) found.push(part.sort());
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return found;
}

test("circles are found: a loop of three, a file importing itself; a chain is none", () => {
  const graph = new Map([
    ["a", ["b"]],
    ["b", ["c"]],
    ["c", ["a", "d"]],
    ["d", ["e"]],
    ["e", []],
    ["f", ["f"]],
  ]);
  expect(circles(graph)).toEqual([["a", "b", "c"], ["f"]]);
});

test("5. no circle of imports among the files of src/, bench/, lexicon/ and test/", () => {
  const root = join(SRC, "..");
  const graph = new Map<string, string[]>();
  for (const dir of ["src", "bench", "lexicon", "test"])
    for (const file of files(join(root, dir))) {
      const targets = specifiers(readFileSync(file, "utf8"))
        .filter((spec) => spec.startsWith("."))
        .map((spec) => resolve(dirname(file), spec))
        .filter((target) => target.endsWith(".ts") && existsSync(target));
      graph.set(
        relative(root, file),
        targets.map((t) => relative(root, t)),
      );
    }
  expect(circles(graph).map((c) => c.join(" "))).toEqual([]);
});

test("6. outside src/search/, only src/search/engine.ts is imported", () => {
  const SEARCH = join(SRC, "search");
  const FACADE = join(SEARCH, "engine.ts");
  const inside = (path: string) => !relative(SEARCH, path).startsWith("..");
  const wrong: string[] = [];
  for (const file of files(SRC)) {
    if (inside(file)) continue;
    for (const spec of specifiers(readFileSync(file, "utf8"))) {
      if (!spec.startsWith(".")) continue;
      const target = resolve(dirname(file), spec);
      if (inside(target) && target !== FACADE)
        wrong.push(`src/${relative(SRC, file)} imports src/${relative(SRC, target)}`);
    }
  }
  expect(wrong).toEqual([]);
});

const CLIENT_IMPORT = /^(import|export)\s+(type\s+)?[^;]*?from\s*["']([^"']+)["']/gm;

/** The imports of `file` that stay at run time (not `import type`), resolved when relative. */
const valueImports = (file: string): string[] =>
  [...readFileSync(file, "utf8").matchAll(CLIENT_IMPORT)]
    .filter((m) => m[2] === undefined)
    .map((m) => m[3] as string)
    .map((spec) => (spec.startsWith(".") ? resolve(dirname(file), spec) : spec));

test("7. clients/ takes only types from the other layers (the back-office client: import-free constants too)", () => {
  const CLIENTS = join(SRC, "clients");
  const BROWSER = join(CLIENTS, "instantsearch");
  const wrong: string[] = [];
  for (const file of files(CLIENTS)) {
    if (file.endsWith(".test.ts")) continue;
    const own = relative(BROWSER, file).startsWith("..") ? join(CLIENTS, "backoffice") : BROWSER;
    for (const target of valueImports(file)) {
      if (!relative(own, target).startsWith("..")) continue;
      // The back-office client runs in a store's Node or Bun code, not in a page: it may take
      // a constant of model/ from a file that imports nothing (the bulk limits), no package.
      const leaf = own !== BROWSER && target.startsWith("/") && valueImports(target).length === 0;
      if (!leaf) wrong.push(`src/${relative(SRC, file)} imports ${relative(SRC, target)}`);
    }
  }
  expect(wrong).toEqual([]);
});

test("8. no file of test/ imports bench/, save the benchmarks' own tests", () => {
  const root = join(SRC, "..");
  const BENCH = join(root, "bench");
  const own = (file: string) => /^test\/(bench|[\w-]+-bench)\.test\.ts$/.test(relative(root, file));
  const wrong: string[] = [];
  for (const file of files(join(root, "test"))) {
    if (own(file)) continue;
    for (const spec of specifiers(readFileSync(file, "utf8")))
      if (spec.startsWith(".") && !relative(BENCH, resolve(dirname(file), spec)).startsWith(".."))
        wrong.push(`${relative(root, file)} imports ${spec}`);
  }
  expect(wrong).toEqual([]);
});
