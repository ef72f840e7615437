// Text normalisation shared by indexing and querying, so that both sides compare the same form.
// PRODUCT.md "Search": case-insensitive, NFKC, ё = е, the Ukrainian apostrophes are one character;
// and ґ = г (issue 15, point 5): shoppers and catalogs write the same word either way.
//
// Speed: a per-character table tells, for each character, its normalised form when NFKC
// leaves it alone on its own and it lowercases to one character. Text made only of such
// characters needs no NFKC, only toLowerCase and at most two replacements; text already in
// normal form (most query words, text normalised before) comes back as the same string
// without allocating. Anything else (combining marks, compatibility characters such as ﬁ №
// ½, Hangul jamo, Greek Σ whose lowercase depends on its place, astral characters) takes the
// exact path through normalize("NFKC") and toLowerCase(). normalise.test.ts checks that both
// paths agree on every BMP character.

/** The one apostrophe every variant becomes. */
export const APOSTROPHE = "'";

// ' ’ ʼ ‘ ` ´ as the brief lists them, plus ʹ (U+02B9) and ′ (U+2032) that Ukrainian text
// also uses for the apostrophe.
const APOSTROPHE_VARIANTS_TEXT = "’ʼ‘`´ʹ′";
const APOSTROPHE_VARIANTS = new RegExp(`[${APOSTROPHE_VARIANTS_TEXT}]`, "g");
const YO = /ё/g;
const GHE_UP = /ґ/g;
const MARK_RE = /^\p{M}$/u;

const UNKNOWN = 0;
const SLOW = 0xffff;
/** Per UTF-16 code unit: its normalised replacement, SLOW, or UNKNOWN until first seen. */
const MAPPED = new Uint16Array(0x10000);

for (const variant of APOSTROPHE_VARIANTS_TEXT) MAPPED[variant.charCodeAt(0)] = 0x27;
for (let code = 0xd800; code <= 0xdfff; code++) MAPPED[code] = SLOW;
for (let code = 0x1100; code <= 0x11ff; code++) MAPPED[code] = SLOW; // Hangul jamo compose
MAPPED[0x03a3] = SLOW; // Σ lowercases to σ or ς depending on its place in the word

function mapOne(code: number): number {
  const char = String.fromCharCode(code);
  if (MARK_RE.test(char) || char.normalize("NFKC") !== char) return SLOW;
  const lower = char.toLowerCase();
  if (lower.length !== 1) return SLOW;
  return lower === "ё" ? 0x0435 : lower === "ґ" ? 0x0433 : lower.charCodeAt(0);
}

/**
 * NFKC, lowercase, ё→е (also Ё), ґ→г (also Ґ), all apostrophe variants (' ’ ʼ ‘ ` ´ ʹ ′) unified to "'";
 * returns normalised text. Returns the same string when nothing changes.
 */
export function normalise(text: string): string {
  let changed = false;
  let special = false;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    let mapped = MAPPED[code] as number;
    if (mapped === UNKNOWN) {
      mapped = mapOne(code);
      MAPPED[code] = mapped;
    }
    if (mapped === SLOW) return normaliseExactly(text);
    if (mapped !== code) {
      changed = true;
      // An apostrophe variant, ё, Ё, ґ or Ґ: not a plain lowercase change.
      if (
        mapped === 0x27 ||
        code === 0x0451 ||
        code === 0x0401 ||
        code === 0x0491 ||
        code === 0x0490
      )
        special = true;
    }
  }
  if (!changed) return text;
  // Every character is NFKC-stable and lowercases alone, so toLowerCase (native, one flat
  // string) is the whole job, plus the two replacements when they are needed.
  const lower = text.toLowerCase();
  if (!special) return lower;
  return lower.replace(APOSTROPHE_VARIANTS, APOSTROPHE).replace(YO, "е").replace(GHE_UP, "г");
}

/**
 * The reference path. Apostrophes are unified before NFKC because NFKC turns ´ (U+00B4) into
 * a space and a combining accent; ё is replaced after lowercasing, which turns Ё into ё.
 */
function normaliseExactly(text: string): string {
  let out = text.replace(APOSTROPHE_VARIANTS, APOSTROPHE);
  out = out.normalize("NFKC").toLowerCase();
  if (out.indexOf("ё") !== -1) out = out.replace(YO, "е");
  if (out.indexOf("ґ") !== -1) out = out.replace(GHE_UP, "г");
  return out;
}
