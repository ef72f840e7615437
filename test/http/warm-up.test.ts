// The search warm-up at start (http/search/search-warm-up.ts) leaves no trace, over real HTTP, with
// one and with two search threads. Properties checked:
//  1. every thread logs its warm-up before the server listens, with the queries it asked
//  2. the store's analytics hold no search, /metrics counts no search request, and no
//     suggestion comes of it; one shopper's search afterwards is counted, exactly once
import { expect, test } from "bun:test";
import type { Static } from "@sinclair/typebox";
import type { AnalyticsReport } from "../../src/model/api.ts";
import type { SearchResponse } from "../../src/model/search.ts";
import {
  ADMIN_KEY,
  CATEGORIES,
  category,
  createDomain,
  PRODUCTS,
  post,
  product,
  type Service,
  startService,
  type Tokens,
  tempDir,
} from "./harness.ts";

const names = [
  "Навушники Sony WH-1000XM5 бездротові",
  "Навушники JBL Tune 510BT",
  "Портативна колонка Marshall Emberton",
  "Бездротова колонка Sony SRS-XB13",
];

async function until<T>(probe: () => Promise<T>, ok: (v: T) => boolean): Promise<T> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const v = await probe();
    if (ok(v)) return v;
    if (Date.now() > deadline) throw new Error(`not in time: ${JSON.stringify(v)}`);
    await Bun.sleep(50);
  }
}

const search = async (s: Service, d: Tokens, q: string, extra = "") =>
  (await (
    await fetch(`${s.url}/api/v2/search/?token=${d.search_token}&q=${q}${extra}`)
  ).json()) as SearchResponse;

const analytics = async (s: Service, d: Tokens) => {
  const r = await fetch(`${s.url}/api/v2/admin/domains/${d.name}/analytics/?days=1`, {
    headers: { "x-admin-key": ADMIN_KEY },
  });
  const body = (await r.json()) as Static<typeof AnalyticsReport>;
  return {
    status: r.status,
    top: body.top_queries,
    zero: body.zero_result_queries,
    searches: body.searches_per_day.reduce((n, day) => n + day.count, 0),
  };
};

/** The search route's requests in /metrics, every status. */
const searchRequests = async (s: Service) => {
  const text = await (
    await fetch(`${s.url}/metrics`, { headers: { "x-admin-key": ADMIN_KEY } })
  ).text();
  let n = 0;
  for (const m of text.matchAll(
    /^vitrina_http_requests_total\{[^}]*route="\/api\/v2\/search\/"[^}]*\} (\d+)$/gm,
  ))
    n += Number(m[1]);
  return n;
};

for (const threads of [1, 2])
  test(`${threads} search thread(s): the warm-up is logged and leaves no trace`, async () => {
    using dir = tempDir();
    const args = ["--search-threads", String(threads)];
    const first = await startService({ dataDir: dir, args });
    const d = await createDomain(first, `warm-${threads}`);
    await post(first, CATEGORIES, d.secret_token, [category(1, "Аудіо")]);
    await post(
      first,
      PRODUCTS,
      d.secret_token,
      names.map((name, i) =>
        product(`w-${i}`, {
          translations: [{ language: "uk", name, url: `https://s.example/${i}` }],
        }),
      ),
    );
    await until(
      () => search(first, d, "колонка", "&demo=true"),
      (a) => a.total === 2,
    );
    await first.stop();

    await using service = await startService({ dataDir: dir, args });
    const lines = service
      .output()
      .split("\n")
      .filter((l) => l.includes('"msg":"warmed up"'))
      .map((l) => JSON.parse(l));
    expect(lines.length).toBe(threads);
    for (const line of lines) {
      expect(Object.keys(line).sort()).toEqual([
        "level",
        "ms",
        "msg",
        "prepare_ms",
        "queries",
        "thread",
      ]);
      expect(line.queries).toBeGreaterThan(0);
    }
    // One line of the main thread's (thread 0) and one of each search thread's, in whichever
    // order they finish: the search threads warm up beside the main thread.
    expect(lines.filter((l) => l.thread === 0)).toHaveLength(1);
    // Whatever the recorder still held would have reached the store by now (it flushes every
    // turn of the loop); nothing of the warm-up is there, or counted, or suggested.
    await Bun.sleep(300);
    expect(await analytics(service, d)).toEqual({ status: 200, top: [], zero: [], searches: 0 });
    expect(await searchRequests(service)).toBe(0);
    expect(
      (await search(service, d, "кол", "&use_corrections=false&use_suggestions=true&demo=true"))
        .suggestions,
    ).toEqual(["колонка"]);

    // One shopper's search is recorded: the check above was not vacuous.
    expect((await search(service, d, "навушники", "&uuid=shopper-1")).total).toBe(2);
    const after = await until(
      () => analytics(service, d),
      (a) => a.searches > 0,
    );
    expect(after).toEqual({
      status: 200,
      top: [{ q: "навушники", count: 1, corrected_query: "" }],
      zero: [],
      searches: 1,
    });
    expect(await searchRequests(service)).toBe(2);
  }, 60_000);
