// 405 Method Not Allowed for a known path asked with a method it does not serve (RFC 9110
// 15.5.6): the router only knows "no route", so the paths and their methods are looked up here.

interface Route {
  method: string;
  path: string;
}

/** A route's path without its trailing slash: `/a/b/` and `/a/b` are the same path. */
const trimmed = (path: string) => (path.length > 1 ? path.replace(/\/+$/, "") : path);

/** `:param` matches one segment (as in Bun's routes), `*` the rest. */
const patternOf = (path: string) =>
  new RegExp(
    `^${trimmed(path)
      .split("/")
      .map((s) =>
        s.startsWith(":") ? "[^/]+" : s === "*" ? ".*" : s.replace(/[.+?^${}()|[\]\\]/g, "\\$&"),
      )
      .join("/")}$`,
  );

/** The methods served at a path, from the app's routes; empty for an unknown path. */
export function allowedMethods(routes: readonly Route[]): (path: string) => string[] {
  const table = routes.map((r) => ({ method: r.method.toUpperCase(), pattern: patternOf(r.path) }));
  return (path) => {
    const p = trimmed(path);
    return [...new Set(table.filter((r) => r.pattern.test(p)).map((r) => r.method))].sort();
  };
}
