// The filters' and categories' bytes written of kept pieces (lists-bytes.ts) are those of
// JSON.stringify of the answer's, encoded: on both catalogs, for a search, a category page with and
// without price bounds, one card per product, and a registry whose pieces were kept already.
import { expect, test } from "bun:test";
import { catalogSource } from "../../../test/fixtures/catalogs/index.ts";
import { toRecords } from "../../../test/fixtures/records.ts";
import { SEARCH_DEFAULTS, type SearchParams } from "../../model/search.ts";
import { buildSnapshot, search } from "../../search/engine.ts";
import { ByteWriter } from "./byte-writer.ts";
import { writeCategories, writeFilters } from "./lists-bytes.ts";
import { searchAnswer, searchRequest } from "./search-answer.ts";

for (const name of ["project", "feed"] as const)
  test(`filters' and categories' bytes are their JSON (${name})`, () => {
    const catalog = catalogSource(name).catalog(3, 800);
    const snap = buildSnapshot(toRecords(catalog));
    const browsed = searchRequest({ ...SEARCH_DEFAULTS, browse: true, group_by_category: false });
    const shown = searchAnswer(snap, browsed, search(snap, browsed), null).products.groups;
    const word = (shown[0]?.items[0]?.name ?? "").split(" ")[0] ?? "";
    const asks: Partial<SearchParams>[] = [
      { q: word },
      { browse: true, group_by_category: false },
      { browse: true, group_by_category: false, price_from: 500 },
      { browse: true, group_variants: true, price_to: 5000 },
    ];
    let values = 0;
    for (let round = 0; round < 2; round++)
      for (const ask of asks) {
        const request = searchRequest({ ...SEARCH_DEFAULTS, ...ask });
        const result = search(snap, request);
        if (result === null) throw new Error(`no result: ${JSON.stringify(ask)}`);
        const answer = searchAnswer(snap, request, result, null);
        const decoded = (write: (out: ByteWriter) => void) => {
          const out = new ByteWriter();
          write(out);
          return new TextDecoder().decode(out.copy());
        };
        expect(decoded((out) => writeFilters(out, snap.facets, result.facets))).toBe(
          JSON.stringify(answer.filters),
        );
        for (const language of ["uk", "ru"] as const)
          expect(decoded((out) => writeCategories(out, snap, language, result.categories))).toBe(
            JSON.stringify(searchAnswer(snap, { ...request, language }, result, null).categories),
          );
        values += result.facets.reduce((n, f) => n + f.values.length, 0);
      }
    expect(values).toBeGreaterThan(100);
  });
