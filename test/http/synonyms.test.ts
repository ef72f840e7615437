// A store's own synonyms over real HTTP (issue 15, point 1), in both store modes, with
// --search-threads 2 (the main thread and a search thread share the port). Properties checked:
//  1. the secret token's path: GET lists ({"synonyms": []} at first), PUT replaces the whole
//     list and answers it normalised; a query word of a set then finds the products of the
//     others on every thread (fresh connections), a one-way rule only from its query word;
//     PUT [] clears them and the word finds nothing again
//  2. bad bodies: 400 with `detail` and per-field `errors`, nothing of a rejected body saved;
//     malformed JSON 400 with `detail`; a body past 2,000,000 bytes 413
//  3. the operator's path /api/v2/admin/domains/NAME/synonyms/ reads and replaces the same;
//     404 for an unknown domain, 401 without the key
//  4. another domain never sees them (its GET is empty, its searches unchanged); a search token,
//     no token or a wrong one get 401 and change nothing
//  5. a restart keeps them: listed and applied by the search of the new process
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
  tempDir,
} from "./harness.ts";

const PATH = "/api/v2/content/synonyms/";
const ARGS = ["--search-threads", "2"];
/** Enough fresh connections that both threads answer some. */
const ROUNDS = 16;

let service: Service;
beforeAll(async () => {
  service = await startService({ args: ARGS });
});
afterAll(() => service?.[Symbol.asyncDispose]());

/** The source ids found by a search over a new connection. */
async function found(s: Service, d: Tokens, q: string): Promise<string[]> {
  const r = await fetch(
    `${s.url}/api/v2/search/?token=${d.search_token}&group_by_category=false&q=${encodeURIComponent(q)}`,
    { keepalive: false },
  );
  const body = (await r.json()) as {
    products: { groups: { items: { source_id: string }[] }[] };
  };
  return body.products.groups.flatMap((g) => g.items.map((p) => p.source_id)).sort();
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

/** A domain with a JBL speaker, an Apple phone and a kettle. */
async function shop(s: Service): Promise<Tokens> {
  const d = await createDomain(s);
  expect((await post(s, CATEGORIES, d.secret_token, [category(1, "Техніка")])).status).toBe(200);
  const items = [
    product("jbl", { vendor: "JBL", translations: [uk("Колонка JBL Flip 6", "jbl")] }),
    product("apple", { vendor: "Apple", translations: [uk("Смартфон Apple iPhone 15", "apple")] }),
    product("kettle", { translations: [uk("Електрочайник Bosch", "kettle")] }),
  ];
  expect((await post(s, PRODUCTS, d.secret_token, items)).status).toBe(201);
  await everywhere(s, d, "jbl", ["jbl"]);
  return d;
}
const uk = (name: string, id: string) => ({
  language: "uk",
  name,
  url: `https://shop.example/p/${id}`,
});

const SETS = [
  { words: ["Джейбіел", "JBL", "жбл"] },
  { query: "яблуко", means: ["Apple", "iphone"] },
];
const NORMALISED = [
  { words: ["джейбіел", "jbl", "жбл"] },
  { query: "яблуко", means: ["apple", "iphone"] },
];

test("1. the owner lists and replaces its synonyms; searches on every thread use them", async () => {
  const d = await shop(service);
  expect(await call(service, "GET", PATH, owner(d))).toEqual({
    status: 200,
    body: { synonyms: [] },
  });
  await everywhere(service, d, "жбл ", []);
  expect(await call(service, "PUT", PATH, owner(d), { synonyms: SETS })).toEqual({
    status: 200,
    body: { synonyms: NORMALISED },
  });
  expect(await call(service, "GET", PATH, owner(d))).toEqual({
    status: 200,
    body: { synonyms: NORMALISED },
  });
  await everywhere(service, d, "жбл ", ["jbl"]);
  await everywhere(service, d, "джейбіел", ["jbl"]);
  await everywhere(service, d, "колонка жбл", ["jbl"]);
  await everywhere(service, d, "яблуко ", ["apple"]);
  // One-way: "apple" does not find what "яблуко" would (nothing here besides Apple itself).
  await everywhere(service, d, "apple ", ["apple"]);
  expect(await call(service, "PUT", PATH, owner(d), { synonyms: [] })).toEqual({
    status: 200,
    body: { synonyms: [] },
  });
  await everywhere(service, d, "жбл ", []);
}, 60_000);

test("2. a bad body is refused whole, with every error per field", async () => {
  const d = await createDomain(service);
  await call(service, "PUT", PATH, owner(d), { synonyms: [{ words: ["ab", "cd"] }] });
  const detail =
    'Expected {"synonyms": [...]}: at most 1000 sets of {"words": [...]} or {"query": "...", "means": [...]}, at most 10 words a set, each one word of 1 to 64 characters.';
  expect(
    await call(service, "PUT", PATH, owner(d), {
      synonyms: [{ words: ["ok", "fine"] }, { words: ["one"] }, { query: "x y", means: [] }],
    }),
  ).toEqual({
    status: 400,
    body: {
      detail,
      errors: {
        "synonyms[1].words": ["Expected a list of 2 to 10 words."],
        "synonyms[2].query": [
          "Expected one word: letters, or digits, not both (no model code) nor several words.",
        ],
        "synonyms[2].means": ["Expected a list of 1 to 9 words."],
      },
    },
  });
  expect(await call(service, "PUT", PATH, owner(d), { words: [] })).toEqual({
    status: 400,
    body: { detail, errors: { synonyms: ["Expected a list of sets."] } },
  });
  expect(await call(service, "PUT", PATH, owner(d), "{nope")).toEqual({
    status: 400,
    body: { detail: 'JSON parse error - expected {"synonyms": [...]}' },
  });
  expect(
    await call(service, "PUT", PATH, owner(d), { synonyms: [], pad: "x".repeat(2_000_000) }),
  ).toEqual({
    status: 413,
    body: { detail: "Request body too large: at most 2000000 bytes are accepted." },
  });
  // Nothing of the refused bodies was saved.
  expect(await call(service, "GET", PATH, owner(d))).toEqual({
    status: 200,
    body: { synonyms: [{ words: ["ab", "cd"] }] },
  });
});

test("3. the operator reads and replaces a domain's synonyms by its name", async () => {
  const d = await createDomain(service);
  const path = `/api/v2/admin/domains/${d.name}/synonyms/`;
  expect(await call(service, "PUT", path, admin, { synonyms: SETS })).toEqual({
    status: 200,
    body: { synonyms: NORMALISED },
  });
  expect(await call(service, "GET", PATH, owner(d))).toEqual({
    status: 200,
    body: { synonyms: NORMALISED },
  });
  expect(await call(service, "GET", path, admin)).toEqual({
    status: 200,
    body: { synonyms: NORMALISED },
  });
  expect(await call(service, "GET", "/api/v2/admin/domains/nope/synonyms/", admin)).toEqual({
    status: 404,
    body: { detail: 'Domain "nope" not found.' },
  });
  expect(await call(service, "PUT", path, {}, { synonyms: [] })).toEqual({
    status: 401,
    body: { detail: "Authentication credentials were not provided." },
  });
});

test("4. another domain never sees them; a search token cannot change them", async () => {
  const a = await shop(service);
  const b = await shop(service);
  await call(service, "PUT", PATH, owner(a), { synonyms: SETS });
  await everywhere(service, a, "жбл ", ["jbl"]);
  expect(await call(service, "GET", PATH, owner(b))).toEqual({
    status: 200,
    body: { synonyms: [] },
  });
  await everywhere(service, b, "жбл ", []);
  const refused = {
    status: 401,
    body: { detail: "Authentication credentials were not provided." },
  };
  const wrong: Record<string, string>[] = [
    { "x-secret-token": a.search_token },
    {},
    { "x-secret-token": "wrong" },
  ];
  for (const headers of wrong) {
    expect(await call(service, "PUT", PATH, headers, { synonyms: [] })).toEqual(refused);
    expect(await call(service, "GET", PATH, headers)).toEqual(refused);
  }
  expect(await call(service, "GET", PATH, owner(a))).toEqual({
    status: 200,
    body: { synonyms: NORMALISED },
  });
}, 60_000);

test("5. a restart keeps them", async () => {
  using dir = tempDir();
  let d: Tokens;
  {
    await using first = await startService({ dataDir: dir, args: ARGS });
    d = await shop(first);
    await call(first, "PUT", PATH, owner(d), { synonyms: SETS });
    await everywhere(first, d, "жбл ", ["jbl"]);
  }
  await using second = await startService({ dataDir: dir, args: ARGS });
  expect(await call(second, "GET", PATH, owner(d))).toEqual({
    status: 200,
    body: { synonyms: NORMALISED },
  });
  await everywhere(second, d, "жбл ", ["jbl"]);
}, 60_000);
