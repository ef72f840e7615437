import { escapeHtml as esc, page } from "./page.ts";

// /demo: a storefront's results page over the demo catalog of `serve --demo`: the search widget
// in its header and the results page kit (results-page.js) below, embedded the way a store
// would embed them. The search token is public by design (it sits in every shopper's
// browser), so the page may carry it.

/** Queries worth trying on the demo catalog, with what each shows. */
const EXAMPLES: [string, string][] = [
  ["навушники", "categories, filters, prices"],
  ["чорний", "pages, and filters with many values"],
  ["yfdeiybrb", "навушники typed on a Latin keyboard"],
  ["noutbuk", "ноутбук in Latin letters"],
  ["холодильник samsung", "a word no fridge has"],
  ["qwertyuiop", "nothing found"],
];

const STYLE = `
.top{background:#101828;color:#fff}
.top .wrap{display:flex;gap:20px;align-items:center;padding-top:14px;padding-bottom:14px;flex-wrap:wrap}
.logo{font-weight:700;font-size:20px;letter-spacing:.02em;white-space:nowrap}
.logo span{color:#7cb4ff}
.search{flex:1;min-width:240px}
.search input{width:100%;padding:11px 16px;font:inherit;border:0;border-radius:10px;outline:none}
.search input:focus{box-shadow:0 0 0 3px #7cb4ff}
nav.shop{background:#fff;border-bottom:1px solid #e4e7ec;font-size:14px}
nav.shop .wrap{display:flex;gap:18px;overflow-x:auto;white-space:nowrap;padding-top:10px;padding-bottom:10px}
nav.shop span{color:#475467}
#results{margin:18px 0}
.try{display:flex;flex-wrap:wrap;gap:8px;margin:10px 0 0;padding:0;list-style:none}
.try a{font-size:14px;padding:6px 12px;border-radius:14px;border:1px solid #d0d5dd;background:#fff;text-decoration:none}
.try a:hover{border-color:#0b63ce}
.try small{color:#667085}`;

const NAV = [
  "Електроніка",
  "Побутова техніка",
  "Дім і сад",
  "Одяг",
  "Дитячі товари",
  "Спорт",
  "Авто",
];

export function demoPage(options: {
  origin: string;
  token: string | null;
  nonce: string;
  query: string | null;
}): string {
  const { origin, token, nonce, query } = options;
  if (token === null) {
    return page({
      title: "Vitrina demo",
      body: `<div class="wrap"><div class="card">
<h1>The demo store is not loaded</h1>
<p>This server was started without the demo catalog. Start it with <code>npm start</code> (which runs
<code>vitrina serve --demo</code>): it loads a sample catalog of a few hundred products into a
<code>demo</code> domain, and this page becomes a storefront with the search widget.</p>
<p><a href="/">Back to the start page</a></p>
</div></div>`,
    });
  }
  const widgetTag = (origin: string) =>
    `<script src="${esc(origin)}/widget.js" data-token="${esc(token)}" data-input="#q" data-language="uk" data-results-url="/demo?q="></script>`;
  const kitTags = (origin: string) =>
    `<link rel="stylesheet" href="${esc(origin)}/results-page.css">
<div id="results"></div>
<script src="${esc(origin)}/results-page.js" data-token="${esc(token)}" data-language="uk" data-target="#results" data-input="#q"></script>`;
  return page({
    title: query ? `«${query}» — Vitrina demo store` : "Vitrina demo store",
    nonce,
    style: STYLE,
    // The page is the results page kit under the search widget, both as a store copies them:
    // no inline script; the kit's styles come from its stylesheet.
    body: `<link rel="stylesheet" href="/results-page.css">
<header class="top"><div class="wrap">
<div class="logo">Vitrina<span>.demo</span></div>
<form class="search" role="search" action="/demo" method="get">
<input id="q" name="q" type="search" placeholder="Пошук серед 300 товарів" aria-label="Пошук товарів" value="${esc(query ?? "")}">
</form>
</div></header>
<nav class="shop" aria-label="Розділи магазину"><div class="wrap">${NAV.map((n) => `<span>${esc(n)}</span>`).join("")}</div></nav>
<main class="wrap">
<div id="results"></div>
<div class="card">
<h2>Search as a shopper would</h2>
<p>Type in the dark search box at the top: results come as you type, grouped by category, with
filters, prices and labels; Enter or "Усі результати" opens this results page with the query
and the chosen filters. Here, the search field shows completions as you type, and every choice
(category, filter, price, page) is in the address, so back, forward and a shared link show the
same results. Try:</p>
<ul class="try">${EXAMPLES.map(([q, what]) => `<li><a href="/demo?q=${encodeURIComponent(q)}">${esc(q)} <small>${esc(what)}</small></a></li>`).join("")}</ul>
</div>
<div class="card">
<h2>The same in your store</h2>
<p>The widget is one script tag, with your domain's search token. <code>data-input</code> names your
search field (without it the widget renders one where the tag stands); <code>data-results-url</code>
is your own results page, the query appended.</p>
<pre><code>${esc(widgetTag(origin))}</code></pre>
<p>This results page is a kit too: a stylesheet, an element and a script tag on your results
page, which reads the query and the filters from its address (docs/WIDGET.md).</p>
<pre><code>${esc(kitTags(origin))}</code></pre>
<p>Colours and fonts follow CSS variables you set on your page, for example
<code>.vtr-panel, .vrp { --vitrina-accent: #e11d48; --vitrina-radius: 4px; }</code>. The answers come from
<a href="/api/v2/search/?q=%D0%BD%D0%B0%D0%B2%D1%83%D1%88%D0%BD%D0%B8%D0%BA%D0%B8&amp;token=${esc(token)}">the search API</a>.</p>
</div>
<div class="card">
<h2>On InstantSearch</h2>
<p>A storefront built with InstantSearch.js or React InstantSearch keeps its widgets and swaps its
search client for Vitrina's (<code>/instantsearch-client.js</code>, docs/INSTANTSEARCH.md):
<a href="/demo/instantsearch">the same catalog on InstantSearch.js</a>.</p>
</div>
</main>
${widgetTag("")}
<script src="/results-page.js" data-token="${esc(token)}" data-language="uk" data-target="#results" data-input="#q"></script>`,
  });
}
