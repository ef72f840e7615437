import type { ImportWriter } from "../import/import-writer.ts";
import { demoCatalog } from "../sample-catalog/demo.ts";
import type { Domains } from "../tenancy/domains.ts";

const body = (items: unknown[]) => new TextEncoder().encode(JSON.stringify(items));
const excerpt = (bytes: Uint8Array) => new TextDecoder().decode(bytes).slice(0, 500);

/**
 * `serve --demo`: on a data dir without a `demo` domain, creates it and loads the sample
 * catalog through the same import code as the HTTP API; then prints how to try it.
 */
export async function loadDemo(server: { url: string; domains: Domains; imports: ImportWriter }) {
  let domain = server.domains.byDomainName("demo");
  if (!domain) {
    domain = await server.domains.create("demo");
    const { categories, products } = demoCatalog(server.url);
    const c = await server.imports.importCategories(domain.id, body(categories));
    const p = await server.imports.importProducts(domain.id, body(products));
    if (c.status === 400 || p.status === 400)
      throw new Error(`demo catalog rejected: ${excerpt(c.body)} ${excerpt(p.body)}`);
    console.log(
      `Loaded the demo catalog: ${categories.length} categories, ${products.length} products.`,
    );
  }
  const { url } = server;
  console.log(`
Demo domain "demo"
  secret token: ${domain.secret_token}
  search token: ${domain.search_token}

Try:
  curl '${url}/api/v2/search/?q=навушники&token=${domain.search_token}'
  curl '${url}/api/v2/search/?q=yjen,er&group_by_category=false&token=${domain.search_token}'
  curl -X POST '${url}/api/v2/content/category/bulk/' -H 'Content-Type: application/json' \\
    -H 'X-Secret-Token: ${domain.secret_token}' \\
    -d '[{"source_category_id": 9001, "translations": [{"language": "uk", "name": "Подарунки"}]}]'
  curl -X POST '${url}/api/v2/content/product/bulk/' -H 'Content-Type: application/json' \\
    -H 'X-Secret-Token: ${domain.secret_token}' \\
    -d '[{"source_id": "gift-1", "code": "GIFT-1", "source_category_id": "9001", "currency_code": "UAH", "new_price": 499, "translations": [{"language": "uk", "name": "Подарунковий сертифікат", "url": "https://shop.example/gift-1"}]}]'

Open the demo store with the search widget in a browser:
  ${url}/demo
`);
}
