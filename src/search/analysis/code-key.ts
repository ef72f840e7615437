// The exact-match key of a product code, so that "WH-1000XM5", "wh 1000 xm5" and "WH1000XM5"
// meet (PRODUCT.md: SKU/code matches exactly, also with punctuation removed).

import { charClass, DIGIT, LETTER } from "./char-class.ts";
import { normalise } from "./normalise.ts";

/**
 * The exact-match key of a SKU/code: normalised, every non-letter-non-digit removed:
 * "WH-1000XM5" -> "wh1000xm5", "12 345/B" -> "12345b".
 */
export function codeKey(text: string): string {
  const s = normalise(text);
  let out = "";
  let start = 0;
  for (let i = 0; i < s.length; i++) {
    const cls = charClass(s.charCodeAt(i));
    if (cls !== LETTER && cls !== DIGIT) {
      if (i > start) out += s.slice(start, i);
      start = i + 1;
    }
  }
  return start === 0 ? s : out + s.slice(start);
}
