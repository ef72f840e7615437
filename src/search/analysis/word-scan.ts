// The shape a scan of words shares between the tokeniser that fills it and the unit rewrite
// that edits it (tokenise.ts, units.ts): its own file, so that neither imports the other.

/**
 * The words of one text as spans of its normalised form: the indexer interns a word straight
 * from its span (word-ids.ts), so a word already known costs neither a substring nor a Token.
 * Reused by every scan (scanning is synchronous): valid until the next call.
 */
export interface WordScan {
  /** The normalised text. */
  text: string;
  count: number;
  /**
   * Per word: start, end and position. A start below 0 is a word that is not one slice of
   * the text (a joined code, a word with an apostrophe or a mark dropped): extra[-start - 1].
   */
  spans: Int32Array;
  readonly extra: string[];
}
