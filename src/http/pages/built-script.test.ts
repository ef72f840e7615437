// Scripts bundled at their first request (built-script.ts):
//  1. a module and what it imports become one script, served as a static file is: its type,
//     its cache, compressed, the same answer each time (built once)
//  2. a module that imports a package not installed (the storefront without its dev
//     dependencies) is null, not an error
//  3. an external import is left as it is
import { afterAll, expect, test } from "bun:test";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { builtScript } from "./built-script.ts";

const dir = mkdtempSync(join(tmpdir(), "vitrina-built-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const file = (name: string, text: string) => {
  writeFileSync(join(dir, name), text);
  return join(dir, name);
};
file("two.js", "export const two = () => 2;\n");

test("1. one script, built once", async () => {
  const script = builtScript(
    file("one.js", 'import { two } from "./two.js";\nconsole.log(two());\n'),
    {
      minify: false,
    },
  );
  const answer = await script();
  expect(await script()).toBe(answer);
  const r = (answer as (request: Request) => Response)(new Request("http://x/one.js"));
  expect([r.status, r.headers.get("content-type"), r.headers.get("cache-control")]).toEqual([
    200,
    "text/javascript; charset=utf-8",
    "public, max-age=300",
  ]);
  const text = await r.text();
  expect(text).toContain("two = () => 2");
  expect(text).not.toContain("import");
});

test("2. a package not installed: null", async () => {
  const script = builtScript(file("missing.js", 'import "vitrina-no-such-package";\n'), {
    minify: true,
  });
  expect(await script()).toBe(null);
});

test("3. an external import stays", async () => {
  const script = builtScript(
    file("external.js", 'import { x } from "/instantsearch-client.js";\nconsole.log(x);\n'),
    { minify: true, external: ["/instantsearch-client.js"] },
  );
  const r = ((await script()) as (request: Request) => Response)(new Request("http://x/e.js"));
  expect(await r.text()).toContain('from"/instantsearch-client.js"');
});
