import { Kind, type TSchema, TypeRegistry, Type as t } from "@sinclair/typebox";

// Strings of the wire shapes: well-formed Unicode (no lone surrogate, which SQLite and the
// UTF-8 encoders turn into U+FFFD so that two ids collapse into one) and bounded in characters,
// that is code points, as a reader counts them: TypeBox's maxLength counts UTF-16 units, so
// 255 emoji would fail "at most 255 characters". A custom TypeBox kind, so that the compiled
// check and its error report see it like any other type.

export interface TextOptions {
  /** Most characters (code points). */
  maxChars: number;
  /** 1 when the empty string is not a value. */
  minChars?: number;
  /** A regular expression the whole string must match. */
  pattern?: string;
}

export interface TextSchema extends TSchema, TextOptions {
  [Kind]: "Text";
  type: "string";
  static: string;
}

export type TextProblem = "type" | "unicode" | "blank" | "long" | "pattern";

/** Code points of a well-formed string, counting no further than `max + 1`. */
export function charCount(s: string, max = Number.POSITIVE_INFINITY): number {
  // A string of no more UTF-16 units than the limit cannot have more code points.
  if (s.length <= max) {
    let n = s.length;
    for (let i = 0; i < s.length; i++) if ((s.charCodeAt(i) & 0xfc00) === 0xd800) n--;
    return n;
  }
  let n = 0;
  for (let i = 0; i < s.length && n <= max; i++, n++)
    if ((s.charCodeAt(i) & 0xfc00) === 0xd800) i++;
  return n;
}

const patterns = new Map<string, RegExp>();

/** What is wrong with a value given for a Text schema; null when nothing is. */
export function textProblem(schema: TextOptions, value: unknown): TextProblem | null {
  if (typeof value !== "string") return "type";
  if (!value.isWellFormed()) return "unicode";
  if (value.length < (schema.minChars ?? 0)) return "blank";
  // No more UTF-16 units than the limit cannot be more code points: most strings are not counted.
  if (value.length > schema.maxChars && charCount(value, schema.maxChars) > schema.maxChars)
    return "long";
  if (schema.pattern !== undefined) {
    let re = patterns.get(schema.pattern);
    if (re === undefined) {
      re = new RegExp(schema.pattern, "u");
      patterns.set(schema.pattern, re);
    }
    if (!re.test(value)) return "pattern";
  }
  return null;
}

TypeRegistry.Set<TextOptions>("Text", (schema, value) => textProblem(schema, value) === null);

/** A string schema of at most `maxChars` characters of well-formed Unicode. */
export const Text = (options: TextOptions): TextSchema =>
  t.Unsafe<string>({ ...options, [Kind]: "Text", type: "string" }) as unknown as TextSchema;
