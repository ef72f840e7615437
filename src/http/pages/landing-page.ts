import { page } from "./page.ts";

/** `/`: what this server is and where to go from here. */
export function landingPage(): string {
  return page({
    title: "Vitrina",
    body: `<main class="wrap">
<div class="card">
<h1>Vitrina</h1>
<p>Catalog import and product search for online stores: a store pushes its catalog through the
import API, and its search widget asks the search API as the shopper types.</p>
<ul>
<li><a href="/demo">The demo store</a>: a results page with the search widget, over the demo catalog (<code>npm start</code> loads it).</li>
<li><a href="/widget.js">/widget.js</a>: the widget a store embeds with one script tag.</li>
<li><a href="/docs">API documentation</a>, and <code>README.md</code> and <code>docs/</code> in the repository.</li>
<li><a href="/admin">Administration</a>: a domain's tokens, catalog and searches.</li>
<li><a href="/health">/health</a>: whether this server is up.</li>
</ul>
</div>
</main>`,
  });
}
