// The kill harness (issue 12 point 7): import storms cut by kill -9 of the service (and, in
// Redis mode, now and then of redis-server too), a restart on the same data, and a check of
// what the store holds and what the index finds after each restart. Run short in the suite
// (test/http/kill.test.ts) and long by bench/kill.ts.
//
// Each round: `clients` clients import batches into one domain, one batch at a time each,
// until the kill. A batch mixes updates of the client's own products, new products, and
// updates of a set of products that every client writes (concurrent updates of the same
// source_ids). Every item carries a version unique over the run: its price, and a word of its
// name. The kill falls at a random moment after the round's first acknowledgement. After the
// restart the store is read directly (stored-products.ts) and checked by KillLedger: every
// acknowledged item holds its last acknowledged version (or that of a write that may have
// followed it), a batch never acknowledged is stored whole or not at all. Then the index must converge to the store
// within `convergeMs`: one search for the word all names share finds every stored product with
// its stored name and price, and nothing else; a search by code finds a few of them.

import { offerOnly } from "../../src/model/offers.ts";
import type { ProductRecord } from "../../src/model/records.ts";
import { Rng } from "../../src/sample-catalog/prng.ts";
import { type SearchAnswer, search, until } from "../redis/nodes.ts";
import {
  CATEGORIES,
  category,
  createDomain,
  PRODUCTS,
  post,
  product,
  redisFor,
  releaseRedis,
  type Service,
  STORE,
  startService,
  type Tokens,
  tempDir,
} from "./harness.ts";
import { KillLedger } from "./kill-ledger.ts";
import { readStoredProducts } from "./stored-products.ts";

export interface KillStormOptions {
  seed: number;
  kills: number;
  /** No new round starts after this many ms (the long form's time budget). */
  budgetMs?: number;
  clients: number;
  /** Items per batch, a random size in [min, max]. */
  batch: { min: number; max: number };
  /** Each client creates products up to this many, then only updates them. */
  productsPerClient: number;
  /** Products that every client updates. */
  shared: number;
  /** The kill falls at a random moment up to this long after the round's first acknowledgement. */
  killWithinMs: number;
  /** Redis mode: every Nth kill takes redis-server down with the service (0: never). */
  redisKillEvery: number;
  /** How long the index may take to show the store after a restart. */
  convergeMs: number;
  log: (line: string) => void;
}

export interface KillStormReport {
  seed: number;
  kills: number;
  redisKills: number;
  acknowledgedBatches: number;
  acknowledgedItems: number;
  /** Batches in flight at a kill or answered with an error (5xx, 429): outcome unknown. */
  unacknowledgedBatches: number;
  unacknowledgedSaved: number;
  unacknowledgedNotStored: number;
  /** Products whose stored state was checked, summed over the restarts. */
  itemsChecked: number;
  /** Of them, those whose last write changed only the offer (written in place), summed. */
  offerOnlyChecked: number;
  /** Products in the store at the end. */
  products: number;
  /** The slowest start of the service and convergence of its index, ms. */
  slowestRestartMs: number;
  slowestConvergeMs: number;
  seconds: number;
  /** Each broken promise; the run stops at the first restart that has any. */
  violations: string[];
}

/** The word every product's name carries: one search finds them all. */
const WORD = "stormkit";
const SERVICE_ARGS = ["--max-page-size", "1000000", "--reindex-interval", "0"];

// A name lasts 1,000 versions (one counter for all writes: ~10 batches): a product written again within them
// changes only its price, which the indexer writes in place (docs/ARCHITECTURE.md, "Writes
// beside reads"), so the storm kills the server during price streams too; a later write changes
// the name, and with it the content.
const itemOf = (sourceId: string, version: number) =>
  product(sourceId, {
    code: `KS-${sourceId}`,
    new_price: version,
    translations: [
      {
        language: "uk",
        name: `${WORD} ${sourceId} v${Math.floor(version / 1000)}`,
        url: `https://shop.example/p/${sourceId}`,
      },
    ],
  });

interface Client {
  id: number;
  rng: Rng;
  /** Source ids this client has sent as new products (stored or not). */
  own: string[];
}

/** One client's next batch of `batch` items: source ids, each written once. */
function nextBatch(c: Client, o: KillStormOptions): string[] {
  const size = c.rng.int(o.batch.min, o.batch.max);
  const sharedCount = c.rng.int(0, Math.min(o.shared, Math.ceil(size / 10)));
  const rest = size - sharedCount;
  const room = o.productsPerClient - c.own.length;
  // Half the batches create products, among updates; updates fill the rest, and creates what
  // updates cannot (a client's first batches).
  const wanted = c.own.length === 0 || c.rng.chance(0.5) ? c.rng.int(1, rest) : 0;
  const updates = Math.min(c.own.length, rest - Math.min(room, wanted));
  const creates = Math.min(room, rest - updates);
  const ids = c.rng.sample(c.own, updates);
  for (let i = 0; i < creates; i++) {
    const id = `c${c.id}-${c.own.length}`;
    c.own.push(id);
    ids.push(id);
  }
  const shared = Array.from({ length: o.shared }, (_, i) => `s-${i}`);
  return [...ids, ...c.rng.sample(shared, sharedCount)];
}

/** What the index answers differs from the store: up to 10 differences, in words. */
function indexDiff(answer: SearchAnswer, stored: ReadonlyMap<string, ProductRecord>): string[] {
  if (answer.status !== 200) return [`search answered ${answer.status}`];
  const items: { source_id: string; name: string; price: number }[] =
    answer.body.products.groups[0]?.items ?? [];
  const diff: string[] = [];
  if (answer.body.total !== stored.size || items.length !== stored.size)
    diff.push(`found ${answer.body.total} (${items.length} listed), stored ${stored.size}`);
  for (const item of items) {
    const record = stored.get(item.source_id);
    const name = record?.translations[0]?.name;
    if (!record || item.name !== name || item.price !== record.new_price)
      diff.push(`${item.source_id}: found "${item.name}" at ${item.price}, stored "${name}"`);
    if (diff.length >= 10) break;
  }
  return diff;
}

/** A stored record that is not exactly the item its version was sent as. */
function recordDiff(record: ProductRecord): string | null {
  const sent = itemOf(record.source_id, record.new_price ?? 0);
  const got = { code: record.code, name: record.translations[0]?.name };
  const want = { code: sent.code, name: sent.translations[0]?.name };
  return JSON.stringify(got) === JSON.stringify(want)
    ? null
    : `${record.source_id}: stored ${JSON.stringify(got)} with price ${record.new_price}, sent ${JSON.stringify(want)}`;
}

export async function runKillStorm(o: KillStormOptions): Promise<KillStormReport> {
  const started = performance.now();
  const report: KillStormReport = {
    seed: o.seed,
    kills: 0,
    redisKills: 0,
    acknowledgedBatches: 0,
    acknowledgedItems: 0,
    unacknowledgedBatches: 0,
    unacknowledgedSaved: 0,
    unacknowledgedNotStored: 0,
    itemsChecked: 0,
    offerOnlyChecked: 0,
    products: 0,
    slowestRestartMs: 0,
    slowestConvergeMs: 0,
    seconds: 0,
    violations: [],
  };
  using dir = tempDir("vitrina-kill-");
  const storm = new Storm(o, report, dir, await startService({ dataDir: dir, args: SERVICE_ARGS }));
  try {
    await storm.open();
    const deadline = started + (o.budgetMs ?? Infinity);
    for (let kill = 1; kill <= o.kills && report.violations.length === 0; kill++) {
      if (performance.now() > deadline) break;
      await storm.round(kill);
    }
  } finally {
    await storm.close();
    report.seconds = (performance.now() - started) / 1000;
  }
  return report;
}

/** One run: the service of the moment, the domain, the clients and what they sent. */
class Storm {
  private shop: Tokens | null = null;
  private readonly ledger = new KillLedger();
  private readonly clients: Client[];
  private readonly killRng: Rng;
  private version = 0;
  private batchNo = 0;

  constructor(
    private readonly o: KillStormOptions,
    private readonly report: KillStormReport,
    private readonly dir: string,
    private service: Service,
  ) {
    this.clients = Array.from({ length: o.clients }, (_, id) => ({
      id,
      rng: Rng.of(o.seed, 1, id),
      own: [],
    }));
    this.killRng = Rng.of(o.seed, 2, 0);
  }

  async open(): Promise<void> {
    this.shop = await createDomain(this.service, "kill-storm");
    const r = await post(this.service, CATEGORIES, this.shop.secret_token, [category(1)]);
    if (r.status !== 200) throw new Error(`category: ${r.status} ${JSON.stringify(r.body)}`);
  }

  async close(): Promise<void> {
    await this.service[Symbol.asyncDispose]();
    await releaseRedis(this.dir);
  }

  /** Imports until the kill, restarts, checks the store and then the index. */
  async round(kill: number): Promise<void> {
    const started = performance.now();
    const withRedis =
      STORE === "redis" && this.o.redisKillEvery > 0 && kill % this.o.redisKillEvery === 0;
    const wrong = await this.importUntilKill(withRedis);
    const restarting = performance.now();
    this.service = await startService({ dataDir: this.dir, args: SERVICE_ARGS });
    const restartMs = performance.now() - restarting;
    const stored = await readStoredProducts(this.dir, this.tokens().name);
    wrong.push(...this.checkStore(stored));
    const converging = performance.now();
    if (wrong.length === 0) wrong.push(...(await this.checkIndex(stored)));
    const convergeMs = performance.now() - converging;
    if (wrong.length > 0) {
      const shown = wrong.slice(0, 20);
      if (wrong.length > 20) shown.push(`… and ${wrong.length - 20} more`);
      this.report.violations.push(...shown.map((line) => `kill ${kill}: ${line}`));
      return;
    }
    this.report.slowestRestartMs = Math.max(this.report.slowestRestartMs, restartMs);
    this.report.slowestConvergeMs = Math.max(this.report.slowestConvergeMs, convergeMs);
    this.report.products = stored.size;
    for (const record of stored.values()) if (offerOnly(record)) this.report.offerOnlyChecked++;
    this.o.log(
      `[kill] ${kill}/${this.o.kills}${withRedis ? " (and redis-server)" : ""}: ${stored.size} products checked; so far ${this.report.acknowledgedBatches} batches (${this.report.acknowledgedItems} items) acknowledged, ${this.report.itemsChecked} checks; restart ${Math.round(restartMs)} ms, index ${Math.round(convergeMs)} ms, round ${Math.round(performance.now() - started)} ms`,
    );
  }

  private tokens(): Tokens {
    if (!this.shop) throw new Error("the storm is not open");
    return this.shop;
  }

  /**
   * Every client imports, one batch at a time, until the kill: a random moment after the
   * first acknowledgement. Returns what went wrong on the way.
   */
  private async importUntilKill(withRedis: boolean): Promise<string[]> {
    const round = { dying: false, acked: () => {}, errors: [] as string[] };
    const acked = new Promise<void>((resolve) => {
      round.acked = resolve;
    });
    const runs = Promise.all(this.clients.map((c) => this.client(c, this.service, round)));
    await Promise.race([acked, runs]);
    await Bun.sleep(this.killRng.int(0, this.o.killWithinMs));
    round.dying = true;
    const redis = withRedis ? await redisFor(this.dir) : null;
    await Promise.all([this.service.kill9(), redis?.kill9()]);
    await runs;
    this.report.kills++;
    if (redis) {
      this.report.redisKills++;
      await redis.restart();
    }
    return round.errors;
  }

  private async client(
    c: Client,
    service: Service,
    round: { dying: boolean; acked: () => void; errors: string[] },
  ): Promise<void> {
    const report = this.report;
    while (!round.dying) {
      const batch = ++this.batchNo;
      const items = nextBatch(c, this.o).map((id) => itemOf(id, ++this.version));
      const versions = items.map((i) => ({ sourceId: i.source_id, version: i.new_price }));
      this.ledger.sent(batch, versions, performance.now());
      let r: { status: number; body: any };
      try {
        r = await post(service, PRODUCTS, this.tokens().secret_token, items);
      } catch (error) {
        // The connection died with the service: in flight, outcome unknown.
        report.unacknowledgedBatches++;
        if (!round.dying) round.errors.push(`batch ${batch}: ${error} before the kill`);
        return;
      }
      if (r.status === 200 || r.status === 201) {
        this.ledger.acknowledged(batch, performance.now());
        report.acknowledgedBatches++;
        report.acknowledgedItems += items.length;
        round.acked();
        if (r.body.successful?.length !== items.length || (r.body.failed ?? []).length > 0)
          round.errors.push(`batch ${batch}: ${r.status} ${JSON.stringify(r.body).slice(0, 300)}`);
      } else if (r.status === 503 || r.status === 429) {
        // Shed, or the store went away mid-batch: it may still have been applied.
        report.unacknowledgedBatches++;
      } else {
        report.unacknowledgedBatches++;
        round.errors.push(`batch ${batch}: ${r.status} ${JSON.stringify(r.body).slice(0, 300)}`);
        return;
      }
    }
  }

  /** Every acknowledged write, whole batches, each record exactly as its version was sent. */
  private checkStore(stored: ReadonlyMap<string, ProductRecord>): string[] {
    const wrong: string[] = [];
    const versions = new Map<string, number>();
    for (const [sourceId, record] of stored) {
      versions.set(sourceId, record.new_price ?? 0);
      const diff = recordDiff(record);
      if (diff) wrong.push(diff);
    }
    const checked = this.ledger.check(versions);
    this.report.itemsChecked += checked.checked;
    this.report.unacknowledgedSaved += checked.unacknowledgedSaved;
    this.report.unacknowledgedNotStored += checked.unacknowledgedNotStored;
    return [...wrong, ...checked.violations];
  }

  /** The index converges to the store; a product is found by its code, as a shopper would. */
  private async checkIndex(stored: ReadonlyMap<string, ProductRecord>): Promise<string[]> {
    const token = this.tokens().search_token;
    try {
      await until(
        "the index shows the store",
        async () =>
          indexDiff(
            await search(this.service, token, WORD, {
              product_page_size: String(Math.max(1, stored.size)),
              show_filters: "false",
              use_corrections: "false",
            }),
            stored,
          ),
        (diff) => diff.length === 0,
        this.o.convergeMs,
      );
    } catch (error) {
      return [String(error)];
    }
    const wrong: string[] = [];
    for (const record of this.killRng.sample([...stored.values()], 3)) {
      const answer = await search(this.service, token, record.code, {
        product_page_size: "100",
        show_filters: "false",
      });
      const hit = answer.body.products?.groups[0]?.items.find(
        (i: { source_id: string }) => i.source_id === record.source_id,
      );
      if (hit?.price !== record.new_price)
        wrong.push(`${record.code}: found ${JSON.stringify(hit)}, stored ${record.new_price}`);
    }
    return wrong;
  }
}
