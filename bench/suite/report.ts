import { readFileSync, writeFileSync } from "node:fs";
import { cpus, totalmem } from "node:os";
import type { Histogram } from "hdr-histogram-js";

export const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};

export const machine = () =>
  `${cpus().length} cores (${cpus()[0]?.model.trim() ?? "unknown CPU"}), ${Math.round(totalmem() / 2 ** 30)} GiB, Bun ${Bun.version}`;

/** Replaces the text between `<!-- NAME:start -->` and `<!-- NAME:end -->`, or appends it. */
export function writeSection(path: string, name: string, body: string): void {
  let text = "";
  try {
    text = readFileSync(path, "utf8");
  } catch {}
  const start = `<!-- ${name}:start -->`;
  const end = `<!-- ${name}:end -->`;
  const block = `${start}\n${body.trim()}\n${end}`;
  const i = text.indexOf(start);
  const j = text.indexOf(end);
  text =
    i >= 0 && j > i
      ? text.slice(0, i) + block + text.slice(j + end.length)
      : `${text.trimEnd()}\n\n${block}\n`;
  writeFileSync(path, text);
}

/** Latency distributions as an SVG line plot: x = percentile (log scale of 1/(1-p)), y = ms. */
export function latencySvg(series: { name: string; histogram: Histogram }[]): string {
  const W = 760;
  const H = 360;
  const pad = { l: 60, r: 160, t: 20, b: 40 };
  const percentiles = [0, 50, 75, 90, 95, 99, 99.5, 99.9, 99.99];
  const xOf = (p: number) => Math.log10(1 / (1 - Math.min(p, 99.99) / 100)) / 4;
  const maxMs = Math.max(...series.map((s) => s.histogram.getValueAtPercentile(99.99) / 1000), 1);
  const x = (p: number) => pad.l + xOf(p) * (W - pad.l - pad.r);
  const y = (v: number) => H - pad.b - (v / maxMs) * (H - pad.t - pad.b);
  const colors = ["#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e"];
  let svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" font-family="sans-serif" font-size="11">`;
  svg += `<rect width="${W}" height="${H}" fill="white"/>`;
  for (const p of percentiles) {
    svg += `<line x1="${x(p)}" x2="${x(p)}" y1="${pad.t}" y2="${H - pad.b}" stroke="#eee"/>`;
    svg += `<text x="${x(p)}" y="${H - pad.b + 14}" text-anchor="middle">p${p}</text>`;
  }
  for (let k = 0; k <= 4; k++) {
    const v = (maxMs * k) / 4;
    svg += `<text x="${pad.l - 6}" y="${y(v) + 4}" text-anchor="end">${v.toFixed(2)} ms</text>`;
  }
  series.forEach((s, i) => {
    const color = colors[i % colors.length];
    const points = percentiles
      .map((p) => `${x(p)},${y(s.histogram.getValueAtPercentile(p) / 1000)}`)
      .join(" ");
    svg += `<polyline fill="none" stroke="${color}" stroke-width="2" points="${points}"/>`;
    svg += `<text x="${W - pad.r + 10}" y="${pad.t + 14 * (i + 1)}" fill="${color}">${s.name}</text>`;
  });
  svg += `<text x="${pad.l}" y="${H - 6}">latency by percentile (whole HTTP round trip)</text></svg>`;
  return svg;
}
