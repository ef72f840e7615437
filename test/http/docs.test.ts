// The API docs over real HTTP:
//  1. GET /openapi.json is the OpenAPI 3.1 document as JSON, with the server's own limits
//     (--max-page-size, --max-items) in it
//  2. GET /docs is an HTML page with a CSP that allows no script and no other origin, no
//     external URL in any tag, and a section for every operation and schema of the document
import { afterAll, beforeAll, expect, test } from "bun:test";
import type { OpenApiDocument } from "../../src/http/openapi/document.ts";
import { type Service, startService } from "./harness.ts";

let service: Service;
beforeAll(async () => {
  service = await startService({ args: ["--max-page-size", "50", "--max-items", "500"] });
}, 30_000);
afterAll(() => service?.[Symbol.asyncDispose]());

test("GET /openapi.json is the OpenAPI document, with this server's limits", async () => {
  const res = await fetch(`${service.url}/openapi.json`);
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toBe("application/json; charset=utf-8");
  const doc = (await res.json()) as OpenApiDocument;
  expect({ openapi: doc.openapi, info: doc.info.title }).toEqual({
    openapi: "3.1.0",
    info: "Vitrina",
  });
  const search = doc.paths["/api/v2/search/"]?.get;
  const pageSize = search?.parameters?.find((p) => p.name === "product_page_size");
  expect(pageSize?.schema).toEqual({ type: "integer", minimum: 1, maximum: 50, default: 10 });
  expect(doc.paths["/api/v2/content/product/bulk/"]?.post?.description).toStartWith(
    "A JSON array of at most 500 items",
  );
  expect(Object.keys(doc.components.securitySchemes)).toEqual([
    "SecretToken",
    "SearchToken",
    "AdminKey",
    "AdminBearer",
  ]);
});

test("GET /docs renders every operation and schema, with no external resource", async () => {
  const [res, doc] = await Promise.all([
    fetch(`${service.url}/docs`),
    fetch(`${service.url}/openapi.json`).then((r) => r.json() as Promise<OpenApiDocument>),
  ]);
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toBe("text/html; charset=utf-8");
  expect(res.headers.get("content-security-policy")).toBe(
    "default-src 'none'; style-src 'unsafe-inline'; img-src data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
  );
  const html = await res.text();
  // No script at all, and no tag that loads from elsewhere.
  expect(html.match(/<script\b/gi)).toBeNull();
  const loads = [...html.matchAll(/<(?:link|img|iframe|source)\b[^>]*\b(?:src|href)="([^"]*)"/gi)];
  expect(loads.map((m) => m[1])).toEqual(["data:,"]);
  for (const [path, ops] of Object.entries(doc.paths))
    for (const method of Object.keys(ops))
      expect(html).toContain(`<span class="m">${method.toUpperCase()}</span> <code>${path}</code>`);
  for (const name of Object.keys(doc.components.schemas))
    expect(html).toContain(`<section class="card" id="schema-${name}">`);
  // A search parameter's row, with its bounds and default.
  expect(html).toContain(
    '<tr><td><code>product_page_size</code></td><td>query</td><td>integer <span class="b">(1..50, default <code>10</code>)</span></td><td>Products per page.</td></tr>',
  );
});
