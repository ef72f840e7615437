// What the peers' benchmark (bench/peers.ts) gives Sphinx and PostgreSQL: one row per product of
// the generated catalog, its texts in every language it has (a store's one index for both), and
// each query's words as each engine's own syntax asks them, the last word a prefix as the widget
// sends it while it is typed. Pure: the SQL texts are tested without either engine.

import type { CategoryItem, ProductItem } from "../../src/sample-catalog/types.ts";

/** A product as the peers index it: full-text fields and the two attributes (a type, not an
 * interface: Bun's `sql(rows)` takes records). */
export type PeerRow = {
  /** 1-based position in the catalog (Sphinx ids are positive integers). */
  id: number;
  name: string;
  code: string;
  vendor: string;
  category: string;
  /** Synonyms and keywords. */
  keywords: string;
  description: string;
  price: number;
  available: boolean;
};

export const TEXT_FIELDS = [
  "name",
  "code",
  "vendor",
  "category",
  "keywords",
  "description",
] as const;

const joined = (texts: readonly (string | undefined)[]) =>
  [...new Set(texts.filter((t): t is string => Boolean(t)))].join(" ");

/** Each category's names in every language, by its source id. */
export function categoryNames(categories: readonly CategoryItem[]): Map<string, string> {
  return new Map(
    categories.map((c) => [
      String(c.source_category_id),
      joined(c.translations.map((t) => t.name)),
    ]),
  );
}

/** Product `index` (0-based) of the catalog as a row. */
export function peerRow(
  product: ProductItem,
  index: number,
  categories: ReadonlyMap<string, string>,
): PeerRow {
  const t = product.translations;
  return {
    id: index + 1,
    name: joined(t.map((x) => x.name)),
    code: product.code,
    vendor: product.vendor ?? "",
    category: categories.get(product.source_category_id) ?? "",
    keywords: joined(t.flatMap((x) => [...(x.synonyms ?? []), ...(x.keywords ?? [])])),
    description: joined(t.map((x) => x.description)),
    price: product.new_price ?? 0,
    available: product.availability !== false,
  };
}

/**
 * The words of a query as both peers' tokenisers keep them: letters and digits, lowercased,
 * the first 12 (as Vitrina searches). Nothing else reaches a query text, so no operator of
 * either syntax can.
 */
export function queryWords(q: string): string[] {
  return q
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .slice(0, 12);
}

/** Sphinx's extended syntax: every word, the last one a prefix (`ноутбук len*`); null for none. */
export function sphinxMatch(words: readonly string[]): string | null {
  if (!words.length) return null;
  return [...words.slice(0, -1), `${words.at(-1)}*`].join(" ");
}

/** A `to_tsquery` text: every word, the last one a prefix (`ноутбук & len:*`); null for none. */
export function tsQueryText(words: readonly string[]): string | null {
  if (!words.length) return null;
  return [...words.slice(0, -1), `${words.at(-1)}:*`].join(" & ");
}

/** A SphinxQL string literal: SphinxQL 2.2 takes no bound parameters. */
export const sphinxString = (s: string) => `'${s.replace(/\\/g, "\\\\").replace(/'/g, "\\'")}'`;

/** One `INSERT` of `rows` into the real-time index `index`. */
export function sphinxInsert(index: string, rows: readonly PeerRow[]): string {
  const columns = ["id", ...TEXT_FIELDS, "price", "available"];
  const values = rows.map(
    (r) =>
      `(${[r.id, ...TEXT_FIELDS.map((f) => sphinxString(r[f])), r.price, r.available ? 1 : 0].join(",")})`,
  );
  return `INSERT INTO ${index} (${columns.join(",")}) VALUES ${values.join(",")}`;
}

/** The search of the first ten by relevance. */
export function sphinxSearch(index: string, match: string): string {
  return `SELECT id FROM ${index} WHERE MATCH(${sphinxString(match)}) LIMIT 10`;
}

/**
 * searchd's configuration: a real-time index of the row's fields and attributes in `dir`, the
 * MySQL protocol on `port`. Ukrainian letters join Sphinx's default Russian charset table;
 * Russian and English stemming (Sphinx has none for Ukrainian); prefixes from 2 letters.
 */
export function sphinxConfig(o: { dir: string; port: number; index: string }): string {
  const ukrainian =
    "U+0404->U+0454, U+0454, U+0406->U+0456, U+0456, U+0407->U+0457, U+0457, U+0490->U+0491, U+0491";
  return `index ${o.index}
{
  type = rt
  path = ${o.dir}/${o.index}
${TEXT_FIELDS.map((f) => `  rt_field = ${f}`).join("\n")}
  rt_attr_float = price
  rt_attr_uint = available
  rt_mem_limit = 512M
  dict = keywords
  min_prefix_len = 2
  morphology = stem_enru
  charset_table = 0..9, A..Z->a..z, _, a..z, U+410..U+42F->U+430..U+44F, U+430..U+44F, U+401->U+451, U+451, ${ukrainian}
}

searchd
{
  listen = 127.0.0.1:${o.port}:mysql41
  log = ${o.dir}/searchd.log
  query_log = ${o.dir}/query.log
  pid_file = ${o.dir}/searchd.pid
  binlog_path = ${o.dir}
  workers = threads
  # One process, which the benchmark's own watchdog ends.
  watchdog = 0
}
`;
}

/**
 * PostgreSQL's table of the rows: a stored `tsvector` of every field in the `simple`
 * configuration (any language, words as written) and the `russian` one (stems; Debian's
 * PostgreSQL has no Ukrainian configuration), weighted name > category and keywords >
 * description, under a GIN index; with `pg_trgm`, a trigram index of the name for typos.
 */
export function postgresSchema(table: string, trigrams: boolean): string[] {
  const both = (text: string, weight: string) =>
    `setweight(to_tsvector('simple', ${text}), '${weight}') || setweight(to_tsvector('russian', ${text}), '${weight}')`;
  return [
    `DROP TABLE IF EXISTS ${table}`,
    `CREATE TABLE ${table} (
  id integer PRIMARY KEY,
  ${TEXT_FIELDS.map((f) => `${f} text NOT NULL`).join(",\n  ")},
  price numeric NOT NULL,
  available boolean NOT NULL,
  search tsvector GENERATED ALWAYS AS (
    ${both("name || ' ' || code || ' ' || vendor", "A")} ||
    ${both("category || ' ' || keywords", "B")} ||
    ${both("description", "C")}
  ) STORED
)`,
    `CREATE INDEX ${table}_search ON ${table} USING gin (search)`,
    ...(trigrams
      ? [`CREATE INDEX ${table}_name_trgm ON ${table} USING gin (name gin_trgm_ops)`]
      : []),
  ];
}

/** The first ten by rank of the words in either configuration ($1: a `tsQueryText`). */
export const postgresSearch = (table: string) =>
  `SELECT id FROM ${table}, (SELECT to_tsquery('simple', $1) || to_tsquery('russian', $1) AS q) AS x
WHERE search @@ x.q ORDER BY ts_rank(search, x.q) DESC LIMIT 10`;

/** When the words match nothing: the names nearest the query's words by trigrams ($1: the words). */
export const postgresTrigramSearch = (table: string) =>
  `SELECT id FROM ${table} WHERE $1 <% name ORDER BY word_similarity($1, name) DESC LIMIT 10`;
