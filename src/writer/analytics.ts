import type { AdminReport, DomainPopular } from "../analytics/analytics-service.ts";
import type { AnalyticsPeriod, SearchEvent, ShopperAction } from "../store/store.ts";
import type { Channel } from "./channel.ts";

/**
 * Analytics on the writer thread: the searches and shoppers' actions recorded, the reports and
 * the suggestion candidates computed (never where searches are answered), and the suggestions
 * a store blocked.
 */
export class Analytics {
  constructor(private readonly channel: Channel) {}

  async recordSearches(events: readonly SearchEvent[]): Promise<void> {
    await this.channel.send({ type: "searches", events: [...events] });
  }

  async recordActions(actions: readonly ShopperAction[]): Promise<void> {
    await this.channel.send({ type: "actions", actions: [...actions] });
  }

  /** The admin analytics report. */
  async analyticsReport(domainId: number, period: AnalyticsPeriod): Promise<AdminReport> {
    const { analytics } = await this.channel.send({ type: "analytics", domainId, period });
    if (!analytics) throw new Error("writer thread: no report");
    return analytics;
  }

  /** Per domain, the past queries that may be suggested (analytics/analytics-service.ts). */
  async suggestions(domainIds: readonly number[]): Promise<[number, DomainPopular][]> {
    const reply = await this.channel.send({ type: "suggestions", domainIds: [...domainIds] });
    return reply.suggestions ?? [];
  }

  async blockedSuggestions(domainId: number): Promise<string[]> {
    return (await this.channel.send({ type: "blocked", domainId })).blocked ?? [];
  }

  /** Blocks or unblocks a suggestion; false when nothing changed. */
  async setSuggestionBlocked(domainId: number, q: string, blocked: boolean): Promise<boolean> {
    return (await this.channel.send({ type: "block", domainId, q, blocked })).changed ?? false;
  }
}
