import { Elysia } from "elysia";
import { AppError } from "../../errors.ts";
import type { ImportWriter } from "../../import/import-writer.ts";
import { type BatchLimits, readBody } from "../../import/read-batch.ts";
import type { Domains } from "../../tenancy/domains.ts";
import { noteDomain } from "../observe.ts";
import { json, rawJson } from "../respond.ts";

export interface ImportDeps {
  domains: Domains;
  imports: Pick<ImportWriter, "importProducts" | "importCategories" | "appendReindex">;
  limits: BatchLimits;
  /** Throws 421 when this node does not serve the domain (Redis mode, --partition). */
  assertServed: (domainName: string) => void;
}

export function importRoutes({ domains, imports, limits, assertServed }: ImportDeps) {
  // Specification 5: the secret token, never the search token; 401 with only `detail`.
  const authenticate = async (request: Request) => {
    const domain = await domains.bySecretToken(request.headers.get("x-secret-token"));
    if (!domain) throw new AppError("not_authenticated");
    noteDomain(request, domain.name);
    assertServed(domain.name);
    return domain;
  };
  return new Elysia({ name: "import" })
    .post(
      "/api/v2/content/product/bulk/",
      async ({ request }) => {
        const domain = await authenticate(request);
        const r = await imports.importProducts(domain.id, await readBody(request, limits));
        return rawJson(r.body, r.status);
      },
      { parse: "none" },
    )
    .post(
      "/api/v2/content/category/bulk/",
      async ({ request }) => {
        const domain = await authenticate(request);
        const r = await imports.importCategories(domain.id, await readBody(request, limits));
        return rawJson(r.body, r.status);
      },
      { parse: "none" },
    )
    .post(
      "/api/v2/content/reindex/",
      async ({ request }) => {
        const domain = await authenticate(request);
        const seq = await imports.appendReindex(domain.id);
        return json({ detail: "Reindex queued.", seq }, 202);
      },
      { parse: "none" },
    );
}
