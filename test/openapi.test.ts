// The OpenAPI document (src/http/openapi/) against the code it describes:
//  1. every route the server serves (its route table) is in the document, with its method, and
//     the document lists no route that is not served; each documents what its policy makes
//     happen: a route checking a secret token or the admin key its 401 and 429 (failed
//     authentications throttled), a route with rate or cost limits its 429, a route taking a
//     body its 413 and 408
//  2. every $ref resolves, to a schema or a shared response
//  3. every schema is plain JSON Schema 2020-12: known keywords only, no TypeBox kind left,
//     every required property declared, tuples as prefixItems
//  4. the custom Text kind comes out as a string bounded in characters, with a description
//  5. the search parameters carry the bounds and defaults parse-params.ts enforces
import { expect, test } from "bun:test";
import { loadConfig } from "../src/config.ts";
import { type OpenApiDocument, openApiDocument } from "../src/http/openapi/document.ts";
import { IMPORT_LIMITS } from "../src/model/import.ts";
import { startServer } from "../src/server.ts";
import { tempDir } from "./http/harness.ts";

const OPTIONS = { maxPageSize: 100, maxItems: 10_000, maxBytes: 1024, retentionDays: 90 };
const doc: OpenApiDocument = openApiDocument(OPTIONS);

test("every route the server serves is documented, and only those", async () => {
  using dir = tempDir();
  const config = loadConfig(
    new Map([
      ["data-dir", String(dir)],
      ["listen", "127.0.0.1:0"],
      ["admin-key", "k".repeat(24)],
    ]),
    {},
  );
  const server = await startServer(config);
  try {
    const served = new Set(
      server.routes.map((r) => `${r.method.toUpperCase()} ${r.path.replace(/:(\w+)/g, "{$1}")}`),
    );
    const documented = new Set(
      Object.entries(doc.paths).flatMap(([path, ops]) =>
        Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`),
      ),
    );
    expect([...served].filter((r) => !documented.has(r))).toEqual([]);
    expect([...documented].filter((r) => !served.has(r))).toEqual([]);
    const missing = server.routes.flatMap(({ method, path, policy }) => {
      const op = doc.paths[path.replace(/:(\w+)/g, "{$1}")]?.[method.toLowerCase()];
      const statuses = Object.keys(op?.responses ?? {});
      const needed = [
        ...(policy.auth === "secret-token" || policy.auth === "admin-key" ? ["401", "429"] : []),
        ...(policy.limits === "none" ? [] : ["429"]),
        ...(policy.body > 0 ? ["408", "413"] : []),
      ];
      return needed.filter((s) => !statuses.includes(s)).map((s) => `${method} ${path} ${s}`);
    });
    expect(missing).toEqual([]);
  } finally {
    await server.stop();
  }
}, 30_000);

/** Every `$ref` string anywhere in the document. */
function refs(node: unknown, out: string[] = []): string[] {
  if (Array.isArray(node)) for (const n of node) refs(n, out);
  else if (node && typeof node === "object")
    for (const [k, v] of Object.entries(node)) {
      if (k === "$ref") out.push(v as string);
      else refs(v, out);
    }
  return out;
}

test("every $ref resolves", () => {
  const all = refs(doc);
  expect(all.length).toBeGreaterThan(50);
  const unresolved = all.filter((r) => {
    const m = /^#\/components\/(schemas|responses)\/(\w+)$/.exec(r);
    return !m?.[2] || !(m[2] in doc.components[m[1] as "schemas" | "responses"]);
  });
  expect(unresolved).toEqual([]);
});

const KEYWORDS = new Set([
  "$ref",
  "type",
  "properties",
  "required",
  "additionalProperties",
  "patternProperties",
  "items",
  "prefixItems",
  "anyOf",
  "const",
  "enum",
  "minLength",
  "maxLength",
  "pattern",
  "format",
  "minimum",
  "maximum",
  "exclusiveMinimum",
  "minItems",
  "maxItems",
  "description",
  "default",
]);
const TYPES = new Set(["string", "number", "integer", "boolean", "null", "array", "object"]);

/** What is not plain JSON Schema in `s`, as paths to the offending place. */
function problems(s: unknown, at: string, out: string[] = []): string[] {
  if (!s || typeof s !== "object" || Array.isArray(s)) return [...out, `${at}: not an object`];
  if (Object.getOwnPropertySymbols(s).length) out.push(`${at}: TypeBox symbols`);
  const o = s as Record<string, unknown>;
  for (const k of Object.keys(o)) if (!KEYWORDS.has(k)) out.push(`${at}: keyword ${k}`);
  if (o.type !== undefined && !TYPES.has(o.type as string)) out.push(`${at}: type ${o.type}`);
  if (o.type === "array" && Array.isArray(o.items)) out.push(`${at}: items as a list`);
  const props = (o.properties ?? {}) as Record<string, unknown>;
  for (const r of (o.required as string[] | undefined) ?? [])
    if (!(r in props)) out.push(`${at}: required ${r} undeclared`);
  for (const [k, v] of Object.entries(props)) problems(v, `${at}.${k}`, out);
  for (const k of ["items", "additionalProperties"] as const)
    if (o[k] && typeof o[k] === "object") problems(o[k], `${at}.${k}`, out);
  for (const k of ["anyOf", "prefixItems"] as const)
    for (const [i, v] of ((o[k] as unknown[] | undefined) ?? []).entries())
      problems(v, `${at}.${k}.${i}`, out);
  for (const v of Object.values((o.patternProperties ?? {}) as object)) problems(v, at, out);
  if (typeof o.pattern === "string") new RegExp(o.pattern, "u");
  return out;
}

test("every schema is plain JSON Schema", () => {
  const found = Object.entries(doc.components.schemas).flatMap(([n, s]) => problems(s, n));
  for (const [path, ops] of Object.entries(doc.paths))
    for (const [m, op] of Object.entries(ops)) {
      for (const p of op.parameters ?? [])
        found.push(...problems(p.schema, `${m} ${path} ${p.name}`));
      for (const c of Object.values(op.requestBody?.content ?? {}))
        found.push(...problems(c.schema, `${m} ${path} body`));
    }
  expect(found).toEqual([]);
  // Through JSON, as /openapi.json serves it: nothing is lost.
  expect(JSON.parse(JSON.stringify(doc))).toEqual(doc);
});

test("a Text field is a string bounded in characters; a tuple is prefixItems", () => {
  const s = doc.components.schemas;
  const props = s.ProductItem?.properties as Record<string, { anyOf: unknown[] }>;
  expect(props.vendor?.anyOf[0]).toEqual({
    type: "string",
    maxLength: IMPORT_LIMITS.vendor,
    description:
      "Lengths in characters (Unicode code points, not bytes or UTF-16 units); well-formed Unicode (no lone surrogate).",
  });
  const hl = (s.SearchProduct?.properties as Record<string, unknown> | undefined)?.name_highlight;
  expect(hl).toEqual({
    type: "array",
    items: {
      type: "array",
      prefixItems: [{ type: "number" }, { type: "number" }],
      minItems: 2,
      maxItems: 2,
    },
  });
  expect(s.ProductItem?.required).toEqual([
    "source_id",
    "code",
    "source_category_id",
    "currency_code",
    "translations",
  ]);
});

test("the search parameters carry the enforced bounds and defaults", () => {
  const params = doc.paths["/api/v2/search/"]?.get?.parameters ?? [];
  const by = Object.fromEntries(params.map((p) => [p.name, p.schema]));
  expect(Object.keys(by)).toEqual([
    "q",
    "token",
    "language",
    "filters",
    "price_from",
    "price_to",
    "category_id",
    "group_by_category",
    "show_unavailable",
    "page",
    "product_page_size",
    "category_page_size",
    "per_category_limit",
    "show_filters",
    "use_corrections",
    "use_suggestions",
    "wid",
    "uuid",
    "demo",
    "highlight",
    "sort",
    "browse",
    "ranges",
    "group_variants",
  ]);
  expect(by.sort).toEqual({
    type: "string",
    enum: ["relevance", "price_asc", "price_desc", "newest", "discount", "popular"],
    default: "relevance",
  });
  expect(by.browse).toEqual({ type: "boolean", default: false });
  expect(by.product_page_size).toEqual({ type: "integer", minimum: 1, maximum: 100, default: 10 });
  expect(by.per_category_limit).toEqual({
    anyOf: [{ const: -1 }, { type: "integer", minimum: 1, maximum: 100 }],
    default: 3,
  });
  expect(by.wid).toEqual({ type: "string", maxLength: 255 });
  expect(by.price_to).toEqual({ type: "number", minimum: 0, maximum: 1e12 });
  expect(by.use_corrections).toEqual({ type: "boolean", default: true });
});
