// Units after a number as shoppers and catalogs write them (issue 15, point 3): "32 gb",
// "32GB", "32 гігабайти" and "32 ГБ" are one pair of words, "43 дюйми", "43 inch" and 43" are
// the number alone (the catalog's " is punctuation), and terabytes are gigabytes ("1 тб" is
// "1024 гб", the way attribute values count storage). The indexer and the query both tokenise
// through here, so every spelling meets every other.

import { normalise } from "./normalise.ts";
import { isDigits } from "./script.ts";
import type { WordScan } from "./word-scan.ts";

/** The unit a spelling stands for; "" for inches, which vanish (the catalog writes 55"). */
const UNIT_OF: ReadonlyMap<string, string> = new Map(
  Object.entries({
    гб: "гб gb гігабайт гігабайти гігабайтів гигабайт гигабайта гигабайтов gigabyte gigabytes",
    тб: "тб tb терабайт терабайти терабайтів терабайта терабайтов terabyte terabytes",
    мб: "мб mb мегабайт мегабайти мегабайтів мегабайта мегабайтов megabyte megabytes",
    л: "л l літр літра літри літрів литр литра литров liter liters litre litres",
    мл: "мл ml мілілітр мілілітрів миллилитр миллилитров milliliter milliliters millilitre",
    кг: "кг kg кілограм кілограми кілограмів килограмм килограмма килограммов kilogram kilograms",
    вт: "вт w ват вата ватт ватта ватів ваттів watt watts",
    квт: "квт kw кіловат киловатт kilowatt kilowatts",
    мм: "мм mm міліметр міліметрів миллиметр миллиметров millimeter millimeters",
    см: "см cm сантиметр сантиметрів сантиметров centimeter centimeters",
    м: "м m метр метри метрів метра метров meter meters metre metres",
    в: "в v вольт вольта volt volts",
    гц: "гц hz герц hertz",
    "": "дюйм дюйми дюймів дюйма дюймов inch inches",
  }).flatMap(([unit, spellings]) => spellings.split(" ").map((s) => [s, unit] as const)),
);

/** The unit a spelling (normalised) stands for, as UNIT_OF says; undefined for no unit's. */
export const unitOf = (spelling: string): string | undefined => UNIT_OF.get(spelling);

const LONGEST = Math.max(...[...UNIT_OF.keys()].map((s) => s.length));

/** The first letters of the spellings, by char code (all below U+0500). */
const INITIALS = new Uint8Array(0x500);
for (const spelling of UNIT_OF.keys()) INITIALS[spelling.charCodeAt(0)] = 1;

/** Can a word starting with this char code (normalised) be a unit? */
export function isUnitInitial(code: number): boolean {
  return code < 0x500 && INITIALS[code] === 1;
}
const GIGABYTES_PER_TERABYTE = 1024;

/** A word the unit pass may have put into a scan where the text has another spelling. */
export function isUnitRewrite(word: string): boolean {
  return isDigits(word) || (UNIT_OF.get(word) ?? "") === word;
}

/**
 * Space-separated pieces of a query with each unit typed apart from its number joined to it
 * ("1", "тб" -> "1 тб"), so that a piece-by-piece reader (the correction) sees the pair whole.
 */
export function joinUnitPieces(pieces: readonly string[]): string[] {
  const out: string[] = [];
  for (const piece of pieces) {
    const last = out.length - 1;
    const before = out[last];
    const digit = before === undefined ? 0 : before.charCodeAt(before.length - 1);
    if (digit >= 0x30 && digit <= 0x39 && UNIT_OF.has(normalise(piece)))
      out[last] = `${before} ${piece}`;
    else out.push(piece);
  }
  return out;
}

/** The word at spans[k] of a scan. */
function wordAt(scan: WordScan, k: number): string {
  const start = scan.spans[k] as number;
  return start >= 0
    ? scan.text.slice(start, scan.spans[k + 1])
    : (scan.extra[-start - 1] as string);
}

/** Is the word at spans[k] a number (ASCII digits)? Reads the text in place. */
function isNumberAt(scan: WordScan, k: number): boolean {
  const start = scan.spans[k] as number;
  if (start < 0) return isDigits(scan.extra[-start - 1] as string);
  const end = scan.spans[k + 1] as number;
  for (let i = start; i < end; i++) {
    const code = scan.text.charCodeAt(i);
    if (code < 0x30 || code > 0x39) return false;
  }
  return true;
}

/** The unit of the word at spans[k], when it follows a number; undefined otherwise. */
function unitAt(scan: WordScan, k: number): string | undefined {
  const start = scan.spans[k] as number;
  if (start < 0) return undefined;
  const end = scan.spans[k + 1] as number;
  if (end - start > LONGEST || !isUnitInitial(scan.text.charCodeAt(start))) return undefined;
  if ((scan.spans[k + 2] as number) !== (scan.spans[k - 1] as number) + 1) return undefined;
  if (!isNumberAt(scan, k - 3)) return undefined;
  return UNIT_OF.get(scan.text.slice(start, end));
}

/** Is the number at spans[k] the fraction of a decimal ("0.5", "1,5")? */
function isFraction(scan: WordScan, k: number): boolean {
  const start = scan.spans[k] as number;
  if (start < 2) return false;
  const before = scan.text.charCodeAt(start - 1);
  const digit = scan.text.charCodeAt(start - 2);
  return (before === 0x2e || before === 0x2c) && digit >= 0x30 && digit <= 0x39;
}

/**
 * Rewrites the units that follow a number into one spelling, drops inches, and turns
 * terabytes into gigabytes. Leaves the scan as it is (no allocation) when it has no unit.
 */
export function rewriteUnits(scan: WordScan): void {
  let k = 3;
  const end = scan.count * 3;
  while (k < end && unitAt(scan, k) === undefined) k += 3;
  if (k >= end) return;
  const spans = scan.spans;
  let out = k;
  for (; k < end; k += 3) {
    const unit = unitAt(scan, k);
    if (unit === undefined) {
      spans[out] = spans[k] as number;
      spans[out + 1] = spans[k + 1] as number;
      spans[out + 2] = spans[k + 2] as number;
      out += 3;
      continue;
    }
    if (unit === "") continue;
    let word = unit;
    // The number just written out is the previous word: "2 тб" becomes "2048 гб".
    if (unit === "тб" && !isFraction(scan, out - 3)) {
      const number = Number(wordAt(scan, out - 3)) * GIGABYTES_PER_TERABYTE;
      scan.extra.push(String(number));
      spans[out - 3] = -scan.extra.length;
      word = "гб";
    }
    scan.extra.push(word);
    spans[out] = -scan.extra.length;
    spans[out + 1] = 0;
    spans[out + 2] = spans[k + 2] as number;
    out += 3;
  }
  scan.count = out / 3;
}
