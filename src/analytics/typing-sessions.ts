// A shopper's typing counts once (PRODUCT.md "Analytics"; docs/API.md, "Analytics"): the
// searches one shopper sends in one go, each the same query (a filter or page change), an
// extension or shortening of the one before, or a small edit of it, within `idleMs` of the one
// before, are one search: the last of the run, counted when the run closes.

/** A correction is at most this many characters inserted, deleted or replaced. */
const MAX_EDIT = 2;

/** Whether `after` carries on the typing of `before` (both in their recorded form). */
export function continues(before: string, after: string): boolean {
  if (before.startsWith(after) || after.startsWith(before)) return true;
  return editDistanceAtMost(before, after, MAX_EDIT);
}

/** Levenshtein distance <= `max`, over code points; O(length * max) with a band. */
function editDistanceAtMost(a: string, b: string, max: number): boolean {
  const x = Array.from(a);
  const y = Array.from(b);
  if (Math.abs(x.length - y.length) > max) return false;
  let row = Array.from({ length: y.length + 1 }, (_, j) => j);
  for (let i = 1; i <= x.length; i++) {
    const next = [i];
    let best = i;
    for (let j = 1; j <= y.length; j++) {
      const cost = x[i - 1] === y[j - 1] ? 0 : 1;
      const v = Math.min(
        (row[j] as number) + 1,
        (next[j - 1] as number) + 1,
        (row[j - 1] as number) + cost,
      );
      next.push(v);
      if (v < best) best = v;
    }
    if (best > max) return false;
    row = next;
  }
  return (row[y.length] as number) <= max;
}

/**
 * The open runs, one per shopper key, in a bounded map ordered by last activity (a Map keeps
 * insertion order; a run seen again moves to the end). A run closes when its shopper types
 * something else, when it is idle for `idleMs` (closeIdle, called by a timer), when the map is
 * full (the least recently active closes), or at a stop (closeAll): each closed run is handed
 * to `settled` once, so nothing is lost at a clean stop. `idleMs` 0 turns runs off.
 */
export class TypingSessions<T extends { q: string }> {
  private readonly open = new Map<string, { last: number; item: T }>();

  constructor(
    private readonly options: { idleMs: number; capacity: number },
    private readonly settled: (item: T) => void,
    /** What a run keeps when it goes on, given its items in the order they were seen: by default the newest. */
    private readonly carry: (before: T, after: T) => T = (_, after) => after,
  ) {}

  see(key: string, item: T, now: number): void {
    if (this.options.idleMs <= 0) {
      this.settled(item);
      return;
    }
    const run = this.open.get(key);
    let kept = item;
    let last = now;
    if (run) {
      this.open.delete(key);
      if (now - run.last > this.options.idleMs || !continues(run.item.q, item.q))
        this.settled(run.item);
      else if (now < run.last) {
        // A late arrival (seen before the run's last item, reported after it): the run's last
        // stays its last.
        kept = this.carry(item, run.item);
        last = run.last;
      } else kept = this.carry(run.item, item);
    } else if (this.open.size >= this.options.capacity) {
      const [oldest, first] = this.open.entries().next().value as [string, { item: T }];
      this.open.delete(oldest);
      this.settled(first.item);
    }
    this.open.set(key, { last, item: kept });
  }

  closeIdle(now: number): void {
    for (const [key, run] of this.open) {
      if (now - run.last <= this.options.idleMs) break;
      this.open.delete(key);
      this.settled(run.item);
    }
  }

  closeAll(): void {
    const runs = [...this.open.values()];
    this.open.clear();
    for (const run of runs) this.settled(run.item);
  }
}
