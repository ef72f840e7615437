// The framing a request may not have (docs/API.md, "Odd requests"):
//  1. two Content-Length, even of one value (Bun joins them as "2, 2"), are refused
//  2. Connection: Upgrade is refused on a request with a body (a length or a chunked one), and
//     let through without one (a GET's h2c); a body alone is fine
import { expect, test } from "bun:test";
import { declaresBody, framingFault } from "./framing.ts";

const fault = (headers: [string, string][]) => framingFault(new Headers(headers))?.code ?? null;

test("1. two Content-Length", () => {
  expect([fault([["content-length", "2, 2"]]), fault([["content-length", "2"]])]).toEqual([
    "repeated_length",
    null,
  ]);
});

test("2. an upgrade with a body", () => {
  const upgrade: [string, string] = ["connection", "keep-alive, Upgrade"];
  expect([
    fault([upgrade, ["content-length", "2"]]),
    fault([upgrade, ["transfer-encoding", "chunked"]]),
    fault([upgrade, ["content-length", "0"]]),
    fault([upgrade]),
    fault([["content-length", "2"]]),
  ]).toEqual(["upgrade_with_body", "upgrade_with_body", null, null, null]);
  expect([
    declaresBody(new Headers({ "content-length": "0" })),
    declaresBody(new Headers({ "transfer-encoding": "chunked" })),
    declaresBody(new Headers()),
  ]).toEqual([false, true, false]);
});
