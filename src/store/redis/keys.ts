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
//   {d:ID}:c           hash  category id -> CategoryRecord JSON
//   {d:ID}:c-src       hash  source_category_id -> id
//   {d:ID}:c-id        string, INCR: the last category id
//   {d:ID}:wh          set   warehouse external ids
//   {d:ID}:rev         string, INCR: one per product write, the `rev` of p-src
//   {d:ID}:seq         string: the last change-log position (the head)
//   {d:ID}:log         stream: the change log, entry ids `<seq>-0`
//   {d:ID}:nodes       hash  node id -> "<position>:<ms>", the heartbeats of the nodes tailing
//   {d:ID}:q-all, q-zero, q-hit   sorted sets: search counts by lower-cased query
//   {d:ID}:days        hash  UTC day -> searches that day

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
    categories: k("c"),
    categorySources: k("c-src"),
    categoryId: k("c-id"),
    warehouses: k("wh"),
    rev: k("rev"),
    seq: k("seq"),
    log: k("log"),
    nodes: k("nodes"),
    queriesAll: k("q-all"),
    queriesZero: k("q-zero"),
    queriesHit: k("q-hit"),
    days: k("days"),
  } as const;
}

/** A SCAN pattern for every key of a domain (braces are literal in Redis globs). */
export const domainKeyPattern = (domainId: number) => `${PREFIX}{d:${domainId}}:*`;

export type DomainKeys = ReturnType<typeof domainKeys>;

/** The domain id of a change-log stream key, for the multiplexed XREAD. */
export function domainOfLogKey(key: string): number | null {
  const m = /^vitrina:\{d:(\d+)\}:log$/.exec(key);
  return m ? Number(m[1]) : null;
}
