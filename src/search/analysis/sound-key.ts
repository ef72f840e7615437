// A coarse sound key shared by a Latin brand or model word and the Cyrillic spelling shoppers
// give it by ear: "Acer" and "ейсер", "Apple" and "епл", "Logitech" and "логітек", "JBL" and
// "джейбіел", "Xiaomi" and "сяомі"/"ксиаоми". Letter-by-letter transliteration (translit-key.ts)
// cannot pair them where English spelling is not phonetic, so the Latin side is read by English
// (and the common Italian, French, German) pronunciation rules, the Cyrillic side letter by
// letter, and both are reduced to the same consonant skeleton:
// - a run of vowels (й and y among them) is one "V", ь, ъ and apostrophes vanish, an English
//   final e is silent ("епл" and "Apple" -> "Vpl", "найк" and "Nike" -> "nVk");
// - consonants fall into classes where spellings of one sound disagree: г ґ х h g(hard) -> h,
//   с з ц s z c(soft) ts -> s, ч ch tch -> C, ш щ sh sch -> S, ж дж j g(soft) dg -> J,
//   к c(hard) k q ck -> k, в v w -> v, ф f ph -> f, x -> ks; the rest keep their letter;
// - a run of one class collapses ("Google" and "гугл" -> "hVhl").
// A Latin word has several readings where English spelling is ambiguous (ch: чай/tech/Michelin,
// soft g, j as дж or й, initial x as кс or с), so it gets a key per reading; a Latin word
// without vowels (JBL, LG, HP) is an acronym and also gets the key of its letters' names.

const VOWEL = "V";
const MAX_READINGS = 8;

/** Cyrillic letter -> its class ("" drops it, VOWEL is a vowel sound). */
const CYRILLIC: Record<string, string> = {
  а: VOWEL,
  е: VOWEL,
  є: VOWEL,
  и: VOWEL,
  і: VOWEL,
  ї: VOWEL,
  о: VOWEL,
  у: VOWEL,
  ю: VOWEL,
  я: VOWEL,
  ы: VOWEL,
  э: VOWEL,
  ё: VOWEL,
  й: VOWEL,
  б: "b",
  в: "v",
  г: "h",
  ґ: "h",
  д: "d",
  ж: "J",
  з: "s",
  к: "k",
  л: "l",
  м: "m",
  н: "n",
  п: "p",
  р: "r",
  с: "s",
  т: "t",
  ф: "f",
  х: "h",
  ц: "s",
  ч: "C",
  ш: "S",
  щ: "S",
  ь: "",
  ъ: "",
  "'": "",
};

/** Letter names as Ukrainians say them, for acronyms ("JBL" -> "джейбіел"). */
const LETTER_NAMES: Record<string, readonly string[]> = {
  a: ["ей"],
  b: ["бі"],
  c: ["сі"],
  d: ["ді"],
  e: ["і"],
  f: ["еф"],
  g: ["джі"],
  h: ["ейч", "аш"],
  i: ["ай"],
  j: ["джей"],
  k: ["кей"],
  l: ["ел"],
  m: ["ем"],
  n: ["ен"],
  o: ["оу"],
  p: ["пі"],
  q: ["кью"],
  r: ["ар"],
  s: ["ес"],
  t: ["ті"],
  u: ["ю"],
  v: ["ві"],
  w: ["дабл'ю"],
  x: ["екс"],
  y: ["вай"],
  z: ["зед"],
};

const LATIN_VOWELS = "aeiouy";
const isLatinVowel = (c: string | undefined): boolean =>
  c !== undefined && LATIN_VOWELS.includes(c);
const isFront = (c: string | undefined): boolean => c === "e" || c === "i" || c === "y";

/** Classes (VOWEL for vowels) -> the key: a run of one class, vowels too, is one character. */
function skeleton(classes: readonly string[]): string {
  let key = "";
  for (const c of classes) for (const k of c) if (!key.endsWith(k)) key += k;
  return key;
}

/** Endings of Ukrainian and Russian adjectives and pronouns: no brand is said with them. */
const SLAVIC_ENDING = /(?:ий|ый|ій|ая|яя|ое|ее|ого|ому|ими|ыми|их|ых|ої|ою|ею)$/;

/** The word has an adjective's ending ("новий", "новый"): a Slavic word, not a brand said. */
export function slavicForm(word: string): boolean {
  return SLAVIC_ENDING.test(word);
}

/** The key of a Cyrillic word (lowercase); null when it holds anything but Cyrillic letters. */
export function cyrillicSoundKey(word: string): string | null {
  const classes: string[] = [];
  for (let i = 0; i < word.length; i++) {
    const ch = word[i] as string;
    if (ch === "д" && word[i + 1] === "ж") {
      classes.push("J");
      i++;
      continue;
    }
    const c = CYRILLIC[ch];
    if (c === undefined) return null;
    if (c !== "") classes.push(c);
  }
  return skeleton(classes);
}

/**
 * The keys of a lowercase Latin word, one per reading (at most 8), plus the letter-name key
 * of an acronym; empty when the word holds anything but a-z.
 */
export function latinSoundKeys(word: string): string[] {
  if (!/^[a-z]+$/.test(word)) return [];
  let readings: string[][] = [[]];
  const add = (...options: string[][]) => {
    const next: string[][] = [];
    for (const r of readings) {
      for (const o of options) if (next.length < MAX_READINGS) next.push([...r, ...o]);
    }
    readings = next;
  };
  const n = word.length;
  let i = 0;
  while (i < n) {
    const c = word[i] as string;
    const next = word[i + 1];
    const rest = word.slice(i);
    if (isLatinVowel(c)) {
      // A final "e" after a consonant is silent in English ("Nike", "Apple", "iPhone") and
      // said in Italian or as a shopper reads it ("Realme" реалмі, "Miele" міле).
      const final = c === "e" && i === n - 1 && i >= 2 && !isLatinVowel(word[i - 1]);
      if (final) add([], [VOWEL]);
      else add([VOWEL]);
      i++;
      continue;
    }
    if (c === "w" && i > 0 && isLatinVowel(word[i - 1]) && !isLatinVowel(next)) {
      // "ew", "ow", "aw" end a vowel ("Blackview" блеквью, "New Balance" нью, "Snow" сноу).
      add([VOWEL]);
      i++;
      continue;
    }
    if (c === "w" && i === 0 && next === "r") {
      // A silent initial w ("Wrangler" ренглер).
      i++;
      continue;
    }
    if (rest.startsWith("tch")) {
      add(["C"]);
      i += 3;
    } else if (rest.startsWith("sch")) {
      add(["S"], ["s", "k"]);
      i += 3;
    } else if (c === "c" && next === "h") {
      // German ch inside a word is х ("Kärcher" керхер).
      add(["C"], ["k"], ["S"], ...(i > 0 ? [["h"]] : []));
      i += 2;
    } else if (c === "s" && next === "h") {
      add(["S"]);
      i += 2;
    } else if (c === "z" && next === "h") {
      add(["J"]);
      i += 2;
    } else if ((c === "d" || c === "t") && next === "h") {
      add(["t"]);
      i += 2;
    } else if (c === "p" && next === "h") {
      add(["f"]);
      i += 2;
    } else if (c === "k" && next === "h") {
      add(["h"]);
      i += 2;
    } else if (c === "w" && next === "h") {
      add(["v"]);
      i += 2;
    } else if (c === "g" && next === "h") {
      add(["h"]);
      i += 2;
    } else if (c === "d" && (next === "g" || next === "j")) {
      add(["J"]);
      i += 2;
    } else if (c === "q") {
      add(next === "u" ? ["k", "v"] : ["k"]);
      i += next === "u" ? 2 : 1;
    } else if (c === "c") {
      // "cc" before e/i is Italian ч or кс; c before e/i/y is с; else к.
      if (next === "c") {
        add(isFront(word[i + 2]) ? ["C"] : ["k"], isFront(word[i + 2]) ? ["k", "s"] : ["k"]);
        i += 2;
      } else {
        // c before e/i is с, or Italian ч ("Versace" версаче, "Dolce" дольче).
        if (isFront(next)) add(["s"], ["C"]);
        else add(["k"]);
        i++;
      }
    } else if (c === "g") {
      if (isFront(next)) add(["h"], ["J"]);
      else add(["h"]);
      i++;
    } else if (c === "j") {
      add(["J"], [VOWEL]);
      i++;
    } else if (c === "x") {
      add(["k", "s"], ...(i === 0 ? [["s"]] : []));
      i++;
    } else {
      add([c === "w" ? "v" : c === "z" ? "s" : c]);
      i++;
    }
  }
  const keys = readings.map(skeleton);
  if (n >= 2 && n <= 4 && ![...word].some(isLatinVowel)) {
    const names = acronymReadings(word);
    for (const spoken of names) {
      const k = cyrillicSoundKey(spoken);
      if (k !== null) keys.push(k);
    }
  }
  return [...new Set(keys)];
}

/** The acronym's letters said by name, every combination of their names. */
function acronymReadings(word: string): string[] {
  let out = [""];
  for (const letter of word) {
    const names = LETTER_NAMES[letter] ?? [];
    out = out.flatMap((prefix) => names.map((name) => prefix + name));
  }
  return out;
}

const UKRAINIAN_ONLY = /[іїєґ]/;
const RUSSIAN_ONLY = /[ыэёъ]/;
const CYRILLIC_VOWELS = "аеєиіїоуюяыэё";
/** ь, ъ and ы never follow a vowel (or й, ь, ъ) nor start a word; й never follows a consonant. */
const AFTER_CONSONANT_ONLY = /(^|[аеєиіїоуюяыэёйьъ'])[ьъы]|[бвгґджзклмнпрстфхцчшщ]й/;
/** Four vowels in a row, or three to start a word ("ксиаоми" has three inside). */
const VOWEL_RUN = /[аеєиіїоуюяыэё]{4}|^[аеєиіїоуюяыэё]{3}/;
const LATIN_CONSONANTS = /[^aeiouy]{5}/;

/**
 * Whether a lowercase word can be a word at all, before it is looked for by sound or one
 * edit away in another script (where random letters would find something): Cyrillic without
 * Ukrainian and Russian letters mixed, ь ъ ы after a consonant, a vowel somewhere but not four
 * in a row (three to start); Latin
 * with a vowel and no five consonants in a row.
 */
export function pronounceable(word: string): boolean {
  if (/^[a-z]+$/.test(word)) return /[aeiouy]/.test(word) && !LATIN_CONSONANTS.test(word);
  if (UKRAINIAN_ONLY.test(word) && RUSSIAN_ONLY.test(word)) return false;
  if (AFTER_CONSONANT_ONLY.test(word) || VOWEL_RUN.test(word)) return false;
  return [...word].some((c) => CYRILLIC_VOWELS.includes(c));
}
