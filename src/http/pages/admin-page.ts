import { readFileSync } from "node:fs";
import { join } from "node:path";
import { page } from "./page.ts";

// /admin: a static page; its script (admin.js) logs in, keeps the token in sessionStorage and
// reads the JSON endpoints with it in a header (docs/ARCHITECTURE.md, "Pages").

const SCRIPT = ["admin-rules.js", "admin-workplace.js", "admin-feeds.js", "admin.js"]
  .map((file) => readFileSync(join(import.meta.dir, file), "utf8"))
  .join("\n");

const STYLE = `
.top{background:#101828;color:#fff}
.top .wrap{display:flex;gap:16px;align-items:center;padding-top:12px;padding-bottom:12px}
.logo{font-weight:700;font-size:19px;letter-spacing:.02em}
.logo span{color:#7cb4ff}
#who{flex:1;color:#c0c8d6;font-size:15px}
.top button{background:transparent;color:#fff;border:1px solid #475467}
button{font:inherit;font-size:14px;padding:7px 14px;border-radius:8px;border:1px solid #d0d5dd;background:#fff;cursor:pointer}
button.primary{background:#0b63ce;border-color:#0b63ce;color:#fff}
button.danger{color:#b42318;border-color:#fda29b}
button.link{border:0;background:none;color:#0b63ce;padding:2px 6px}
input,select{font:inherit;font-size:15px;padding:8px 10px;border:1px solid #d0d5dd;border-radius:8px;background:#fff}
h2{font-size:17px;margin:0 0 14px;display:flex;align-items:center;gap:10px}
h2 .aside{margin-left:auto;font-weight:400;font-size:14px;color:#667085}
.grid2{display:grid;grid-template-columns:1fr 1fr;gap:18px;margin:18px 0}
.grid2>.card{margin:0}
@media (max-width:760px){.grid2{grid-template-columns:1fr}}
.stats{display:grid;grid-template-columns:repeat(4,1fr);gap:12px}
.stat{background:#f9fafb;border:1px solid #eaecf0;border-radius:10px;padding:10px 14px}
.stat .label{display:block;font-size:13px;color:#667085}
.stat .value{font-size:22px;font-weight:600}
.value.warn{color:#b54708}
.token-row{display:flex;align-items:center;gap:10px;margin:6px 0}
.token-row .label{width:110px;color:#667085;font-size:14px}
.token{background:#f2f4f7;border-radius:6px;padding:4px 8px;word-break:break-all}
.token.masked{letter-spacing:.1em;color:#98a2b3}
table{width:100%;border-collapse:collapse;font-size:14px}
th{text-align:left;font-weight:600;color:#475467;border-bottom:1px solid #e4e7ec;padding:6px 8px}
td{border-bottom:1px solid #f2f4f7;padding:6px 8px;vertical-align:middle}
.num{text-align:right;font-variant-numeric:tabular-nums}
.actions{text-align:right;white-space:nowrap}
.nowrap{white-space:nowrap}
.muted{color:#667085}
.error{color:#b42318;font-size:14px}
.error:empty,.note:empty{display:none}
.tree{list-style:none;margin:0;padding:0;max-height:24em;overflow:auto;font-size:14px}
.tree li{padding:2px 0}
.tree-id{color:#667085;font-variant-numeric:tabular-nums}
.note{color:#027a48;font-size:14px}
.feed-url{word-break:break-all;min-width:14em;max-width:28em}
td.warn{color:#b54708}
.empty{color:#667085;font-size:14px;margin:4px 0}
.login{max-width:460px;margin:60px auto}
.login label{display:block;margin:10px 0 4px;font-size:14px;color:#475467}
.login input[type=password]{width:100%}
.kinds{display:flex;gap:18px;font-size:14px}
.kinds label{margin:0;display:flex;gap:6px;align-items:center;color:#1d2430}
.period{display:flex;gap:8px;align-items:center;flex-wrap:wrap;margin-bottom:10px}
#chart svg{width:100%;height:auto;display:block}
#chart .bar{fill:#0b63ce}
#chart .grid{stroke:#eaecf0}
#chart .axis{fill:#667085;font-size:12px}
ul.blocked{list-style:none;padding:0;margin:0 0 10px}
ul.blocked li{display:inline-flex;align-items:center;gap:4px;background:#f2f4f7;border-radius:14px;padding:2px 4px 2px 12px;margin:0 6px 6px 0;font-size:14px}
form.inline{display:flex;gap:8px;max-width:480px}
form.inline input{flex:1}
#back{margin-top:14px}
.login .error{margin:10px 0}
#rules-json{width:100%;min-height:200px;font:13px/1.5 ui-monospace,Menlo,Consolas,monospace;padding:8px 10px;border:1px solid #d0d5dd;border-radius:8px}
.rules-preview ol{padding-left:22px;margin:6px 0;font-size:14px}
.rules-preview .sid{color:#667085;font-size:12px}
#rules-q{width:100%;max-width:480px}
#preview-q{width:100%;max-width:480px}
#preview-list{padding-left:22px;font-size:14px}
.editor{width:100%;min-height:120px;font:13px/1.5 ui-monospace,Menlo,Consolas,monospace;padding:8px 10px;border:1px solid #d0d5dd;border-radius:8px}
main .card{overflow-x:auto}
@media (max-width:560px){.stats{grid-template-columns:1fr 1fr}.wrap{padding-left:12px;padding-right:12px}.card{padding:14px}td,th{padding:5px 4px}.token-row{flex-wrap:wrap}}`;

const BODY = `<header class="top"><div class="wrap">
<div class="logo">Vitrina <span>admin</span></div>
<div id="who"></div>
<button type="button" id="logout" hidden>Log out</button>
</div></header>
<main class="wrap">

<section id="login" class="card login" hidden>
<h1>Administration</h1>
<form id="login-form" method="post" action="/admin" autocomplete="off">
<div class="kinds">
<label><input type="radio" name="kind" id="kind-owner" checked> Domain secret token</label>
<label><input type="radio" name="kind" id="kind-operator"> Operator key</label>
</div>
<label for="token">Token</label>
<input type="password" id="token" name="token" required spellcheck="false">
<p class="error" id="login-error" role="alert"></p>
<button type="submit" class="primary" id="login-button">Log in</button>
</form>
<p class="muted">The token stays in this tab (sessionStorage) and is sent in a header, never in a URL.</p>
</section>

<section id="domains" class="card" hidden>
<h2>Domains <span class="aside" id="domains-count"></span></h2>
<p class="error" id="domains-error"></p>
<table><thead><tr><th>Name</th><th class="num">Id</th><th>Created</th><th></th></tr></thead>
<tbody id="domains-body"></tbody></table>
</section>

<div id="app" hidden>
<button type="button" class="link" id="back" hidden>← All domains</button>
<p class="error" id="overview-error"></p>
<div class="grid2">
<section class="card">
<h2>Tokens <span class="aside" id="domain-name"></span></h2>
<div id="tokens"></div>
<p><button type="button" class="danger" id="rotate">Rotate tokens</button></p>
<p class="note" id="rotate-note" role="status"></p>
</section>
<section class="card">
<h2>Index</h2>
<div class="stats" style="grid-template-columns:1fr 1fr">
<div class="stat"><span class="label">Documents</span><span class="value" id="index-documents">–</span></div>
<div class="stat"><span class="label">Applied / log head</span><span class="value" id="index-applied">–</span></div>
<div class="stat"><span class="label">Lag</span><span class="value" id="index-lag">–</span></div>
<div class="stat"><span class="label">Last applied</span><span class="value" style="font-size:15px" id="index-at">–</span></div>
</div>
</section>
</div>

<section class="card">
<h2>Stored and searchable</h2>
<div class="stats" style="grid-template-columns:1fr 1fr">
<div class="stat"><span class="label">Products stored</span><span class="value" id="stored-products">–</span></div>
<div class="stat"><span class="label">Stored, not yet searchable</span><span class="value" id="not-searchable">–</span></div>
</div>
<p class="muted" id="not-searchable-why"></p>
<p><button type="button" class="primary" id="reindex">Reindex</button></p>
<p class="note" id="reindex-note" role="status"></p>
<p class="error" id="workplace-error" role="alert"></p>
</section>

<section class="card">
<h2>Search preview <span class="aside">as a shopper gets it; not counted</span></h2>
<input id="preview-q" type="search" placeholder="Type a query" aria-label="Query to preview">
<p class="muted" id="preview-summary" role="status"></p>
<ol id="preview-list"></ol>
</section>

<div class="grid2">
<section class="card">
<h2>Synonyms <span class="aside">JSON, see docs/API.md</span></h2>
<textarea id="synonyms-json" class="editor" spellcheck="false" aria-label="Synonyms (JSON)">[]</textarea>
<p><button type="button" id="synonyms-save">Save synonyms</button></p>
</section>
<section class="card">
<h2>Allowed origins <span class="aside">one per line; none: any site</span></h2>
<textarea id="origins-json" class="editor" spellcheck="false" aria-label="Allowed origins"></textarea>
<p><button type="button" id="origins-save">Save origins</button></p>
</section>
</div>
<p class="error" id="editors-error" role="alert"></p>
<p class="note" id="editors-note" role="status"></p>

<section class="card">
<h2>Catalog</h2>
<div class="stats">
<div class="stat"><span class="label">Categories</span><span class="value" id="catalog-categories">–</span></div>
<div class="stat"><span class="label">Products</span><span class="value" id="catalog-products">–</span></div>
<div class="stat"><span class="label">Unavailable</span><span class="value" id="catalog-unavailable">–</span></div>
<div class="stat"><span class="label">Warehouses</span><span class="value" id="catalog-warehouses">–</span></div>
</div>
<h3>Category tree</h3>
<ul class="tree" id="category-tree"></ul>
<p class="aside" id="category-tree-empty">No categories yet.</p>
</section>

<section class="card" id="feeds">
<h2>Feeds <span class="aside">registered with PUT /api/v2/content/feeds/ (docs/FEEDS.md)</span></h2>
<p class="empty" id="feeds-empty">No registered feeds.</p>
<table id="feeds-table" hidden><thead><tr><th>URL</th><th>Format</th><th class="num">Every (min)</th><th>Last run</th><th>Next run</th><th></th></tr></thead>
<tbody id="feeds-body"></tbody></table>
<p class="note" id="feeds-note" role="status"></p>
<p class="error" id="feeds-error" role="alert"></p>
<h3>Last runs</h3>
<p class="empty" id="runs-empty">No runs yet.</p>
<table id="runs-table" hidden><thead><tr><th>Started</th><th>Feed</th><th>Trigger</th><th>Status</th><th class="num">Created</th><th class="num">Updated</th><th class="num">Unchanged</th><th class="num">Gone</th><th class="num">Deleted</th><th class="num">Failed</th><th class="num">Took</th><th>Errors</th></tr></thead>
<tbody id="runs-body"></tbody></table>
</section>

<section class="card">
<h2>Searches <span class="aside"><span id="searches-total">0</span> in <span id="period-label"></span></span></h2>
<form class="period" id="period-form">
<select id="period" aria-label="Period">
<option value="7">Last 7 days</option>
<option value="30" selected>Last 30 days</option>
<option value="custom">From … to …</option>
</select>
<span id="custom" hidden><input type="date" id="from" aria-label="From"> <input type="date" id="to" aria-label="To"> <button type="submit">Show</button></span>
</form>
<p class="error" id="analytics-error"></p>
<div id="chart"></div>
</section>

<div class="grid2">
<section class="card">
<h2>Top queries</h2>
<p class="empty" id="top-empty">No searches in this period.</p>
<table id="top-table" hidden><thead><tr><th>Query</th><th class="num">Searches</th><th>Corrected to</th><th></th></tr></thead>
<tbody id="top-body"></tbody></table>
</section>
<section class="card">
<h2>Queries with no results</h2>
<p class="empty" id="zero-empty">None in this period.</p>
<table id="zero-table" hidden><thead><tr><th>Query</th><th class="num">Searches</th></tr></thead>
<tbody id="zero-body"></tbody></table>
</section>
</div>

<div class="grid2">
<section class="card">
<h2>After the search</h2>
<p class="empty" id="outcomes-empty">No searches in this period.</p>
<table id="outcomes-table" hidden><thead><tr><th>Query</th><th class="num">Searches</th><th class="num">Click-through</th><th class="num">Avg. position</th><th class="num">To cart</th><th class="num">Purchases</th></tr></thead>
<tbody id="outcomes-body"></tbody></table>
</section>
<section class="card">
<h2>Searches without clicks</h2>
<p class="empty" id="noclick-empty">None in this period.</p>
<table id="noclick-table" hidden><thead><tr><th>Query</th><th class="num">Searches</th></tr></thead>
<tbody id="noclick-body"></tbody></table>
</section>

<section class="card">
<h2>Category pages viewed</h2>
<p class="empty" id="views-empty">None in this period.</p>
<table id="views-table" hidden><thead><tr><th>Category</th><th class="num">Views</th></tr></thead>
<tbody id="views-body"></tbody></table>
</section>
</div>

<section class="card">
<h2>Blocked suggestions</h2>
<p class="empty" id="blocked-empty">None: every popular query may be suggested.</p>
<ul class="blocked" id="blocked-list"></ul>
<form class="inline" id="block-form">
<input id="block-query" placeholder="A query never to suggest" aria-label="Query to block">
<button type="submit">Block</button>
</form>
<p class="error" id="blocked-error"></p>
</section>
<section class="card" id="merchandising">
<h2>Merchandising <span class="aside">rules: pin, hide, boost, bury (see docs/API.md)</span></h2>
<form id="rules-form">
<textarea id="rules-json" spellcheck="false" aria-label="Rules (JSON)">[]</textarea>
<p><button type="submit" class="primary" id="rules-save">Save rules</button></p>
</form>
<p class="error" id="rules-error" role="alert"></p>
<p class="note" id="rules-note" role="status"></p>
<input id="rules-q" placeholder="A query to preview" aria-label="Query to preview">
<p class="muted" id="rules-totals"></p>
<p class="muted" id="rules-extras"></p>
<div class="grid2 rules-preview">
<div><strong>Now</strong><ol id="rules-before"></ol></div>
<div><strong>With the edited rules</strong><ol id="rules-after"></ol></div>
</div>
</section>
<section class="card">
<h2>Failed import batches</h2>
<p class="empty" id="errors-empty">None since this node started.</p>
<table id="errors-table" hidden><thead><tr><th>When</th><th>Kind</th><th class="num">Failed</th><th>Errors</th></tr></thead>
<tbody id="errors-body"></tbody></table>
</section>
</div>
</main>`;

export function adminPage(nonce: string): string {
  return page({ title: "Vitrina admin", body: BODY, style: STYLE, nonce, script: SCRIPT });
}
