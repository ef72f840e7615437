import { U32Vec } from "./growable.ts";
import { gallop, type MergeHead, nextRun } from "./merge-runs.ts";

// A sorted string -> set of integers map in CSR form (keys sorted by UTF-16 code units, values
// ascending and unique per key). Holds e.g. stem -> term ids: one array of strings and two
// typed arrays instead of a Map of arrays.

export interface StringMultiMap {
  readonly keys: readonly string[];
  readonly offsets: Uint32Array;
  readonly values: Uint32Array;
}

export const EMPTY_MULTIMAP: StringMultiMap = {
  keys: [],
  offsets: new Uint32Array(1),
  values: new Uint32Array(0),
};

export function buildStringMultiMap(groups: Map<string, number[]>): StringMultiMap {
  const keys = [...groups.keys()].sort();
  const offsets = new Uint32Array(keys.length + 1);
  const values = new U32Vec(keys.length * 2);
  for (let i = 0; i < keys.length; i++) {
    const list = (groups.get(keys[i] as string) as number[]).sort((a, b) => a - b);
    let last = -1;
    for (const v of list) {
      if (v !== last) values.push(v);
      last = v;
    }
    offsets[i + 1] = values.length;
  }
  return { keys, offsets, values: values.toArray() };
}

/** The values of `key`, or an empty array. */
export function multiMapGet(map: StringMultiMap, key: string): Uint32Array {
  let lo = 0;
  let hi = map.keys.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((map.keys[mid] as string) < key) lo = mid + 1;
    else hi = mid;
  }
  if (map.keys[lo] !== key) return map.values.subarray(0, 0);
  return map.values.subarray(map.offsets[lo], map.offsets[lo + 1]);
}

/**
 * Union of several maps with their values renumbered (-1 in a value map drops the value; value
 * maps are increasing over kept values): a merge of the sorted keys by runs (merge-runs.ts),
 * linear in the input.
 */
export function mergeMultiMaps(
  parts: readonly { map: StringMultiMap; valueMap: Int32Array }[],
): StringMultiMap {
  const k = parts.length;
  const cursors = new Int32Array(k);
  let keyCount = 0;
  let capacity = 0;
  for (const p of parts) {
    keyCount += p.map.keys.length;
    capacity += p.map.values.length;
  }
  const out: Output = {
    keys: [],
    offsets: new U32Vec(keyCount + 1),
    values: new U32Vec(capacity),
  };
  out.offsets.push(0);
  const group: number[] = [];
  const dictionaries = parts.map((p) => p.map.keys);
  const at: MergeHead = { first: -1, head: "", bound: undefined };
  for (;;) {
    nextRun(dictionaries, cursors, at);
    const { first, head, bound } = at;
    if (first < 0) break;
    if (bound !== head) {
      // A run of one part's keys: its values stay ascending and distinct once renumbered.
      const { map, valueMap } = parts[first] as MergePart;
      const from = cursors[first] as number;
      const to = bound === undefined ? map.keys.length : gallop(map.keys, bound, from + 1);
      for (let c = from; c < to; c++) {
        const before = out.values.length;
        for (let p = map.offsets[c] as number; p < (map.offsets[c + 1] as number); p++) {
          const v = valueMap[map.values[p] as number] as number;
          if (v >= 0) out.values.push(v);
        }
        if (out.values.length > before) addKey(out, map.keys[c] as string);
      }
      cursors[first] = to;
      continue;
    }
    group.length = 0;
    for (let j = 0; j < k; j++) {
      const { map, valueMap } = parts[j] as MergePart;
      const c = cursors[j] as number;
      if (map.keys[c] !== head) continue;
      cursors[j] = c + 1;
      for (let p = map.offsets[c] as number; p < (map.offsets[c + 1] as number); p++) {
        const v = valueMap[map.values[p] as number] as number;
        if (v >= 0) group.push(v);
      }
    }
    if (group.length === 0) continue;
    if (group.length > 1) group.sort((a, b) => a - b);
    let last = -1;
    for (const v of group) {
      if (v !== last) out.values.push(v);
      last = v;
    }
    addKey(out, head);
  }
  return { keys: out.keys, offsets: out.offsets.toArray(), values: out.values.toArray() };
}

interface MergePart {
  readonly map: StringMultiMap;
  readonly valueMap: Int32Array;
}

interface Output {
  readonly keys: string[];
  readonly offsets: U32Vec;
  readonly values: U32Vec;
}

function addKey(out: Output, key: string): void {
  out.keys.push(key);
  out.offsets.push(out.values.length);
}
