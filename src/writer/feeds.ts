import type { FeedRun, FeedState, RegisteredFeed } from "../model/feeds.ts";
import type { FeedStore } from "../store/store.ts";
import type { Channel } from "./channel.ts";
import type { FeedStoreCall } from "./writer-thread.ts";

/** The registered feeds, their runs, states and locks (FeedStore) on the writer thread's connection. */
export class Feeds implements FeedStore {
  constructor(private readonly channel: Channel) {}

  private async call<T>(call: FeedStoreCall): Promise<T> {
    return (await this.channel.send({ type: "feeds", call })).value as T;
  }

  domainFeeds(domainId: number): Promise<RegisteredFeed[]> {
    return this.call({ method: "domainFeeds", args: [domainId] });
  }

  setDomainFeeds(domainId: number, feeds: readonly RegisteredFeed[]): Promise<void> {
    return this.call({ method: "setDomainFeeds", args: [domainId, [...feeds]] });
  }

  feedStates(domainId: number): Promise<FeedState[]> {
    return this.call({ method: "feedStates", args: [domainId] });
  }

  recordFeedRun(domainId: number, run: FeedRun, state: FeedState | null): Promise<void> {
    return this.call({ method: "recordFeedRun", args: [domainId, run, state] });
  }

  feedRuns(domainId: number): Promise<FeedRun[]> {
    return this.call({ method: "feedRuns", args: [domainId] });
  }

  claimFeed(domainId: number, url: string, owner: string, ms: number): Promise<boolean> {
    return this.call({ method: "claimFeed", args: [domainId, url, owner, ms] });
  }

  releaseFeed(domainId: number, url: string, owner: string): Promise<void> {
    return this.call({ method: "releaseFeed", args: [domainId, url, owner] });
  }
}
