// Ids of filter attributes and values: derived from their text, so they are the same after a
// restart, a rebuild, or on another node, without storing a mapping anywhere.

const MASK_53 = 0x1fffffffffffffn;

/** wyhash folded to 53 bits, so the id is exact as a JSON/JavaScript number. */
export function hash53(text: string): number {
  return Number(BigInt.asUintN(64, BigInt(Bun.hash.wyhash(text))) & MASK_53);
}

/** Stable for (language, attribute name). */
export function attributeId(language: string, name: string): number {
  return hash53(`a\u0000${language}\u0000${name}`);
}

/** Stable for (attribute, value). */
export function valueId(attribute: number, value: string): number {
  return hash53(`v\u0000${attribute}\u0000${value}`);
}
