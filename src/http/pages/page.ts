import { escapeHtml } from "../stack/html.ts";

// The service's own pages (/, /demo): plain HTML strings, no external resources (no CDN, no
// web fonts), inline script and style only with the response's CSP nonce where it sends one.

export { escapeHtml };

const BASE_STYLE = `
*{box-sizing:border-box}
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1d2430;background:#f5f6f8}
a{color:#0b63ce}
code,pre{font:13px/1.5 ui-monospace,SFMono-Regular,Menlo,Consolas,monospace}
pre{background:#101828;color:#e4e7ec;padding:14px 16px;border-radius:10px;overflow:auto}
.wrap{max-width:1040px;margin:0 auto;padding:0 16px}
.card{background:#fff;border:1px solid #e4e7ec;border-radius:12px;padding:20px 22px;margin:18px 0}
h1,h2{line-height:1.2}`;

export function page(options: {
  title: string;
  body: string;
  style?: string;
  nonce?: string;
  script?: string;
}): string {
  const script = options.script
    ? `<script nonce="${escapeHtml(options.nonce ?? "")}">${options.script}</script>`
    : "";
  return `<!doctype html>
<html lang="uk">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="icon" href="data:,">
<title>${escapeHtml(options.title)}</title>
<style${options.nonce ? ` nonce="${escapeHtml(options.nonce)}"` : ""}>${BASE_STYLE}${options.style ?? ""}</style>
</head>
<body>
${options.body}
${script}
</body>
</html>
`;
}
