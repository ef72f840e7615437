// What the kill harness knows of the writes it sent, and what it may therefore find stored
// after a kill -9 (PRODUCT.md "Import": a batch is one transaction; an acknowledged item is
// never lost). Pure: times are given by the caller.
//
// A write is one item of one batch: (source_id, version), where the version is unique over the
// whole run and names every value the item carries. Order is known only from real time: a write
// acknowledged before another was sent was applied before it (each batch is one transaction),
// so it can no longer be the last one. Two writes whose requests overlapped may have been
// applied in either order, and a write never acknowledged (in flight at the kill, or answered
// 5xx) may or may not have been applied, all of its batch or none. Hence the stored value of a
// source_id must be the version of a write that no acknowledged write definitely follows, and
// "absent" only if nothing acknowledged created it.
//
// After each restart the store is read and checked, and what it holds becomes the known state
// the next round of writes starts from.

/** "Not stored": the version of a product that does not exist. */
export const ABSENT = 0;

interface Write {
  version: number;
  batch: number;
  /** When the request was sent. */
  sent: number;
  /** When its success was read; Infinity while unknown (in flight, lost, or an error). */
  acked: number;
}

export interface LedgerCheck {
  /** Each broken promise, in words. */
  violations: string[];
  /** Products whose stored state was checked. */
  checked: number;
  /** Batches never acknowledged that the store holds whole. */
  unacknowledgedSaved: number;
  /** Batches never acknowledged of which the store holds nothing. */
  unacknowledgedNotStored: number;
}

export class KillLedger {
  /** Per source_id: the known state at the round's start, then the round's writes. */
  private readonly writes = new Map<string, Write[]>();
  /** Per batch of this round: its items' source_ids and versions. */
  private readonly batches = new Map<number, { items: Map<string, number>; acked: boolean }>();

  /** A batch is about to be sent. */
  sent(batch: number, items: { sourceId: string; version: number }[], at: number): void {
    const versions = new Map<string, number>();
    for (const { sourceId, version } of items) {
      versions.set(sourceId, version);
      let list = this.writes.get(sourceId);
      if (!list) {
        // Not known: it does not exist, and did before any write of this round.
        list = [{ version: ABSENT, batch: -1, sent: -Infinity, acked: -Infinity }];
        this.writes.set(sourceId, list);
      }
      list.push({ version, batch, sent: at, acked: Infinity });
    }
    this.batches.set(batch, { items: versions, acked: false });
  }

  /** The batch was answered with success: every item of it is stored. */
  acknowledged(batch: number, at: number): void {
    const b = this.batches.get(batch);
    if (!b) throw new Error(`batch ${batch} was never sent`);
    b.acked = true;
    for (const [sourceId, version] of b.items) {
      const w = this.writes.get(sourceId)?.find((x) => x.version === version);
      if (w) w.acked = at;
    }
  }

  /**
   * Checks the store's state (source_id -> version; the caller has checked that every field
   * matches that version) against what was acknowledged, then takes it as the known state.
   */
  check(stored: ReadonlyMap<string, number>): LedgerCheck {
    const violations: string[] = [];
    for (const sourceId of stored.keys())
      if (!this.writes.has(sourceId)) violations.push(`${sourceId}: stored, never sent`);
    for (const [sourceId, list] of this.writes) {
      const found = stored.get(sourceId) ?? ABSENT;
      const allowed = list.filter((w) => !list.some((o) => o.acked < Infinity && o.sent > w.acked));
      if (!allowed.some((w) => w.version === found)) {
        const expected = allowed.map((w) => (w.version === ABSENT ? "absent" : `v${w.version}`));
        const got = found === ABSENT ? "absent" : `v${found}`;
        violations.push(`${sourceId}: stored ${got}, expected one of ${expected.join(", ")}`);
      }
    }
    // All or nothing per batch: a batch of which one item is stored must be stored whole,
    // wherever no other write can have come after it.
    let unacknowledgedSaved = 0;
    let unacknowledgedNotStored = 0;
    for (const [batch, b] of this.batches) {
      if (b.acked) continue;
      const saved = [...b.items].filter(([id, v]) => stored.get(id) === v).length;
      if (saved === 0) {
        unacknowledgedNotStored++;
        continue;
      }
      unacknowledgedSaved++;
      const partial = [...b.items].filter(
        ([id, v]) => stored.get(id) !== v && this.lastPossible(id, batch),
      );
      if (partial.length > 0)
        violations.push(
          `batch ${batch} (never acknowledged) is partly stored: ${saved} of ${b.items.size} items, not ${partial
            .slice(0, 5)
            .map(([id]) => id)
            .join(", ")}`,
        );
    }
    const checked = this.writes.size;
    this.writes.clear();
    this.batches.clear();
    for (const [sourceId, version] of stored)
      this.writes.set(sourceId, [{ version, batch: -1, sent: -Infinity, acked: -Infinity }]);
    return { violations, checked, unacknowledgedSaved, unacknowledgedNotStored };
  }

  /** True when no other write of `sourceId` can have been applied after `batch`'s. */
  private lastPossible(sourceId: string, batch: number): boolean {
    const list = this.writes.get(sourceId) ?? [];
    const own = list.find((w) => w.batch === batch);
    return list.every((w) => w === own || w.acked < (own?.sent ?? -Infinity));
  }
}
