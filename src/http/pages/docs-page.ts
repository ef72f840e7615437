import type { OpenApiDocument as DocsInput, Operation } from "../openapi/document.ts";
import { type JsonSchema, TEXT_NOTE } from "../openapi/json-schema.ts";
import { example } from "./docs-examples.ts";
import { markdownHtml } from "./markdown.ts";
import { escapeHtml, page } from "./page.ts";

// `/docs`: the OpenAPI document as one readable page, rendered here (no CDN, no script):
// every operation with its parameters, body, answers and a request to copy, the widget's guide
// (docs/WIDGET.md), then every schema, linked by anchor.

const h = escapeHtml;
const code = (s: unknown) => `<code>${h(String(s))}</code>`;
const anchor = (method: string, path: string) =>
  `op-${method}-${path.replace(/[^a-z0-9]+/gi, "-")}`;
/** Prose of the document: escaped, its `code` spans as <code>. */
const prose = (s: string) => h(s).replace(/`([^`]+)`/g, "<code>$1</code>");
const refName = (ref: string) => ref.slice(ref.lastIndexOf("/") + 1);

/** What a schema's keywords bound, in words: "1..500 characters", "≤ 100 items". */
function bounds(s: JsonSchema): string[] {
  const out: string[] = [];
  const range = (lo: unknown, hi: unknown, unit: string) => {
    if (lo !== undefined && hi !== undefined) out.push(`${lo}..${hi}${unit}`);
    else if (hi !== undefined) out.push(`≤ ${hi}${unit}`);
    else if (lo !== undefined) out.push(`≥ ${lo}${unit}`);
  };
  range(s.minLength, s.maxLength, " characters");
  range(s.minItems, s.maxItems, " items");
  range(s.minimum, s.maximum, "");
  if (s.exclusiveMinimum !== undefined) out.push(`> ${s.exclusiveMinimum}`);
  if (s.pattern !== undefined) out.push(`pattern ${code(s.pattern)}`);
  if (s.format !== undefined) out.push(`format ${h(String(s.format))}`);
  if (s.default !== undefined) out.push(`default ${code(JSON.stringify(s.default))}`);
  return out;
}

/** A schema inline: its type, bounds and, for an object, its properties as a nested list. */
function schemaHtml(s: JsonSchema): string {
  if (typeof s.$ref === "string") {
    const name = refName(s.$ref);
    return `<a href="#schema-${h(name)}">${h(name)}</a>`;
  }
  const alternatives = (s.anyOf ?? s.oneOf) as JsonSchema[] | undefined;
  let type: string;
  if (alternatives) type = alternatives.map(schemaHtml).join(" | ");
  else if (s.const !== undefined) type = code(JSON.stringify(s.const));
  else if (Array.isArray(s.enum)) type = `one of ${s.enum.map((v) => code(v)).join(", ")}`;
  else if (s.type === "array" && Array.isArray(s.prefixItems))
    type = `[${(s.prefixItems as JsonSchema[]).map(schemaHtml).join(", ")}]`;
  else if (s.type === "array" && s.items) type = `array of ${schemaHtml(s.items as JsonSchema)}`;
  else type = h(String(s.type ?? "any"));
  const extra = bounds(s);
  let out = extra.length ? `${type} <span class="b">(${extra.join(", ")})</span>` : type;
  // Said once at the top of the schemas rather than on every string.
  if (typeof s.description === "string" && s.description !== TEXT_NOTE)
    out += ` <span class="d">${prose(s.description.replace(` ${TEXT_NOTE}`, ""))}</span>`;
  const props = s.properties as Record<string, JsonSchema> | undefined;
  if (props && Object.keys(props).length) {
    const required = new Set((s.required as string[] | undefined) ?? []);
    out += `<ul>${Object.entries(props)
      .map(
        ([name, p]) =>
          `<li>${code(name)}${required.has(name) ? ' <span class="r">required</span>' : ""}: ${schemaHtml(p)}</li>`,
      )
      .join("")}</ul>`;
  }
  if (s.additionalProperties && typeof s.additionalProperties === "object")
    out += `<ul><li>each key: ${schemaHtml(s.additionalProperties as JsonSchema)}</li></ul>`;
  if (s.patternProperties)
    for (const p of Object.values(s.patternProperties as Record<string, JsonSchema>))
      out += `<ul><li>each key: ${schemaHtml(p)}</li></ul>`;
  return out;
}

const contentHtml = (content?: Record<string, { schema: JsonSchema }>) =>
  Object.entries(content ?? {})
    .map(([type, c]) => `<div>${code(type)}: ${schemaHtml(c.schema)}</div>`)
    .join("");

function examplesHtml(doc: DocsInput, path: string, method: string, op: Operation): string {
  const { curl, fetch } = example(doc, path, method, op);
  return `<h4>Example</h4><pre><code>${h(curl)}</code></pre><pre><code>${h(fetch)}</code></pre>`;
}

function operationHtml(doc: DocsInput, path: string, method: string, op: Operation): string {
  const security = (op.security ?? [])
    .map((s) => Object.keys(s)[0])
    .map((name) => (name ? `<a href="#security-${h(name)}">${h(name)}</a>` : "none"))
    .join(" or ");
  const params = op.parameters?.length
    ? `<h4>Parameters</h4><table><tr><th>name</th><th>in</th><th>schema</th><th>description</th></tr>${op.parameters
        .map(
          (p) =>
            `<tr><td>${code(p.name)}${p.required ? ' <span class="r">required</span>' : ""}</td><td>${h(p.in)}</td><td>${schemaHtml(p.schema)}</td><td>${prose(p.description ?? "")}</td></tr>`,
        )
        .join("")}</table>`
    : "";
  const body = op.requestBody ? `<h4>Request body</h4>${contentHtml(op.requestBody.content)}` : "";
  const responses = Object.entries(op.responses)
    .map(([status, r]) => {
      const shared = r.$ref ? doc.components.responses[refName(r.$ref)] : undefined;
      const answer = shared ?? r;
      const headers = answer.headers
        ? ` Headers: ${Object.keys(answer.headers).map(code).join(", ")}.`
        : "";
      return `<li><strong>${h(status)}</strong> ${prose(answer.description ?? "")}${headers}${contentHtml(answer.content)}</li>`;
    })
    .join("");
  return `<section class="card" id="${anchor(method, path)}">
<h3><span class="m">${h(method.toUpperCase())}</span> ${code(path)}</h3>
<p>${h(op.summary ?? "")}${op.description ? `. ${prose(op.description)}` : ""}</p>
${security ? `<p>Authentication: ${security}</p>` : ""}
${params}${body}<h4>Responses</h4><ul>${responses}</ul>
${examplesHtml(doc, path, method, op)}
</section>`;
}

const STYLE = `
table{border-collapse:collapse;width:100%;font-size:14px}
td,th{border-top:1px solid #e4e7ec;padding:6px 8px;text-align:left;vertical-align:top}
ul ul{margin:2px 0}
.m{display:inline-block;min-width:64px;font:600 13px ui-monospace,monospace;color:#0b63ce}
.b{color:#667085}.d{color:#475467}.r{color:#b42318;font-size:12px}
nav li{margin:2px 0}
main{overflow-wrap:anywhere}
pre{max-width:100%}pre code{overflow-wrap:normal;white-space:pre}
.scroll{overflow-x:auto}
.scroll td:first-child{overflow-wrap:normal;white-space:nowrap}
@media (max-width:600px){
  .card{padding:14px}
  td,th{padding:4px;font-size:13px}
  table{display:block;overflow-x:auto}
  .m{min-width:0}
}`;

/** `widgetGuide`: docs/WIDGET.md, the widget's guide, shown in the page as its own section. */
export function docsPage(doc: DocsInput, widgetGuide: string): string {
  const ops = Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => ({ path, method, op })),
  );
  const toc = ops
    .map(
      ({ path, method, op }) =>
        `<li><a href="#${anchor(method, path)}">${h(method.toUpperCase())} ${h(path)}</a> ${h(op.summary ?? "")}</li>`,
    )
    .join("");
  const security = Object.entries(doc.components.securitySchemes)
    .map(
      ([name, s]) =>
        `<li id="security-${h(name)}">${code(name)}: ${s.type === "http" ? `HTTP ${h(s.scheme ?? "")}` : `${code(s.name)} in the ${h(s.in ?? "")}`}. ${prose(s.description)}</li>`,
    )
    .join("");
  const schemas = Object.entries(doc.components.schemas)
    .map(
      ([name, s]) =>
        `<section class="card" id="schema-${h(name)}"><h3>${h(name)}</h3>${schemaHtml(s)}</section>`,
    )
    .join("");
  return page({
    title: `${doc.info.title} API`,
    style: STYLE,
    body: `<main class="wrap">
<div class="card"><h1>${h(doc.info.title)} API</h1>
<p>${h(doc.info.description)} The machine-readable document: <a href="/openapi.json">/openapi.json</a> (OpenAPI 3.1).</p>
<h2>Authentication</h2><ul>${security}</ul>
<h2>Contents</h2><nav><ul>
<li><a href="#endpoints">Endpoints</a><ul>${toc}</ul></li>
<li><a href="#widget">Widget</a>: embedding with one script tag, options, CSS variables, CSP, events</li>
<li><a href="#schemas">Schemas</a></li>
</ul></nav></div>
<h2 id="endpoints">Endpoints</h2>
<p>Each with a request to copy: <code>SEARCH_HOST</code> is this server, the tokens a domain's (<a href="#security-SecretToken">Authentication</a>).</p>
${ops.map(({ path, method, op }) => operationHtml(doc, path, method, op)).join("\n")}
<section class="card" id="widget">${markdownHtml(widgetGuide, { level: 2, idPrefix: "widget-" })}</section>
<h2 id="schemas">Schemas</h2>
<p>${h(TEXT_NOTE.replace("Lengths in", "Lengths of strings are counted in"))}</p>
${schemas}
</main>`,
  });
}
