import { escapeHtml as esc, page } from "./page.ts";

// /demo/instantsearch: the demo catalog in a storefront made of InstantSearch.js widgets over
// Vitrina's search client (instantsearch-storefront.js), the second storefront of /demo.

const STYLE = `
.layout{display:grid;grid-template-columns:260px 1fr;gap:20px;margin:18px 0}
@media (max-width:720px){.layout{grid-template-columns:1fr}}
.side h3{font-size:14px;margin:14px 0 6px;color:#475467}
.hit>span:not(.pic){grid-column:2}
.ais-SearchBox-input{width:100%;padding:10px 14px;font:inherit;border:1px solid #d0d5dd;border-radius:10px}
.ais-SearchBox-submit,.ais-SearchBox-reset{display:none}
.ais-Hits-list{list-style:none;margin:0;padding:0;display:grid;grid-template-columns:repeat(auto-fill,minmax(220px,1fr));gap:12px}
.ais-Hits-item{background:#fff;border:1px solid #e4e7ec;border-radius:12px}
.hit{display:grid;grid-template-columns:64px 1fr;gap:4px 10px;padding:12px;text-decoration:none;color:inherit}
.hit .pic{grid-row:span 3;width:64px;height:64px;border-radius:8px;background:#eef1f5;overflow:hidden}
.ais-Panel-header{font-size:14px;margin:14px 0 6px;color:#475467;font-weight:700}
.hit .vendor{font-size:13px;color:#667085}
.hit .price{font-weight:600}
mark,.ais-Highlight-highlighted{background:#fff3bf;color:inherit}
.ais-RefinementList-list,.ais-HierarchicalMenu-list{list-style:none;margin:0;padding:0 0 0 10px}
.ais-RefinementList-count,.ais-HierarchicalMenu-count{color:#667085;font-size:12px;margin-left:4px}
.ais-HierarchicalMenu-item--selected>div>.ais-HierarchicalMenu-link{font-weight:700}
.ais-Pagination-list{display:flex;gap:6px;list-style:none;padding:0}
.ais-Pagination-item--selected a{font-weight:700}
.ais-RangeInput-input{width:90px}
.banner img{max-width:100%;border-radius:12px}
#query-note{color:#b54708}
.bar{display:flex;gap:12px;align-items:center;flex-wrap:wrap}`;

export function instantSearchPage(options: {
  token: string | null;
  script: boolean;
  nonce: string;
}): string {
  if (options.token === null || !options.script)
    return page({
      title: "Vitrina InstantSearch demo",
      body: `<div class="wrap"><div class="card">
<h1>The InstantSearch storefront is not available here</h1>
<p>${
        options.token === null
          ? "This server was started without the demo catalog: start it with <code>npm start</code> (<code>vitrina serve --demo</code>)."
          : "It is bundled from <code>instantsearch.js</code>, a development dependency this installation does not have: run <code>npm install</code> in the checkout and restart the server."
      }</p>
<p><a href="/demo">The demo store</a> · <a href="/">The start page</a></p>
</div></div>`,
    });
  return page({
    title: "Vitrina demo store, InstantSearch",
    nonce: options.nonce,
    style: STYLE,
    body: `<main class="wrap" id="storefront" data-token="${esc(options.token)}">
<h1>Vitrina.demo <small>on InstantSearch.js</small></h1>
<div id="searchbox"></div>
<div id="banners"></div>
<div class="layout">
<aside class="side">
<h3>Категорії</h3><div id="categories"></div>
<h3>Ціна</h3><div id="price"></div>
<div id="facets"></div>
</aside>
<section>
<div class="bar"><div id="stats"></div><div id="sort"></div><div id="refinements"></div><div id="clear"></div></div>
<p id="query-note" hidden></p>
<div id="hits"></div>
<div id="pagination"></div>
</section>
</div>
<p>The same catalog as <a href="/demo">the demo store</a>, in InstantSearch.js widgets with
Vitrina's search client (docs/INSTANTSEARCH.md).</p>
</main>
<script type="module" src="/demo/instantsearch.js"></script>`,
  });
}
