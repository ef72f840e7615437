// The regular letter correspondences of Ukrainian and Russian spelling, folded so that a word
// and its cognate meet as one stem key: тепловізор/тепловизор, кондиціонер/кондиционер,
// акумулятор/аккумулятор, електронн/электронн, поліестер/полиэстер. і ї и ы are one letter, е є
// э another, the soft and hard signs and the apostrophe vanish, a doubled letter is single, and
// the Russian adjective suffix -ическ- is the Ukrainian -ічн- (электрический/електричний).
// Only for stems of 5+ letters: among short ones the folds would join different words of one
// language (кіт "cat" and кит "whale", ліс and лис). Among the longer ones of a catalog's
// vocabulary (1,989 words of src/sample-catalog) every stem the fold joins is one word in its two
// spellings; over the lemmas of the Hunspell word lists, it joins 3% of the Ukrainian stems of
// 5 letters (mostly names spelt with е/є or и/і: белов/бєлов) and 1% of the Russian ones
// (забыт/забит). 4 letters would join 4.5% and 2% for 3 more of 592 catalog word pairs.

/** Stems shorter than this keep their letters. */
export const MIN_FOLDED = 5;

/** Per code point of а..ї (U+0430..U+0457), its folded code, 0 to drop it. */
const FOLD = new Uint16Array(0x28);
for (let i = 0; i < FOLD.length; i++) FOLD[i] = 0x430 + i;
const set = (from: string, to: string) => {
  FOLD[from.charCodeAt(0) - 0x430] = to === "" ? 0 : to.charCodeAt(0);
};
set("і", "и");
set("ї", "и");
set("ы", "и");
set("є", "е");
set("э", "е");
set("ь", "");
set("ъ", "");

const APOSTROPHE = 0x27;

function folded(code: number): number {
  if (code === APOSTROPHE) return 0;
  const i = code - 0x430;
  return i >= 0 && i < FOLD.length ? (FOLD[i] as number) : code;
}

/**
 * The adjective suffix of one meaning that the languages spell apart: Ukrainian -ічн-
 * (електричний, графічний), Russian -ическ- (электрический, графический).
 */
const RUSSIAN_ICHESK = /ическ$/;

/** Russian's own э and ъ, which no Ukrainian word has. */
const RUSSIAN_ONLY = /[эъ]/;

/**
 * The folded form of a lowercase Cyrillic stem. A shorter stem keeps its letters but Russian's
 * э (е) and ъ (dropped): they join no two words of one language (the exceptions, мэр/мер, are
 * rare), and экран (stem экра) then meets екран (екра).
 */
export function foldUkRu(stem: string): string {
  if (stem.length < MIN_FOLDED) {
    return RUSSIAN_ONLY.test(stem) ? stem.replace(/э/g, "е").replace(/ъ/g, "") : stem;
  }
  if (RUSSIAN_ICHESK.test(stem)) return foldUkRu(`${stem.slice(0, -5)}ичн`);
  // Most stems fold to themselves: look before building a string.
  let last = -1;
  let i = 0;
  for (; i < stem.length; i++) {
    const code = stem.charCodeAt(i);
    if (folded(code) !== code || code === last) break;
    last = code;
  }
  if (i === stem.length) return stem;
  const out: number[] = [];
  last = -1;
  for (let j = 0; j < stem.length; j++) {
    const c = folded(stem.charCodeAt(j));
    if (c === 0 || c === last) continue;
    out.push(c);
    last = c;
  }
  return String.fromCharCode(...out);
}
