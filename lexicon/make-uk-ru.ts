// Builds lexicon/uk-ru-pairs.txt, the Ukrainian-Russian word pairs that let a
// query word in one language find the same word in the other (docs/ARCHITECTURE.md, "Ukrainian
// and Russian"), from the bilingual dictionary of Apertium's rus-ukr pair as Debian ships it,
// compiled. Run once, by hand, when the source or the stemmers change; the output is committed,
// so neither the build nor the tests need the Debian package:
//
//   apt-get install apertium-rus-ukr lttoolbox-dev hunspell-uk hunspell-ru
//   bun lexicon/make-uk-ru.ts
//
// lt-print dumps each of the two compiled directions (ukr-rus and rus-ukr: an entry may be
// restricted to one) as letter transducers in AT&T text form, one section per dictionary
// section; a path from state 0 spells "lemma<pos><tags>" on the input side and the
// translation's on the output side. Written: the stem keys of nouns and adjectives of one word,
// spelt differently, whose stem keys differ (computed here: the stemmers are slow until the JIT
// has compiled them, ~0.1 s for these 9,000 words at a process's start) (stemKey: the stem with the regular uk/ru letter correspondences
// folded, which pairs cognates such as тепловізор/тепловизор without any table; a pair such as
// автомобіль/автомобиль stays, the two stemmers part its forms). To these it adds the
// adjectives derived from the dictionary's nouns (uk-ru-derive.ts) and the cognates of the
// Hunspell word lists that differ by a regular vowel or a prothetic в (uk-ru-cognates.ts).

import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { normalise } from "../src/search/analysis/normalise.ts";
import { stemKey } from "../src/search/analysis/stem.ts";
import { cognates, deriveCognates } from "./uk-ru-cognates.ts";
import { deriveAdjectives } from "./uk-ru-derive.ts";
import { writeLexicon } from "./write-lexicon.ts";

const SOURCE = "/usr/share/apertium/apertium-rus-ukr";
const HUNSPELL_UK = "/usr/share/hunspell/uk_UA.dic";
const HUNSPELL_RU = "/usr/share/hunspell/ru_RU.dic";
const PACKAGES = "apertium-rus-ukr lttoolbox-dev hunspell-uk hunspell-ru";
const KEPT_POS = new Set(["<n>", "<adj>"]);
const MIN_KEY = 3;
const MIN_COGNATE_KEY = 4;

interface Arc {
  readonly input: string;
  readonly output: string;
  readonly to: number;
}

/** The sections of lt-print's AT&T dump: per section, the arcs leaving each state. */
function readSections(file: string): Map<number, Arc[]>[] {
  const run = spawnSync("lt-print", [file], { encoding: "utf8", maxBuffer: 1 << 28 });
  if (run.status !== 0) throw new Error(`lt-print ${file}: ${run.stderr}`);
  return run.stdout.split(/^--$/m).map((text) => {
    const arcs = new Map<number, Arc[]>();
    for (const line of text.split("\n")) {
      const f = line.split("\t");
      if (f.length < 4) continue; // a final state
      const from = Number(f[0]);
      const list = arcs.get(from) ?? [];
      list.push({ to: Number(f[1]), input: f[2] as string, output: f[3] as string });
      arcs.set(from, list);
    }
    return arcs;
  });
}

/**
 * Every (input lemma, output lemma, first input tag) spelt from state 0: a walk stops once both
 * sides have reached their first tag (what follows are tags only); cycles (the numbers'
 * section) are cut.
 */
function lemmaPairs(arcs: Map<number, Arc[]>): [string, string, string][] {
  const out: [string, string, string][] = [];
  const onPath = new Set<number>();
  const walk = (state: number, a: string, b: string, tagA: string, tagB: string) => {
    if (tagA !== "" && tagB !== "") {
      out.push([a, b, tagA]);
      return;
    }
    if (onPath.has(state)) return;
    onPath.add(state);
    for (const arc of arcs.get(state) ?? []) {
      let [na, nb, ta, tb] = [a, b, tagA, tagB];
      if (arc.input !== "ε" && ta === "") {
        if (arc.input.startsWith("<")) ta = arc.input;
        else na += arc.input;
      }
      if (arc.output !== "ε" && tb === "") {
        if (arc.output.startsWith("<")) tb = arc.output;
        else nb += arc.output;
      }
      walk(arc.to, na, nb, ta, tb);
    }
    onPath.delete(state);
  };
  walk(0, "", "", "", "");
  return out;
}

/** A lemma as the index sees words: normalised, one word of letters (an apostrophe inside). */
function word(lemma: string): string | null {
  const w = normalise(lemma.replace(/[¹²³⁴]/g, ""));
  return /^[а-щьюяіїє][а-щьюяіїєыэъ']*[а-щьюяіїєыэъ]$/.test(w) ? w : null;
}

/** The lemmas of a Hunspell word list that are common words (lowercase) of one Cyrillic word. */
function lemmas(file: string): Set<string> {
  const out = new Set<string>();
  for (const line of readFileSync(file, "utf8").split("\n")) {
    const lemma = line.split("/")[0] as string;
    if (lemma === "" || lemma !== lemma.toLowerCase()) continue; // names
    const w = word(lemma);
    if (w !== null) out.add(w);
  }
  return out;
}

/** The adjectives (lemmas ending -ий -ій -ый -ой), sorted. */
function adjectives(words: ReadonlySet<string>): string[] {
  return [...words].filter((w) => /(?:ий|ій|ый|ой)$/.test(w)).sort();
}

for (const file of [`${SOURCE}/ukr-rus.autobil.bin`, HUNSPELL_UK, HUNSPELL_RU]) {
  if (!existsSync(file)) {
    console.error(`${file} is missing: apt-get install ${PACKAGES}`);
    process.exit(1);
  }
}
const nouns = new Map<string, readonly [string, string]>();
const found: [string, string][] = [];
let read = 0;
for (const [direction, ukFirst] of [
  ["ukr-rus", true],
  ["rus-ukr", false],
] as const) {
  for (const section of readSections(`${SOURCE}/${direction}.autobil.bin`)) {
    for (const [a, b, tag] of lemmaPairs(section)) {
      read++;
      if (!KEPT_POS.has(tag)) continue;
      const uk = word(ukFirst ? a : b);
      const ru = word(ukFirst ? b : a);
      if (uk === null || ru === null) continue;
      found.push([uk, ru]);
      if (tag === "<n>") nouns.set(`${uk} ${ru}`, [uk, ru]);
    }
  }
}
const ukWords = lemmas(HUNSPELL_UK);
const ruWords = lemmas(HUNSPELL_RU);
const cognatePairs = deriveCognates(ukWords, ruWords);
const pairs = new Set<string>();
/** Adds the pair's stem keys (each of `minKey`+ letters); false when they are no new pair. */
function addPair(uk: string, ru: string, minKey = MIN_KEY): boolean {
  // A word spelt alike in both meets itself: a query word gets the keys of both stemmers.
  if (uk === ru) return false;
  const ukKey = stemKey(uk, "uk");
  const ruKey = stemKey(ru, "ru");
  // A key of one or two letters is a stemmer's artefact (май -> "ма"): it would join
  // unrelated short words.
  if (ukKey === ruKey || ukKey.length < minKey || ruKey.length < minKey) return false;
  const line = `${ukKey} ${ruKey}`;
  if (pairs.has(line)) return false;
  pairs.add(line);
  return true;
}
/** The dictionary's translations of each word, in one direction (0: uk -> ru, 1: ru -> uk). */
const translations = (from: 0 | 1) => {
  const out = new Map<string, Set<string>>();
  for (const pair of found) {
    const set = out.get(pair[from]) ?? new Set<string>();
    set.add(pair[1 - from] as string);
    out.set(pair[from], set);
  }
  return out;
};
const ukTranslations = translations(0);
const ruTranslations = translations(1);
/** One word spelt two ways (a word spelt alike may mean another thing: палатка). */
const isCognate = (uk: string, ru: string) =>
  uk !== ru && (stemKey(uk, "uk") === stemKey(ru, "ru") || cognates(uk, ru));
/**
 * True when the pair crosses between two of the dictionary's cognate pairs: each word has
 * another translation that is its own cognate, so this one links two different words, a
 * sense or a near-synonym (рація/смысл beside рація/рация and смисл/смысл; музика/музыкант,
 * захід/мера, поліцай/полицейский). Each word keeps its cognate. A pair with a cognate on
 * one side only stays: that is how synonyms look too (потяг/поезд beside поїзд/поезд,
 * намет/палатка beside палатка/палатка), so крісло/стул (beside крісло/кресло) stays too.
 */
function aSense(uk: string, ru: string): boolean {
  const ruOthers = [...(ukTranslations.get(uk) ?? [])].filter((r) => r !== ru);
  const ukOthers = [...(ruTranslations.get(ru) ?? [])].filter((u) => u !== uk);
  return ruOthers.some((r) => isCognate(uk, r)) && ukOthers.some((u) => isCognate(u, ru));
}
const senses: string[] = [];
for (const [uk, ru] of found) {
  if (isCognate(uk, ru) || !aSense(uk, ru)) addPair(uk, ru);
  else senses.push(`${uk}/${ru}`);
}
const dropped = [...new Set(senses)];
const derived = deriveAdjectives(
  [...nouns.values()].filter(([uk, ru]) => !dropped.includes(`${uk}/${ru}`)),
  adjectives(ukWords),
  adjectives(ruWords),
);
const fromDictionary = pairs.size;
for (const [uk, ru] of derived) addPair(uk, ru);
const fromDerived = pairs.size;
// A cognate pair of 3-letter keys would join words the fold keeps apart (кіт/кит).
for (const [uk, ru] of cognatePairs) addPair(uk, ru, MIN_COGNATE_KEY);
const lines = [...pairs].sort();
const version = (name: string) =>
  spawnSync("dpkg-query", ["-W", `-f=${"$"}{Version}`, name], { encoding: "utf8" }).stdout;
const out = writeLexicon(
  "uk-ru-pairs.txt",
  `Generated by lexicon/make-uk-ru.ts from Debian's apertium-rus-ukr ${version("apertium-rus-ukr")} (the bilingual
dictionary of Apertium's Russian-Ukrainian pair, https://apertium.org; GPL-2.0-or-later,
copyright its authors: /usr/share/doc/apertium-rus-ukr/copyright), with adjectives derived
from its nouns and checked against the word lists of Debian's hunspell-uk ${version("hunspell-uk")}
(uk_UA: GPL-2+ or LGPL-2.1+ or MPL-1.1) and hunspell-ru ${version("hunspell-ru")} (ru_RU: copyright
1997-2008 Alexander I. Lebedev, BSD-style; here modified: only its common words, paired, as
stem keys) by lexicon/uk-ru-derive.ts, and cognates of those word lists paired by
lexicon/uk-ru-cognates.ts. Do not edit by hand.
Licence of this file: GPL-2.0-or-later, as its source (lexicon/README.md). ${pairs.size} pairs of
stem keys "uk ru" (stemKey: the uk key of the Ukrainian word, the ru key of the Russian one)
whose keys differ: ${fromDictionary} of the dictionary's nouns and adjectives, ${fromDerived - fromDictionary} of derived adjectives,
${pairs.size - fromDerived} of cognates.
Regenerate when a stemmer changes.`,
  lines,
);
console.log(
  `${read} entries read (${dropped.length} pairs of senses left out: ${dropped.join(" ")}), ` +
    `${derived.length} adjectives derived, ${cognatePairs.length} cognates; ` +
    `${lines.length} pairs (${fromDerived - fromDictionary} derived, ${pairs.size - fromDerived} ` +
    `cognates) written to ${out}`,
);
