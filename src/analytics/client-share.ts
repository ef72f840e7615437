// One client cannot fill a day's cap of distinct queries for everyone (issue 23 point 6): each
// client may add at most CLIENT_QUERIES_PER_DAY new queries a domain and UTC day, far below the
// store's MAX_QUERIES_PER_DAY. Every settled search of a client spends its share (whether its
// query was new is known only in the store); past the share its searches still count in the
// day's total and in rows that exist, never as new rows.

/** Settled searches a client may record as new queries per domain and day. */
export const CLIENT_QUERIES_PER_DAY = 1_000;
/** Clients remembered at most (the oldest is forgotten first): the map cannot grow for ever. */
const CLIENTS_KEPT = 100_000;

export class ClientShare {
  private readonly spent = new Map<string, { day: string; n: number }>();

  /** Whether `client`'s search on `day` may still add a new query of `domainId`. */
  take(domainId: number, client: string, day: string): boolean {
    const key = `${domainId}\t${client}`;
    const s = this.spent.get(key);
    if (s && s.day === day) {
      s.n++;
      return s.n <= CLIENT_QUERIES_PER_DAY;
    }
    if (s) this.spent.delete(key);
    else if (this.spent.size >= CLIENTS_KEPT) {
      const oldest = this.spent.keys().next().value;
      if (oldest !== undefined) this.spent.delete(oldest);
    }
    this.spent.set(key, { day, n: 1 });
    return true;
  }
}
