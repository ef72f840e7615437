// The progress line of `feed import` (progress.ts). Properties checked:
//  1. each phase's line: bytes read of the size, planning, records written with the rate
//  2. redrawn in place with \r at most every REDRAW_MS; the last batch and the planning step are
//     drawn at once; a shorter line covers the longer one before it; end() clears the line
import { expect, test } from "bun:test";
import { progressLine, REDRAW_MS, terminalProgress } from "./progress.ts";

test("1. each phase's line", () => {
  const MB = 1024 * 1024;
  expect([
    progressLine({ phase: "reading", bytes: 3 * MB, totalBytes: 12 * MB, seconds: 1.26 }),
    progressLine({ phase: "reading", bytes: 3 * MB, totalBytes: null, seconds: 1 }),
    progressLine({ phase: "planning", bytes: 12 * MB, seconds: 2 }),
    progressLine({ phase: "writing", done: 12_000, total: 48_000, seconds: 3, perSecond: null }),
    progressLine({
      phase: "writing",
      done: 24_000,
      total: 48_000,
      seconds: 4,
      perSecond: 12_000.4,
    }),
  ]).toEqual([
    "reading the feed: 3.0 MB of 12.0 MB (25%), 1.3 s",
    "reading the feed: 3.0 MB, 1.0 s",
    "planning: 12.0 MB read, 2.0 s",
    "writing: 12,000/48,000 offers and categories (25%), 3.0 s",
    "writing: 24,000/48,000 offers and categories (50%), 12,000/s, 4.0 s",
  ]);
});

test("2. redrawn at most every REDRAW_MS, the end drawn at once, then cleared", () => {
  let t = 0;
  let shown = "";
  const progress = terminalProgress({ write: (text) => (shown += text) }, 2000, () => t);
  for (const [at, bytes] of [
    [0, 500],
    [REDRAW_MS / 2, 1000],
    [REDRAW_MS, 2000],
  ] as const) {
    t = at;
    progress.read(bytes);
  }
  progress.planning(2000);
  t = 1000;
  progress.wrote(10, 20);
  t = 1000 + REDRAW_MS / 2;
  progress.wrote(20, 20);
  progress.end();
  const planning = "planning: 0.0 MB read, 0.1 s";
  const reading = "reading the feed: 0.0 MB of 0.0 MB (100%), 0.1 s";
  const last = "writing: 20/20 offers and categories (100%), 200/s, 1.1 s";
  expect(shown.split("\r")).toEqual([
    "",
    "reading the feed: 0.0 MB of 0.0 MB (25%), 0.0 s",
    reading,
    planning + " ".repeat(reading.length - planning.length),
    "writing: 10/20 offers and categories (50%), 1.0 s",
    last,
    " ".repeat(last.length),
    "",
  ]);
});
