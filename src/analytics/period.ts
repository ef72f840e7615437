import { DAY_MS, isCalendarDay, utcDay } from "../store/analytics-days.ts";

// The period of an analytics report (GET .../analytics/?days=N or ?from=YYYY-MM-DD&to=...):
// whole UTC days, both ends included, within the retention.

export interface Period {
  from: string;
  to: string;
}

export const DEFAULT_REPORT_DAYS = 30;

export type ParsedPeriod =
  | { ok: true; period: Period }
  | { ok: false; errors: Record<string, string[]> };

export function parsePeriod(
  query: URLSearchParams,
  now: number,
  retentionDays: number,
): ParsedPeriod {
  const errors: Record<string, string[]> = {};
  const today = utcDay(now);
  const days = query.get("days");
  const from = query.get("from");
  const to = query.get("to");
  if (days !== null) {
    const n = Number(days);
    if (from !== null || to !== null) errors.days = ["Send either days or from and to."];
    else if (!/^\d+$/.test(days)) errors.days = ["A valid integer is required."];
    else if (n < 1) errors.days = ["Ensure this value is greater than or equal to 1."];
    else if (n > retentionDays)
      errors.days = [`Ensure this value is less than or equal to ${retentionDays}.`];
    if (Object.keys(errors).length > 0) return { ok: false, errors };
    return { ok: true, period: { from: utcDay(now - (n - 1) * DAY_MS), to: today } };
  }
  const day = (name: string, value: string | null, fallback: string) => {
    if (value === null) return fallback;
    if (isCalendarDay(value)) return value;
    errors[name] = ["Date has wrong format. Use one of these formats instead: YYYY-MM-DD."];
    return fallback;
  };
  const end = day("to", to, today);
  const start = day(
    "from",
    from,
    utcDay(Date.parse(`${end}T00:00:00Z`) - (DEFAULT_REPORT_DAYS - 1) * DAY_MS),
  );
  if (Object.keys(errors).length === 0 && start > end) errors.from = ["Must not be after to."];
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, period: { from: start, to: end } };
}
