import { normalise } from "../search/engine.ts";

// What of a search's text analytics keep, and which past queries may become suggestions
// (PRODUCT.md "Search > Analytics": the search token is public, so nothing a holder of it
// sends may fill the disk or show text to other shoppers).

/** A recorded query keeps at most this many characters (code points)... */
export const MAX_QUERY_CHARS = 100;
/**
 * ...and words: enough for any real query; 8 KB of junk becomes one bounded row. A bound of
 * the analytics rows, not the search's cap on query words (the engine's MAX_QUERY_WORDS).
 */
export const MAX_RECORDED_WORDS = 10;
/**
 * Raw text read before normalising: NFKC of 8 KB on the search thread would be spent on
 * characters that are cut anyway (NFKC may expand, so some slack over MAX_QUERY_CHARS).
 */
const RAW_PREFIX = 4 * MAX_QUERY_CHARS;

/** A suggestion is at most this many characters and words (issue 12). */
export const SUGGESTION_MAX_CHARS = 64;
export const SUGGESTION_MAX_WORDS = 6;

const WHITESPACE = /\s+/gu;
// Control, format (zero-width, bidi), surrogate, private-use and unassigned code points.
const INVISIBLE = /\p{C}/gu;
// Letters (with their combining marks), digits, spaces and common punctuation.
const SUGGESTION_TEXT = /^[\p{L}\p{M}\p{N} '.,/+&()-]+$/u;
const HAS_WORD = /[\p{L}\p{N}]/u;
// Text that sends shoppers elsewhere is never shown to others, however many ask it (issue 23):
// a host name or URL (a label, a dot, two or more letters: `scam-shop.example`, `www.x.com`;
// `1.7` or `т.д` do not match) and a phone number (seven or more digits in one run, spaces,
// dashes, dots and brackets between them). An e-mail or `http://` already fail SUGGESTION_TEXT.
const HOST_LIKE = /[\p{L}\p{N}-]\.\p{L}{2,}/u;
const PHONE_LIKE = /(?:\d[\s().-]*){7,}/u;
// An invisible character that is not whitespace: a query that carried one (a NUL byte, a
// zero-width space) is counted, cleaned, but never offered to other shoppers.
const HIDDEN = /[^\P{C}\s]/u;

/**
 * The form a query is recorded in: NFKC, lower case, ё→е and one apostrophe (the search's own
 * `normalise`, so suggestions compare with what shoppers type), whitespace collapsed to one
 * space, invisible characters dropped, at most MAX_RECORDED_WORDS words and MAX_QUERY_CHARS
 * characters. "" when nothing is left.
 */
export function recordedQuery(raw: string): string {
  const text = normalise(raw.slice(0, RAW_PREFIX).replace(WHITESPACE, " ").replace(INVISIBLE, ""))
    .replace(WHITESPACE, " ")
    .trim();
  const words = text.split(" ", MAX_RECORDED_WORDS).join(" ");
  const chars = Array.from(words);
  return chars.length <= MAX_QUERY_CHARS ? words : chars.slice(0, MAX_QUERY_CHARS).join("").trim();
}

/**
 * Whether a search may count towards its query becoming a suggestion: what the shopper sent
 * carried no invisible characters, and its recorded form is `suggestible`.
 */
export function mayBeSuggested(raw: string, recorded: string): boolean {
  return suggestible(recorded) && !HIDDEN.test(raw.slice(0, RAW_PREFIX));
}

/** Whether a recorded query is short and clean enough to be shown to other shoppers. */
export function suggestible(recorded: string): boolean {
  return (
    recorded.split(" ").length <= SUGGESTION_MAX_WORDS &&
    Array.from(recorded).length <= SUGGESTION_MAX_CHARS &&
    SUGGESTION_TEXT.test(recorded) &&
    HAS_WORD.test(recorded) &&
    !HOST_LIKE.test(recorded) &&
    !PHONE_LIKE.test(recorded)
  );
}

/**
 * The form an operator's block is kept and compared in (the recorded form), or null when the
 * text could never be a suggestion: empty, or over SUGGESTION_MAX_CHARS or _WORDS.
 */
export function blockedForm(raw: string): string | null {
  const q = recordedQuery(raw);
  return q !== "" &&
    Array.from(q).length <= SUGGESTION_MAX_CHARS &&
    q.split(" ").length <= SUGGESTION_MAX_WORDS
    ? q
    : null;
}
