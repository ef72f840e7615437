// The variant groups of n docs as small numbers (group_variants): docs of one group key
// (segment.ts groupKeyOf, its main-variant bit aside) get one ordinal, in the order first met;
// a doc of key 0 has no group (-1). An open-addressing table on typed arrays: a category page
// numbers 100,000 docs, where a Map of float keys cost most of the collapse.

/**
 * The table, reused from call to call (search is synchronous): a slot is taken in this call
 * when its stamp is the call's generation, so the table is never cleared.
 */
let slots = new Int32Array(0);
let slotKeys = new Float64Array(0);
let stamps = new Uint32Array(0);
let generation = 0;

/** Per doc i < n of `keys`, its group's ordinal (-1: none); and how many groups there are. */
export function groupOrdinals(
  keys: Float64Array,
  n: number,
): { ordinal: Int32Array; count: number } {
  let size = 16;
  while (size < n * 2) size *= 2;
  if (slots.length < size || generation === 0xffffffff) {
    slots = new Int32Array(Math.max(size, slots.length));
    slotKeys = new Float64Array(slots.length);
    stamps = new Uint32Array(slots.length);
    generation = 0;
  }
  const mask = size - 1;
  const now = ++generation;
  const ordinal = new Int32Array(n);
  let count = 0;
  for (let i = 0; i < n; i++) {
    const key = keys[i] as number;
    if (key === 0) {
      ordinal[i] = -1;
      continue;
    }
    const group = Math.floor(key / 2);
    // The low 32 bits of the hashed group id are as well spread as any.
    let s = (group >>> 0) & mask;
    for (;;) {
      if (stamps[s] !== now) {
        stamps[s] = now;
        slots[s] = count;
        slotKeys[s] = group;
        ordinal[i] = count++;
        break;
      }
      if (slotKeys[s] === group) {
        ordinal[i] = slots[s] as number;
        break;
      }
      s = (s + 1) & mask;
    }
  }
  return { ordinal, count };
}

/**
 * The docs of each group side by side, by counting sort (CSR): group g's docs, in doc order,
 * are items[offsets[g] .. offsets[g + 1]); docs of no group (-1) are left out.
 */
export function groupMembers(
  ordinal: Int32Array,
  n: number,
  count: number,
): { offsets: Int32Array; items: Int32Array } {
  const offsets = new Int32Array(count + 1);
  for (let i = 0; i < n; i++) {
    const g = (ordinal[i] as number) + 1;
    if (g > 0) offsets[g] = (offsets[g] as number) + 1;
  }
  for (let g = 0; g < count; g++)
    offsets[g + 1] = (offsets[g + 1] as number) + (offsets[g] as number);
  const cursor = offsets.slice(0, count);
  const items = new Int32Array(offsets[count] as number);
  for (let i = 0; i < n; i++) {
    const g = ordinal[i] as number;
    if (g < 0) continue;
    const at = cursor[g] as number;
    items[at] = i;
    cursor[g] = at + 1;
  }
  return { offsets, items };
}
