import { Readable } from "node:stream";
import { CsvError, parse } from "csv-parse";
import { emptyOffer, type FeedEntry, FeedSyntaxError, type LangText } from "./feed-types.ts";
import { languageSuffix } from "./xml-feed.ts";
import { yesNo } from "./yml-dialect.ts";

// CSV: a header row names the columns (docs/FEEDS.md lists them), one offer a row. The
// delimiter is the header's most frequent of `;`, `,` and tab (Excel writes `;` where the
// decimal mark is a comma). csv-parse reads it as it arrives; a row of another width than the
// header, or a quote left open (a truncated file), stops the run like broken XML.

const DELIMITERS = [";", ",", "\t"] as const;

/** The header's most frequent delimiter outside quotes; `,` when it has none. */
export function sniffDelimiter(firstLine: string): string {
  const bare = firstLine.replace(/"[^"]*"/g, "");
  let best: string = ",";
  let most = 0;
  for (const d of DELIMITERS) {
    const n = bare.split(d).length - 1;
    if (n > most) {
      most = n;
      best = d;
    }
  }
  return best;
}

const COLUMN: Record<string, string> = {
  id: "id",
  source_id: "id",
  code: "code",
  sku: "code",
  vendorcode: "code",
  article: "code",
  category_id: "categoryId",
  categoryid: "categoryId",
  category: "categoryPath",
  product_type: "categoryPath",
  price: "price",
  old_price: "oldPrice",
  oldprice: "oldPrice",
  promo_price: "promoPrice",
  sale_price: "promoPrice",
  currency: "currency",
  currencyid: "currency",
  available: "available",
  availability: "available",
  picture: "picture",
  image: "picture",
  vendor: "vendor",
  brand: "vendor",
  group_id: "groupId",
  url: "url",
  link: "url",
};

/** One row (header name -> cell) as an offer entry. */
function rowEntry(row: Record<string, string>, line: number): FeedEntry {
  const offer = emptyOffer(line);
  const names: LangText = {};
  const descriptions: LangText = {};
  for (const [header, raw] of Object.entries(row)) {
    const value = raw.trim();
    const h = header.trim();
    if (/^param[:_]/i.test(h)) {
      const { base, language } = languageSuffix(h.slice(6).trim());
      offer.params.push({ name: base, value, unit: null, language });
      continue;
    }
    if (!value) continue;
    const { base, language } = languageSuffix(h.toLowerCase());
    if (base === "name" || base === "title") names[language] = value;
    else if (base === "description") descriptions[language] = value;
    else {
      const field = COLUMN[h.toLowerCase()];
      if (field === "available") offer.available = yesNo(value) ?? /in.?stock/i.test(value);
      else if (field === "categoryPath")
        offer.categoryPath = value
          .split(">")
          .map((s) => s.trim())
          .filter(Boolean);
      else if (field === "id") offer.id = value;
      else if (field !== undefined)
        (offer as unknown as Record<string, string | null>)[field] = value;
    }
  }
  offer.names = names;
  offer.descriptions = descriptions;
  return { kind: "offer", offer };
}

/** The offers of a CSV feed as its text arrives. */
export async function* csvEntries(texts: AsyncIterable<string>): AsyncGenerator<FeedEntry> {
  const iterator = texts[Symbol.asyncIterator]();
  let head = "";
  const rest: string[] = [];
  // The header's line decides the delimiter: read until it is whole.
  for (;;) {
    const next = await iterator.next();
    if (next.done) break;
    head += next.value;
    if (/\r?\n/.test(head)) break;
  }
  const delimiter = sniffDelimiter(head.split(/\r?\n/, 1)[0] ?? "");
  async function* all(): AsyncGenerator<string> {
    yield head;
    yield* rest;
    for (let n = await iterator.next(); !n.done; n = await iterator.next()) yield n.value;
  }
  const parser = Readable.from(all()).pipe(
    parse({
      columns: true,
      delimiter,
      bom: true,
      skip_empty_lines: true,
      relax_quotes: false,
      info: true,
    }),
  );
  try {
    for await (const { record, info } of parser as AsyncIterable<{
      record: Record<string, string>;
      info: { lines: number };
    }>)
      yield rowEntry(record, info.lines);
  } catch (error) {
    if (error instanceof CsvError) {
      const line = Number((error as unknown as { lines?: number }).lines ?? 0);
      throw new FeedSyntaxError(line, 0, error.message);
    }
    throw error;
  }
}
