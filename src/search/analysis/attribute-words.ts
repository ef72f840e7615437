// Attribute values shoppers type in any of the three languages whatever the shop's language:
// a colour, a gender or a season in English next to a Latin model name ("blue redmi pad se")
// must find the product whose colour the shop wrote only in Ukrainian ("Синій"). Each line is
// one value in Ukrainian, Russian and English (with the forms people write for it); a product's
// attribute value found here is also indexed under the other words of its line.

const LINES = `
чорний черный black
білий белый white
сірий серый gray grey
сріблястий серебристый silver
золотистий золотистый gold golden
червоний красный red
синій синий blue
блакитний голубой lightblue
зелений зеленый green
жовтий желтый yellow
рожевий розовый pink
фіолетовий фиолетовый purple violet
бежевий бежевый beige
коричневий коричневый brown
помаранчевий оранжевый orange
графітовий графитовый graphite
бірюзовий бирюзовый turquoise
чоловічий мужской men mens
жіночий женский women womens
унісекс унисекс unisex
дитячий детский kids children
зимові зимние winter
літні летние summer
демісезонні демисезонные demiseason
`;

const BY_VALUE: ReadonlyMap<string, readonly string[]> = (() => {
  const map = new Map<string, readonly string[]>();
  for (const line of LINES.trim().split("\n")) {
    const words = line.split(" ");
    for (const w of words)
      map.set(
        w,
        words.filter((o) => o !== w),
      );
  }
  return map;
})();

/** The value's words in the other languages, when it is one of the common values above. */
export function otherLanguageWords(value: string): readonly string[] {
  return BY_VALUE.get(value.trim().toLowerCase().replace(/ё/g, "е")) ?? NONE;
}

const NONE: readonly string[] = [];
