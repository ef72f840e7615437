import type { MerchRule } from "../model/merchandising.ts";
import type { SynonymSet } from "../model/synonyms.ts";
import type { Channel } from "./channel.ts";

/** A domain's search settings on the writer thread: its synonyms and merchandising rules. */
export class Settings {
  constructor(private readonly channel: Channel) {}

  async domainSynonyms(domainId: number): Promise<SynonymSet[]> {
    return (await this.channel.send({ type: "synonyms", domainId })).synonyms ?? [];
  }

  /** Replaces the domain's synonyms; returns the position of their change-log entry. */
  async setDomainSynonyms(domainId: number, sets: readonly SynonymSet[]): Promise<number> {
    const reply = await this.channel.logged(domainId, {
      type: "set-synonyms",
      domainId,
      sets: [...sets],
    });
    return reply.seq ?? 0;
  }

  async domainRules(domainId: number): Promise<MerchRule[]> {
    return (await this.channel.send({ type: "rules", domainId })).rules ?? [];
  }

  /** Replaces the domain's merchandising rules; returns their change-log entry's position. */
  async setDomainRules(domainId: number, rules: readonly MerchRule[]): Promise<number> {
    const reply = await this.channel.logged(domainId, {
      type: "set-rules",
      domainId,
      rules: [...rules],
    });
    return reply.seq ?? 0;
  }
}
