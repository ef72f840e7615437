// Days of analytics: aggregates are kept per UTC day ("YYYY-MM-DD", which sorts as text) and a
// retention of N days keeps today and the N - 1 days before it.

export const DAY_MS = 86_400_000;

export const utcDay = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

/**
 * Whether `day` is a "YYYY-MM-DD" of the calendar: JavaScript's Date reads 2026-02-30 as
 * March 2, so a day is real only when it reads back as itself.
 */
export const isCalendarDay = (day: string): boolean =>
  /^\d{4}-\d{2}-\d{2}$/.test(day) && utcDay(Date.parse(`${day}T00:00:00Z`) || 0) === day;

/** The oldest day a retention of `days` keeps at `now`; older days are pruned. */
export const firstDayKept = (now: number, days: number): string =>
  utcDay(now - (days - 1) * DAY_MS);

/**
 * When a day's aggregates leave a retention of `days` (Unix seconds, for Redis EXPIREAT):
 * the start of the day at which `firstDayKept` passes it.
 */
export const expiresAt = (day: string, days: number): number =>
  (Date.parse(`${day}T00:00:00Z`) + days * DAY_MS) / 1000;

/** Every day from `from` to `to`, both included. */
export function daysBetween(from: string, to: string): string[] {
  const out: string[] = [];
  for (let t = Date.parse(`${from}T00:00:00Z`); utcDay(t) <= to; t += DAY_MS) out.push(utcDay(t));
  return out;
}
