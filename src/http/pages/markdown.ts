import { escapeHtml } from "./page.ts";

// The little Markdown the project's docs use (headings, paragraphs, lists, tables, fenced
// code, `code`, **bold**, links), as HTML for a page with no script and no other origin:
// an image becomes its caption, a link leaves the page only to an http(s) address.

const h = escapeHtml;

function inline(text: string): string {
  const codes: string[] = [];
  // Code spans first, so nothing inside them is read as Markdown.
  let out = h(text).replace(/`([^`]+)`/g, (_, c: string) => {
    codes.push(`<code>${c}</code>`);
    return `\uE000${codes.length - 1}\uE000`;
  });
  out = out
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, "<em>$1</em>")
    .replace(/\[([^\]]+)\]\(([^)\s]+)\)/g, (_, label: string, href: string) =>
      /^(https?:\/\/|#)/.test(href) ? `<a href="${href}">${label}</a>` : label,
    )
    .replace(/\*\*([^*]+)\*\*/g, "<strong>$1</strong>");
  return out.replace(/\uE000(\d+)\uE000/g, (_, i: string) => codes[Number(i)] ?? "");
}

const cells = (row: string) =>
  row
    .trim()
    .replace(/^\||\|$/g, "")
    .split(/(?<!\\)\|/)
    .map((c) => c.trim().replace(/\\\|/g, "|"));

/** `level` shifts the headings (`#` is h1 + level - 1); `idPrefix` names their anchors. */
export function markdownHtml(text: string, options: { level: number; idPrefix: string }): string {
  const lines = text.replace(/\r\n?/g, "\n").split("\n");
  const out: string[] = [];
  let i = 0;
  const at = (n: number) => lines[n] ?? "";
  while (i < lines.length) {
    const line = at(i);
    if (line.trim() === "") {
      i++;
    } else if (line.startsWith("```")) {
      const body: string[] = [];
      for (i++; i < lines.length && !at(i).startsWith("```"); i++) body.push(at(i));
      i++;
      out.push(`<pre><code>${h(body.join("\n"))}</code></pre>`);
    } else if (/^#{1,6} /.test(line)) {
      const depth = line.indexOf(" ");
      const title = line.slice(depth + 1).trim();
      const tag = `h${Math.min(6, depth + options.level - 1)}`;
      const id = `${options.idPrefix}${title
        .toLowerCase()
        .replace(/[^\p{L}\p{N}]+/gu, "-")
        .replace(/^-|-$/g, "")}`;
      out.push(`<${tag} id="${h(id)}">${inline(title)}</${tag}>`);
      i++;
    } else if (line.startsWith("|")) {
      const rows: string[][] = [];
      for (; i < lines.length && at(i).startsWith("|"); i++)
        if (!/^\|[\s:|-]+\|?$/.test(at(i))) rows.push(cells(at(i)));
      const [head = [], ...rest] = rows;
      out.push(
        `<div class="scroll"><table><tr>${head.map((c) => `<th>${inline(c)}</th>`).join("")}</tr>${rest
          .map((r) => `<tr>${r.map((c) => `<td>${inline(c)}</td>`).join("")}</tr>`)
          .join("")}</table></div>`,
      );
    } else if (/^(- |\d+\. )/.test(line)) {
      const ordered = /^\d/.test(line);
      const items: string[] = [];
      for (; i < lines.length && (/^(- |\d+\. )/.test(at(i)) || /^\s+\S/.test(at(i))); i++) {
        if (/^\s/.test(at(i))) items[items.length - 1] += ` ${at(i).trim()}`;
        else items.push(at(i).replace(/^(- |\d+\. )/, ""));
      }
      const tag = ordered ? "ol" : "ul";
      out.push(`<${tag}>${items.map((it) => `<li>${inline(it)}</li>`).join("")}</${tag}>`);
    } else {
      const para: string[] = [];
      for (
        ;
        i < lines.length && at(i).trim() !== "" && !/^(```|#{1,6} |\||- |\d+\. )/.test(at(i));
        i++
      )
        para.push(at(i).trim());
      out.push(`<p>${inline(para.join(" "))}</p>`);
    }
  }
  return out.join("\n");
}
