// The peers' table: one column per engine, Vitrina ÷ each peer, empty where a figure is not had.
import { expect, test } from "bun:test";
import { type EngineFigures, peersTable } from "./report.ts";

const engine = (
  name: string,
  perSecond: number,
  ms: number[],
  serverMs: number[],
): EngineFigures => ({
  name,
  importPerSecond: perSecond,
  lastSearchableMs: name === "Sphinx" ? null : 12.5,
  classes: [
    { name: "typo", ms, serverMs, answered: 3, drawn: 4, found: name === "Sphinx" ? 0 : 2 },
    { name: "no-product", ms, serverMs, answered: 0, drawn: 0, found: 0 },
  ],
});

test("engine × figure, then Vitrina ÷ each peer", () => {
  const table = peersTable([
    engine("Vitrina", 12_000, [1, 2, 3, 4], [0.5, 0.5, 0.5, 0.5]),
    engine("Sphinx", 16_000, [0.5, 0.5, 1, 1], []),
  ]);
  expect(table.split("\n")).toEqual([
    "| figure | Vitrina | Sphinx | Vitrina ÷ Sphinx |",
    "|---|---:|---:|---:|",
    "| fresh import, 1 client × 1,000 items, products/s (acknowledged) | 12,000 | 16,000 | 0.75× |",
    "| last product in the first ten answers after its acknowledgement, ms | 12.5 |  |  |",
    "| typo: p50 ms | 3.000 | 1.000 | 3.00× |",
    "| typo: p99 ms | 4.000 | 1.000 | 4.00× |",
    "| typo: the server's own time (Server-Timing), p50 ms | 0.500 |  |  |",
    "| typo: the server's own time (Server-Timing), p99 ms | 0.500 |  |  |",
    "| typo: answered (at least one product) | 75.0% | 75.0% | 1.00× |",
    "| typo: its product in the first ten | 50.0% | 0.0% |  |",
    "| no-product: p50 ms | 3.000 | 1.000 | 3.00× |",
    "| no-product: p99 ms | 4.000 | 1.000 | 4.00× |",
    "| no-product: the server's own time (Server-Timing), p50 ms | 0.500 |  |  |",
    "| no-product: the server's own time (Server-Timing), p99 ms | 0.500 |  |  |",
    "| no-product: answered (at least one product) | 0.0% | 0.0% |  |",
  ]);
});
