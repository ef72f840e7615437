// Warehouses of a snapshot by external_id, numbered by dense slots that segments store per
// warehouse entry. Copy-on-write like the facet registry: a snapshot's map never changes.

export interface WarehouseRegistry {
  readonly slots: ReadonlyMap<string, number>;
}

export const EMPTY_WAREHOUSES: WarehouseRegistry = { slots: new Map() };

export class WarehouseRegistryDraft {
  private slots: Map<string, number> | null = null;

  constructor(private readonly base: WarehouseRegistry) {}

  slot(externalId: string): number {
    const known = (this.slots ?? this.base.slots).get(externalId);
    if (known !== undefined) return known;
    if (this.slots === null) this.slots = new Map(this.base.slots);
    const created = this.slots.size;
    this.slots.set(externalId, created);
    return created;
  }

  build(): WarehouseRegistry {
    return this.slots === null ? this.base : { slots: this.slots };
  }
}
