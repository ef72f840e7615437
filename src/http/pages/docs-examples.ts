import type { OpenApiDocument, Operation } from "../openapi/document.ts";
import type { JsonSchema } from "../openapi/json-schema.ts";

// Each operation of /docs with a request to copy, in curl and in JavaScript's fetch, built from
// the document itself: the real path, its required parameters, its credential and a body of
// the right shape (so an example cannot drift from what the server accepts).

/** Where the reader's server is: the same placeholder as docs/WIDGET.md. */
const HOST = "https://SEARCH_HOST";
/** A credential's placeholder, by security scheme. */
const SECRET: Record<string, string> = {
  SecretToken: "SECRET_TOKEN",
  SearchToken: "SEARCH_TOKEN",
  AdminKey: "ADMIN_KEY",
  AdminBearer: "ADMIN_KEY",
};

/** Search parameters worth showing although optional: a search without a query finds nothing. */
const SHOWN: Record<string, string> = { q: "headphones", language: "uk" };

const refName = (ref: string) => ref.slice(ref.lastIndexOf("/") + 1);

/** A value of the schema's shape: its required fields only, the smallest that passes. */
function sample(doc: OpenApiDocument, s: JsonSchema, depth = 0): unknown {
  if (depth > 12) return null;
  if (typeof s.$ref === "string") {
    const target = doc.components.schemas[refName(s.$ref)];
    return target ? sample(doc, target, depth + 1) : null;
  }
  if (s.default !== undefined) return s.default;
  if (s.const !== undefined) return s.const;
  if (Array.isArray(s.enum)) return s.enum[0];
  const alternatives = (s.anyOf ?? s.oneOf) as JsonSchema[] | undefined;
  if (alternatives?.[0])
    return sample(doc, alternatives.find((a) => a.type !== "null") ?? alternatives[0], depth + 1);
  const type = Array.isArray(s.type) ? s.type.find((t) => t !== "null") : s.type;
  switch (type) {
    case "object": {
      const props = (s.properties ?? {}) as Record<string, JsonSchema>;
      const required = (s.required as string[] | undefined) ?? [];
      return Object.fromEntries(
        required
          .filter((k) => props[k])
          .map((k) => [k, sample(doc, props[k] as JsonSchema, depth + 1)]),
      );
    }
    case "array":
      if (Array.isArray(s.prefixItems))
        return (s.prefixItems as JsonSchema[]).map((p) => sample(doc, p, depth + 1));
      return s.items ? [sample(doc, s.items as JsonSchema, depth + 1)] : [];
    case "integer":
    case "number":
      return typeof s.minimum === "number" ? s.minimum : 1;
    case "boolean":
      return true;
    case "string":
      if (s.format === "uri" || String(s.pattern ?? "").startsWith("^https?"))
        return "https://shop.example/p/1";
      return "text";
    default:
      return null;
  }
}

export interface Example {
  curl: string;
  fetch: string;
}

export function example(
  doc: OpenApiDocument,
  path: string,
  method: string,
  op: Operation,
): Example {
  const query: string[] = [];
  const headers: [string, string][] = [];
  let url = path.replace(/\{([^}]+)\}/g, (_, name: string) => name.toUpperCase());
  for (const p of op.parameters ?? [])
    if (p.in === "query" && p.name in SHOWN)
      query.push(`${p.name}=${encodeURIComponent(SHOWN[p.name] ?? "")}`);
    else if (p.in === "query" && p.required)
      query.push(`${p.name}=${encodeURIComponent(String(sample(doc, p.schema) ?? ""))}`);
  const scheme = Object.keys(op.security?.[0] ?? {})[0];
  const definition = scheme ? doc.components.securitySchemes[scheme] : undefined;
  if (scheme && definition) {
    const secret = SECRET[scheme] ?? scheme.toUpperCase();
    if (definition.type === "http") headers.push(["Authorization", `Bearer ${secret}`]);
    else if (definition.in === "query") query.push(`${definition.name}=${secret}`);
    else if (definition.name) headers.push([definition.name, secret]);
  }
  if (query.length) url += `?${query.join("&")}`;
  const json = op.requestBody?.content["application/json"];
  const body = json ? JSON.stringify(sample(doc, json.schema)) : undefined;
  if (body !== undefined) headers.push(["Content-Type", "application/json"]);
  const verb = method.toUpperCase();
  const curl = [
    `curl${verb === "GET" ? "" : ` -X ${verb}`} '${HOST}${url}'`,
    ...headers.map(([k, v]) => `  -H '${k}: ${v}'`),
    ...(body === undefined ? [] : [`  -d '${body}'`]),
  ].join(" \\\n");
  const init = [
    ...(verb === "GET" ? [] : [`  method: "${verb}",`]),
    ...(headers.length
      ? [
          `  headers: { ${headers.map(([k, v]) => `${JSON.stringify(k)}: ${JSON.stringify(v)}`).join(", ")} },`,
        ]
      : []),
    ...(body === undefined ? [] : [`  body: JSON.stringify(${body}),`]),
  ];
  const call = init.length ? `"${HOST}${url}", {\n${init.join("\n")}\n}` : `"${HOST}${url}"`;
  const ok = op.responses["200"] ?? op.responses["201"];
  const read = ok?.content?.["application/json"] || ok?.$ref ? "json" : "text";
  return {
    curl,
    fetch: `const res = await fetch(${call});\nconsole.log(res.status, await res.${read}());`,
  };
}
