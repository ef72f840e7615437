import type { AnalyticsPeriod } from "../store/store.ts";
import type { AdminReport } from "./analytics-service.ts";
import type { PopularQueries } from "./popular-queries.ts";

/** What the admin API asks of analytics; every call is answered by the writer thread. */
export interface AdminAnalytics {
  retentionDays: number;
  report(domainId: number, period: AnalyticsPeriod): Promise<AdminReport>;
  blocked(domainId: number): Promise<string[]>;
  /** Blocks or unblocks; false when nothing changed. This node's suggestions follow at once. */
  setBlocked(domainId: number, q: string, blocked: boolean): Promise<boolean>;
}

/** The writer thread's side of analytics (writer/analytics.ts implements it). */
export interface AnalyticsThread {
  analyticsReport(domainId: number, period: AnalyticsPeriod): Promise<AdminReport>;
  blockedSuggestions(domainId: number): Promise<string[]>;
  setSuggestionBlocked(domainId: number, q: string, blocked: boolean): Promise<boolean>;
}

export function adminAnalytics(
  writer: AnalyticsThread,
  popular: Pick<PopularQueries, "refresh">,
  retentionDays: number,
): AdminAnalytics {
  return {
    retentionDays,
    report: (domainId, period) => writer.analyticsReport(domainId, period),
    blocked: (domainId) => writer.blockedSuggestions(domainId),
    setBlocked: async (domainId, q, blocked) => {
      const changed = await writer.setSuggestionBlocked(domainId, q, blocked);
      await popular.refresh([domainId]);
      return changed;
    },
  };
}
