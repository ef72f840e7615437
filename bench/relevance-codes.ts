// The code-any-shape class of both judged sets (issue 21 point 4): real codes typed in any case,
// with or without their separators, and code-shaped strings that are no product's code. The
// judgment reads the catalog's codes only: a real code finds its product; an absent one is
// answered by the products whose code key (letters and digits, lower case) is exactly one edit
// away (optimal string alignment), or by nothing, and by no other product (`exclusive`).

import type { Rng } from "../src/sample-catalog/prng.ts";
import { editDistance } from "./loose-match.ts";

export interface CodeCandidate {
  q: string;
  /** Positions of the relevant products. */
  relevant: number[];
  exclusive?: true;
}

const LETTERS = "ABCDEFGHKLMNPRSTXZ";

export const codeKeyOf = (code: string) => code.toLowerCase().replace(/[^\p{L}\p{N}]/gu, "");

export class CodeJudge {
  private readonly positions = new Map<string, number[]>();
  /** The shapes of absent codes are taken in turn, so that a class of 20 has each of them. */
  private shape = 0;

  constructor(codes: readonly string[]) {
    codes.forEach((code, i) => {
      const key = codeKeyOf(code);
      const list = this.positions.get(key);
      if (list) list.push(i);
      else this.positions.set(key, [i]);
    });
  }

  /** A real code typed another way, or a code-shaped string that is no product's code. */
  make(code: string, rng: Rng): CodeCandidate | null {
    return rng.chance(0.5) ? this.real(code, rng) : this.absent(code, rng);
  }

  private real(code: string, rng: Rng): CodeCandidate | null {
    const own = this.positions.get(codeKeyOf(code)) ?? [];
    if (own.length !== 1 || !/[^\p{L}\p{N}]/u.test(code)) return null;
    const style = rng.int(0, 3);
    const q =
      style === 0
        ? codeKeyOf(code)
        : style === 1
          ? code.replace(/[^\p{L}\p{N}]+/gu, " ").toLowerCase()
          : style === 2
            ? code.toLowerCase()
            : code.replace(/[^\p{L}\p{N}]+/gu, "");
    return { q, relevant: own };
  }

  private absent(code: string, rng: Rng): CodeCandidate | null {
    const digits = (n: number) => {
      let s = "";
      for (let i = 0; i < n; i++) s += String(rng.int(0, 9));
      return s;
    };
    const letter = () => rng.pick([...LETTERS]);
    const shapes = [
      () => `SKU-${digits(7)}`,
      () => `sku ${digits(7)}`,
      () => `${letter()}${letter()}-${digits(5)}`,
      () => `${letter()}${digits(4)}/${letter()}`,
      () => digits(8),
      () => `482${digits(10)}`,
      () => changed(code, rng),
      () => changed(code, rng),
    ];
    const q = (shapes[this.shape++ % shapes.length] as () => string)();
    const key = codeKeyOf(q);
    if (this.positions.has(key)) return null;
    const relevant: number[] = [];
    for (const [other, list] of this.positions)
      if (Math.abs(other.length - key.length) <= 1 && editDistance(key, other, 1) === 1)
        relevant.push(...list);
    return relevant.length > 10 ? null : { q, relevant, exclusive: true };
  }
}

/** `code` with one of its last four letters or digits changed to another of its kind. */
function changed(code: string, rng: Rng): string {
  const at = code.length - 1 - rng.int(0, Math.min(3, code.length - 1));
  const ch = code[at] as string;
  const by = /\d/.test(ch)
    ? String((Number(ch) + rng.int(1, 9)) % 10)
    : /[A-Za-z]/.test(ch)
      ? rng.pick([...LETTERS].filter((c) => c !== ch.toUpperCase()))
      : ch;
  return code.slice(0, at) + by + code.slice(at + 1);
}
