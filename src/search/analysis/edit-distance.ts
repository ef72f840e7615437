// Optimal string alignment distance (Levenshtein with adjacent transpositions, each edit costs
// 1; "restricted Damerau-Levenshtein", see Boytsov 2011, "Indexing methods for approximate
// dictionary searching", section 2.2), computed only inside the diagonal band |i - j| <= max
// (Ukkonen 1985, "Algorithms for approximate string matching") and abandoned as soon as a whole
// row exceeds max: a typo-tolerant lookup compares a query word with many dictionary terms and
// almost all of them are far away.

// Three rows of the dynamic-programming matrix (i-2, i-1, i), reused across calls and grown on
// demand: no allocation per call once the longest word has been seen.
let rowBefore = new Int32Array(64);
let rowPrevious = new Int32Array(64);
let rowCurrent = new Int32Array(64);

/**
 * Optimal-string-alignment distance between a and b, bounded: returns max + 1 as soon as the
 * distance is known to exceed max. Compares UTF-16 code units (one per Cyrillic or Latin letter).
 */
export function editDistance(a: string, b: string, max: number): number {
  const over = max + 1;
  if (max < 0) return a === b ? 0 : over;
  // Strip the common prefix and suffix: they never change the distance (a transposition needs
  // two differing characters) and most candidate pairs share a stem.
  let start = 0;
  let endA = a.length;
  let endB = b.length;
  while (start < endA && start < endB && a.charCodeAt(start) === b.charCodeAt(start)) start++;
  while (endA > start && endB > start && a.charCodeAt(endA - 1) === b.charCodeAt(endB - 1)) {
    endA--;
    endB--;
  }
  const lengthA = endA - start;
  const lengthB = endB - start;
  if (Math.abs(lengthA - lengthB) > max) return over;
  if (lengthA === 0) return lengthB;
  if (lengthB === 0) return lengthA;

  if (rowCurrent.length <= lengthB) grow(lengthB + 1);
  let before = rowBefore;
  let previous = rowPrevious;
  let current = rowCurrent;

  // Row 0: distance from the empty prefix of a; cells outside the band hold "over".
  for (let j = 0; j <= lengthB; j++) previous[j] = j <= max ? j : over;

  for (let i = 1; i <= lengthA; i++) {
    const charA = a.charCodeAt(start + i - 1);
    const from = Math.max(i - max, 1);
    const to = Math.min(i + max, lengthB);
    current[0] = i <= max ? i : over;
    if (from > 1) current[from - 1] = over;
    let rowMin = current[0] as number;
    for (let j = from; j <= to; j++) {
      const charB = b.charCodeAt(start + j - 1);
      const cost = charA === charB ? 0 : 1;
      let value = (previous[j - 1] as number) + cost;
      const deletion = (previous[j] as number) + 1;
      if (deletion < value) value = deletion;
      const insertion = (current[j - 1] as number) + 1;
      if (insertion < value) value = insertion;
      if (
        i > 1 &&
        j > 1 &&
        charA === b.charCodeAt(start + j - 2) &&
        a.charCodeAt(start + i - 2) === charB
      ) {
        const transposition = (before[j - 2] as number) + 1;
        if (transposition < value) value = transposition;
      }
      if (value > over) value = over;
      current[j] = value;
      if (value < rowMin) rowMin = value;
    }
    if (to < lengthB) current[to + 1] = over;
    if (rowMin > max) return over;
    const recycled = before;
    before = previous;
    previous = current;
    current = recycled;
  }
  const distance = previous[lengthB] as number;
  return distance > max ? over : distance;
}

function grow(length: number): void {
  const size = Math.max(length, rowCurrent.length * 2);
  rowBefore = new Int32Array(size);
  rowPrevious = new Int32Array(size);
  rowCurrent = new Int32Array(size);
}
