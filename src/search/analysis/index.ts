// Text analysis for uk, ru and en: pure functions shared by the indexer and the query side.

export { adjectiveForm } from "./adjective-forms.ts";
export { codeKey } from "./code-key.ts";
export { cyrillicLanguageOf } from "./cyrillic-language.ts";
export { editDistance } from "./edit-distance.ts";
export { switchLayout, switchLayoutText } from "./keyboard-layout.ts";
export { normalise } from "./normalise.ts";
export { hasDigit, isCyrillic, isDigits, isLatin } from "./script.ts";
export { cyrillicSoundKey, latinSoundKeys, pronounceable, slavicForm } from "./sound-key.ts";
export { stem, stemKey, stemsForQuery } from "./stem.ts";
export { scanWords, type Token, tokenise } from "./tokenise.ts";
export { translitKey } from "./translit-key.ts";
export { MIN_LENGTH_FOR_ONE_TYPO, MIN_LENGTH_FOR_TWO_TYPOS, maxTypos } from "./typos.ts";
export { queryStemKeys } from "./uk-ru.ts";
export { isUnitRewrite, joinUnitPieces } from "./units.ts";
export type { WordScan } from "./word-scan.ts";
