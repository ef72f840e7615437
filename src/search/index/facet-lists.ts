import { U32Vec } from "./growable.ts";

// A doc's filter values, per language, as one of the segment's value lists: the docs with the
// same values share one list. Most products of a kind have the same few values (the feed
// catalog: 3,427 lists over 100,000 docs; the project's: 6,369), so a query without filters
// counts its candidates per list, one increment each in an array that stays in cache, and
// counts the values only once per list it met (query/facets.ts). A catalog where every doc
// has values of its own costs one increment per doc more than counting values directly.

/** The values of list `list`: items[offsets[list] .. offsets[list + 1]). List 0 is empty. */
export interface FacetLists {
  readonly offsets: Uint32Array;
  readonly items: Uint32Array;
}

export class FacetListsBuilder {
  private readonly ids = new Map<string, number>();
  private readonly items = new U32Vec();
  private readonly offsets = new U32Vec();

  constructor() {
    this.offsets.push(0);
    this.intern([]);
  }

  /** The list of exactly these values, in this order; made when new. */
  intern(values: ArrayLike<number>): number {
    const key = Array.prototype.join.call(values, ",");
    const known = this.ids.get(key);
    if (known !== undefined) return known;
    const id = this.ids.size;
    this.ids.set(key, id);
    for (let i = 0; i < values.length; i++) this.items.push(values[i] as number);
    this.offsets.push(this.items.length);
    return id;
  }

  build(): FacetLists {
    return { offsets: this.offsets.toArray(), items: this.items.toArray() };
  }
}

/** The values of one list (a view). */
export function listValues(lists: FacetLists, list: number): Uint32Array {
  return lists.items.subarray(lists.offsets[list] as number, lists.offsets[list + 1] as number);
}
