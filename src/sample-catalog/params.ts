// Attributes (specification 2.3) that generated products carry, with names and values in
// uk, ru and en. A kind of product lists which of these it has (taxonomy-*.ts); values come
// from the kind's list or, when it gives none, from the defaults here.

import type { Language } from "./types.ts";

/** Text in uk, ru and en, in that order. */
export type Tri = readonly [string, string, string];

export const LANGS: readonly Language[] = ["uk", "ru", "en"];
export const langIndex = (language: Language): 0 | 1 | 2 =>
  language === "uk" ? 0 : language === "ru" ? 1 : 2;

/** "Колір|Цвет|Color" -> a Tri; a part left out repeats the previous one. */
export function tri(text: string): Tri {
  const [uk = "", ru = uk, en = ru] = text.split("|").map((s) => s.trim());
  return [uk, ru, en];
}

export interface EnumValue {
  key: string;
  names: Tri;
  /** `#RRGGBB` swatch, colors only. */
  hex?: string;
}

export interface ParamDef {
  key: string;
  names: Tri;
  /** Translated values; absent for plain values (numbers with a unit, model-like text). */
  values?: readonly EnumValue[];
  /** The same values by key. */
  byKey?: ReadonlyMap<string, EnumValue>;
  unit?: Tri;
  /** The unit follows the number without a space (55"). */
  tight?: boolean;
  filter: boolean;
  /** May differ between the variants of one group (is_variation). */
  variation?: boolean;
  /** Used when a kind names the attribute without values. */
  defaults: readonly string[];
}

/** "key:Uk|Ru|En|#hex, ..." -> values. */
function enumValues(spec: string): EnumValue[] {
  return spec
    .split(";")
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => {
      const colon = part.indexOf(":");
      const key = part.slice(0, colon);
      const [uk = "", ru = uk, en = ru, hex] = part.slice(colon + 1).split("|");
      return hex ? { key, names: [uk, ru, en], hex } : { key, names: [uk, ru, en] };
    });
}

const keysOf = (values: readonly EnumValue[]) => values.map((v) => v.key);

const COLORS = enumValues(`
  black:Чорний|Черный|Black|#000000; white:Білий|Белый|White|#FFFFFF;
  gray:Сірий|Серый|Gray|#808080; silver:Сріблястий|Серебристый|Silver|#C0C0C0;
  gold:Золотистий|Золотистый|Gold|#D4AF37; red:Червоний|Красный|Red|#E53935;
  blue:Синій|Синий|Blue|#1E88E5; navy:Темно-синій|Темно-синий|Navy|#1A237E;
  green:Зелений|Зеленый|Green|#43A047; yellow:Жовтий|Желтый|Yellow|#FDD835;
  pink:Рожевий|Розовый|Pink|#F06292; purple:Фіолетовий|Фиолетовый|Purple|#8E24AA;
  beige:Бежевий|Бежевый|Beige|#D7C9A7; brown:Коричневий|Коричневый|Brown|#6D4C41;
  orange:Помаранчевий|Оранжевый|Orange|#FB8C00; graphite:Графітовий|Графитовый|Graphite|#41424C;
  turquoise:Бірюзовий|Бирюзовый|Turquoise|#26A69A
`);

const MATERIALS = enumValues(`
  cotton:Бавовна|Хлопок|Cotton; polyester:Поліестер|Полиэстер|Polyester;
  wool:Вовна|Шерсть|Wool; linen:Льон|Лен|Linen; leather:Натуральна шкіра|Натуральная кожа|Leather;
  ecoleather:Екошкіра|Экокожа|Faux leather; denim:Денім|Деним|Denim;
  steel:Нержавіюча сталь|Нержавеющая сталь|Stainless steel; plastic:Пластик|Пластик|Plastic;
  glass:Скло|Стекло|Glass; wood:Дерево|Дерево|Wood; aluminium:Алюміній|Алюминий|Aluminium;
  ceramic:Кераміка|Керамика|Ceramic; textile:Текстиль|Текстиль|Textile; castiron:Чавун|Чугун|Cast iron;
  suede:Замша|Замша|Suede; rubber:Гума|Резина|Rubber
`);

const GENDERS = enumValues(`
  men:Чоловічий|Мужской|Men; women:Жіночий|Женский|Women; unisex:Унісекс|Унисекс|Unisex
`);

const CONNECTIONS = enumValues(`
  wireless:Бездротове|Беспроводное|Wireless; wired:Дротове|Проводное|Wired
`);

const COUNTRIES = enumValues(`
  china:Китай|Китай|China; ukraine:Україна|Украина|Ukraine; germany:Німеччина|Германия|Germany;
  poland:Польща|Польша|Poland; turkey:Туреччина|Турция|Turkey; vietnam:В'єтнам|Вьетнам|Vietnam;
  italy:Італія|Италия|Italy; korea:Південна Корея|Южная Корея|South Korea; japan:Японія|Япония|Japan;
  france:Франція|Франция|France; czechia:Чехія|Чехия|Czechia
`);

const AGES = enumValues(`
  baby:0+ міс.|0+ мес.|0+ months; toddler:1-3 роки|1-3 года|1-3 years;
  preschool:3-5 років|3-5 лет|3-5 years; school:6+ років|6+ лет|6+ years; teen:12+ років|12+ лет|12+ years
`);

const SEASONS = enumValues(`
  summer:Літні|Летние|Summer; winter:Зимові|Зимние|Winter; allseason:Всесезонні|Всесезонные|All-season
`);

const SKIN = enumValues(`
  all:Для всіх типів шкіри|Для всех типов кожи|All skin types; dry:Для сухої шкіри|Для сухой кожи|Dry skin;
  oily:Для жирної шкіри|Для жирной кожи|Oily skin; sensitive:Для чутливої шкіри|Для чувствительной кожи|Sensitive skin
`);

const PET_AGES = enumValues(`
  young:Для молодих тварин|Для молодых животных|Junior; adult:Для дорослих тварин|Для взрослых животных|Adult;
  senior:Для літніх тварин|Для пожилых животных|Senior
`);

function def(
  key: string,
  names: string,
  rest: Partial<Omit<ParamDef, "key" | "names" | "unit">> & { unit?: string | Tri } = {},
): ParamDef {
  const { unit: unitText, ...others } = rest;
  const unit = typeof unitText === "string" ? tri(unitText) : unitText;
  const values = rest.values;
  return {
    ...others,
    key,
    names: tri(names),
    ...(unit ? { unit } : {}),
    ...(values ? { byKey: new Map(values.map((v) => [v.key, v])) } : {}),
    filter: rest.filter ?? true,
    defaults: rest.defaults ?? (values ? keysOf(values) : []),
  };
}

const DEFS: ParamDef[] = [
  def("color", "Колір|Цвет|Color", { values: COLORS, variation: true }),
  def("material", "Матеріал|Материал|Material", { values: MATERIALS }),
  def("gender", "Стать|Пол|Gender", { values: GENDERS }),
  def("connection", "Тип підключення|Тип подключения|Connection", { values: CONNECTIONS }),
  def("country", "Країна-виробник|Страна-производитель|Country of origin", { values: COUNTRIES }),
  def("age", "Вік|Возраст|Age", { values: AGES }),
  def("season", "Сезон|Сезон|Season", { values: SEASONS }),
  def("skin", "Тип шкіри|Тип кожи|Skin type", { values: SKIN }),
  def("petage", "Вік тварини|Возраст животного|Pet age", { values: PET_AGES }),
  def("memory", "Вбудована пам'ять|Встроенная память|Storage", {
    unit: "ГБ|ГБ|GB",
    variation: true,
    defaults: ["64", "128", "256", "512"],
  }),
  def("ram", "Оперативна пам'ять|Оперативная память|RAM", {
    unit: "ГБ|ГБ|GB",
    defaults: ["4", "8", "16", "32"],
  }),
  def("diagonal", "Діагональ екрана|Диагональ экрана|Screen size", {
    unit: '"',
    tight: true,
    defaults: ["32", "43", "50", "55", "65", "75"],
  }),
  def("ssd", "Об'єм SSD|Объем SSD|SSD capacity", {
    unit: "ГБ|ГБ|GB",
    variation: true,
    defaults: ["256", "512", "1024"],
  }),
  def("vram", "Об'єм відеопам'яті|Объем видеопамяти|Video memory", {
    unit: "ГБ|ГБ|GB",
    defaults: ["8", "12", "16"],
  }),
  def("load", "Максимальне завантаження|Максимальная загрузка|Load capacity", {
    unit: "кг|кг|kg",
    defaults: ["6", "7", "8", "9"],
  }),
  def("diameter", "Діаметр|Диаметр|Diameter", { unit: "см|см|cm", defaults: ["20", "24", "28"] }),
  def("disc", "Діаметр диска|Диаметр диска|Disc diameter", {
    unit: "мм|мм|mm",
    defaults: ["125", "150", "190"],
  }),
  def("wheel", "Діаметр коліс|Диаметр колес|Wheel size", {
    unit: '"',
    tight: true,
    defaults: ["16", "20", "26", "29"],
  }),
  def("ah", "Ємність|Емкость|Capacity", { unit: "А·год|А·ч|Ah", defaults: ["60", "74", "100"] }),
  def("cpu", "Процесор|Процессор|Processor", {
    defaults: ["Intel Core i3", "Intel Core i5", "Intel Core i7", "AMD Ryzen 5", "AMD Ryzen 7"],
  }),
  def("resolution", "Роздільна здатність|Разрешение|Resolution", {
    defaults: ["HD", "Full HD", "4K UHD"],
  }),
  def("power", "Потужність|Мощность|Power", {
    unit: "Вт|Вт|W",
    defaults: ["800", "1200", "1600", "2000", "2200"],
  }),
  def("volume", "Об'єм|Объем|Capacity", { unit: "л|л|L", defaults: ["1", "1.5", "1.7", "2"] }),
  def("ml", "Об'єм|Объем|Volume", { unit: "мл|мл|ml", defaults: ["30", "50", "100", "200"] }),
  def("battery", "Ємність акумулятора|Емкость аккумулятора|Battery capacity", {
    unit: "мА·год|мА·ч|mAh",
    defaults: ["3000", "4500", "5000", "10000", "20000"],
  }),
  def("weight", "Вага|Вес|Weight", { unit: "кг|кг|kg", defaults: ["0.5", "1", "2", "5", "10"] }),
  def("voltage", "Напруга|Напряжение|Voltage", { unit: "В|В|V", defaults: ["12", "18", "20"] }),
  def("pieces", "Кількість деталей|Количество деталей|Pieces", {
    unit: "шт.|шт.|pcs",
    defaults: ["100", "250", "500", "1000"],
  }),
  def("length", "Довжина|Длина|Length", { unit: "м|м|m", defaults: ["1", "2", "10", "20"] }),
  def("energy", "Клас енергоспоживання|Класс энергопотребления|Energy class", {
    defaults: ["A+++", "A++", "A+", "A"],
  }),
  def("size", "Розмір|Размер|Size", {
    variation: true,
    defaults: ["XS", "S", "M", "L", "XL", "XXL"],
  }),
  def("shoe", "Розмір|Размер|Size", {
    variation: true,
    defaults: ["36", "37", "38", "39", "40", "41", "42", "43", "44", "45"],
  }),
  def("tire", "Типорозмір|Типоразмер|Tire size", {
    defaults: ["195/65 R15", "205/55 R16", "215/60 R16", "225/45 R17", "235/55 R18"],
  }),
  def("warranty", "Гарантія|Гарантия|Warranty", {
    unit: "міс.|мес.|months",
    filter: false,
    defaults: ["12", "24", "36"],
  }),
];

export const PARAMS: ReadonlyMap<string, ParamDef> = new Map(DEFS.map((d) => [d.key, d]));

/** The attribute of a product in one language: name, value, and swatch when there is one. */
export function paramText(
  def: ParamDef,
  value: string,
  language: Language,
): { name: string; value: string; hex?: string } {
  const li = langIndex(language);
  const name = def.names[li];
  const known = def.byKey?.get(value);
  if (known) return { name, value: known.names[li], ...(known.hex ? { hex: known.hex } : {}) };
  if (!def.unit) return { name, value };
  return { name, value: `${value}${def.tight ? "" : " "}${def.unit[li]}` };
}
