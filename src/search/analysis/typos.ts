// How many typos a query word may carry (PRODUCT.md "Search": 0 typos for words under 4 letters,
// 1 from 4, 2 from 8). The thresholds are exported so the query side can tune and report them.

/** Words of at least this many characters tolerate one typo. */
export const MIN_LENGTH_FOR_ONE_TYPO = 4;
/** Words of at least this many characters tolerate two typos. */
export const MIN_LENGTH_FOR_TWO_TYPOS = 8;

/**
 * Typos tolerated for a query word by its length: 0 under 4 characters, 1 from 4, 2 from 8.
 * Length in UTF-16 code units, which equals characters for Cyrillic, Latin and digits.
 */
export function maxTypos(word: string): 0 | 1 | 2 {
  const length = word.length;
  if (length >= MIN_LENGTH_FOR_TWO_TYPOS) return 2;
  if (length >= MIN_LENGTH_FOR_ONE_TYPO) return 1;
  return 0;
}
