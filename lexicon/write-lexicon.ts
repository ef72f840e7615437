import { writeFileSync } from "node:fs";

/**
 * Writes lexicon/NAME as src/search/analysis/lexicon.ts reads it: the notice (sources,
 * licence) as `#` lines, then one datum a line. Returns the path written.
 */
export function writeLexicon(name: string, notice: string, lines: readonly string[]): string {
  const path = new URL(name, import.meta.url).pathname;
  const head = notice
    .trim()
    .split("\n")
    .map((line) => `# ${line}`.trimEnd());
  writeFileSync(path, `${[...head, ...lines].join("\n")}\n`);
  return path;
}
