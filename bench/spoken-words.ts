// How Ukrainian and Russian shoppers write Latin brands and model words in Cyrillic: as the
// words sound, not letter by letter (JBL is "джейбіел", Acer is "ейсер", iPhone is "айфон").
// These are the judgments of the brand-cyrillic class; they are deliberately NOT in the
// catalog (vocabulary.ts gives a few vendors keywords, often spelled differently), so the
// engine has to get from one script to the other on its own.

/** Lower-case Latin word or vendor -> [uk, ru] spelling. */
export const SPOKEN: ReadonlyMap<string, readonly [string, string]> = new Map(
  `jbl:джейбіел|джейбиэль; acer:ейсер|эйсер; huawei:хуавей|хуавэй; puma:пума|пума;
  logitech:логітек|логитек; google:гугл|гугл; pixel:піксель|пиксель; apple:еппл|эппл;
  iphone:айфон|айфон; ipad:айпад|айпад; macbook:макбук|макбук; airpods:ейрподс|эйрподс;
  watch:вотч|вотч; galaxy:гелексі|гэлакси; redmi:редмі|редми; xiaomi:ксяомі|ксиаоми;
  samsung:самсунг|самсунг; nike:найкі|найки; adidas:адідас|адидас; sony:соні|сони;
  marshall:маршал|маршал; sennheiser:сенхайзер|сеннхайзер; razer:рейзер|рейзер;
  lenovo:леново|леново; thinkpad:сінкпед|синкпэд; ideapad:айдіапед|айдиапэд; asus:асус|асус;
  dell:делл|делл; philips:філіпс|филипс; bosch:бош|бош; dyson:дайсон|дайсон;
  garmin:гармін|гармин; canon:кенон|кэнон; motorola:моторола|моторола; nokia:нокія|нокия;
  columbia:коламбія|коламбия; reebok:рібок|рибок; skechers:скечерс|скечерс;
  lacoste:лакост|лакост; asics:асікс|асикс; anker:анкер|анкер; stanley:стенлі|стэнли;
  lavazza:лавацца|лавацца; jacobs:якобс|якобс; nivea:нівея|нивея; garnier:гарньє|гарнье;
  makita:макіта|макита; dewalt:деволт|деволт; lego:лего|лего; tefal:тефаль|тефаль;
  braun:браун|браун; delonghi:делонгі|делонги; electrolux:електролюкс|электролюкс;
  whirlpool:вірпул|вирпул; gorenje:горене|горене; indesit:індезіт|индезит;
  ariston:арістон|аристон; rowenta:ровента|ровента; kenwood:кенвуд|кенвуд;
  microsoft:майкрософт|майкрософт; xbox:іксбокс|иксбокс; playstation:плейстейшн|плейстейшн;
  nintendo:нінтендо|нинтендо; switch:світч|свитч; lipton:ліптон|липтон;
  greenfield:грінфілд|гринфилд; michelin:мішлен|мишлен; castrol:кастрол|кастрол;
  pampers:памперс|памперс; huggies:хагіс|хаггис; barbie:барбі|барби; hasbro:хасбро|хасбро;
  chicco:чікко|чикко; tommy hilfiger:томмі хілфігер|томми хилфигер;
  calvin klein:кельвін кляйн|кельвин кляйн; new balance:нью беланс|нью бэланс;
  under armour:андер армор|андер армор; harman kardon:харман кардон|харман кардон;
  air:ейр|эйр; max:макс|макс; pro:про|про; mini:міні|мини; note:ноут|ноут; buds:бадс|бадс`
    .split(";")
    .map((entry) => {
      const [latin = "", spellings = ""] = entry.split(":");
      const [uk = "", ru = uk] = spellings.split("|");
      return [latin.trim(), [uk.trim(), ru.trim()] as const];
    }),
);

/** The spoken Cyrillic spelling of a Latin word or vendor in uk or ru, if shoppers have one. */
export function spoken(latin: string, language: "uk" | "ru"): string | undefined {
  const spellings = SPOKEN.get(latin.toLowerCase());
  return spellings && (language === "uk" ? spellings[0] : spellings[1]);
}

/** Russian words a catalog writes with е where ё is meant (shoppers type either). */
export const YO_WORDS: ReadonlyMap<string, string> = new Map(
  [
    "черный:чёрный",
    "зеленый:зелёный",
    "желтый:жёлтый",
    "темно-синий:тёмно-синий",
    "теплый:тёплый",
    "легкий:лёгкий",
    "щетка:щётка",
    "елка:ёлка",
    "самолет:самолёт",
    "ковер:ковёр",
    "емкость:ёмкость",
    "трехколесный:трёхколёсный",
    "стеганое:стёганое",
  ].map((pair) => pair.split(":") as [string, string]),
);
