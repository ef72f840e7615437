// The main thread's private socket answers only its own search threads (issue 34, point 8),
// with --search-threads 2, in every store mode. The socket is in Linux's abstract namespace
// (`@vitrina:HOST:PORT`), which any local process may connect to. Properties checked:
//  1. another process connecting to it, with the operator's right key and a client address of
//     its choosing (X-Vitrina-Client), or with a guessed hand-over secret, gets 403 with
//     `detail`, whatever the route (an unknown path too)
//  2. what the search thread hands over is still answered: the operator's routes and an
//     import over fresh connections to the port, on whichever thread takes them
import { afterAll, beforeAll, expect, test } from "bun:test";
import {
  ADMIN_KEY,
  createDomain,
  PRODUCTS,
  post,
  type Service,
  startService,
  type Tokens,
} from "./harness.ts";

let service: Service;
let shop: Tokens;
beforeAll(async () => {
  service = await startService({ args: ["--search-threads", "2"] });
  shop = await createDomain(service);
});
afterAll(() => service?.[Symbol.asyncDispose]());

/** Another process's request to the private socket: its status and parsed body. */
async function fromOutside(path: string, headers: Record<string, string>) {
  const { host } = new URL(service.url);
  const script = `
    const r = await fetch("http://localhost" + process.env.P, {
      unix: "\\0vitrina:" + process.env.AT,
      headers: JSON.parse(process.env.H),
    });
    console.log(JSON.stringify({ status: r.status, body: await r.json() }));`;
  const child = Bun.spawn([process.execPath, "-e", script], {
    env: { ...process.env, P: path, AT: host, H: JSON.stringify(headers) },
    stdout: "pipe",
    stderr: "inherit",
  });
  const out = await new Response(child.stdout).text();
  expect(await child.exited).toBe(0);
  return JSON.parse(out);
}

const REFUSED = {
  status: 403,
  body: { detail: "This socket answers only the search threads of the server that made it." },
};

test("1. another process on the private socket is refused, whatever it names", async () => {
  const named = { "x-admin-key": ADMIN_KEY, "x-vitrina-client": "203.0.113.7" };
  expect([
    await fromOutside("/api/v2/admin/domains/", named),
    await fromOutside("/api/v2/admin/domains/", { ...named, "x-vitrina-hand-over": "guess" }),
    await fromOutside("/api/v2/content/overview/", { "x-secret-token": shop.secret_token }),
    await fromOutside("/health", {}),
    await fromOutside("/no-such-path", {}),
  ]).toEqual([REFUSED, REFUSED, REFUSED, REFUSED, REFUSED]);
});

test("2. what the search thread hands over is answered as before", async () => {
  const rounds = Array.from({ length: 16 }, async () => {
    const r = await fetch(`${service.url}/api/v2/admin/domains/`, {
      headers: { "x-admin-key": ADMIN_KEY },
      keepalive: false,
    });
    return r.status;
  });
  expect(await Promise.all(rounds)).toEqual(Array.from({ length: 16 }, () => 200));
  const imports = Array.from({ length: 8 }, () =>
    post(service, PRODUCTS, shop.secret_token, [], { connection: "close" }),
  );
  expect(await Promise.all(imports)).toEqual(
    Array.from({ length: 8 }, () => ({ status: 200, body: { successful: [] } })),
  );
});
