import { Elysia } from "elysia";
import { type DocumentOptions, openApiDocument } from "../openapi/document.ts";
import { docsPage } from "../pages/docs-page.ts";

/** `/openapi.json` and `/docs`: built once at start, from the server's own limits. */
export function docsRoutes(options: DocumentOptions) {
  const document = openApiDocument(options);
  const body = JSON.stringify(document);
  const html = docsPage(document);
  const app = new Elysia({ name: "docs" });
  app.get(
    "/openapi.json",
    () =>
      new Response(body, {
        headers: {
          "content-type": "application/json; charset=utf-8",
          // Tools read it from other origins (an API explorer, a code generator).
          "access-control-allow-origin": "*",
          "cache-control": "public, max-age=300",
        },
      }),
  );
  app.get(
    "/docs",
    () =>
      new Response(html, {
        headers: {
          "content-type": "text/html; charset=utf-8",
          "x-content-type-options": "nosniff",
          // No script at all; its styles are one <style>.
          "content-security-policy":
            "default-src 'none'; style-src 'unsafe-inline'; img-src data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
        },
      }),
  );
  return app;
}
