// Character classes of the tokeniser, looked up in a table filled lazily per code unit: the
// Unicode-property regexes run once per distinct character ever seen, never per character.

export const SEPARATOR = 0;
export const LETTER = 1;
export const DIGIT = 2;
/** The unified apostrophe (normalise turns every variant into "'"). */
export const APOSTROPHE_CHAR = 3;
/** - / . and the Unicode hyphens: they join the parts of a model code or SKU. */
export const JOINER = 4;
/** Combining marks (a stress accent over a Cyrillic vowel): skipped inside a word. */
export const MARK = 5;

export type CharClass = 0 | 1 | 2 | 3 | 4 | 5;

/** Table value of a code unit not classified yet: call charClass for it. */
export const UNKNOWN_CLASS = 255;
const UNKNOWN = UNKNOWN_CLASS;
const LETTER_RE = /^\p{L}$/u;
const DIGIT_RE = /^\p{Nd}$/u;
const MARK_RE = /^\p{M}$/u;

// One byte per UTF-16 code unit. Surrogates (emoji and other astral characters) separate words:
// NFKC already maps the astral letters that matter (mathematical alphanumerics) to ASCII.
// Exported so the tokeniser can read it inline (a function call per character shows in
// profiles); a reader that finds UNKNOWN_CLASS calls charClass, which fills the entry.
export const CLASS_TABLE = new Uint8Array(0x10000).fill(UNKNOWN);
const table = CLASS_TABLE;

for (let code = 0; code < 0x80; code++) {
  table[code] = SEPARATOR;
}
for (let code = 0x30; code <= 0x39; code++) table[code] = DIGIT;
for (let code = 0x41; code <= 0x5a; code++) table[code] = LETTER;
for (let code = 0x61; code <= 0x7a; code++) table[code] = LETTER;
table[0x27] = APOSTROPHE_CHAR;
table[0x2d] = JOINER; // -
table[0x2e] = JOINER; // .
table[0x2f] = JOINER; // /
for (let code = 0x2010; code <= 0x2013; code++) table[code] = JOINER; // ‐ ‑ ‒ –
for (let code = 0xd800; code <= 0xdfff; code++) table[code] = SEPARATOR;

/** The class of one UTF-16 code unit. */
export function charClass(code: number): CharClass {
  const known = table[code];
  if (known !== undefined && known !== UNKNOWN) return known as CharClass;
  const computed = classify(code);
  table[code] = computed;
  return computed;
}

function classify(code: number): CharClass {
  const char = String.fromCharCode(code);
  if (LETTER_RE.test(char)) return LETTER;
  if (DIGIT_RE.test(char)) return DIGIT;
  if (MARK_RE.test(char)) return MARK;
  return SEPARATOR;
}
