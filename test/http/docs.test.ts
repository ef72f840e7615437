// The API docs over real HTTP:
//  1. GET /openapi.json is the OpenAPI 3.1 document as JSON, with the server's own limits
//     (--max-page-size, --max-items) in it
//  2. GET /docs is an HTML page with a CSP that allows no script and no other origin, no
//     external URL in any tag, and a section for every operation and schema of the document
//  3. /docs has contents, a curl and a fetch example per operation built from the document,
//     and docs/WIDGET.md rendered as its "Widget" section
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

test("GET /docs: contents, a request to copy per endpoint, the widget's guide", async () => {
  const html = await (await fetch(`${service.url}/docs`)).text();
  expect(html).toContain('<li><a href="#endpoints">Endpoints</a>');
  expect(html).toContain('<li><a href="#widget">Widget</a>');
  // Every operation has its curl and fetch example: as many as the sections of operations.
  const operations = html.match(/<section class="card" id="op-/g)?.length ?? 0;
  expect(html.match(/<h4>Example<\/h4>/g)?.length).toBe(operations);
  // The search: its real path, the search token in the query, no body.
  expect(html).toContain(
    "<pre><code>curl &#39;https://SEARCH_HOST/api/v2/search/?q=headphones&amp;language=uk&amp;token=SEARCH_TOKEN&#39;</code></pre>",
  );
  // An import: POST with the secret token in its header and a JSON body of the item's shape.
  expect(html).toContain(
    "<pre><code>curl -X POST &#39;https://SEARCH_HOST/api/v2/content/product/bulk/&#39; \\\n  -H &#39;X-Secret-Token: SECRET_TOKEN&#39; \\\n  -H &#39;Content-Type: application/json&#39; \\\n  -d &#39;[{",
  );
  expect(html).toContain(
    "const res = await fetch(&quot;https://SEARCH_HOST/api/v2/search/popular/?language=uk&amp;token=SEARCH_TOKEN&quot;);\nconsole.log(res.status, await res.json());",
  );
  // docs/WIDGET.md, rendered: its headings, its tables, its code, no image loaded.
  const guide = await Bun.file(`${import.meta.dir}/../../docs/WIDGET.md`).text();
  const firstHeading = guide.match(/^# (.+)$/m)?.[1] ?? "";
  expect(html).toContain(`<h2 id="widget-`);
  expect(html).toContain(`>${firstHeading}</h2>`);
  expect(html).toContain("<td><code>data-token</code></td>");
  expect(html).toContain("&lt;script src=&quot;https://SEARCH_HOST/widget.js&quot;");
});
