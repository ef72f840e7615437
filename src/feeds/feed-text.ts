// The text of a feed's field as the import takes it: descriptions are HTML in most feeds
// (often inside CDATA, so their entities come through undecoded), and search shows plain text.
// Tags are dropped and entities decoded once here; the pages escape whatever text they show
// (http/stack/html.ts), so nothing of a feed becomes HTML unescaped.

const NAMED: Record<string, string> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
  nbsp: " ",
  laquo: "«",
  raquo: "»",
  ndash: "–",
  mdash: "—",
  hellip: "…",
  rsquo: "’",
  lsquo: "‘",
  rdquo: "”",
  ldquo: "“",
  bdquo: "„",
  deg: "°",
  times: "×",
  plusmn: "±",
  reg: "®",
  copy: "©",
  trade: "™",
  euro: "€",
  middot: "·",
  bull: "•",
  shy: "",
};

/** HTML's character references decoded; an unknown name stays as written. */
export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z][a-z0-9]*);/gi, (whole, ref: string) => {
    if (ref[0] === "#") {
      const code =
        ref[1] === "x" || ref[1] === "X" ? parseInt(ref.slice(2), 16) : Number(ref.slice(1));
      // Not a character (a surrogate, past U+10FFFF, NUL): kept as written.
      return code > 0 && code <= 0x10ffff && (code < 0xd800 || code > 0xdfff)
        ? String.fromCodePoint(code)
        : whole;
    }
    return NAMED[ref.toLowerCase()] ?? whole;
  });
}

/**
 * HTML to plain text: scripts and styles dropped whole, block tags and <br> become line
 * breaks, other tags vanish, entities are decoded (after the tags, so `&lt;b&gt;` stays text),
 * runs of spaces fold to one and of blank lines to one.
 */
export function htmlToText(html: string): string {
  // Most of a feed's texts have neither a tag nor an entity: nothing to drop or decode.
  const text = HTML.test(html)
    ? decodeEntities(
        html
          .replace(/<(script|style)\b[\s\S]*?<\/\1\s*>/gi, " ")
          .replace(/<!--[\s\S]*?-->/g, " ")
          .replace(/<\s*(br|\/p|\/div|\/li|\/h[1-6]|\/tr)\b[^>]*>/gi, "\n")
          .replace(/<\/?[a-z][^>]*>/gi, " "),
      )
    : html;
  return text
    .replace(/[ \t\u00a0]+/g, " ")
    .replace(/ *\n[ \n]*/g, "\n")
    .trim();
}

const HTML = /[<&]/;

/** A one-line text (a name, a vendor): tags dropped, entities decoded, spaces folded. */
export function plainLine(text: string): string {
  // Without a tag or an entity, folding every run of spaces and trimming is all there is to do.
  return HTML.test(text) ? htmlToText(text).replace(/\s+/g, " ") : text.replace(/\s+/g, " ").trim();
}

/** At most `max` code points, cut at a space where one is near the end. */
export function cutAt(text: string, max: number): string {
  // No more UTF-16 units than `max` is no more code points: most texts, without splitting them
  // (which was a fifth of a feed's mapping).
  if (text.length <= max) return text;
  const points = Array.from(text);
  if (points.length <= max) return text;
  const cut = points.slice(0, max).join("");
  const space = cut.lastIndexOf(" ");
  return (space > max * 0.9 ? cut.slice(0, space) : cut).trimEnd();
}

/**
 * A feed's price: spaces (thousands, also non-breaking) dropped; with both `,` and `.` the
 * last one is the decimal mark; a lone `,` is the decimal mark (Ukrainian style), several are
 * thousands. NaN for anything else.
 */
export function parsePrice(text: string): number {
  let s = text.replace(/[\s\u00a0\u202f']/g, "").replace(/(грн\.?|uah|₴)$/i, "");
  const comma = s.lastIndexOf(",");
  const dot = s.lastIndexOf(".");
  if (comma >= 0 && dot >= 0)
    s = comma > dot ? s.replace(/\./g, "").replace(",", ".") : s.replace(/,/g, "");
  else if (comma >= 0)
    s = (s.match(/,/g) ?? []).length > 1 ? s.replace(/,/g, "") : s.replace(",", ".");
  return /^\d+(\.\d+)?$/.test(s) ? Number(s) : Number.NaN;
}

/**
 * The text as a string of its own. A substring shares its source's characters in JSC, and the
 * parsers cut a feed's fields out of the chunks they read: one offer id kept for the whole run
 * kept its chunk of the feed (up to 2 MB as UTF-16), and the ids of every offer kept the whole
 * feed's text (BENCHMARKS.md, "Feeds"). JSON's round trip copies any string exactly.
 */
export const ownCopy = (text: string): string => JSON.parse(JSON.stringify(text)) as string;
