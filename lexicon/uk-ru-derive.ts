// Adjectives the bilingual dictionary lacks, derived from its noun pairs (lexicon/make-uk-ru.ts):
// Apertium pairs шкіра/кожа but not шкіряний/кожаний, the material of half a catalog. For a
// noun pair, the adjectives of the Hunspell word lists (Debian's hunspell-uk and hunspell-ru)
// that are the noun's root plus a short suffix are paired when their suffixes agree: the same
// consonants (шкір-ян-ий / кож-ан-ый: "н") and, among those, the nearest spelling once the
// letters that differ by rule are one (я/а, ю/у, і/ї/и/ы, є/е/э; ь, й, the apostrophe
// dropped), the best match both ways and unique. шкіряний/кожаный, шкірний/кожный and
// шкірястий/кожистый pair; so do дерев'яний/деревянный, срібляний/серебряный.

import { editDistance } from "../src/search/analysis/edit-distance.ts";

/** A noun's root: the noun without its final vowels, soft sign and й (шкіра -> шкір). */
function root(noun: string): string {
  return noun.replace(/[аеєиіїоуюяьйы]+$/, "");
}

const VOWELS = /[аеєиіїоуюяыэьй']/g;

/** The suffix's consonants, a doubled one once (нн -> н). */
function consonants(suffix: string): string {
  return suffix.replace(VOWELS, "").replace(/(.)\1+/g, "$1");
}

const ONE_LETTER: Record<string, string> = {
  я: "а",
  ю: "у",
  і: "и",
  ї: "и",
  ы: "и",
  є: "е",
  э: "е",
  ь: "",
  "'": "",
  й: "",
};
const spelling = (suffix: string) => suffix.replace(/[яюіїыєэь'й]/g, (c) => ONE_LETTER[c] ?? c);

/** Sorted words starting with `prefix`. */
function starting(sorted: readonly string[], prefix: string): string[] {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((sorted[mid] as string) < prefix) lo = mid + 1;
    else hi = mid;
  }
  const out: string[] = [];
  for (let i = lo; i < sorted.length && (sorted[i] as string).startsWith(prefix); i++) {
    out.push(sorted[i] as string);
  }
  return out;
}

interface Candidate {
  readonly word: string;
  readonly consonants: string;
  readonly spelling: string;
}

/** Adjectives of the list that are `root` plus a suffix of 1-3 consonants and an ending. */
function candidates(adjectives: readonly string[], nounRoot: string): Candidate[] {
  const out: Candidate[] = [];
  for (const word of starting(adjectives, nounRoot)) {
    const suffix = word.slice(nounRoot.length, -2); // the ending -ий, -ій, -ый, -ой dropped
    if (suffix.length > 4) continue;
    const c = consonants(suffix);
    if (c.length >= 1 && c.length <= 3)
      out.push({ word, consonants: c, spelling: spelling(suffix) });
  }
  return out;
}

/** The one candidate of `among` nearest to `x` (same consonants, at most one letter apart). */
function nearest(x: Candidate, among: readonly Candidate[]): Candidate | null {
  let best: Candidate | null = null;
  let bestDistance = 2;
  let ties = 0;
  for (const y of among) {
    if (y.consonants !== x.consonants) continue;
    const d = editDistance(x.spelling, y.spelling, 1);
    if (d < bestDistance) {
      best = y;
      bestDistance = d;
      ties = 1;
    } else if (d === bestDistance) ties++;
  }
  return ties === 1 ? best : null;
}

/**
 * Adjective pairs [uk, ru] derived from noun pairs, given the sorted adjectives (lemmas) of
 * each language's word list.
 */
export function deriveAdjectives(
  nouns: Iterable<readonly [string, string]>,
  ukAdjectives: readonly string[],
  ruAdjectives: readonly string[],
): [string, string][] {
  const out: [string, string][] = [];
  for (const [uk, ru] of nouns) {
    const ukRoot = root(uk);
    const ruRoot = root(ru);
    if (ukRoot.length < 3 || ruRoot.length < 3) continue;
    const ukCandidates = candidates(ukAdjectives, ukRoot);
    const ruCandidates = candidates(ruAdjectives, ruRoot);
    for (const x of ukCandidates) {
      const y = nearest(x, ruCandidates);
      if (y !== null && nearest(y, ukCandidates) === x) out.push([x.word, y.word]);
    }
  }
  return out;
}
