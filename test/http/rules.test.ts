// A store's merchandising rules over real HTTP (issue 23, point 3), in both store modes, with
// --search-threads 2 (the main thread and a search thread share the port). Properties checked:
//  1. the secret token's path: GET lists ({"rules": []} at first), PUT replaces the whole list
//     and answers it (dates in UTC); searches on every thread then hide, pin and boost, also a
//     query whose answer was cached before the change; PUT [] restores the ordinary order
//  2. bad bodies: 400 with `detail` and per-field `errors` by JSON path, nothing saved
//  3. the operator's path reads and replaces the same; 404 for an unknown domain, 401 without
//     the key; another domain never sees them
//  4. the preview: the answer with the rules in force and with the rules sent, nothing saved
import { afterAll, beforeAll, expect, test } from "bun:test";
import {
  ADMIN_HEADERS as admin,
  CATEGORIES,
  call,
  category,
  createDomain,
  ownerHeaders as owner,
  PRODUCTS,
  post,
  product,
  type Service,
  startService,
  type Tokens,
} from "./harness.ts";

const PATH = "/api/v2/content/rules/";
const ARGS = ["--search-threads", "2"];
/** Enough fresh connections that both threads answer some. */
const ROUNDS = 16;

let service: Service;
beforeAll(async () => {
  service = await startService({ args: ARGS });
});
afterAll(() => service?.[Symbol.asyncDispose]());

type Answer = { total: number; products: { groups: { items: { source_id: string }[] }[] } };
const sourceIds = (a: Answer) => a.products.groups.flatMap((g) => g.items.map((p) => p.source_id));

/** The source ids found by a search over a new connection, in order. */
async function found(s: Service, d: Tokens, q: string): Promise<string[]> {
  const r = await fetch(
    `${s.url}/api/v2/search/?token=${d.search_token}&group_by_category=false&q=${encodeURIComponent(q)}`,
    { keepalive: false },
  );
  return sourceIds((await r.json()) as Answer);
}

/** Searches `ROUNDS` times over new connections until every answer is `expected` (10 s at most). */
async function everywhere(s: Service, d: Tokens, q: string, expected: string[]): Promise<void> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const answers = await Promise.all(Array.from({ length: ROUNDS }, () => found(s, d, q)));
    const bad = answers.filter((a) => JSON.stringify(a) !== JSON.stringify(expected));
    if (bad.length === 0) return;
    if (Date.now() > deadline) expect(bad[0]).toEqual(expected);
    await Bun.sleep(20);
  }
}

const uk = (name: string, id: string) => ({
  language: "uk",
  name,
  url: `https://shop.example/p/${id}`,
});

/** Four kettles; the ordinary order of "чайник" is newest first: k4, k3, k2, k1. */
async function shop(s: Service): Promise<Tokens> {
  const d = await createDomain(s);
  expect((await post(s, CATEGORIES, d.secret_token, [category(1, "Техніка")])).status).toBe(200);
  for (const [id, vendor] of [
    ["k1", "Bosch"],
    ["k2", "Tefal"],
    ["k3", "Bosch"],
    ["k4", "Philips"],
  ] as const) {
    const item = product(id, { vendor, translations: [uk(`Чайник ${vendor}`, id)] });
    expect((await post(s, PRODUCTS, d.secret_token, [item])).status).toBe(201);
    await Bun.sleep(5);
  }
  await everywhere(s, d, "чайник", ["k4", "k3", "k2", "k1"]);
  return d;
}

const RULES = [
  { id: "sale", query: { match: "contains", text: "Чайник" }, hide: ["k4"] },
  {
    pin: [{ source_id: "k2", position: 1 }],
    boost: [{ field: "brand", value: "bosch", weight: 2 }],
  },
  { hide: ["k1"], from: "2020-01-01", to: "2020-02-01T00:00:00+02:00" },
];
const SAVED = [
  RULES[0],
  RULES[1],
  { hide: ["k1"], from: "2020-01-01T00:00:00.000Z", to: "2020-01-31T22:00:00.000Z" },
];

test("1. the owner lists and replaces its rules; searches on every thread apply them", async () => {
  const d = await shop(service);
  expect(await call(service, "GET", PATH, owner(d))).toEqual({ status: 200, body: { rules: [] } });
  expect(await call(service, "PUT", PATH, owner(d), { rules: RULES })).toEqual({
    status: 200,
    body: { rules: SAVED },
  });
  expect(await call(service, "GET", PATH, owner(d))).toEqual({
    status: 200,
    body: { rules: SAVED },
  });
  // k4 hidden, k2 pinned first, Bosch boosted; the dated rule is past.
  await everywhere(service, d, "чайник", ["k2", "k3", "k1"]);
  // Another query: only the rule for every query applies (a pin places its product even where
  // the words do not match it).
  await everywhere(service, d, "philips", ["k2", "k4"]);
  expect(await call(service, "PUT", PATH, owner(d), { rules: [] })).toEqual({
    status: 200,
    body: { rules: [] },
  });
  await everywhere(service, d, "чайник", ["k4", "k3", "k2", "k1"]);
}, 60_000);

test("2. a bad body is refused whole, with every error per field", async () => {
  const d = await createDomain(service);
  const kept = [{ hide: ["x"] }];
  await call(service, "PUT", PATH, owner(d), { rules: kept });
  const detail =
    'Expected {"rules": [...]}: at most 200 rules, each with pin, hide or boost of at most 50 items, a redirect or a banner, texts of 1 to 200 characters, positions 1 to 1000.';
  expect(
    await call(service, "PUT", PATH, owner(d), {
      rules: [
        { hide: ["ok"] },
        {
          pin: [{ source_id: "", position: 1 }],
          boost: [{ field: "price", value: "x", weight: 1 }],
        },
        { hide: [], from: "tomorrow" },
      ],
    }),
  ).toEqual({
    status: 400,
    body: {
      detail,
      errors: {
        "rules[1].pin[0].source_id": ["Expected a text of 1 to 200 characters."],
        "rules[1].boost[0].field": ['Expected "brand", "category" or "attribute".'],
        "rules[2].from": [
          "Expected an ISO 8601 date (2026-12-01) or date-time (2026-12-01T09:00:00Z).",
        ],
      },
    },
  });
  expect(await call(service, "PUT", PATH, owner(d), { synonyms: [] })).toEqual({
    status: 400,
    body: { detail, errors: { rules: ["Expected a list of rules."] } },
  });
  expect(await call(service, "PUT", PATH, owner(d), "{nope")).toEqual({
    status: 400,
    body: { detail: 'JSON parse error - expected {"rules": [...]}' },
  });
  expect(await call(service, "GET", PATH, owner(d))).toEqual({
    status: 200,
    body: { rules: kept },
  });
});

test("3. the operator's path; other domains and tokens", async () => {
  const a = await createDomain(service);
  const b = await createDomain(service);
  const path = `/api/v2/admin/domains/${a.name}/rules/`;
  expect(await call(service, "PUT", path, admin, { rules: [{ hide: ["x"] }] })).toEqual({
    status: 200,
    body: { rules: [{ hide: ["x"] }] },
  });
  expect(await call(service, "GET", PATH, owner(a))).toEqual({
    status: 200,
    body: { rules: [{ hide: ["x"] }] },
  });
  expect(await call(service, "GET", path, admin)).toEqual({
    status: 200,
    body: { rules: [{ hide: ["x"] }] },
  });
  expect(await call(service, "GET", PATH, owner(b))).toEqual({ status: 200, body: { rules: [] } });
  expect(await call(service, "GET", "/api/v2/admin/domains/nope/rules/", admin)).toEqual({
    status: 404,
    body: { detail: 'Domain "nope" not found.' },
  });
  const refused = {
    status: 401,
    body: { detail: "Authentication credentials were not provided." },
  };
  expect(await call(service, "PUT", path, {}, { rules: [] })).toEqual(refused);
  expect(
    await call(service, "PUT", PATH, { "x-secret-token": a.search_token }, { rules: [] }),
  ).toEqual(refused);
});

test("4. the preview answers with the rules in force and with the rules sent", async () => {
  const d = await shop(service);
  await call(service, "PUT", PATH, owner(d), { rules: [{ hide: ["k1"] }] });
  await everywhere(service, d, "чайник", ["k4", "k3", "k2"]);
  const preview = `${PATH}preview/?q=${encodeURIComponent("чайник")}&group_by_category=false`;
  const r = await call(service, "POST", preview, owner(d), {
    rules: [{ pin: [{ source_id: "k1", position: 2 }] }],
  });
  expect(r.status).toBe(200);
  const body = r.body as { before: Answer; after: Answer };
  expect([sourceIds(body.before), body.before.total]).toEqual([["k4", "k3", "k2"], 3]);
  expect([sourceIds(body.after), body.after.total]).toEqual([["k4", "k1", "k3", "k2"], 4]);
  expect(await call(service, "POST", `${PATH}preview/`, owner(d), { rules: [] })).toEqual({
    status: 400,
    body: { detail: "Invalid query parameters.", errors: { q: ["This field is required."] } },
  });
  // Nothing saved.
  expect(await call(service, "GET", PATH, owner(d))).toEqual({
    status: 200,
    body: { rules: [{ hide: ["k1"] }] },
  });
}, 60_000);

test("5. a redirect and banners ride on the answers of their queries, and are checked", async () => {
  const d = await shop(service);
  const banner = {
    image_url: "https://shop.example/b/kettles.jpg",
    link: "https://shop.example/sale/",
    alt: "Чайники зі знижкою",
    position: "top",
  };
  const rules = [
    { query: { match: "exact", text: "доставка" }, redirect: "https://shop.example/delivery/" },
    { query: { match: "contains", text: "чайник" }, banner },
    { banner: { image_url: "https://shop.example/b/all.jpg", alt: "Усе для дому" } },
  ];
  const saved = await call(service, "PUT", PATH, owner(d), { rules });
  expect(saved).toEqual({
    status: 200,
    body: {
      rules: [
        rules[0],
        rules[1],
        {
          banner: {
            image_url: "https://shop.example/b/all.jpg",
            alt: "Усе для дому",
            position: "top",
          },
        },
      ],
    },
  });
  const answer = async (q: string) => {
    const r = await fetch(
      `${service.url}/api/v2/search/?token=${d.search_token}&q=${encodeURIComponent(q)}`,
      { keepalive: false },
    );
    const body = (await r.json()) as Record<string, unknown>;
    return { status: r.status, redirect: body.redirect, banners: body.banners, total: body.total };
  };
  /** The answer once `ready` says the rules reached the thread that answers (10 s at most). */
  const settled = async (q: string, ready: (a: Awaited<ReturnType<typeof answer>>) => boolean) => {
    const deadline = Date.now() + 10_000;
    for (;;) {
      const answers = await Promise.all(Array.from({ length: ROUNDS }, () => answer(q)));
      const late = answers.find((a) => !ready(a));
      if (late === undefined || Date.now() > deadline)
        return late ?? (answers[0] as Awaited<ReturnType<typeof answer>>);
      await Bun.sleep(20);
    }
  };
  const every = {
    image_url: "https://shop.example/b/all.jpg",
    alt: "Усе для дому",
    position: "top",
  };
  expect(await settled("доставка", (a) => a.redirect !== undefined)).toEqual({
    status: 200,
    redirect: "https://shop.example/delivery/",
    banners: [every],
    total: 0,
  });
  expect(await answer("чайник bosch")).toEqual({
    status: 200,
    redirect: undefined,
    banners: [banner, every],
    total: 2,
  });
  await call(service, "PUT", PATH, owner(d), { rules: [] });
  // Without rules the answer has neither field.
  const plain = await settled("чайник", (a) => a.banners === undefined);
  expect([plain.redirect, plain.banners, plain.total]).toEqual([undefined, undefined, 4]);
  expect(
    await call(service, "PUT", PATH, owner(d), {
      rules: [
        { redirect: "shop.example/delivery" },
        { banner: { image_url: "https://x.example/a.jpg", alt: "", position: "left", size: 1 } },
      ],
    }),
  ).toEqual({
    status: 400,
    body: {
      detail:
        'Expected {"rules": [...]}: at most 200 rules, each with pin, hide or boost of at most 50 items, a redirect or a banner, texts of 1 to 200 characters, positions 1 to 1000.',
      errors: {
        "rules[0].redirect": ["Expected an http(s) URL of at most 2048 characters."],
        "rules[1].banner.size": ["Unknown field."],
        "rules[1].banner.alt": ["Expected a text of 1 to 200 characters."],
        "rules[1].banner.position": ['Expected "top" or "bottom".'],
      },
    },
  });
  expect(await call(service, "GET", PATH, owner(d))).toEqual({ status: 200, body: { rules: [] } });
}, 60_000);

test("6. a rule of a category applies to that category's page and searches only", async () => {
  const d = await shop(service);
  const rules = [{ category: "1", pin: [{ source_id: "k1", position: 1 }] }];
  expect(await call(service, "PUT", PATH, owner(d), { rules })).toEqual({
    status: 200,
    body: { rules },
  });
  const listed = async (query: string) => {
    const r = await fetch(
      `${service.url}/api/v2/search/?token=${d.search_token}&group_by_category=false&${query}`,
      { keepalive: false },
    );
    return sourceIds((await r.json()) as Answer);
  };
  // Until the rules reach the thread that answers: then the category page opens with its pin.
  const deadline = Date.now() + 10_000;
  while ((await listed("browse=true&category_id=1"))[0] !== "k1" && Date.now() < deadline)
    await Bun.sleep(20);
  expect(await listed("browse=true&category_id=1")).toEqual(["k1", "k4", "k3", "k2"]);
  expect(await listed(`q=${encodeURIComponent("чайник")}&category_id=1`)).toEqual([
    "k1",
    "k4",
    "k3",
    "k2",
  ]);
  // Not in another category, nor without one.
  expect(await listed(`q=${encodeURIComponent("чайник")}`)).toEqual(["k4", "k3", "k2", "k1"]);
  expect(await listed("browse=true")).toEqual(["k4", "k3", "k2", "k1"]);
  expect(
    await call(service, "PUT", PATH, owner(d), { rules: [{ category: "", hide: ["k1"] }] }),
  ).toMatchObject({
    status: 400,
    body: { errors: { "rules[0].category": ["Expected a text of 1 to 200 characters."] } },
  });
}, 60_000);
