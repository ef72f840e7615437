// The transliteration keys of a merged dictionary taken from one part's (mergeTranslitIndex)
// equal those computed from every term: terms of the part dropped, terms it lacks, terms of
// one key (`kot`, `кот`) in both.
import { expect, test } from "bun:test";
import fc from "fast-check";
import { buildTranslitIndex, mergeTranslitIndex } from "./translit-index.ts";

const word = fc.string({
  unit: fc.constantFrom("k", "o", "t", "к", "о", "т", "1"),
  minLength: 2,
  maxLength: 4,
});

test("merged keys are the keys of the merged terms", () => {
  fc.assert(
    fc.property(
      fc.uniqueArray(fc.record({ word, inOutput: fc.boolean(), inPart: fc.boolean() }), {
        selector: (e) => e.word,
        maxLength: 60,
      }),
      (entries) => {
        const sorted = entries.slice().sort((a, b) => (a.word < b.word ? -1 : 1));
        const output = sorted.filter((e) => e.inOutput).map((e) => e.word);
        const part = sorted.filter((e) => e.inPart).map((e) => e.word);
        const termMap = Int32Array.from(part, (w) => output.indexOf(w));
        const merged = mergeTranslitIndex(buildTranslitIndex(part), termMap, output);
        const expected = buildTranslitIndex(output);
        expect([...merged.hashes]).toEqual([...expected.hashes]);
        expect([...merged.terms]).toEqual([...expected.terms]);
      },
    ),
    { numRuns: 3000 },
  );
});
