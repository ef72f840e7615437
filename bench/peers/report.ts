// The peers' benchmark's table: one column per engine, then Vitrina ÷ each peer. Pure.

import { percentile } from "../suite/report.ts";

/** What one engine did in the run. */
export interface EngineFigures {
  name: string;
  /** Products acknowledged per second by the fresh import. */
  importPerSecond: number;
  /** From the last batch's acknowledgement to its last product in the first ten answers, ms. */
  lastSearchableMs: number | null;
  classes: ClassFigures[];
}

export interface ClassFigures {
  name: string;
  /** Each query's round trip from the client, ms. */
  ms: number[];
  /** The engine's own time per query where it says it (Vitrina's Server-Timing), ms. */
  serverMs: number[];
  /** Queries with at least one answer. */
  answered: number;
  /** Queries drawn from a product, and those whose first ten answers hold it. */
  drawn: number;
  found: number;
}

const f = (n: number, digits: number) => n.toFixed(digits);
const int = (n: number) => Math.round(n).toLocaleString("en");
const ratio = (a: number | null, b: number | null) =>
  a === null || b === null || b === 0 ? "" : `${f(a / b, 2)}×`;

interface Row {
  label: string;
  values: (number | null)[];
  show: (n: number) => string;
}

function rows(engines: readonly EngineFigures[]): Row[] {
  const names = engines[0]?.classes.map((c) => c.name) ?? [];
  const classOf = (e: EngineFigures, name: string) => e.classes.find((c) => c.name === name);
  const out: Row[] = [
    {
      label: "fresh import, 1 client × 1,000 items, products/s (acknowledged)",
      values: engines.map((e) => e.importPerSecond),
      show: int,
    },
    {
      label: "last product in the first ten answers after its acknowledgement, ms",
      values: engines.map((e) => e.lastSearchableMs),
      show: (n) => f(n, 1),
    },
  ];
  for (const name of names) {
    const at = (pick: (c: ClassFigures) => number | null) =>
      engines.map((e) => {
        const c = classOf(e, name);
        return c?.ms.length ? pick(c) : null;
      });
    const ms = (n: number) => f(n, 3);
    out.push(
      { label: `${name}: p50 ms`, values: at((c) => percentile(c.ms, 50)), show: ms },
      { label: `${name}: p99 ms`, values: at((c) => percentile(c.ms, 99)), show: ms },
    );
    if (engines.some((e) => classOf(e, name)?.serverMs.length))
      out.push(
        ...[50, 99].map((p) => ({
          label: `${name}: the server's own time (Server-Timing), p${p} ms`,
          values: at((c) => (c.serverMs.length ? percentile(c.serverMs, p) : null)),
          show: ms,
        })),
      );
    out.push({
      label: `${name}: answered (at least one product)`,
      values: at((c) => c.answered / c.ms.length),
      show: (n) => `${f(100 * n, 1)}%`,
    });
    if (engines.some((e) => (classOf(e, name)?.drawn ?? 0) > 0))
      out.push({
        label: `${name}: its product in the first ten`,
        values: at((c) => (c.drawn ? c.found / c.drawn : null)),
        show: (n) => `${f(100 * n, 1)}%`,
      });
  }
  return out;
}

/** engine × figure, Vitrina (the first engine) ÷ each other one. */
export function peersTable(engines: readonly EngineFigures[]): string {
  const peers = engines.slice(1).map((e) => e.name);
  const head = `| figure | ${engines.map((e) => e.name).join(" | ")} |${peers.map((p) => ` Vitrina ÷ ${p} |`).join("")}`;
  const line = `|---|${engines.map(() => "---:|").join("")}${peers.map(() => "---:|").join("")}`;
  const body = rows(engines).map(({ label, values, show }) => {
    const cells = values.map((v) => (v === null ? "" : show(v)));
    const ratios = values.slice(1).map((v) => ratio(values[0] ?? null, v));
    return `| ${label} | ${cells.join(" | ")} |${ratios.map((r) => ` ${r} |`).join("")}`;
  });
  return [head, line, ...body].join("\n");
}
