/** Callers parked until a domain's change log grows (or a timeout): no polling in between. */
export class Waiters {
  private readonly byDomain = new Map<number, Set<() => void>>();

  wait(domainId: number, timeoutMs: number): Promise<void> {
    return new Promise((resolve) => {
      const set = this.byDomain.get(domainId) ?? new Set<() => void>();
      this.byDomain.set(domainId, set);
      const done = () => {
        clearTimeout(timer);
        set.delete(done);
        resolve();
      };
      const timer = setTimeout(done, timeoutMs);
      set.add(done);
    });
  }

  wake(domainId: number): void {
    const set = this.byDomain.get(domainId);
    if (set) for (const done of [...set]) done();
  }

  wakeAll(): void {
    for (const id of this.byDomain.keys()) this.wake(id);
  }
}
