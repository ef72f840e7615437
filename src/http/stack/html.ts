import type { Range } from "../../search/engine.ts";

// HTML text for what the service writes into markup: its pages and the `name_html` of a
// highlighted search answer (the engine gives ranges; marking them up is the edge's job).

const ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c] as string);
}

/** `name` HTML-escaped, with the ranges wrapped in <mark>. */
export function markHtml(name: string, ranges: readonly Range[]): string {
  let out = "";
  let at = 0;
  for (const [start, end] of ranges) {
    out += `${escapeHtml(name.slice(at, start))}<mark>${escapeHtml(name.slice(start, end))}</mark>`;
    at = end;
  }
  return out + escapeHtml(name.slice(at));
}
