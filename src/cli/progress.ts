// The progress line of a long CLI run (`feed import`), drawn on a terminal only: one line
// redrawn in place with \r, at most every REDRAW_MS, cleared before the run's summary. A run
// reads (and plans) the whole feed first, then writes it: each phase has its own figures.

export const REDRAW_MS = 100;

export type ProgressState =
  | { phase: "reading"; bytes: number; totalBytes: number | null; seconds: number }
  | { phase: "planning"; bytes: number; seconds: number }
  /** `perSecond` null until a second batch has been written. */
  | { phase: "writing"; done: number; total: number; seconds: number; perSecond: number | null };

const MB = 1024 * 1024;
const mb = (bytes: number) => `${(bytes / MB).toFixed(1)} MB`;
const count = (n: number) => n.toLocaleString("en-US");

/** The line for a state, without \r: what the terminal shows. */
export function progressLine(s: ProgressState): string {
  const took = `${s.seconds.toFixed(1)} s`;
  if (s.phase === "planning") return `planning: ${mb(s.bytes)} read, ${took}`;
  if (s.phase === "reading") {
    const of = s.totalBytes === null ? "" : ` of ${mb(s.totalBytes)}`;
    const share = s.totalBytes ? ` (${Math.floor((100 * s.bytes) / s.totalBytes)}%)` : "";
    return `reading the feed: ${mb(s.bytes)}${of}${share}, ${took}`;
  }
  const share = s.total > 0 ? ` (${Math.floor((100 * s.done) / s.total)}%)` : "";
  const rate = s.perSecond === null ? "" : `, ${count(Math.round(s.perSecond))}/s`;
  return `writing: ${count(s.done)}/${count(s.total)} offers and categories${share}${rate}, ${took}`;
}

export interface Progress {
  /** Bytes of the feed read so far. */
  read(bytes: number): void;
  /** The feed is read whole: the run plans it before it writes. */
  planning(bytes: number): void;
  /** Records written so far of all to write. */
  wrote(done: number, total: number): void;
  /** Clears the line: what is printed next starts at the line's beginning. */
  end(): void;
}

/** No terminal: nothing drawn. */
export const SILENT: Progress = { read() {}, planning() {}, wrote() {}, end() {} };

/** The progress line on `out` (a terminal), redrawn at most every REDRAW_MS. */
export function terminalProgress(
  out: { write(text: string): unknown },
  totalBytes: number | null,
  now: () => number = () => performance.now(),
): Progress {
  const started = now();
  // The rate counts from the first batch written (its answer is when the run tells of it).
  let first: { t: number; done: number } | null = null;
  let drawn = Number.NEGATIVE_INFINITY;
  let width = 0;
  const draw = (state: ProgressState, force = false) => {
    const t = now();
    if (!force && t - drawn < REDRAW_MS) return;
    drawn = t;
    const line = progressLine(state);
    // Spaces over what a longer previous line left.
    out.write(`\r${line}${" ".repeat(Math.max(0, width - line.length))}`);
    width = line.length;
  };
  return {
    read(bytes) {
      draw({ phase: "reading", bytes, totalBytes, seconds: (now() - started) / 1000 });
    },
    planning(bytes) {
      draw({ phase: "planning", bytes, seconds: (now() - started) / 1000 }, true);
    },
    wrote(done, total) {
      const t = now();
      first ??= { t, done };
      const since = (t - first.t) / 1000;
      draw(
        {
          phase: "writing",
          done,
          total,
          seconds: (t - started) / 1000,
          perSecond: since > 0 ? (done - first.done) / since : null,
        },
        done === total,
      );
    },
    end() {
      if (width > 0) out.write(`\r${" ".repeat(width)}\r`);
      width = 0;
    },
  };
}
