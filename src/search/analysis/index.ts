// Text analysis for uk, ru and en: pure functions shared by the indexer and the query side.

export { codeKey } from "./code-key.ts";
export { editDistance } from "./edit-distance.ts";
export { switchLayout, switchLayoutText } from "./keyboard-layout.ts";
export { APOSTROPHE, normalise } from "./normalise.ts";
export { hasDigit, isCyrillic, isDigits, isLatin } from "./script.ts";
export { STEM_CACHE_SIZE, stem, stemsForQuery } from "./stem.ts";
export { scanWords, type Token, tokenise, type WordScan } from "./tokenise.ts";
export { translitKey } from "./translit-key.ts";
export { MIN_LENGTH_FOR_ONE_TYPO, MIN_LENGTH_FOR_TWO_TYPOS, maxTypos } from "./typos.ts";
export { isUnitRewrite, joinUnitPieces } from "./units.ts";
