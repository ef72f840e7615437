// The safety of fetch-url.ts (issue 33 point 7). Properties checked:
//  1. a name is resolved once per hop and the request goes to the address checked, with the
//     URL's Host header: a name no DNS knows (feed.example) is fetched through the answer given
//  2. a name with any internal address among its answers is refused (a rebinding answer that
//     mixes a public and a private address); the next address is tried when one does not answer
//  3. a request body that stops arriving is cut at its time cap (feed_timeout), one over the
//     size cap at it (feed_too_large)
import { afterAll, beforeAll, expect, test } from "bun:test";
import { AppError } from "../errors.ts";
import { boundedBody, fetchFeed } from "./fetch-url.ts";

let origin: ReturnType<typeof Bun.serve>;
const hosts: string[] = [];

beforeAll(() => {
  origin = Bun.serve({
    port: 0,
    hostname: "127.0.0.1",
    fetch(request) {
      hosts.push(request.headers.get("host") ?? "");
      const path = new URL(request.url).pathname;
      if (path === "/moved") return Response.redirect("/feed.xml", 302);
      return new Response("<price/>");
    },
  });
});

afterAll(() => origin?.stop(true));

async function read(bytes: AsyncIterable<Uint8Array>): Promise<string> {
  let text = "";
  for await (const chunk of bytes) text += new TextDecoder().decode(chunk);
  return text;
}

const limits = { maxBytes: 1 << 20, seconds: 10 };

test("1. one resolution per hop, and the request goes to the address checked", async () => {
  const asked: string[] = [];
  const resolve = async (host: string) => {
    asked.push(host);
    return ["127.0.0.1"];
  };
  hosts.length = 0;
  const text = await read(
    fetchFeed(`http://feed.example:${origin.port}/moved`, {
      ...limits,
      allowHosts: ["feed.example"],
      resolve,
    }),
  );
  expect([text, asked, hosts]).toEqual([
    "<price/>",
    ["feed.example", "feed.example"],
    [`feed.example:${origin.port}`, `feed.example:${origin.port}`],
  ]);
});

test("2. any internal answer refuses the name; an address that does not answer is skipped", async () => {
  const refused = await read(
    fetchFeed(`http://rebind.example:${origin.port}/feed.xml`, {
      ...limits,
      allowHosts: [],
      resolve: async () => ["203.0.113.7", "127.0.0.1"],
    }),
  ).catch((e) => e);
  expect(refused).toBeInstanceOf(AppError);
  expect(refused.message).toBe(
    "The feed's URL is refused: rebind.example is a loopback, private or link-local address (the operator may allow it with --feed-allow-host).",
  );
  // 127.0.0.2 is loopback too, but nothing listens there on this port.
  const next = await read(
    fetchFeed(`http://two.example:${origin.port}/feed.xml`, {
      ...limits,
      allowHosts: ["two.example"],
      resolve: async () => ["127.0.0.2", "127.0.0.1"],
    }),
  );
  expect(next).toBe("<price/>");
});

test("3. a body that stops arriving is cut at its time cap; one too large at its size cap", async () => {
  async function* stalled() {
    yield new TextEncoder().encode("<yml_catalog>");
    await new Promise(() => {});
  }
  const started = performance.now();
  const late = await read(boundedBody(stalled(), { maxBytes: 1 << 20, seconds: 0.3 })).catch(
    (e) => e,
  );
  expect([late.code, late.message]).toEqual([
    "feed_timeout",
    "The feed did not arrive in full within 0.3 s. Nothing of this run was imported.",
  ]);
  expect(performance.now() - started).toBeLessThan(5000);
  async function* big() {
    for (let i = 0; i < 3; i++) yield new Uint8Array(600);
  }
  const large = await read(boundedBody(big(), { maxBytes: 1000, seconds: 10 })).catch((e) => e);
  expect(large.code).toBe("feed_too_large");
});
