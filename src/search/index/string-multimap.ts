import { U32Vec } from "./growable.ts";

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

/** Union of several maps with their values renumbered (-1 in a value map drops the value). */
export function mergeMultiMaps(
  parts: readonly { map: StringMultiMap; valueMap: Int32Array }[],
): StringMultiMap {
  const groups = new Map<string, number[]>();
  for (const { map, valueMap } of parts) {
    for (let k = 0; k < map.keys.length; k++) {
      const key = map.keys[k] as string;
      let list = groups.get(key);
      for (let p = map.offsets[k] as number; p < (map.offsets[k + 1] as number); p++) {
        const v = valueMap[map.values[p] as number] as number;
        if (v < 0) continue;
        if (list === undefined) {
          list = [];
          groups.set(key, list);
        }
        list.push(v);
      }
    }
  }
  return buildStringMultiMap(groups);
}
