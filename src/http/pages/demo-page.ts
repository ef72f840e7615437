import { escapeHtml as esc, page } from "./page.ts";

// /demo: a storefront over the demo catalog of `serve --demo`, with the widget embedded the way
// a store would embed it. The search token is public by design (it sits in every shopper's
// browser), so the page may carry it.

/** Queries worth trying on the demo catalog, with what each shows. */
const EXAMPLES: [string, string][] = [
  ["навушники", "categories, grouped products, filters"],
  ["yfdeiybrb", "навушники typed on a Latin keyboard"],
  ["noutbuk", "ноутбук in Latin letters"],
  ["смартфон samsung", "two words"],
  ["холодильнык", "a typo"],
  ["samsung", "one brand in many categories"],
];

const STYLE = `
.top{background:#101828;color:#fff}
.top .wrap{display:flex;gap:20px;align-items:center;padding-top:14px;padding-bottom:14px;flex-wrap:wrap}
.logo{font-weight:700;font-size:20px;letter-spacing:.02em;white-space:nowrap}
.logo span{color:#7cb4ff}
.search{flex:1;min-width:240px}
.search input{width:100%;padding:11px 16px;font:inherit;border:0;border-radius:10px;outline:none}
.search input:focus{box-shadow:0 0 0 3px #7cb4ff}
nav{background:#fff;border-bottom:1px solid #e4e7ec;font-size:14px}
nav .wrap{display:flex;gap:18px;overflow-x:auto;white-space:nowrap;padding-top:10px;padding-bottom:10px}
nav span{color:#475467}
.try{display:flex;flex-wrap:wrap;gap:8px;margin:10px 0 0;padding:0;list-style:none}
.try button{font:inherit;font-size:14px;padding:6px 12px;border-radius:14px;text-align:left;border:1px solid #d0d5dd;background:#fff;cursor:pointer}
.try button:hover{border-color:#0b63ce}
.try small{color:#667085}
.results{border-left:4px solid #0b63ce}`;

const NAV = [
  "Електроніка",
  "Побутова техніка",
  "Дім і сад",
  "Одяг",
  "Дитячі товари",
  "Спорт",
  "Авто",
];

// Fills the store's input with an example and lets the widget take it from there.
const SCRIPT = `
document.querySelectorAll("[data-q]").forEach(function (b) {
  b.addEventListener("click", function () {
    var input = document.getElementById("q");
    input.value = b.getAttribute("data-q");
    input.focus();
    input.dispatchEvent(new Event("input", { bubbles: true }));
  });
});`;

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
  const tag = (src: string) =>
    `<script src="${esc(src)}" data-token="${esc(token)}" data-input="#q" data-language="uk" data-results-url="/demo?q="></script>`;
  const results =
    query === null
      ? ""
      : `<div class="card results"><h2>Results for «${esc(query)}»</h2>
<p>This is where the store's own results page lists everything found: the widget's "all results"
link and Enter lead here with the query.</p></div>`;
  return page({
    title: "Vitrina demo store",
    nonce,
    style: STYLE,
    script: SCRIPT,
    body: `<header class="top"><div class="wrap">
<div class="logo">Vitrina<span>.demo</span></div>
<form class="search" role="search" action="/demo" method="get">
<input id="q" name="q" type="search" placeholder="Пошук серед 300 товарів" aria-label="Пошук товарів" value="${esc(query ?? "")}">
</form>
</div></header>
<nav aria-label="Categories"><div class="wrap">${NAV.map((n) => `<span>${esc(n)}</span>`).join("")}</div></nav>
<main class="wrap">
${results}
<div class="card">
<h1>Search as a shopper would</h1>
<p>Type in the search box above: results come as you type, grouped by category, with filters,
prices and labels. Arrows move through the results, Enter opens one, Escape closes the panel.
Try:</p>
<ul class="try">${EXAMPLES.map(([q, what]) => `<li><button type="button" data-q="${esc(q)}">${esc(q)} <small>${esc(what)}</small></button></li>`).join("")}</ul>
</div>
<div class="card">
<h2>The same widget in your store</h2>
<p>One script tag, with your domain's search token. <code>data-input</code> names your search
field (without it the widget renders one where the tag stands); <code>data-results-url</code> is
your own results page, the query appended.</p>
<pre><code>${esc(tag(`${origin}/widget.js`))}</code></pre>
<p>Colours and fonts follow CSS variables you set on your page, for example
<code>.vtr-panel { --vitrina-accent: #e11d48; --vitrina-radius: 4px; }</code>. The answers come from
<a href="/api/v2/search/?q=%D0%BD%D0%B0%D0%B2%D1%83%D1%88%D0%BD%D0%B8%D0%BA%D0%B8&amp;token=${esc(token)}">the search API</a>.</p>
</div>
</main>
${tag("/widget.js")}`,
  });
}
