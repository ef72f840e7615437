// The Redis key layout. Every key of a domain carries the hash tag `{d:ID}`, so one domain's
// keys live in one Redis Cluster slot and a batch can be one Lua script over them; the domain
// registry has its own tag. The `vitrina:` prefix lets Vitrina share a Redis with others.
//
//   {reg}:domains      hash  name -> DomainRecord JSON
//   {reg}:domain-id    string, INCR: the last domain id
//   {reg}:changes      stream: one entry per domain created or tokens rotated (nodes reload)
//   {d:ID}:p           hash  product id -> ProductRecord JSON (the JSON SQLite keeps in `doc`)
//   {d:ID}:p-src       hash  source_id -> "[id,rev,group_id]" (rev: the write that last set it)
//   {d:ID}:p-id        string, INCR: the last product id
//   {d:ID}:p-digest    hash  source_id -> a feed run's offer digest (docs/FEEDS.md, "A run is
//                      a diff"): set by a feed's write of the product, dropped by any other
//                      write of it in that write's script
//   {d:ID}:c           hash  category id -> CategoryRecord JSON
//   {d:ID}:c-src       hash  source_category_id -> id
//   {d:ID}:c-id        string, INCR: the last category id
//   {d:ID}:c-parent    hash  source_category_id -> the parent's source_category_id (if any)
//   {d:ID}:c-tree      string, INCR: one per batch that changed c-parent (category-batch.ts)
//   {d:ID}:wh          set   warehouse external ids
//   {d:ID}:rev         string, INCR: one per product write, the `rev` of p-src
//   {d:ID}:seq         string: the last change-log position (the head)
//   {d:ID}:log         stream: the change log, entry ids `<seq>-0`
//   {d:ID}:log-w       stream: what each products entry wrote, under the entry's id: "records"
//                      (the records' JSON as stored, a line per id of the entry, "" for an
//                      offer-only write) and "offers" (those writes' offers, packed, base64);
//                      trimmed once every live node has applied the entry (log-retention.ts);
//                      none for a batch past 512 KiB of writes (product-batch.ts)
//   {d:ID}:nodes       hash  node id -> "<position>:<ms>", the heartbeats of the nodes tailing
//   {d:ID}:a:DAY       hash  "language<TAB>query" -> search aggregates of that UTC day, and
//                      "" -> the day's searches (search-stats.ts); expires with the retention
//   {d:ID}:a:DAY:s     sorted set: the day's fields asked by 2+ shoppers, score = searches
//   {d:ID}:sugg-blocked  set  suggestions the operator blocked
//   {d:ID}:synonyms    string: the domain's own synonyms, JSON (synonyms.ts)
//   {d:ID}:rules       string: the domain's merchandising rules, JSON (synonyms.ts too)
//   {d:ID}:feeds       string: the domain's registered feeds, JSON (feeds.ts)
//   {d:ID}:feed-state  hash  feed URL -> its last run's state, JSON
//   {d:ID}:feed-runs   list  runs' results, JSON, newest first, the last MAX_FEED_RUNS
//   {d:ID}:feed-lock:H string, PX: the node running the feed whose URL's SHA-1 is H

const PREFIX = "vitrina:";

export const registryKeys = {
  domains: `${PREFIX}{reg}:domains`,
  domainId: `${PREFIX}{reg}:domain-id`,
  changes: `${PREFIX}{reg}:changes`,
} as const;

export function domainKeys(domainId: number) {
  const k = (name: string) => `${PREFIX}{d:${domainId}}:${name}`;
  return {
    products: k("p"),
    productSources: k("p-src"),
    productId: k("p-id"),
    productDigests: k("p-digest"),
    categories: k("c"),
    categorySources: k("c-src"),
    categoryId: k("c-id"),
    categoryParents: k("c-parent"),
    categoryTree: k("c-tree"),
    warehouses: k("wh"),
    rev: k("rev"),
    seq: k("seq"),
    log: k("log"),
    written: k("log-w"),
    nodes: k("nodes"),
    blockedSuggestions: k("sugg-blocked"),
    synonyms: k("synonyms"),
    rules: k("rules"),
    feeds: k("feeds"),
    feedStates: k("feed-state"),
    feedRuns: k("feed-runs"),
  } as const;
}

/** The run lock of one registered feed (feeds.ts): a URL may be long, its hash is not. */
export const feedLockKey = (domainId: number, url: string) =>
  `${PREFIX}{d:${domainId}}:feed-lock:${new Bun.CryptoHasher("sha1").update(url).digest("hex")}`;

/** A SCAN pattern for every key of a domain (braces are literal in Redis globs). */
export const domainKeyPattern = (domainId: number) => `${PREFIX}{d:${domainId}}:*`;
/** The analytics keys of one domain and UTC day ("YYYY-MM-DD"). */
/** A domain's day of shoppers' actions after a search (redis/action-stats.ts). */
export const actionDayKey = (domainId: number, day: string) =>
  `${PREFIX}{d:${domainId}}:act:${day}`;

/** Hash: a category's source id ("" for the whole store) -> its page's views that day. */
export const categoryViewsKey = (domainId: number, day: string) =>
  `${PREFIX}{d:${domainId}}:cv:${day}`;

/** Hash: source_id -> the day's weighed actions on that product (the `popular` order). */
export const productDayKey = (domainId: number, day: string) =>
  `${PREFIX}{d:${domainId}}:pact:${day}`;

export function analyticsDayKeys(domainId: number, day: string) {
  const queries = `${PREFIX}{d:${domainId}}:a:${day}`;
  return { queries, suggestible: `${queries}:s` } as const;
}

export type DomainKeys = ReturnType<typeof domainKeys>;
