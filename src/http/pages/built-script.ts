import { staticAnswer } from "../stack/browser-answer.ts";

// Scripts made of several modules (the InstantSearch client, its storefront): bundled by
// Bun.build at their first request, then served as a static file is (compressed once, tagged).

const SCRIPT = {
  "content-type": "text/javascript; charset=utf-8",
  "x-content-type-options": "nosniff",
  "cache-control": "public, max-age=300",
};

type Answer = (request: Request) => Response;

/**
 * The bundle of `entry` (an ES module for browsers), made once; null when it cannot be built,
 * as when a package it imports is not installed (the storefront's dev dependencies). `external`:
 * what the script imports from the server at run time, left out.
 */
export function builtScript(
  entry: string,
  options: { minify: boolean; external?: string[] },
): () => Promise<Answer | null> {
  let built: Promise<Answer | null> | null = null;
  return () => {
    built ??= Bun.build({ entrypoints: [entry], target: "browser", format: "esm", ...options })
      .then(async (out) => {
        const file = out.success ? out.outputs[0] : undefined;
        return file ? staticAnswer(await file.text(), SCRIPT) : null;
      })
      .catch(() => null);
    return built;
  };
}
