// The credentials a request presents, wherever a route reads them: a domain's secret token
// (X-Secret-Token) and the operator key (X-Admin-Key, or Authorization: Bearer).

/** The operator key the request gives, or "" (X-Admin-Key first, then a Bearer token). */
export const givenAdminKey = (headers: Headers): string =>
  headers.get("x-admin-key") ?? headers.get("authorization")?.replace(/^Bearer\s+/i, "") ?? "";

/** Every credential the request presents, in a fixed order; [] when it presents none. */
export function presentedCredentials(headers: Headers): string[] {
  const out: string[] = [];
  const secret = headers.get("x-secret-token");
  if (secret) out.push(secret);
  const key = givenAdminKey(headers);
  if (key) out.push(key);
  return out;
}
