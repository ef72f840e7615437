// /demo/instantsearch: the demo store as a store built on InstantSearch.js would have it, its
// search client swapped for Vitrina's (/instantsearch-client.js). Bundled with instantsearch.js
// (a dev dependency) at the page's first request: docs/INSTANTSEARCH.md.
import instantsearch from "instantsearch.js/es";
import {
  clearRefinements,
  configure,
  currentRefinements,
  dynamicWidgets,
  hierarchicalMenu,
  hits,
  pagination,
  panel,
  queryRuleCustomData,
  rangeInput,
  refinementList,
  searchBox,
  sortBy,
  stats,
} from "instantsearch.js/es/widgets";
// As a store's page loads it: from the Vitrina server (left out of this bundle).
import { vitrinaInsights, vitrinaSearchClient } from "/instantsearch-client.js";

const root = document.getElementById("storefront");
const options = { host: location.origin, token: root.dataset.token, language: "uk" };

/** What InstantSearch has no widget for: the corrected query and the words given up. */
const queryNote = {
  $$type: "vitrina.queryNote",
  render({ results }) {
    const note = document.getElementById("query-note");
    if (!results) return;
    const parts = [];
    if (results.corrected_query) parts.push(`Показано результати для «${results.corrected_query}»`);
    if (results.ignored_words?.length)
      parts.push(`без ${results.ignored_words.map((w) => `«${w}»`).join(", ")}`);
    note.textContent = parts.join(" ");
    note.hidden = parts.length === 0;
  },
};

const search = instantsearch({
  indexName: "products",
  searchClient: vitrinaSearchClient(options),
  insights: { insightsClient: vitrinaInsights(options) },
  future: { preserveSharedStateOnUnmount: true },
});

const price = (n) => `${Number(n).toLocaleString("uk-UA")} ₴`;

/** A refinement list under its attribute's name, hidden while the results have no value of it. */
const facet = (container, attribute) =>
  panel({
    templates: { header: () => attribute },
    hidden: ({ items }) => items.length === 0,
  })(refinementList)({ container, attribute });

/**
 * The answer's attributes first, then every attribute shown before, whose panels hide while
 * they have no values. Vitrina orders a query's own attributes, so they change as the shopper
 * types; dynamicWidgets removes a widget one task after a render that drops it, so a widget
 * dropped and taken back by two quick answers was removed for good and its facet never showed
 * again. Kept mounted, no widget is ever dropped.
 */
const seen = new Set();
const keepSeen = (attributes) => {
  for (const a of attributes) seen.add(a);
  return [...attributes, ...[...seen].filter((a) => !attributes.includes(a))];
};

search.addWidgets([
  configure({ hitsPerPage: 8 }),
  searchBox({ container: "#searchbox", placeholder: "Пошук серед 300 товарів" }),
  stats({
    container: "#stats",
    templates: { text: ({ nbHits }, { html }) => html`${nbHits} товарів` },
  }),
  queryRuleCustomData({
    container: "#banners",
    templates: {
      default: ({ items }, { html }) =>
        html`${items
          .filter((item) => item.banner)
          .map(
            (item) =>
              html`<a class="banner" href=${item.link}><img src=${item.banner} alt=${item.title} /></a>`,
          )}`,
    },
  }),
  hierarchicalMenu({
    container: "#categories",
    attributes: ["categories.lvl0", "categories.lvl1", "categories.lvl2"],
    limit: 20,
  }),
  // Every attribute Vitrina answers, in its order (heaviest first): the page names none.
  dynamicWidgets({
    container: "#facets",
    widgets: [],
    transformItems: keepSeen,
    fallbackWidget: ({ container, attribute }) => facet(container, attribute),
  }),
  rangeInput({ container: "#price", attribute: "price" }),
  sortBy({
    container: "#sort",
    items: [
      { label: "За релевантністю", value: "products" },
      { label: "Спочатку дешевші", value: "products_price_asc" },
      { label: "Спочатку дорожчі", value: "products_price_desc" },
      { label: "Новинки", value: "products_newest" },
    ],
  }),
  currentRefinements({ container: "#refinements" }),
  clearRefinements({ container: "#clear", templates: { resetLabel: () => "Скинути фільтри" } }),
  hits({
    container: "#hits",
    templates: {
      item: (hit, { html, components }) =>
        html`<a class="hit" href=${hit.url}>
          <span class="pic">${hit.picture_url ? html`<img src=${hit.picture_url} alt="" width="64" height="64" />` : ""}</span>
          <span class="name">${components.Highlight({ hit, attribute: "name" })}</span>
          <span class="vendor">${hit.vendor}</span>
          <span class="price">${price(hit.discounted_price)}</span>
        </a>`,
      empty: (results, { html }) => html`Нічого не знайдено за «${results.query}»`,
    },
  }),
  pagination({ container: "#pagination" }),
  queryNote,
]);

search.start();
