// The tables of the mixed-load benchmark (bench/mixed-load.ts): the targets of issue 20 point 2
// with each figure's ratio within the run first, then the stream, the time to visible per
// search thread, the searches alone and under each load, and the profile when one was taken.

import { RAMP_MS } from "../workloads/price-stream.ts";
import type {
  MixedLoadOptions,
  MixedLoadResult,
  Searches,
  StreamRun,
  WrkRun,
} from "./mixed-load-results.ts";
import { machine, percentile } from "./report.ts";

type Result = Omit<MixedLoadResult, "table">;

const int = (n: number) => Math.round(n).toLocaleString("en");
const f = (n: number, digits = 1) => (Number.isFinite(n) ? n.toFixed(digits) : "∞");
const ratio = (n: number, d: number) => (d > 0 ? n / d : Number.NaN);
const x = (r: number) => `${f(r, 2)}×`;
const ok = (met: boolean) => (met ? "met" : "**not met**");
const spread = (ms: readonly number[]) =>
  ms.length
    ? `${f(percentile([...ms], 50))} / ${f(percentile([...ms], 99))} / ${f(Math.max(...ms))}`
    : "–";
/** A run's p99, infinite when nothing was answered in it (wrk then reports 0). */
const p99Of = (w: WrkRun) => (w.requests > 0 ? w.p99Ms : Number.POSITIVE_INFINITY);
const changesPerSecond = (run: StreamRun) => run.stream.changes / run.stream.seconds;
const changesAlonePerSecond = (run: StreamRun) => run.alone.changes / run.alone.seconds;

/** Alone before and after the streams, averaged: what the runs under load are divided by. */
function baseline(r: Result): Searches {
  const mean = (a: WrkRun, b: WrkRun): WrkRun => ({
    ...a,
    requests: Math.min(a.requests, b.requests),
    perSecond: (a.perSecond + b.perSecond) / 2,
    p50Ms: (a.p50Ms + b.p50Ms) / 2,
    p99Ms: (p99Of(a) + p99Of(b)) / 2,
  });
  const [a, b] = [r.alone, r.aloneAfter];
  return {
    aNew: mean(a.aNew, b.aNew),
    aRepeating: mean(a.aRepeating, b.aRepeating),
    bNew: mean(a.bNew, b.bNew),
  };
}

/** The run the targets are read from: the issue's 4 clients × 100 items, else the first. */
const targetRun = (r: Result) =>
  r.runs.find((run) => run.clients === 4 && run.batch === 100) ?? r.runs[0];

/** The slowest lane's time to the import's last product, or null when one never showed it. */
const lastVisible = (r: Result) =>
  r.fresh.lastVisible.some((l) => l.ms === null)
    ? null
    : Math.max(0, ...r.fresh.lastVisible.map((l) => l.ms ?? 0));

/** The spread import beside the one store's: no target, the ratio is what masters change. */
function spreadRow(r: Result): string {
  const s = r.spread;
  if (!s) return "";
  const on =
    r.mode === "Redis Cluster"
      ? `on ${s.masters} master${s.masters > 1 ? "s" : ""}`
      : "on one Redis";
  return `\n| spread import: ${s.stores} stores at once, 1 client each, ${on} | ${int(s.perSecond)} products/s | ${x(ratio(s.perSecond, r.fresh.perSecond))} the fresh import's | | |`;
}

function targets(r: Result): string {
  const run = targetRun(r);
  const visible = lastVisible(r);
  const importRow = `| fresh import, 1 client, 1,000-item batches | ${int(r.fresh.perSecond)} products/s | | ≥ 30,000/s | ${ok(r.fresh.perSecond >= 30_000)} |
| its last product in answers on every thread, after its acknowledgement | ${visible === null ? "never" : `${f(visible)} ms`} | | ≤ 100 ms | ${ok(visible !== null && visible <= 100)} |${spreadRow(r)}`;
  if (!run) return importRow;
  const perSecond = changesPerSecond(run);
  const vsImport = ratio(perSecond, r.fresh.perSecond);
  const base = baseline(r);
  const [alone, during] = [base.aNew, run.searches.aNew];
  const qps = ratio(during.perSecond, alone.perSecond);
  const p99 = ratio(p99Of(during), p99Of(alone));
  const seen = run.probes.everywhere;
  const [v50, v99] = [percentile([...seen], 50), percentile([...seen], 99)];
  const fresh = seen.length > 0 && run.probes.missed === 0 && v50 <= 20 && v99 <= 100;
  const bDuring = ratio(p99Of(run.searches.bNew), p99Of(base.bNew));
  const flood = r.flood ? ratio(p99Of(r.flood.b), p99Of(base.bNew)) : null;
  const floodRow =
    flood === null
      ? ""
      : `\n| second store's search p99 with the flood on the first store's token ÷ alone (point 5) | ${r.flood ? f(p99Of(r.flood.b), 2) : ""} / ${f(p99Of(base.bNew), 2)} ms | ${x(flood)} | ≤ 2× | ${ok(flood <= 2)} |`;
  const quiet = changesAlonePerSecond(run);
  const quietVsImport = ratio(quiet, r.fresh.perSecond);
  return `| changes acknowledged/s, ${run.clients} clients × ${run.batch} items, no searches | ${int(quiet)} | ${x(quietVsImport)} the fresh import's products/s | ≥ 20,000/s and ≥ 1× | ${ok(quiet >= 20_000 && quietVsImport >= 1)} |
| changes acknowledged/s, ${run.clients} clients × ${run.batch} items, beside wrk's searches | ${int(perSecond)} | ${x(vsImport)} the fresh import's products/s | ≥ 20,000/s and ≥ 1× | ${ok(perSecond >= 20_000 && vsImport >= 1)} |
| searches/s during ÷ alone (new queries) | ${int(during.perSecond)} / ${int(alone.perSecond)} | ${x(qps)} | ≥ 0.80× | ${ok(qps >= 0.8)} |
| search p99 during ÷ alone (new queries) | ${f(p99Of(during), 2)} / ${f(p99Of(alone), 2)} ms | ${x(p99)} | ≤ 2× | ${ok(p99 <= 2)} |
| acknowledgement → new price in answers on every thread, p50 / p99 / max | ${spread(seen)} ms (${seen.length} probes, ${run.probes.missed} missed) | | p50 ≤ 20, p99 ≤ 100 ms | ${ok(fresh)} |
${importRow}
| second store's search p99 during the stream ÷ alone (point 1) | ${f(p99Of(run.searches.bNew), 2)} / ${f(p99Of(base.bNew), 2)} ms | ${x(bDuring)} | ≤ 2× (point 5) | ${ok(bDuring <= 2)} |${floodRow}`;
}

function streamRows(r: Result): string {
  return r.runs
    .map((run) => {
      const s = run.stream;
      const cpu = run.cpu.map(([name, t]) => `${name} ${f(t.run, 2)} (${f(t.wait, 2)})`).join(", ");
      return `| ${run.clients} × ${run.batch} | ${int(changesAlonePerSecond(run))} (${spread(run.alone.ackMs)}) | ${int(changesPerSecond(run))} | ${x(ratio(changesPerSecond(run), r.fresh.perSecond))} | ${int(s.batches)} | ${spread(s.ackMs)} | ${spread(run.probes.everywhere)} | ${run.probes.everywhere.length} (${run.probes.missed}) | ${cpu} |`;
    })
    .join("\n");
}

function laneRows(r: Result): string {
  const rows = r.fresh.lastVisible.map(
    (l) =>
      `| fresh import, its last product | ${l.lane} | ${l.ms === null ? "never" : f(l.ms)} | | | 1 |`,
  );
  for (const run of r.runs)
    for (const [lane, ms] of [...run.probes.perLane].sort())
      rows.push(
        `| ${run.clients} × ${run.batch} | ${lane} | ${f(percentile([...ms], 50))} | ${f(percentile([...ms], 99))} | ${f(Math.max(...ms))} | ${ms.length} |`,
      );
  return rows.join("\n");
}

function searchRow(store: string, load: string, w: WrkRun, alone: WrkRun | null): string {
  const vs = (n: number, d: number) => (alone ? x(ratio(n, d)) : "");
  const none = w.requests === 0;
  const p50 = none ? Number.POSITIVE_INFINITY : w.p50Ms;
  return `| ${store} | ${load} | ${int(w.perSecond)} | ${vs(w.perSecond, alone?.perSecond ?? 0)} | ${f(p50, 2)} | ${f(p99Of(w), 2)} | ${vs(p99Of(w), alone ? p99Of(alone) : 0)} | ${f(w.maxMs)} | ${w.non2xx} | ${w.socketErrors} | ${int(w.repeated)} |`;
}

function searchRows(r: Result): string {
  const of = (s: Searches, load: string, alone: Searches | null) => [
    searchRow("first, new queries", load, s.aNew, alone?.aNew ?? null),
    searchRow("first, repeating mix", load, s.aRepeating, alone?.aRepeating ?? null),
    searchRow("second, new queries", load, s.bNew, alone?.bNew ?? null),
  ];
  const base = baseline(r);
  const rows = [
    ...of(r.alone, "alone, before the streams", null),
    ...of(r.aloneAfter, "alone, after the streams", null),
    ...r.runs.flatMap((run) => of(run.searches, `stream ${run.clients} × ${run.batch}`, base)),
  ];
  if (r.flood)
    rows.push(searchRow("second, new queries", "flood on the first's token", r.flood.b, base.bNew));
  return rows.join("\n");
}

function floodLine(r: Result, o: MixedLoadOptions): string {
  if (!r.flood) return "";
  const { sent, dropped, statuses, ms } = r.flood.flood;
  const counts = Object.entries(statuses)
    .map(([status, n]) => `${int(n)} × ${status === "0" ? "failed" : status}`)
    .join(", ");
  return `\nThe flood: ${int(sent)} random 200-character queries in ${o.seconds + 1} s (${o.floodRate}/s due; ${int(dropped)} not sent
while 256 were unanswered) on the first store's token, answered ${counts}; their round trip
p50 / p99 / max ${spread(ms)} ms.\n`;
}

function profileTable(r: Result): string {
  if (!r.profile) return "";
  const rows = (list: NonNullable<Result["profile"]>["functions"]) =>
    list
      .map((fn) => `| ${f(fn.share * 100)}% | ${f(fn.totalShare * 100)}% | \`${fn.name}\` |`)
      .join("\n");
  return `
Node A's main thread during the streams (\`bun --cpu-prof\`, ${int(r.profile.samples)} samples of 1 ms; the
writer thread and the search threads are not profiled), by self time:

| self | total (with callees) | function |
|---:|---:|---|
${rows(r.profile.functions)}

The project's functions by total time (what the time above is spent under):

| self | total (with callees) | function |
|---:|---:|---|
${rows(r.profile.byTotal)}
`;
}

export function mixedLoadTables(r: Result, o: MixedLoadOptions, command: string): string {
  const load = (l: number[]) => l.map((v) => v.toFixed(2)).join(" ");
  const nodes =
    r.mode === "embedded" ? "one node" : "two nodes (A takes the stream and wrk; probes on both)";
  const cluster = o.cluster
    ? `, ${o.cluster.masters} master${o.cluster.masters > 1 ? "s" : ""} × ${o.cluster.replicas} replica${o.cluster.replicas === 1 ? "" : "s"}`
    : "";
  const placement = r.placement ? ` Domains (by slot): ${r.placement}.` : "";
  return `### Mixed load, ${r.mode} mode${cluster}, ${o.products.toLocaleString("en")} products (${o.catalog} catalog)

Command: \`${command}\`
on ${machine()}, ${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC; load average
(1, 5, 15 min) ${load(r.load[0])} before, ${load(r.load[1])} after. ${nodes}; search threads
(node/thread): ${r.lanes.join(", ")}. wrk: ${o.connections} connections, ${o.seconds} s a run, new queries each
URL once; a stream runs from ${RAMP_MS / 1000} s before its three wrk runs to their end. The fresh import
took ${f(r.fresh.seconds)} s.${r.spread ? ` The spread import took ${f(r.spread.seconds)} s.` : ""}${placement}

Targets (issue 20, point 2), each with its ratio within this run ("alone": the mean of the runs
alone before and after the streams, as the machine's speed drifts):

| figure | value | ratio | target | |
|---|---:|---:|---|---|
${targets(r)}

The price stream (each item a full product: new price, old price, availability, warehouse stock),
first with no searches, then beside wrk's (the columns after the first two):

| clients × items | no searches: changes/s (ack p50 / p99 / max ms) | changes/s | ÷ fresh import | batches | ack p50 / p99 / max ms | ack → visible on every thread p50 / p99 / max ms | probes (missed) | node A by thread: s run per s (s waiting for a CPU) |
|---|---:|---:|---:|---:|---:|---:|---:|---|
${streamRows(r)}

Node A's threads are read from /proc (schedstat: time on a CPU, and time runnable but waiting
for one, by other threads or by other processes of the machine); Bun names every Worker
"Worker", numbered here in the order they started (src/server.ts): ${r.mode === "embedded" ? "the checkpoint thread, the index thread, the writer thread, then the search threads" : "the index thread, the writer thread, then the search threads"}.

Acknowledgement → the new price in a search answer, per search thread (ms):

| load | node/thread | p50 | p99 | max | probes |
|---|---|---:|---:|---:|---:|
${laneRows(r)}

Searches (wrk; latency in ms):

| store, mix | load | searches/s | ÷ alone (mean) | p50 | p99 | p99 ÷ alone (mean) | max | non-2xx | socket errors | URLs asked again |
|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|
${searchRows(r)}
${floodLine(r, o)}${profileTable(r)}`;
}
