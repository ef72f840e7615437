// Vitrina's InstantSearch search client, served at /instantsearch-client.js (docs/INSTANTSEARCH.md):
//
//   import { vitrinaSearchClient, vitrinaInsights } from "https://SEARCH_HOST/instantsearch-client.js";
//   const searchClient = vitrinaSearchClient({ host: "https://SEARCH_HOST", token: "SEARCH_TOKEN" });
//   instantsearch({ indexName: "products", searchClient,
//     insights: { insightsClient: vitrinaInsights({ host: "https://SEARCH_HOST", token: "SEARCH_TOKEN" }) } });
//
// No dependency: InstantSearch is the page's own.

export { type ClientOptions, vitrinaSearchClient } from "./client.ts";
export { type InsightsOptions, vitrinaInsights } from "./insights.ts";
