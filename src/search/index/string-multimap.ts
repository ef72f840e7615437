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

/**
 * Union of several maps with their values renumbered (-1 in a value map drops the value): a
 * k-way merge of the sorted keys, linear in the input.
 */
export function mergeMultiMaps(
  parts: readonly { map: StringMultiMap; valueMap: Int32Array }[],
): StringMultiMap {
  const k = parts.length;
  const cursors = new Int32Array(k);
  const keys: string[] = [];
  const offsets = new U32Vec(1024);
  offsets.push(0);
  let capacity = 0;
  for (const p of parts) capacity += p.map.values.length;
  const values = new U32Vec(capacity);
  const group: number[] = [];
  for (;;) {
    let next: string | undefined;
    for (let j = 0; j < k; j++) {
      const key = (parts[j] as { map: StringMultiMap }).map.keys[cursors[j] as number];
      if (key !== undefined && (next === undefined || key < next)) next = key;
    }
    if (next === undefined) break;
    group.length = 0;
    for (let j = 0; j < k; j++) {
      const { map, valueMap } = parts[j] as { map: StringMultiMap; valueMap: Int32Array };
      const c = cursors[j] as number;
      if (map.keys[c] !== next) continue;
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
      if (v !== last) values.push(v);
      last = v;
    }
    keys.push(next);
    offsets.push(values.length);
  }
  return { keys, offsets: offsets.toArray(), values: values.toArray() };
}
