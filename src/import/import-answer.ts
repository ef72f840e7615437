import { Utf8Writer } from "../model/utf8-writer.ts";
import type { ImportResponse } from "./import-service.ts";

/**
 * An import's HTTP answer as the writer thread hands it to the HTTP thread: the response body
 * of specification 2.6 as UTF-8 (transferred, not copied: posting the 1,000 records' JSON
 * strings instead cost ~5 ms of the writer thread's time and ~2 ms of the HTTP thread's per
 * batch, and the HTTP thread then encoded the body to UTF-8 again). Nothing but the HTTP
 * answer reads it: the indexer takes the batch's ChangeBatch (model/change-batch.ts).
 */
export interface ImportAnswer {
  status: ImportResponse<unknown>["status"];
  body: Uint8Array;
}

/**
 * The answer's body. A record the change batch carries as JSON is copied from its bytes, not
 * encoded again. `unchangedData: false` (a feed's batches) answers an unchanged item's `data`
 * as null: nothing reads it (the run counts outcomes, the indexer patches no unchanged
 * record), and a rerun's batches were ~1 KB an item of the stored records crossing to the
 * HTTP thread.
 */
export function encodeAnswer(
  r: ImportResponse<unknown>,
  { unchangedData }: { unchangedData: boolean } = { unchangedData: true },
): ImportAnswer {
  const dataOf = (s: ImportResponse<unknown>["successful"][number]) =>
    s.unchanged && !unchangedData ? "null" : s.json;
  const change = r.change;
  // The batch's bytes exactly; the rest mostly Cyrillic text in ASCII syntax, where two bytes a
  // character seldom needs growing.
  let bytes = 128 + (change?.json.length ?? 0);
  for (const s of r.successful) bytes += 96 + (s.logged === "content" ? 0 : dataOf(s).length * 2);
  const out = new Utf8Writer(bytes);
  let record = 0;
  out.write('{"successful":[');
  r.successful.forEach((s, i) => {
    const unchanged = s.unchanged ? `"unchanged":true,` : "";
    out.write(`${i ? "," : ""}{"index":${s.index},"status":${s.status},${unchanged}"data":`);
    if (s.logged === "content" && change) {
      const { records, json } = change;
      out.append(json.subarray(records[record * 3 + 1], records[record * 3 + 2]));
      record++;
    } else out.write(dataOf(s));
    out.write("}");
  });
  out.write("]");
  if (r.status === 400) out.write(`,"errors":${JSON.stringify(r.errors)}`);
  out.write("}");
  return { status: r.status, body: out.done() };
}
