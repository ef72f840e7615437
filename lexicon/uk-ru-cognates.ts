// Cognates that the stem keys' fold (src/search/analysis/uk-ru-fold.ts) cannot join, derived
// from the lemmas of Debian's Hunspell word lists (lexicon/make-uk-ru.ts). The two languages
// spell many inherited words with a different vowel by regular rules: Ukrainian і where Russian
// has е (old ѣ: бігова/беговая, автокрісло/автокресло, бакалія/бакалея) or о (closed
// syllables: двієчник/двоечник), Ukrainian о where Russian has е (after a hushing consonant
// and in compounds: пилосос/пылесос); Ukrainian writes a prothetic в before у and о
// (навушники/наушники, вудилище/удилище); some prefixes differ (від-/от-, з-/с-, роз-/раз-),
// and so does the agent suffix (-ач/-атель: водонагрівач/водонагреватель). Two lemmas are cognates when, once the fold's
// letters are one (і ї ы и, є э е; signs, doubled letters and the ending's vowels dropped),
// their consonants agree letter for letter and their vowels differ only by those rules, at
// most twice. Among the words of one consonant skeleton, a Ukrainian and a Russian lemma that
// are each other's one nearest cognate pair, when the Ukrainian word is no Russian word and
// the reverse (мило is also a Russian word: it does not pair with мыло). Also used to find the
// dictionary's pairs that cross between two of its cognate pairs, senses (make-uk-ru.ts).

import { editDistance } from "../src/search/analysis/edit-distance.ts";

/** Lemmas shorter than this have skeletons shared by unrelated words. */
const MIN_LETTERS = 5;
/** Vowels that may differ in one word (more make another word). */
const MAX_CHANGES = 2;

/** Ukrainian vowel (folded) -> the Russian vowels it stands for in cognates, besides itself. */
const REGULAR: Readonly<Record<string, string>> = { и: "ео", о: "еа", у: "ю" };

const VOWEL = /[аеиоуюяй]/;
const RUNS = /[аеиоуюяй]+|[^аеиоуюяй]+/g;

/** The spelling with the fold's letters one, signs and doubled letters dropped, no ending vowels. */
function folded(word: string): string {
  return word
    .replace(/[іїы]/g, "и")
    .replace(/[єэё]/g, "е")
    .replace(/[ьъ']/g, "")
    .replace(/(.)\1+/g, "$1")
    .replace(/[аеиоуюяй]+$/, "");
}

/**
 * The Ukrainian word as Russian would spell its cognate's start: the prothetic в before у and
 * о left out (вухо/ухо, навушники/наушники), and the prefixes that differ by rule: від- for
 * от- (відкалібрований/откалиброванный), з- for с- before a consonant (збірка/сборка), роз-
 * for раз- and рас-, and a compound's numeral (дво- for двух-, багато- for много-).
 */
/** A compound's numeral part, Ukrainian -> Russian (двокамерний/двухкамерный). */
const NUMERAL_STEMS: readonly [string, readonly string[]][] = [
  ["дво", ["двух", "дву"]],
  ["три", ["трех"]],
  ["чотири", ["четырех"]],
  ["багато", ["много"]],
];

function startVariants(uk: string): string[] {
  const out = [uk, uk.replace(/в(?=[уо])/g, "")];
  if (uk.startsWith("від")) out.push(`от${uk.slice(3)}`);
  if (/^з[бвгджзклмнпрстфхцчшщ]/.test(uk)) out.push(`с${uk.slice(1)}`);
  if (uk.startsWith("роз")) out.push(`раз${uk.slice(3)}`, `рас${uk.slice(3)}`);
  for (const [from, to] of NUMERAL_STEMS) {
    if (uk.startsWith(from)) for (const t of to) out.push(t + uk.slice(from.length));
  }
  return out;
}

/**
 * The Ukrainian word as Russian would end it: a borrowed verb's -ований/-ування for
 * -ированный/-ирование (парфумований/парфюмированный); the agent noun's -ач/-яч for
 * -атель/-итель/-ятель (водонагрівач/водонагреватель), with the л Ukrainian puts after a
 * labial left out (випрямляч/выпрямитель), -увач/-ювач for -ователь/-иватель
 * (відпарювач/отпариватель).
 */
function endVariants(uk: string): string[] {
  const loan = /(?:ован|уван)(?=[аеиоуяіїєйь]*$)/.exec(uk);
  if (loan !== null) return [`${uk.slice(0, loan.index)}ирован${uk.slice(loan.index + 4)}`];
  const verbal = /[ую]вач$/.exec(uk);
  if (verbal !== null) {
    const base = uk.slice(0, verbal.index);
    return [`${base}ователь`, `${base}иватель`];
  }
  if (!/[ая]ч$/.test(uk)) return [];
  const base = uk.slice(0, -2);
  const bases = /[бпвм]л$/.test(base) ? [base, base.slice(0, -1)] : [base];
  return bases.flatMap((b) => [`${b}атель`, `${b}итель`, `${b}ятель`]);
}

/** The Ukrainian word and its spellings as Russian would start and end its cognate. */
function ukVariants(uk: string): string[] {
  const out: string[] = [];
  for (const start of startVariants(uk)) {
    for (const w of [start, ...endVariants(start)]) if (!out.includes(w)) out.push(w);
  }
  return out;
}

/** The consonant skeleton of a folded word: each vowel run one "V". */
function skeleton(f: string): string {
  return f.replace(/[аеиоуюяй]+/g, "V");
}

/**
 * How many vowels of the folded Ukrainian word differ from the Russian one by the rules, or
 * Infinity when they are no cognates.
 */
function changes(uk: string, ru: string): number {
  const a = uk.match(RUNS) ?? [];
  const b = ru.match(RUNS) ?? [];
  if (a.length !== b.length) return Number.POSITIVE_INFINITY;
  let n = 0;
  for (let i = 0; i < a.length; i++) {
    const x = a[i] as string;
    const y = b[i] as string;
    if (x === y) continue;
    if (!VOWEL.test(x) || x.length !== y.length) return Number.POSITIVE_INFINITY;
    for (let j = 0; j < x.length; j++) {
      const u = x[j] as string;
      const r = y[j] as string;
      if (u === r) continue;
      if (!REGULAR[u]?.includes(r)) return Number.POSITIVE_INFINITY;
      n++;
    }
  }
  return n <= MAX_CHANGES ? n : Number.POSITIVE_INFINITY;
}

/** The letters the fold makes one, one letter; the rest as spelt (the tie-break of `distance`). */
function lettersOne(word: string): string {
  return word.replace(/[іїы]/g, "и").replace(/[єэё]/g, "е");
}

/**
 * The fewest vowel changes between the Ukrainian word (as spelt or as a variant of its start)
 * and the Russian one, then (in tenths) the edit distance of their whole spellings: of
 * каструля's cognates, кастрюля (not кастрюль), of дрель's, дриль (not дрил).
 */
function distance(uk: string, ru: string): number {
  const r = folded(ru);
  const n = Math.min(...ukVariants(uk).map((v) => changes(folded(v), r)));
  return n + editDistance(lettersOne(uk), lettersOne(ru), 9) / 10;
}

/** True when the two words are one word in two spellings by the rules above. */
export function cognates(uk: string, ru: string): boolean {
  return distance(uk, ru) !== Number.POSITIVE_INFINITY;
}

/** A verb's infinitive (uk -ти -тися, ru -ть -ться -чь): not product words. */
const VERB = /(?:ти|тися|ть|ться|чь|чься)$/;

/** The words of each skeleton, of every variant of each word. */
function bySkeleton(
  words: Iterable<string>,
  variants: (w: string) => string[],
): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const w of words) {
    if (w.length < MIN_LETTERS || VERB.test(w)) continue;
    for (const v of variants(w)) {
      const k = skeleton(folded(v));
      const list = out.get(k);
      if (list === undefined) out.set(k, [w]);
      else if (!list.includes(w)) list.push(w);
    }
  }
  return out;
}

/** The one word of `among` nearest to `word` by `d` (none on a tie or when none is near). */
function nearest(word: string, among: readonly string[], d: (a: string, b: string) => number) {
  let best: string | null = null;
  let bestDistance = Number.POSITIVE_INFINITY;
  for (const other of among) {
    const x = d(word, other);
    if (x < bestDistance) {
      best = other;
      bestDistance = x;
    } else if (x === bestDistance) best = null;
  }
  return bestDistance === Number.POSITIVE_INFINITY ? null : best;
}

/** Cognate pairs [uk, ru] of two lemma lists (lowercase Cyrillic words). */
export function deriveCognates(
  uk: ReadonlySet<string>,
  ru: ReadonlySet<string>,
): [string, string][] {
  const ruBy = bySkeleton(ru, (w) => [w]);
  const out = new Map<string, [string, string]>();
  for (const [k, ukAll] of bySkeleton(uk, ukVariants)) {
    const ruAll = ruBy.get(k);
    if (ruAll === undefined) continue;
    // A word of both lists (чернь) is no one language's spelling: it pairs with nothing.
    const ukWords = ukAll.filter((w) => !ru.has(w));
    const ruWords = ruAll.filter((w) => !uk.has(w));
    for (const u of ukWords) {
      const r = nearest(u, ruWords, distance);
      if (r === null || nearest(r, ukWords, (a, b) => distance(b, a)) !== u) continue;
      out.set(`${u} ${r}`, [u, r]);
    }
  }
  return [...out.values()];
}
