import { BlockList, isIP } from "node:net";
import type { Server } from "bun";

// The client's address (docs/OPERATIONS.md, "Behind a load balancer"): the peer's, or, when
// the peer is a proxy of --trust-proxy, the one the proxies name in X-Forwarded-For (else
// Forwarded). The failed-authentication throttle, the shoppers of suggestions and analytics,
// and each client's share of new queries all count by it.

/** The ranges of --trust-proxy ("10.0.0.0/8", "2001:db8::/32"), as config.ts checked them. */
export function trustedRanges(cidrs: readonly string[]): BlockList {
  const ranges = new BlockList();
  for (const cidr of cidrs) {
    const [address = "", prefix = ""] = cidr.split("/");
    const family = isIP(address) === 6 ? "ipv6" : "ipv4";
    ranges.addSubnet(address, Number(prefix), family);
  }
  return ranges;
}

/** An address as a proxy writes it, without brackets, quotes or port; null if it is none. */
function bare(entry: string): string | null {
  let text = entry.trim().replace(/^"(.*)"$/, "$1");
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(text);
  if (bracketed) text = bracketed[1] ?? "";
  else if (/^[\d.]+:\d+$/.test(text)) text = text.slice(0, text.indexOf(":"));
  return isIP(text) === 0 ? null : text;
}

const trusted = (ranges: BlockList, address: string) =>
  ranges.check(address, isIP(address) === 6 ? "ipv6" : "ipv4");

/**
 * The addresses the proxies appended, nearest last: X-Forwarded-For, or without it the `for=`
 * of each Forwarded element (RFC 7239). One header, not both: a balancer that sets one passes
 * the other on as the client sent it (docs/OPERATIONS.md says to drop it there).
 */
function forwardedChain(headers: Headers): string[] {
  const xff = headers.get("x-forwarded-for");
  if (xff !== null) return xff.split(",");
  const forwarded = headers.get("forwarded");
  if (forwarded === null) return [];
  return forwarded.split(",").map((element) => {
    const pair = element.split(";").find((p) => /^\s*for\s*=/i.test(p));
    return pair === undefined ? "" : pair.slice(pair.indexOf("=") + 1);
  });
}

/**
 * The client of a request from `peer`: the peer itself unless it is trusted; then, walking the
 * chain from the nearest proxy back, the first address not itself trusted. Where the chain
 * breaks (an entry that is no address: `unknown`, a name) the last trusted hop is the client;
 * when every hop is trusted, the farthest.
 */
export function clientAddress(peer: string, headers: Headers, ranges: BlockList): string {
  if (!trusted(ranges, peer)) return peer;
  let client = peer;
  for (const entry of forwardedChain(headers).reverse()) {
    const address = bare(entry);
    if (address === null) return client;
    client = address;
    if (!trusted(ranges, address)) return address;
  }
  return client;
}

/** The wrapper's `clientOf` for a listener on the port, with the --trust-proxy ranges. */
export function clientOf(cidrs: readonly string[]) {
  const ranges = trustedRanges(cidrs);
  return (request: Request, server: Server<unknown>): string | null => {
    const peer = server.requestIP(request)?.address;
    if (peer === undefined) return null;
    return cidrs.length === 0 ? peer : clientAddress(peer, request.headers, ranges);
  };
}
