import { readFileSync } from "node:fs";
import { join } from "node:path";
import { AppError } from "../../errors.ts";
import type { Domains } from "../../tenancy/domains.ts";
import { encoded, staticAnswer } from "../stack/browser-answer.ts";
import { POLICY, type Route } from "../stack/route-table.ts";
import { adminPage } from "./admin-page.ts";
import { builtScript } from "./built-script.ts";
import { demoPage } from "./demo-page.ts";
import { demoPicture } from "./demo-pictures.ts";
import { instantSearchPage } from "./instantsearch-page.ts";
import { landingPage } from "./landing-page.ts";

// The pages a browser opens: `/`, `/demo` and the widget's script (PRODUCT.md "Pages").

export interface PagesDeps {
  domains: Domains;
  /** `serve --demo`: /demo is the storefront over the `demo` domain. */
  demo: boolean;
}

/** The widget's stylesheet: linked by the widget, or put in its script for `data-nonce`. */
const widgetCss = readFileSync(join(import.meta.dir, "widget.css"), "utf8");
/** Where widget.js takes the stylesheet's text (for a `<style nonce>`): filled in once here. */
const CSS_SLOT = '"/*widget.css*/"';
const widgetSource = readFileSync(join(import.meta.dir, "widget.js"), "utf8");
if (!widgetSource.includes(CSS_SLOT)) throw new Error(`widget.js has no ${CSS_SLOT}`);

/** The widget is a static file: read and compressed once. */
const widget = staticAnswer(
  widgetSource.replace(CSS_SLOT, () => JSON.stringify(widgetCss)),
  {
    "content-type": "text/javascript; charset=utf-8",
    "x-content-type-options": "nosniff",
    // Stores load it from their own pages: a short cache (open to any origin: its route's policy).
    "cache-control": "public, max-age=300",
  },
);
const widgetStyle = staticAnswer(widgetCss, {
  "content-type": "text/css; charset=utf-8",
  "x-content-type-options": "nosniff",
  "cache-control": "public, max-age=300",
});

/** The results page kit (/demo is one): its script and stylesheet, loaded as the widget is. */
const kitFile = (file: string, type: string) =>
  staticAnswer(readFileSync(join(import.meta.dir, file), "utf8"), {
    "content-type": `${type}; charset=utf-8`,
    "x-content-type-options": "nosniff",
    "cache-control": "public, max-age=300",
  });
const resultsScript = kitFile("results-page.js", "text/javascript");
const resultsStyle = kitFile("results-page.css", "text/css");

/** Vitrina's InstantSearch search client (src/clients/instantsearch/), for stores' pages. */
const instantSearchClient = builtScript(
  join(import.meta.dir, "..", "..", "clients", "instantsearch", "index.ts"),
  // A store's developer reads it.
  { minify: false },
);
/** /demo/instantsearch's script: null where instantsearch.js (a dev dependency) is missing. */
const instantSearchStorefront = builtScript(join(import.meta.dir, "instantsearch-storefront.js"), {
  minify: true,
  external: ["/instantsearch-client.js"],
});

const HTML = { "content-type": "text/html; charset=utf-8", "x-content-type-options": "nosniff" };

export function pagesRoutes(deps: PagesDeps): Route[] {
  const landing = staticAnswer(landingPage(), HTML);
  const demo = (request: Request) => {
    const url = new URL(request.url);
    const domain = deps.demo ? deps.domains.byDomainName("demo") : undefined;
    const nonce = crypto.randomUUID();
    const body = demoPage({
      origin: url.origin,
      token: domain?.search_token ?? null,
      nonce,
      query: url.searchParams.get("q"),
    });
    return encoded(request, body, {
      ...HTML,
      "cache-control": "no-store",
      // The widget's own script and its searches come from this origin; pictures from the
      // store's image host; the widget's styles from /widget.css, the page's own with its nonce
      // (no 'unsafe-inline': the page is the strict-CSP model a store can copy).
      "content-security-policy": `default-src 'self'; script-src 'self' 'nonce-${nonce}'; style-src 'self' 'nonce-${nonce}'; img-src 'self' https: data:; base-uri 'none'; form-action 'self'; frame-ancestors 'none'`,
    });
  };
  const instantSearchDemo = async (request: Request) => {
    const domain = deps.demo ? deps.domains.byDomainName("demo") : undefined;
    const nonce = crypto.randomUUID();
    const body = instantSearchPage({
      token: domain?.search_token ?? null,
      script: (await instantSearchStorefront()) !== null,
      nonce,
    });
    return encoded(request, body, {
      ...HTML,
      "cache-control": "no-store",
      "content-security-policy": `default-src 'self'; script-src 'self'; style-src 'self' 'nonce-${nonce}'; img-src 'self' https: data:; base-uri 'none'; form-action 'self'; frame-ancestors 'none'`,
    });
  };
  /** A bundled script, or 404 where it cannot be built. */
  const built = async (request: Request, script: typeof instantSearchClient) => {
    const answer = await script();
    if (answer === null) throw new AppError("not_found");
    return answer(request);
  };
  // The admin area: a static page whose script reads the JSON endpoints with the token in a
  // header. Nothing but this origin, no framing, no referrer.
  const admin = ({ request }: { request: Request }): Response => {
    const nonce = crypto.randomUUID();
    return new Response(adminPage(nonce), {
      // A login form posted without the script (it never is with it) gets the page again.
      status: request.method === "POST" ? 303 : 200,
      headers: {
        ...HTML,
        ...(request.method === "POST" ? { location: "/admin" } : {}),
        "cache-control": "no-store",
        "referrer-policy": "no-referrer",
        "content-security-policy": `default-src 'none'; script-src 'nonce-${nonce}'; style-src 'unsafe-inline'; connect-src 'self'; img-src data:; base-uri 'none'; form-action 'self'; frame-ancestors 'none'`,
      },
    });
  };
  const page = POLICY.public;
  return [
    { method: "GET", path: "/", policy: page, handler: ({ request }) => landing(request) },
    { method: "GET", path: "/demo", policy: page, handler: ({ request }) => demo(request) },
    {
      method: "GET",
      path: "/demo/instantsearch",
      policy: page,
      handler: ({ request }) => instantSearchDemo(request),
    },
    {
      method: "GET",
      path: "/demo/instantsearch.js",
      policy: page,
      handler: ({ request }) => built(request, instantSearchStorefront),
    },
    { method: "GET", path: "/admin", policy: page, handler: admin },
    { method: "POST", path: "/admin", policy: page, handler: admin },
    {
      method: "GET",
      path: "/widget.js",
      policy: { ...page, cors: "open" },
      handler: ({ request }) => widget(request),
    },
    {
      method: "GET",
      path: "/instantsearch-client.js",
      policy: { ...page, cors: "open" },
      handler: ({ request }) => built(request, instantSearchClient),
    },
    {
      method: "GET",
      path: "/widget.css",
      policy: { ...page, cors: "open" },
      handler: ({ request }) => widgetStyle(request),
    },
    {
      method: "GET",
      path: "/demo-img/:name",
      policy: { ...page, cors: "open" },
      handler: ({ request, params }) => {
        const svg = demoPicture(params.name ?? "");
        if (svg === null) throw new AppError("not_found");
        return encoded(request, svg, {
          "content-type": "image/svg+xml",
          "x-content-type-options": "nosniff",
          "content-security-policy": "default-src 'none'; style-src 'unsafe-inline'",
          "cache-control": "public, max-age=86400",
        });
      },
    },
    {
      method: "GET",
      path: "/results-page.js",
      policy: { ...page, cors: "open" },
      handler: ({ request }) => resultsScript(request),
    },
    {
      method: "GET",
      path: "/results-page.css",
      policy: { ...page, cors: "open" },
      handler: ({ request }) => resultsStyle(request),
    },
  ];
}
