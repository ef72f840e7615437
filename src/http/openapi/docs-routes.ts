import { readFileSync } from "node:fs";
import { join } from "node:path";
import { docsPage } from "../pages/docs-page.ts";
import { POLICY, type Route } from "../stack/route-table.ts";
import { type DocumentOptions, openApiDocument } from "./document.ts";

/** `/openapi.json` and `/docs`: built once at start, from the server's own limits. */
export function docsRoutes(options: DocumentOptions): Route[] {
  const document = openApiDocument(options);
  const body = JSON.stringify(document);
  // The widget's guide is one file, docs/WIDGET.md: the page shows it as it is in the repository.
  const html = docsPage(
    document,
    readFileSync(join(import.meta.dir, "../../../docs/WIDGET.md"), "utf8"),
  );
  return [
    {
      method: "GET",
      path: "/openapi.json",
      // Tools read it from other origins (an API explorer, a code generator).
      policy: { ...POLICY.public, cors: "open" },
      handler: () =>
        new Response(body, {
          headers: {
            "content-type": "application/json; charset=utf-8",
            "cache-control": "public, max-age=300",
          },
        }),
    },
    {
      method: "GET",
      path: "/docs",
      policy: POLICY.public,
      handler: () =>
        new Response(html, {
          headers: {
            "content-type": "text/html; charset=utf-8",
            "x-content-type-options": "nosniff",
            // No script at all; its styles are one <style>.
            "content-security-policy":
              "default-src 'none'; style-src 'unsafe-inline'; img-src data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
          },
        }),
    },
  ];
}
