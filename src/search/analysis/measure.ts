import { normalise } from "./normalise.ts";
import { unitOf } from "./units.ts";

// An attribute value that is a number with a unit ("55\"", "1,7 л", "256 ГБ", "500 мА·год"), as
// one number in its dimension's base unit, so that a range compares "1,7 л" with "1700 мл"
// (issue 32, point 4). The spellings are those the search knows (units.ts); a unit it does not
// know is a base of its own ("мА·год"); a number without a unit has the base "".

export interface Measure {
  /** The number in the base unit. */
  readonly value: number;
  /** The dimension's base unit: values of one base compare. */
  readonly base: string;
  /** The unit in its canonical spelling ("л", "мл", "\"", "гб"). */
  readonly unit: string;
  /** The unit as the value writes it ("GB", "мл", "\""). */
  readonly written: string;
}

/** Canonical unit -> its base unit and how many base units it is. */
const SCALE: Readonly<Record<string, readonly [string, number]>> = {
  л: ["мл", 1000],
  мл: ["мл", 1],
  кг: ["г", 1000],
  г: ["г", 1],
  тб: ["гб", 1024],
  гб: ["гб", 1],
  мб: ["гб", 1 / 1024],
  квт: ["вт", 1000],
  вт: ["вт", 1],
  м: ["мм", 1000],
  см: ["мм", 10],
  мм: ["мм", 1],
};

/** Spellings the search has no unit for (units.ts), that a value may still carry. */
const EXTRA: Readonly<Record<string, string>> = {
  г: "г",
  гр: "г",
  g: "г",
  '"': '"',
  "″": '"',
  "''": '"',
};

const NUMBER = /^\s*(\d{1,12}(?:[.,]\d{1,6})?)\s*(.*?)\s*$/u;

/** The measure of an attribute value, or null when it is no number (with or without a unit). */
export function measureOf(text: string): Measure | null {
  const m = NUMBER.exec(text);
  if (m === null) return null;
  const value = Number((m[1] as string).replace(",", "."));
  const written = normalise(m[2] as string).replace(/\.$/, "");
  if (written === "") return { value, base: "", unit: "", written: "" };
  const asWritten = (m[2] as string).trim();
  // The search drops inches ("" for дюйм): here they are a unit of their own.
  const known = unitOf(written);
  const unit = known === "" ? '"' : (known ?? EXTRA[written]);
  // A unit the search does not know: compared as normalised, shown as written.
  if (unit === undefined) return { value, base: written, unit: written, written: asWritten };
  const [base, factor] = SCALE[unit] ?? [unit, 1];
  return { value: value * factor, base, unit, written: unit === '"' ? '"' : asWritten };
}

/** How many base units one `unit` is (1 for a unit without a scale). */
export const unitFactor = (unit: string): number => SCALE[unit]?.[1] ?? 1;
