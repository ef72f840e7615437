import { demoPicturePath, demoSwatchPath } from "../http/pages/demo-pictures.ts";
import { demoCatalog } from "../sample-catalog/demo.ts";
import type { RunningServer } from "../server.ts";

const body = (items: unknown[]) => new TextEncoder().encode(JSON.stringify(items));
const excerpt = (bytes: Uint8Array) => new TextDecoder().decode(bytes).slice(0, 500);

/**
 * `serve --demo`: on a data dir without a `demo` domain, creates it and loads the sample
 * catalog through the same import code as the HTTP API; once this node's index has it, /health
 * answers 200; then prints how to try it.
 */
export async function loadDemo(
  server: Pick<RunningServer, "url" | "domains" | "writer" | "indexers" | "log" | "loads">,
) {
  let domain = server.domains.byDomainName("demo");
  if (!domain) {
    domain = await server.domains.create("demo");
    // Pictures the service draws, at its address as of this first start (a widget on another
    // origin needs them absolute).
    const { categories, products } = demoCatalog({
      picture: (id) => `${server.url}${demoPicturePath(id)}`,
      swatch: (hex) => `${server.url}${demoSwatchPath(hex)}`,
    });
    const c = await server.writer.imports.importCategories(domain.id, body(categories));
    const p = await server.writer.imports.importProducts(domain.id, body(products));
    if (c.status === 400 || p.status === 400)
      throw new Error(`demo catalog rejected: ${excerpt(c.body)} ${excerpt(p.body)}`);
    console.log(
      `Loaded the demo catalog: ${categories.length} categories, ${products.length} products.`,
    );
  }
  // Served means searchable here (a node of a partitioned deployment that does not serve the
  // domain has no indexer of it): the index has applied all the log holds.
  const head = await server.log.head(domain.id);
  for (let indexer = server.indexers.get(domain.id); indexer && indexer.position < head; )
    await Bun.sleep(10);
  server.loads.done("demo catalog");
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
