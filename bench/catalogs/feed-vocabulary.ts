// The words of the second catalog (feed-catalog.ts), written for it and sharing nothing with
// src/sample-catalog: the product types, brands, model numbers and attributes of the Ukrainian shop
// feeds (prom.ua and Rozetka YML exports) as their names read: "Смартфон Blackview BV9300 Pro
// 12/256GB Black (6931548313588)", "Женская кожаная сумка Borsa Leather 1t9036-black",
// "Моторна олива Motul 8100 X-clean 5W-40 5 л". Brands are in Latin only, as the feeds write
// them; no Cyrillic spelling of a brand is in the catalog. Every text is "uk|ru".

/** A text in Ukrainian and Russian. */
export type Pair = readonly [uk: string, ru: string];

/** "чорний|черный" -> ["чорний", "черный"]; a text without "|" is the same in both. */
export const pair = (text: string): Pair => {
  const [uk = "", ru = uk] = text.split("|");
  return [uk, ru];
};

export interface FeedParam {
  key: string;
  name: Pair;
  /** Values in both languages, or the same text in both (sizes, numbers, Latin words). */
  values: readonly Pair[];
  filter: boolean;
  /**
   * Where the name carries the value: "type" beside the product type ("Сумка жіноча
   * шкіряна", or before it in Russian feeds' order "Женская кожаная сумка"), "spec" after the
   * model ("12/256GB", "24 см"), absent: only in the product's attributes.
   */
  at?: "type" | "spec";
}

export interface FeedKind {
  slug: string;
  /** Index into ROOTS. */
  root: number;
  /** The category's name (plural, as shop menus have them). */
  category: Pair;
  /** The type word(s) that open a product's name. */
  type: Pair;
  weight: number;
  vendors: readonly string[];
  /** "#" a digit, "@" a capital letter. */
  models: readonly string[];
  params: readonly FeedParam[];
  /** Price range in UAH. */
  price: readonly [number, number];
}

const values = (text: string): Pair[] => text.split(";").map((v) => pair(v.trim()));

const param = (
  key: string,
  name: string,
  list: string,
  options: { filter?: boolean; at?: "type" | "spec" } = {},
): FeedParam => ({
  key,
  name: pair(name),
  values: values(list),
  filter: options.filter ?? true,
  ...(options.at ? { at: options.at } : {}),
});

const COLOR = param(
  "color",
  "Колір|Цвет",
  "чорний|черный; білий|белый; сірий|серый; синій|синий; зелений|зеленый; червоний|красный; бежевий|бежевый; рожевий|розовый",
);
const COUNTRY = param(
  "country",
  "Країна виробництва|Страна производства",
  "Китай; Україна|Украина; Польща|Польша; Німеччина|Германия; Туреччина|Турция",
  { filter: false },
);

export const ROOTS: readonly Pair[] = [
  pair("Смартфони та гаджети|Смартфоны и гаджеты"),
  pair("Одяг, взуття, аксесуари|Одежда, обувь, аксессуары"),
  pair("Дім і кухня|Дом и кухня"),
  pair("Побутова техніка|Бытовая техника"),
  pair("Інструменти та автотовари|Инструменты и автотовары"),
  pair("Краса, зоотовари, дитячі товари|Красота, зоотовары, детские товары"),
];

export const KINDS: readonly FeedKind[] = [
  {
    slug: "phone",
    root: 0,
    category: pair("Захищені смартфони|Защищенные смартфоны"),
    type: pair("Смартфон|Смартфон"),
    weight: 6,
    vendors: ["Blackview", "Doogee", "Ulefone", "Oukitel", "Cubot", "Umidigi", "Hotwav"],
    models: [
      "BV##00 Pro",
      "BV##00",
      "S## Pro",
      "Armor ##",
      "Armor ##T",
      "WP##",
      "KingKong #",
      "V## Max",
      "Bison #",
    ],
    params: [
      param("memory", "Пам'ять|Память", "4/64GB; 6/128GB; 8/256GB; 12/256GB; 16/512GB", {
        at: "spec",
      }),
      param("thermal", "Тепловізор|Тепловизор", "з тепловізором|с тепловизором", { at: "type" }),
      COLOR,
      param(
        "battery",
        "Ємність акумулятора|Емкость аккумулятора",
        "6580 мАг|6580 мАч; 10000 мАг|10000 мАч; 15500 мАг|15500 мАч; 22000 мАг|22000 мАч",
      ),
    ],
    price: [3500, 32000],
  },
  {
    slug: "smartwatch",
    root: 0,
    category: pair("Смарт-годинники|Смарт-часы"),
    type: pair("Смарт-годинник|Смарт-часы"),
    weight: 3,
    vendors: ["Amazfit", "Mibro", "Kieslect", "Zeblaze", "Haylou", "Kospet"],
    models: ["GTR #", "Bip # Pro", "Active #", "Lite #", "Tank M#", "Vibe # Pro", "Solar LS0#"],
    params: [COLOR, param("screen", "Екран|Экран", "AMOLED; IPS; TFT")],
    price: [900, 9000],
  },
  {
    slug: "earbuds",
    root: 0,
    category: pair("Бездротові навушники|Беспроводные наушники"),
    type: pair("Навушники бездротові TWS|Наушники беспроводные TWS"),
    weight: 4,
    vendors: ["Baseus", "QCY", "Edifier", "SoundPEATS", "Tronsmart", "Haylou"],
    models: ["Bowie E#", "T## ANC", "W## Pro", "TWS NeoBuds", "Air #", "Capsule #", "Mini #"],
    params: [COLOR, param("anc", "Шумозаглушення|Шумоподавление", "так|да; ні|нет")],
    price: [400, 5000],
  },
  {
    slug: "powerbank",
    root: 0,
    category: pair("Павербанки|Повербанки"),
    type: pair("Павербанк|Повербанк"),
    weight: 4,
    vendors: ["Baseus", "Ugreen", "Promate", "Romoss", "Xo", "Gelius"],
    models: ["Bipow #0W", "Adaman #", "PB##", "Magnetic M##", "Sense #", "Pro Edge #"],
    params: [
      param("capacity", "Ємність|Емкость", "10000mAh; 20000mAh; 30000mAh; 40000mAh", {
        at: "spec",
      }),
      param("power", "Потужність|Мощность", "20W; 22.5W; 65W; 100W", { at: "spec" }),
      COLOR,
    ],
    price: [500, 4500],
  },
  {
    slug: "charger",
    root: 0,
    category: pair("Зарядні пристрої|Зарядные устройства"),
    type: pair("Зарядний пристрій|Зарядное устройство"),
    weight: 3,
    vendors: ["Ugreen", "Baseus", "Gelius", "Essager", "Proove"],
    models: ["Nexode ##W", "GaN# Pro", "CD###", "Silicone #", "Rapid #C"],
    params: [
      param("power", "Потужність|Мощность", "20W; 33W; 45W; 65W; 100W; 140W", { at: "spec" }),
      COLOR,
    ],
    price: [250, 3500],
  },
  {
    slug: "case",
    root: 0,
    category: pair("Чохли для телефонів|Чехлы для телефонов"),
    type: pair("Чохол-книжка|Чехол-книжка"),
    weight: 4,
    vendors: ["ArmorStandart", "BeCover", "Spigen", "Nillkin", "Dux Ducis"],
    models: ["G-Case ##", "Skin Pro ##", "Qin Pro", "Tough Armor ##", "Magnet #"],
    params: [
      param(
        "for",
        "Сумісність|Совместимость",
        "Samsung Galaxy A54; Samsung Galaxy A15; Xiaomi Redmi Note 13; iPhone 15; iPhone 13; Motorola G84",
        { at: "spec" },
      ),
      param(
        "material",
        "Матеріал|Материал",
        "шкіряний|кожаный; силіконовий|силиконовый; еко-шкіра|экокожа",
        { at: "type" },
      ),
      COLOR,
    ],
    price: [150, 1500],
  },
  {
    slug: "watch",
    root: 1,
    category: pair("Наручні годинники|Наручные часы"),
    type: pair("Годинник наручний|Часы наручные"),
    weight: 4,
    vendors: ["Casio", "Invicta", "Orient", "Citizen", "Seiko", "Skmei", "Naviforce"],
    models: [
      "MTP-1###D-1A",
      "GA-2100-1A",
      "8926OB Pro Diver",
      "RA-AA00##B",
      "NJ01##-5",
      "SRPD##K1",
      "NF9###",
    ],
    params: [
      param("gender", "Стать|Пол", "чоловічий|мужские; жіночий|женские", { at: "type" }),
      param(
        "mechanism",
        "Механізм|Механизм",
        "кварцовий|кварцевый; механічний|механический; автоматичний|автоматический",
      ),
      param("water", "Водозахист|Водозащита", "WR50; WR100; WR200"),
      COUNTRY,
    ],
    price: [900, 28000],
  },
  {
    slug: "bag",
    root: 1,
    category: pair("Жіночі сумки|Женские сумки"),
    type: pair("Сумка|Сумка"),
    weight: 5,
    vendors: [
      "Borsa Leather",
      "Grande Pelle",
      "Tiding Bag",
      "Ricco Grande",
      "Vito Torelli",
      "Alex Rai",
    ],
    models: ["1t9036-@", "K1####", "M#####", "GM##-###", "B##-###", "#-### crossbody"],
    params: [
      param("gender", "Стать|Пол", "жіноча|женская", { at: "type" }),
      param(
        "material",
        "Матеріал|Материал",
        "шкіряна|кожаная; замшева|замшевая; текстильна|текстильная",
        { at: "type" },
      ),
      COLOR,
      COUNTRY,
    ],
    price: [600, 9000],
  },
  {
    slug: "sneakers",
    root: 1,
    category: pair("Кросівки|Кроссовки"),
    type: pair("Кросівки|Кроссовки"),
    weight: 6,
    vendors: ["Kappa", "Fila", "Salomon", "Merrell", "Joma", "Lonsdale", "Erke"],
    models: [
      "Authentic ##",
      "Disruptor #",
      "XT-# GTX",
      "Moab #",
      "Tempo ##",
      "Speedcross #",
      "Vapor ##",
    ],
    params: [
      param("gender", "Стать|Пол", "чоловічі|мужские; жіночі|женские", { at: "type" }),
      param("size", "Розмір|Размер", "38; 39; 40; 41; 42; 43; 44; 45"),
      COLOR,
      param("season", "Сезон", "літні|летние; демісезонні|демисезонные"),
    ],
    price: [1200, 8500],
  },
  {
    slug: "jacket",
    root: 1,
    category: pair("Куртки|Куртки"),
    type: pair("Куртка|Куртка"),
    weight: 5,
    vendors: ["Avecs", "Freever", "Remain", "Alpine Pro", "Northland", "Vivacana"],
    models: ["AV-70###", "GF-#####", "##-### Parka", "Nordic #", "Hybrid ##"],
    params: [
      param("gender", "Стать|Пол", "чоловіча|мужская; жіноча|женская", { at: "type" }),
      param("season", "Сезон", "зимова|зимняя; демісезонна|демисезонная", { at: "type" }),
      param("size", "Розмір|Размер", "S; M; L; XL; XXL; 3XL"),
      COLOR,
    ],
    price: [1500, 9000],
  },
  {
    slug: "boots",
    root: 1,
    category: pair("Черевики|Ботинки"),
    type: pair("Черевики|Ботинки"),
    weight: 4,
    vendors: ["Forester", "Rieker", "Caterpillar", "Timberland", "Tigina", "Lowa"],
    models: ["##-###", "Colorado #", "Premium 6 Inch", "Renegade GTX", "M#### Ice"],
    params: [
      param("gender", "Стать|Пол", "чоловічі|мужские; жіночі|женские", { at: "type" }),
      param("season", "Сезон", "зимові|зимние; демісезонні|демисезонные", { at: "type" }),
      param("size", "Розмір|Размер", "37; 38; 39; 40; 41; 42; 43; 44; 45"),
      param("material", "Матеріал|Материал", "натуральна шкіра|натуральная кожа; нубук; замша"),
    ],
    price: [1800, 12000],
  },
  {
    slug: "cookware",
    root: 2,
    category: pair("Набори посуду|Наборы посуды"),
    type: pair("Набір посуду|Набор посуды"),
    weight: 3,
    vendors: ["Ringel", "Bergner", "Berlinger Haus", "Gipfel", "Rondell"],
    models: ["Kaiserin", "Prime", "Black Rose", "Favorit #", "Gastronom"],
    params: [
      param(
        "pieces",
        "Кількість предметів|Количество предметов",
        "6 предметів|6 предметов; 8 предметів|8 предметов; 10 предметів|10 предметов; 12 предметів|12 предметов",
        { at: "spec" },
      ),
      param(
        "material",
        "Матеріал|Материал",
        "нержавіюча сталь|нержавеющая сталь; алюміній|алюминий; чавун|чугун",
      ),
    ],
    price: [1500, 12000],
  },
  {
    slug: "pan",
    root: 2,
    category: pair("Сковорідки|Сковороды"),
    type: pair("Сковорода|Сковорода"),
    weight: 4,
    vendors: ["Biol", "Kamille", "Ringel", "Gipfel", "Ardesto", "Flonal"],
    models: ["Gourmet", "Granit #", "Pro ##", "Ultra", "Black Mars", "Dakota"],
    params: [
      param("diameter", "Діаметр|Диаметр", "20 см; 24 см; 26 см; 28 см", { at: "spec" }),
      param(
        "coating",
        "Покриття|Покрытие",
        "антипригарна|антипригарная; гранітна|гранитная; керамічна|керамическая",
        { at: "type" },
      ),
    ],
    price: [350, 3500],
  },
  {
    slug: "bedding",
    root: 2,
    category: pair("Постільна білизна|Постельное белье"),
    type: pair("Комплект постільної білизни|Комплект постельного белья"),
    weight: 4,
    vendors: ["Viluta", "Tag Tekstil", "Home Line", "Cosas", "Lotus Home"],
    models: ["Ranfors ####", "Satin ###", "Premium ##", "Soft Line ##"],
    params: [
      param(
        "size",
        "Розмір|Размер",
        "полуторний|полуторный; двоспальний|двуспальный; євро|евро; сімейний|семейный",
        { at: "spec" },
      ),
      param("fabric", "Тканина|Ткань", "бязь; сатин; ранфорс; бавовна|хлопок"),
    ],
    price: [700, 4500],
  },
  {
    slug: "robot-vacuum",
    root: 3,
    category: pair("Роботи-пилососи|Роботы-пылесосы"),
    type: pair("Робот-пилосос|Робот-пылесос"),
    weight: 3,
    vendors: ["Roborock", "Dreame", "Ecovacs", "iRobot", "Rowenta", "Midea"],
    models: [
      "S# MaxV",
      "Q# Max+",
      "D## Plus Gen 2",
      "L## Ultra",
      "Deebot T## Omni",
      "Roomba Combo j#",
      "X-plorer Serie ##",
    ],
    params: [
      param("pets", "Для тварин|Для животных", "так|да; ні|нет"),
      param("mopping", "Вологе прибирання|Влажная уборка", "так|да; ні|нет"),
      COLOR,
    ],
    price: [6000, 45000],
  },
  {
    slug: "vacuum",
    root: 3,
    category: pair("Пилососи|Пылесосы"),
    type: pair("Пилосос|Пылесос"),
    weight: 3,
    vendors: ["Thomas", "Karcher", "Zelmer", "Ardesto", "Gorenje", "Beko"],
    models: ["DryBox Amfibia", "VC # Cordless", "ZVC###", "VCS-####", "Aqua+ Multi Clean"],
    params: [
      param(
        "kind",
        "Тип",
        "з контейнером|с контейнером; з мішком|с мешком; з аквафільтром|с аквафильтром",
        { at: "spec" },
      ),
      param("power", "Потужність|Мощность", "700 Вт; 1600 Вт; 2000 Вт; 2400 Вт"),
    ],
    price: [2500, 19000],
  },
  {
    slug: "kettle",
    root: 3,
    category: pair("Електрочайники|Электрочайники"),
    type: pair("Електрочайник|Электрочайник"),
    weight: 4,
    vendors: ["Ardesto", "Sencor", "Russell Hobbs", "Vinis", "Gorenje", "Concept"],
    models: ["EKL-###", "SWK ####", "Luna ##", "VK-####", "K##"],
    params: [
      param("volume", "Об'єм|Объем", "1 л; 1.5 л; 1.7 л; 2 л", { at: "spec" }),
      param(
        "body",
        "Корпус",
        "скляний|стеклянный; металевий|металлический; пластиковий|пластиковый",
        { at: "type" },
      ),
      COLOR,
    ],
    price: [500, 4500],
  },
  {
    slug: "fridge",
    root: 3,
    category: pair("Холодильники|Холодильники"),
    type: pair("Холодильник|Холодильник"),
    weight: 3,
    vendors: ["Liebherr", "Beko", "Snaige", "Atlant", "Hisense", "Candy"],
    models: ["CNd ####", "RCNA###", "RF##-SM", "XM ####-###", "RB###N4"],
    params: [
      param("system", "Система|Система", "No Frost; крапельна|капельная", { at: "spec" }),
      param("height", "Висота|Высота", "185 см; 201 см; 150 см"),
      COLOR,
    ],
    price: [9000, 60000],
  },
  {
    slug: "monitor",
    root: 0,
    category: pair("Монітори|Мониторы"),
    type: pair("Монітор|Монитор"),
    weight: 3,
    vendors: ["AOC", "Iiyama", "MSI", "Gigabyte", "ViewSonic", "Philips"],
    models: ["##G2U", "G-Master GB####HSU", "MAG ###QF", "M##Q", "VX####-2K", "###E1"],
    params: [
      param("diagonal", "Діагональ|Диагональ", '23.8"; 27"; 31.5"; 34"', { at: "spec" }),
      param("refresh", "Частота оновлення|Частота обновления", "75 Гц; 144 Гц; 165 Гц; 240 Гц", {
        at: "spec",
      }),
      param("use", "Призначення|Назначение", "ігровий|игровой; офісний|офисный", { at: "type" }),
    ],
    price: [3500, 25000],
  },
  {
    slug: "thermal",
    root: 4,
    category: pair("Тепловізори|Тепловизоры"),
    type: pair("Тепловізор|Тепловизор"),
    weight: 2,
    vendors: ["Hikmicro", "InfiRay", "Seek Thermal", "Guide", "Pulsar"],
    models: ["Lynx Pro LH##", "Eye II E#", "Falcon FQ##", "Compact XR", "TD### Pro", "Axion XM##"],
    params: [
      param("resolution", "Роздільна здатність|Разрешение", "256x192; 384x288; 640x512", {
        at: "spec",
      }),
      param("use", "Призначення|Назначение", "мисливський|охотничий; будівельний|строительный", {
        at: "type",
      }),
    ],
    price: [9000, 120000],
  },
  {
    slug: "drill",
    root: 4,
    category: pair("Шуруповерти|Шуруповерты"),
    type: pair("Шуруповерт акумуляторний|Шуруповерт аккумуляторный"),
    weight: 4,
    vendors: ["Dnipro-M", "Einhell", "Ryobi", "Metabo", "Vitals", "Hyundai"],
    models: ["CD-###BC", "TE-CD 18/40 Li", "R18DD#-0", "BS 18 L", "Aku #### Professional"],
    params: [
      param("voltage", "Напруга|Напряжение", "12 В; 18 В; 20 В", { at: "spec" }),
      param("battery", "Акумулятор|Аккумулятор", "2 Ач; 4 Ач; без АКБ", { at: "spec" }),
    ],
    price: [1200, 9000],
  },
  {
    slug: "generator",
    root: 4,
    category: pair("Генератори|Генераторы"),
    type: pair("Генератор бензиновий|Генератор бензиновый"),
    weight: 3,
    vendors: ["Konner&Sohnen", "Rato", "Matari", "Vitals", "Hyundai", "EnerSol"],
    models: ["KS ####iE", "R#### D", "MX####E", "Master KLS #.#b", "HHY ####FE"],
    params: [
      param("power", "Потужність|Мощность", "2.8 кВт; 3.5 кВт; 5.5 кВт; 7.5 кВт", { at: "spec" }),
      param("start", "Запуск", "ручний|ручной; електростартер|электростартер"),
    ],
    price: [9000, 75000],
  },
  {
    slug: "station",
    root: 4,
    category: pair("Зарядні станції|Зарядные станции"),
    type: pair("Зарядна станція|Зарядная станция"),
    weight: 3,
    vendors: ["EcoFlow", "Bluetti", "Jackery", "Allpowers", "Zendure"],
    models: ["River # Pro", "Delta #", "EB##A", "Explorer ####", "AC###", "SuperBase #"],
    params: [
      param(
        "capacity",
        "Ємність|Емкость",
        "268 Вт·год|268 Вт·ч; 768 Вт·год|768 Вт·ч; 1024 Вт·год|1024 Вт·ч; 2048 Вт·год|2048 Вт·ч",
        { at: "spec" },
      ),
    ],
    price: [9000, 90000],
  },
  {
    slug: "tyre",
    root: 4,
    category: pair("Шини|Шины"),
    type: pair("Шина|Шина"),
    weight: 4,
    vendors: ["Nokian", "Continental", "Hankook", "Premiorri", "Kumho", "Rosava"],
    models: [
      "Hakkapeliitta R#",
      "WinterContact TS 8##",
      "Winter i*cept RS#",
      "ViaMaggiore Z Plus",
      "WinterCraft WP##",
    ],
    params: [
      param("size", "Типорозмір|Типоразмер", "205/55 R16; 195/65 R15; 215/60 R17; 225/45 R18", {
        at: "spec",
      }),
      param(
        "season",
        "Сезонність|Сезонность",
        "зимова|зимняя; літня|летняя; всесезонна|всесезонная",
        { at: "type" },
      ),
    ],
    price: [1800, 9000],
  },
  {
    slug: "oil",
    root: 4,
    category: pair("Моторні оливи|Моторные масла"),
    type: pair("Моторна олива|Моторное масло"),
    weight: 3,
    vendors: ["Motul", "Liqui Moly", "Shell", "Mobil", "Total", "Ravenol"],
    models: ["8100 X-clean", "Top Tec ####", "Helix Ultra", "Super 3000", "Quartz INEO", "VST"],
    params: [
      param("viscosity", "В'язкість|Вязкость", "5W-30; 5W-40; 0W-20; 10W-40", { at: "spec" }),
      param("volume", "Об'єм|Объем", "1 л; 4 л; 5 л", { at: "spec" }),
    ],
    price: [350, 3500],
  },
  {
    slug: "perfume",
    root: 5,
    category: pair("Парфумерія|Парфюмерия"),
    type: pair("Парфумована вода|Парфюмированная вода"),
    weight: 4,
    vendors: ["Lattafa", "Maison Alhambra", "Armaf", "Rasasi", "Ajmal", "Afnan"],
    models: ["Khamrah", "Club de Nuit Intense", "Asad", "Hawas", "Yara", "9pm", "Shaghaf Oud"],
    params: [
      param("gender", "Стать|Пол", "чоловіча|мужская; жіноча|женская; унісекс|унисекс", {
        at: "type",
      }),
      param("ml", "Об'єм|Объем", "50 мл; 80 мл; 100 мл", { at: "spec" }),
    ],
    price: [700, 5000],
  },
  {
    slug: "cat-food",
    root: 5,
    category: pair("Корм для котів|Корм для кошек"),
    type: pair("Сухий корм для котів|Сухой корм для кошек"),
    weight: 4,
    vendors: ["Royal Canin", "Purina Pro Plan", "Brit Care", "Josera", "Club 4 Paws", "Optimeal"],
    models: ["Sterilised", "Indoor", "Kitten", "Hair&Skin", "Adult Chicken", "Urinary Care"],
    params: [param("weight", "Вага|Вес", "400 г; 1.5 кг; 2 кг; 4 кг; 10 кг", { at: "spec" })],
    price: [150, 4500],
  },
  {
    slug: "bricks",
    root: 5,
    category: pair("Конструктори|Конструкторы"),
    type: pair("Конструктор|Конструктор"),
    weight: 3,
    vendors: ["Cobi", "Sluban", "Cada", "Mould King", "Wange"],
    models: ["Technic C6####", "M38-B####", "COBI-####", "Mould #####", "Architecture ####"],
    params: [
      param(
        "pieces",
        "Кількість деталей|Количество деталей",
        "250 деталей; 560 деталей; 1249 деталей; 2080 деталей",
        { at: "spec" },
      ),
      param("age", "Вік|Возраст", "6+; 8+; 12+; 14+"),
    ],
    price: [300, 7000],
  },
  {
    slug: "stroller",
    root: 5,
    category: pair("Дитячі коляски|Детские коляски"),
    type: pair("Коляска дитяча|Коляска детская"),
    weight: 2,
    vendors: ["Carrello", "Bair", "Anex", "Tutis", "Cybex", "El Camino"],
    models: [
      "Epica CRL-####",
      "Ultima Plus",
      "m/type",
      "Viva Life",
      "Balios S Lux",
      "Dynamic ME ####",
    ],
    params: [param("kind", "Тип", "прогулянкова|прогулочная; 2 в 1; 3 в 1", { at: "type" }), COLOR],
    price: [5000, 40000],
  },
];

/** Words of shop names that say nothing about the product: openers and closers of a name. */
export const OPENERS: readonly Pair[] = values(
  "ХІТ!|ХИТ!; Новинка 2024|Новинка 2024; Оригінал|Оригинал; ТОП продажів|ТОП продаж; Акція!|Акция!; Premium",
);
export const CLOSERS: readonly Pair[] = values(
  "+ Подарунок|+ Подарок; / Офіційна гарантія|/ Официальная гарантия; - Гарантія 12 міс|- Гарантия 12 мес; (Безкоштовна доставка)|(Бесплатная доставка); 100% оригінал|100% оригинал; в наявності|в наличии",
);
/** Colours as feeds append them to names: in English, whatever the name's language. */
export const ENGLISH_COLORS: ReadonlyMap<string, string> = new Map([
  ["чорний", "Black"],
  ["білий", "White"],
  ["сірий", "Gray"],
  ["синій", "Blue"],
  ["зелений", "Green"],
  ["червоний", "Red"],
  ["бежевий", "Beige"],
  ["рожевий", "Pink"],
]);
export const PHRASES: readonly Pair[] = values(
  "Швидка доставка Новою Поштою по всій Україні|Быстрая доставка Новой Почтой по всей Украине; Офіційна гарантія виробника|Официальная гарантия производителя; Найкраща ціна в інтернет-магазині|Лучшая цена в интернет-магазине; Оплата при отриманні|Оплата при получении",
);

/** The feed store's warehouses (external ids), none of src/sample-catalog's. */
export const FEED_WAREHOUSES = [
  "sklad-kyiv",
  "sklad-lviv",
  "sklad-odesa",
  "np-dnipro",
  "partner-1",
];
export const FEED_SHOP_URL = "https://feed-shop.example";
