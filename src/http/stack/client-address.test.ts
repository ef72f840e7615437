// The client's address behind trusted proxies (--trust-proxy):
//  1. an untrusted peer is the client, whatever it says it forwards
//  2. a trusted peer: the right-most address of X-Forwarded-For not itself trusted, several
//     headers read as one list, ports and brackets dropped
//  3. Forwarded (RFC 7239) when there is no X-Forwarded-For: its `for=`, quoted IPv6 with port
//  4. every hop trusted: the farthest; a hop that is no address: the last trusted one; no
//     header: the peer; an IPv4 peer written as IPv4-mapped IPv6 is matched as IPv4
import { expect, test } from "bun:test";
import { clientAddress, trustedRanges } from "./client-address.ts";

const ranges = trustedRanges(["10.0.0.0/8", "127.0.0.1/32", "2001:db8::/32"]);
const of = (peer: string, headers: [string, string][]) =>
  clientAddress(peer, new Headers(headers), ranges);

test("1. an untrusted peer is the client", () => {
  expect(of("198.51.100.7", [["x-forwarded-for", "203.0.113.1"]])).toBe("198.51.100.7");
});

test("2. X-Forwarded-For from a trusted peer: the right-most untrusted address", () => {
  const xff = new Headers();
  xff.append("x-forwarded-for", "1.1.1.1, 203.0.113.1:5123");
  xff.append("x-forwarded-for", "10.0.0.2");
  expect([
    of("127.0.0.1", [["x-forwarded-for", "203.0.113.1"]]),
    clientAddress("10.0.0.1", xff, ranges),
    of("10.0.0.1", [["x-forwarded-for", "[2001:db9::1]:80, 2001:db8::5"]]),
  ]).toEqual(["203.0.113.1", "203.0.113.1", "2001:db9::1"]);
});

test("3. Forwarded when there is no X-Forwarded-For", () => {
  expect([
    of("10.0.0.1", [["forwarded", 'for="[2001:db9::17]:4711";proto=https, for=10.0.0.9']]),
    of("10.0.0.1", [
      ["forwarded", "for=198.51.100.1"],
      ["x-forwarded-for", "203.0.113.1"],
    ]),
  ]).toEqual(["2001:db9::17", "203.0.113.1"]);
});

test("4. every hop trusted, a broken chain, no header, a mapped peer", () => {
  expect([
    of("10.0.0.1", [["x-forwarded-for", "10.0.0.3, 10.0.0.2"]]),
    of("10.0.0.1", [["x-forwarded-for", "203.0.113.1, unknown, 10.0.0.2"]]),
    of("10.0.0.1", []),
    of("::ffff:127.0.0.1", [["x-forwarded-for", "203.0.113.1"]]),
  ]).toEqual(["10.0.0.3", "10.0.0.2", "10.0.0.1", "203.0.113.1"]);
});
