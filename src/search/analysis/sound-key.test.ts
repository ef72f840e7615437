import { describe, expect, test } from "bun:test";
import { cyrillicSoundKey, latinSoundKeys, pronounceable, slavicForm } from "./sound-key.ts";

// The sound key pairs a Latin brand with the Cyrillic spelling shoppers give it by ear, where
// letter-by-letter transliteration cannot (English spelling is not phonetic), and keeps apart
// words that do not sound alike.

/** Some reading of the Latin word has the Cyrillic word's key. */
function soundsAlike(cyrillic: string, latin: string): boolean {
  const c = cyrillicSoundKey(cyrillic);
  if (c === null) return false;
  return latinSoundKeys(latin).includes(c);
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
      ["мішелін", "michelin"],
      ["якобс", "jacobs"],
      ["делонгі", "delonghi"],
      ["лавацца", "lavazza"],
      ["вірлпул", "whirlpool"],
      ["скечерс", "skechers"],
      // Issue 21: an English "ew" ends a vowel; a final e said; Italian c; German ch.
      ["блеквью", "blackview"],
      ["блэквью", "blackview"],
      ["дуджі", "doogee"],
      ["улефон", "ulefone"],
      ["касіо", "casio"],
      ["інвікта", "invicta"],
      ["реалмі", "realme"],
      ["міле", "miele"],
      ["нью", "new"],
      ["версаче", "versace"],
      ["керхер", "karcher"],
      ["ренглер", "wrangler"],
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

  test("the keys themselves: vowel runs as V, classes merged, runs collapsed", () => {
    expect(cyrillicSoundKey("епл")).toBe("Vpl");
    expect(cyrillicSoundKey("джейбіел")).toBe("JVbVl");
    expect(cyrillicSoundKey("гугл")).toBe("hVhl");
    expect(latinSoundKeys("google")).toEqual(["hVhl", "hVhlV"]);
    // ch is чай, tech or Michelin: one key per reading.
    expect(latinSoundKeys("chai")).toEqual(["CV", "kV", "SV"]);
    // A final e silent or said; "ew" a vowel.
    expect(latinSoundKeys("nike")).toEqual(["nVk", "nVkV"]);
    expect(latinSoundKeys("blackview")).toEqual(["blVkvV"]);
  });

  test("words that do not sound alike stay apart", () => {
    expect(soundsAlike("хяцува", "huawei")).toBe(false);
    expect(soundsAlike("найк", "nikon")).toBe(false);
    expect(soundsAlike("найк", "nokia")).toBe(false);
    expect(soundsAlike("пума", "puma")).toBe(true);
    expect(soundsAlike("пума", "pampers")).toBe(false);
    expect(soundsAlike("сяомі", "samsung")).toBe(false);
  });

  test("random letters are not pronounceable", () => {
    for (const word of ["епл", "джейбіел", "сяомі", "хуавей", "apple", "kholodylnik"])
      expect([word, pronounceable(word)]).toEqual([word, true]);
    for (const word of [
      "ьэюплэ",
      "ёйиья",
      "їуькм",
      "ыїа",
      "йъкуоо",
      "ушзюый",
      "ауиінш",
      "аоялєв",
      "bhggd",
      "xkcdpq",
    ])
      expect([word, pronounceable(word)]).toEqual([word, false]);
  });

  test("adjectives are Slavic words, not brands said", () => {
    for (const word of ["новий", "новый", "нової", "чорними"])
      expect([word, slavicForm(word)]).toEqual([word, true]);
    for (const word of ["хуавей", "сяомі", "епл", "найк"])
      expect([word, slavicForm(word)]).toEqual([word, false]);
  });

  test("only words of one script and letters", () => {
    expect(cyrillicSoundKey("epl")).toBeNull();
    expect(cyrillicSoundKey("епл1")).toBeNull();
    expect(latinSoundKeys("епл")).toEqual([]);
    expect(latinSoundKeys("a55")).toEqual([]);
  });
});
