import type { SearchResponse } from "../../model/search.ts";

// Vitrina filters by value ids, InstantSearch by the names it shows (`Колір:Синій`). The ids
// are stable for a name in a language (docs/API.md, "filters"), so the names each answer lists
// are kept, and a refinement is sent as the id the last answer gave its name. A name never
// seen (a refinement from the page's URL, before any answer) is learned first: see client.ts.

interface AttributeIds {
  id: number;
  values: Map<string, number>;
}

export class FacetIds {
  private readonly byName = new Map<string, AttributeIds>();

  /** Keeps the attribute and value ids of an answer's filters. */
  learn(answer: SearchResponse): void {
    for (const filter of answer.filters) {
      let known = this.byName.get(filter.name);
      if (known === undefined || known.id !== filter.id) {
        known = { id: filter.id, values: known?.values ?? new Map() };
        this.byName.set(filter.name, known);
      }
      for (const value of filter.values) known.values.set(value.name, value.id);
    }
  }

  attribute(name: string): number | undefined {
    return this.byName.get(name)?.id;
  }

  value(attribute: string, value: string): number | undefined {
    return this.byName.get(attribute)?.values.get(value);
  }
}
