// Dates on the wire are days of the calendar (issue 34, point 10), over real HTTP in every store
// mode. Every date field a request takes: a merchandising rule's `from` and `to` (PUT, by the
// owner and the operator, and the preview) and an analytics report's `from` and `to`.
// Properties checked:
//  1. a date or date-time that does not exist (2026-02-30, April 31, hour 24, minute 60, an
//     offset of +24:00) is 400 with its field named in `errors`, and nothing is saved; a real
//     leap day (2028-02-29) is kept as sent, in UTC
//  2. the preview refuses the same dates; an analytics period of 2026-02-30 is 400 likewise
import { afterAll, beforeAll, expect, test } from "bun:test";
import {
  ADMIN_HEADERS as admin,
  call,
  createDomain,
  ownerHeaders as owner,
  type Service,
  startService,
} from "./harness.ts";

const PATH = "/api/v2/content/rules/";
const DETAIL =
  'Expected {"rules": [...]}: at most 200 rules, each with pin, hide or boost of at most 50 items, a redirect or a banner, texts of 1 to 200 characters, positions 1 to 1000.';
const NO_SUCH = ["No such date or time: a day, month, hour, minute or second is out of range."];

let service: Service;
beforeAll(async () => {
  service = await startService();
});
afterAll(() => service?.[Symbol.asyncDispose]());

test("1. a date that does not exist is 400 with its field named; nothing is saved", async () => {
  const d = await createDomain(service);
  const kept = [{ hide: ["a"], from: "2028-02-29", to: "2028-03-01T23:59:59+14:00" }];
  expect(await call(service, "PUT", PATH, owner(d), { rules: kept })).toEqual({
    status: 200,
    body: {
      rules: [{ hide: ["a"], from: "2028-02-29T00:00:00.000Z", to: "2028-03-01T09:59:59.000Z" }],
    },
  });
  const impossible = [
    { hide: ["x"], from: "2026-02-30" },
    { hide: ["x"], to: "2026-04-31T10:00:00Z" },
    { hide: ["x"], from: "2026-12-01T24:00" },
    { hide: ["x"], to: "2026-12-01T10:60:00+02:00" },
    { hide: ["x"], from: "2026-12-01T10:00:00+24:00", to: "2027-02-29" },
  ];
  const refused = {
    status: 400,
    body: {
      detail: DETAIL,
      errors: {
        "rules[0].from": NO_SUCH,
        "rules[1].to": NO_SUCH,
        "rules[2].from": NO_SUCH,
        "rules[3].to": NO_SUCH,
        "rules[4].from": NO_SUCH,
        "rules[4].to": NO_SUCH,
      },
    },
  };
  expect(await call(service, "PUT", PATH, owner(d), { rules: impossible })).toEqual(refused);
  const operator = `/api/v2/admin/domains/${d.name}/rules/`;
  expect(await call(service, "PUT", operator, admin, { rules: impossible })).toEqual(refused);
  expect((await call(service, "GET", PATH, owner(d))).body).toEqual({
    rules: [{ hide: ["a"], from: "2028-02-29T00:00:00.000Z", to: "2028-03-01T09:59:59.000Z" }],
  });
});

test("2. the preview and the analytics period refuse them too", async () => {
  const d = await createDomain(service);
  expect(
    await call(service, "POST", `${PATH}preview/?q=x`, owner(d), {
      rules: [{ hide: ["x"], from: "2026-02-30" }],
    }),
  ).toEqual({ status: 400, body: { detail: DETAIL, errors: { "rules[0].from": NO_SUCH } } });
  expect(
    await call(
      service,
      "GET",
      "/api/v2/content/analytics/?from=2026-02-30&to=2026-03-02",
      owner(d),
    ),
  ).toEqual({
    status: 400,
    body: {
      detail: "Invalid query parameters.",
      errors: { from: ["Date has wrong format. Use one of these formats instead: YYYY-MM-DD."] },
    },
  });
});
