import { describe, expect, test } from "bun:test";
import { cyrillicSoundKey, latinSoundKeys } from "./sound-key.ts";

// The sound key pairs a Latin brand with the Cyrillic spelling shoppers give it by ear, where
// letter-by-letter transliteration cannot (English spelling is not phonetic), and keeps apart
// words that do not sound alike.

/** Some reading of the Latin word has the Cyrillic word's key, within one syllable. */
function soundsAlike(cyrillic: string, latin: string): boolean {
  const c = cyrillicSoundKey(cyrillic);
  if (c === null) return false;
  return latinSoundKeys(latin).some(
    (k) => k.key === c.key && Math.abs(k.syllables - c.syllables) <= 1,
  );
}

describe("sound key", () => {
  test("brands as Ukrainians and Russians say them", () => {
    const pairs: [string, string][] = [
      ["ейсер", "acer"],
      ["асер", "acer"],
      ["хуавей", "huawei"],
      ["пума", "puma"],
      ["логітек", "logitech"],
      ["логитек", "logitech"],
      ["гугл", "google"],
      ["піксель", "pixel"],
      ["айфон", "iphone"],
      ["айпад", "ipad"],
      ["макбук", "macbook"],
      ["сяомі", "xiaomi"],
      ["ксиаоми", "xiaomi"],
      ["найк", "nike"],
      ["епл", "apple"],
      ["эпл", "apple"],
      ["мішлен", "michelin"],
      ["якобс", "jacobs"],
      ["делонгі", "delonghi"],
      ["лавацца", "lavazza"],
      ["вірлпул", "whirlpool"],
      ["скечерс", "skechers"],
    ];
    for (const [cyrillic, latin] of pairs)
      expect([cyrillic, soundsAlike(cyrillic, latin)]).toEqual([cyrillic, true]);
  });

  test("acronyms by their letters' names", () => {
    expect(soundsAlike("джейбіел", "jbl")).toBe(true);
    expect(soundsAlike("елджі", "lg")).toBe(true);
    expect(soundsAlike("ейчпі", "hp")).toBe(true);
    expect(soundsAlike("ашпі", "hp")).toBe(true);
  });

  test("the keys themselves: a leading vowel kept as A, classes merged, runs collapsed", () => {
    expect(cyrillicSoundKey("епл")).toEqual({ key: "Apl", syllables: 1 });
    expect(cyrillicSoundKey("джейбіел")).toEqual({ key: "Jbl", syllables: 2 });
    expect(cyrillicSoundKey("гугл")).toEqual({ key: "hl", syllables: 1 });
    expect(latinSoundKeys("google")).toEqual([{ key: "hl", syllables: 1 }]);
    // ch is чай, tech or Michelin: one key per reading.
    expect(latinSoundKeys("chai").map((k) => k.key)).toEqual(["C", "k", "S"]);
  });

  test("words that do not sound alike stay apart", () => {
    expect(soundsAlike("хяцува", "huawei")).toBe(false);
    expect(soundsAlike("найк", "nikon")).toBe(false);
    expect(soundsAlike("пума", "puma")).toBe(true);
    expect(soundsAlike("пума", "pampers")).toBe(false);
    expect(soundsAlike("сяомі", "samsung")).toBe(false);
  });

  test("only words of one script and letters", () => {
    expect(cyrillicSoundKey("epl")).toBeNull();
    expect(cyrillicSoundKey("епл1")).toBeNull();
    expect(latinSoundKeys("епл")).toEqual([]);
    expect(latinSoundKeys("a55")).toEqual([]);
  });
});
