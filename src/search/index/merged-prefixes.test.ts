// The shared prefixes a merge derives from its parts (merged-prefixes.ts) equal those computed
// from the merged dictionary's strings, whatever the parts: terms in several parts, terms that
// lose every posting (dropped docs), parts kept whole (copied as blocks), digits before the
// walked terms, prefixes longer than the 255 an lcp holds.
import { expect, test } from "bun:test";
import fc from "fast-check";
import { sharedPrefixes, WALKED_FROM } from "./shared-prefixes.ts";
import { FIELD, lowerBound, type TermIndex, TermIndexBuilder } from "./term-index.ts";
import { mergeTermIndexes } from "./term-merge.ts";

const LONG = "b".repeat(254);
const word = fc.oneof(
  {
    weight: 9,
    arbitrary: fc.string({ unit: fc.constantFrom("a", "b", "я", "1"), minLength: 1, maxLength: 5 }),
  },
  {
    weight: 1,
    arbitrary: fc.string({ unit: fc.constantFrom("a", "b"), maxLength: 3 }).map((s) => LONG + s),
  },
);
const doc = fc.record({ words: fc.array(word, { maxLength: 4 }), kept: fc.boolean() });
const part = fc.record({ docs: fc.array(doc, { maxLength: 12 }), whole: fc.boolean() });

function build(docs: readonly { words: readonly string[] }[]): TermIndex {
  const b = new TermIndexBuilder();
  docs.forEach(({ words }, d) => {
    for (const w of words) b.add(w, FIELD.name, 0);
    b.endDoc(d);
  });
  return b.build().index;
}

test("a merge's shared prefixes are those of its terms", () => {
  fc.assert(
    fc.property(fc.array(part, { minLength: 1, maxLength: 4 }), (spec) => {
      let next = 0;
      const parts = spec.map(({ docs, whole }) => {
        const docMap = new Int32Array(docs.length);
        docs.forEach(({ kept }, d) => {
          docMap[d] = whole || kept ? next++ : -1;
        });
        return { index: build(docs), docMap };
      });
      const { terms, prefixes } = mergeTermIndexes(parts).index;
      const expected = sharedPrefixes(terms, lowerBound(terms, WALKED_FROM));
      expect(prefixes.start).toBe(expected.start);
      expect([...prefixes.lcp]).toEqual([...expected.lcp]);
      expect([...prefixes.parting]).toEqual([...expected.parting]);
      expect([...prefixes.below]).toEqual([...expected.below]);
    }),
    { numRuns: 3000 },
  );
});
