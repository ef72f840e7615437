// Days of analytics (store/analytics-days.ts) and the report's period (analytics/period.ts):
//  1. a retention of N days keeps today and the N - 1 days before; a day expires (Redis) at
//     the moment the prune (SQLite) would drop it
//  2. a period is ?days=N (1..retention) or ?from&to (valid dates, from <= to), default 30 days;
//     anything else is a per-parameter error
import { describe, expect, test } from "bun:test";
import { parsePeriod } from "../analytics/period.ts";
import { daysBetween, expiresAt, firstDayKept } from "./analytics-days.ts";

const NOW = Date.parse("2026-11-25T13:00:00Z");

describe("retention", () => {
  test("cutoff", () => {
    expect(firstDayKept(NOW, 1)).toBe("2026-11-25");
    expect(firstDayKept(NOW, 90)).toBe("2026-08-28");
    expect(daysBetween("2026-08-28", "2026-11-25").length).toBe(90);
  });
  test("expiry agrees with the cutoff", () => {
    const at = expiresAt("2026-08-28", 90) * 1000;
    expect(new Date(at).toISOString()).toBe("2026-11-26T00:00:00.000Z");
    expect(firstDayKept(at - 1, 90)).toBe("2026-08-28");
    expect(firstDayKept(at, 90)).toBe("2026-08-29");
  });
  test("daysBetween", () => {
    expect(daysBetween("2026-02-27", "2026-03-01")).toEqual([
      "2026-02-27",
      "2026-02-28",
      "2026-03-01",
    ]);
    expect(daysBetween("2026-03-02", "2026-03-01")).toEqual([]);
  });
});

describe("period", () => {
  const parse = (query: string) => parsePeriod(new URLSearchParams(query), NOW, 90);
  test("valid", () => {
    expect(parse("")).toEqual({ ok: true, period: { from: "2026-10-27", to: "2026-11-25" } });
    expect(parse("days=1")).toEqual({
      ok: true,
      period: { from: "2026-11-25", to: "2026-11-25" },
    });
    expect(parse("days=90")).toEqual({
      ok: true,
      period: { from: firstDayKept(NOW, 90), to: "2026-11-25" },
    });
    expect(parse("from=2026-11-01&to=2026-11-03")).toEqual({
      ok: true,
      period: { from: "2026-11-01", to: "2026-11-03" },
    });
    expect(parse("to=2026-11-03")).toEqual({
      ok: true,
      period: { from: "2026-10-05", to: "2026-11-03" },
    });
  });
  test("invalid", () => {
    const format = ["Date has wrong format. Use one of these formats instead: YYYY-MM-DD."];
    expect(parse("days=0")).toEqual({
      ok: false,
      errors: { days: ["Ensure this value is greater than or equal to 1."] },
    });
    expect(parse("days=91")).toEqual({
      ok: false,
      errors: { days: ["Ensure this value is less than or equal to 90."] },
    });
    expect(parse("days=x")).toEqual({
      ok: false,
      errors: { days: ["A valid integer is required."] },
    });
    expect(parse("days=3&from=2026-11-01")).toEqual({
      ok: false,
      errors: { days: ["Send either days or from and to."] },
    });
    expect(parse("from=2026-02-30&to=yesterday")).toEqual({
      ok: false,
      errors: { from: format, to: format },
    });
    expect(parse("from=2026-11-04&to=2026-11-03")).toEqual({
      ok: false,
      errors: { from: ["Must not be after to."] },
    });
  });
});
