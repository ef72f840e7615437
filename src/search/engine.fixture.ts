import type {
  CategoryRecord,
  Language,
  Param,
  ProductRecord,
  ProductTranslation,
  WarehouseStock,
} from "../model/records.ts";
import { SEARCH_DEFAULTS, type SearchParams } from "../model/search.ts";

// A small hand-made catalog for the engine's tests: 10 products in 3 categories (and one
// category without products), in uk, ru and en, with prices, labels, filters and warehouses.

export function category(
  id: number,
  source: number,
  names: Partial<Record<Language, string>>,
  extra: { synonyms?: string[]; keywords?: string[] } = {},
): CategoryRecord {
  return {
    id,
    source_category_id: source,
    translations: Object.entries(names).map(([language, name]) => ({
      language: language as Language,
      name,
      url: `https://shop.example/${language}/c/${source}`,
      synonyms: extra.synonyms ?? [],
      keywords: extra.keywords ?? [],
    })),
    updated_at: 1,
  };
}

export function param(name: string, value: string, color: string | null = null): Param {
  return { name, value, is_filter: true, is_variation: false, color, swatch_image: null };
}

type TranslationInput = Partial<Omit<ProductTranslation, "language" | "url">> & { name: string };

export function product(
  id: number,
  input: {
    category: string;
    code: string;
    vendor?: string | null;
    newPrice?: number | null;
    oldPrice?: number | null;
    available?: boolean;
    updatedAt: number;
    warehouses?: WarehouseStock[];
    translations: Partial<Record<Language, TranslationInput>>;
  },
): ProductRecord {
  return {
    id,
    source_id: `p${id}`,
    code: input.code,
    source_category_id: input.category,
    currency_code: "UAH",
    new_price: input.newPrice ?? null,
    old_price: input.oldPrice ?? null,
    picture: `https://img.example/${id}.jpg`,
    availability: input.available ?? true,
    vendor: input.vendor ?? null,
    group_id: null,
    is_main: null,
    translations: Object.entries(input.translations).map(([language, t]) => ({
      language: language as Language,
      name: t.name,
      url: `https://shop.example/${language}/p/${id}`,
      description: t.description ?? null,
      labels: t.labels ?? [],
      keywords: t.keywords ?? [],
      synonyms: t.synonyms ?? [],
      params: t.params ?? [],
    })),
    warehouses: input.warehouses ?? [],
    updated_at: input.updatedAt,
  };
}

export const CATEGORIES: CategoryRecord[] = [
  category(1, 10, { uk: "Ноутбуки", ru: "Ноутбуки", en: "Laptops" }, { synonyms: ["лептоп"] }),
  category(
    2,
    20,
    { uk: "Смартфони", ru: "Смартфоны", en: "Smartphones" },
    { keywords: ["телефон"] },
  ),
  category(3, 30, { uk: "Навушники", ru: "Наушники", en: "Headphones" }),
  category(4, 40, { uk: "Планшети", ru: "Планшеты" }),
];

const grey = (l: "uk" | "ru") =>
  param(l === "uk" ? "Колір" : "Цвет", l === "uk" ? "Сірий" : "Серый", "#808080");
const black = (l: "uk" | "ru") =>
  param(l === "uk" ? "Колір" : "Цвет", l === "uk" ? "Чорний" : "Черный", "#000000");
const ram = (gb: number) => param("RAM", `${gb} GB`);

export const PRODUCTS: ProductRecord[] = [
  product(1, {
    category: "10",
    code: "LN-IP5-15",
    vendor: "Lenovo",
    newPrice: 25000,
    oldPrice: 28000,
    updatedAt: 1000,
    translations: {
      uk: { name: "Ноутбук Lenovo IdeaPad 5", params: [grey("uk"), ram(16)] },
      ru: { name: "Ноутбук Lenovo IdeaPad 5", params: [grey("ru"), ram(16)] },
      en: { name: "Lenovo IdeaPad 5 laptop" },
    },
  }),
  product(2, {
    category: "10",
    code: "X515EA",
    vendor: "ASUS",
    newPrice: 20000,
    updatedAt: 2000,
    translations: {
      uk: { name: "Ноутбук ASUS VivoBook 15", params: [black("uk"), ram(8)] },
      ru: { name: "Ноутбук ASUS VivoBook 15", params: [black("ru"), ram(8)] },
    },
  }),
  product(3, {
    category: "10",
    code: "MBA-M2",
    vendor: "Apple",
    newPrice: 45000,
    available: false,
    updatedAt: 3000,
    translations: {
      uk: { name: "Ноутбук Apple MacBook Air M2", params: [grey("uk"), ram(8)] },
      ru: { name: "Ноутбук Apple MacBook Air M2", params: [grey("ru"), ram(8)] },
    },
  }),
  product(4, {
    category: "20",
    code: "SM-A556B",
    vendor: "Samsung",
    newPrice: 15000,
    oldPrice: 17000,
    updatedAt: 4000,
    translations: {
      uk: {
        name: "Смартфон Samsung Galaxy A55",
        labels: [{ name: "Хіт", color: "#ff0000" }],
        params: [black("uk")],
      },
      ru: { name: "Смартфон Samsung Galaxy A55", params: [black("ru")] },
    },
  }),
  product(5, {
    category: "20",
    code: "IP15-128",
    vendor: "Apple",
    newPrice: 40000,
    updatedAt: 5000,
    translations: { uk: { name: "Смартфон Apple iPhone 15", params: [black("uk")] } },
  }),
  product(6, {
    category: "20",
    code: "RN13",
    vendor: "Xiaomi",
    newPrice: 9000,
    updatedAt: 6000,
    translations: {
      ru: { name: "Смартфон Xiaomi Redmi Note 13", params: [param("Цвет", "Синий", "#0000ff")] },
      en: { name: "Xiaomi Redmi Note 13 smartphone" },
    },
  }),
  product(7, {
    category: "30",
    code: "WH-1000XM5",
    vendor: "Sony",
    newPrice: 14000,
    updatedAt: 7000,
    translations: {
      uk: { name: "Навушники Sony WH-1000XM5", params: [black("uk")] },
      ru: { name: "Наушники Sony WH-1000XM5", params: [black("ru")] },
    },
  }),
  product(8, {
    category: "30",
    code: "APP2",
    vendor: "Apple",
    newPrice: 11000,
    updatedAt: 8000,
    warehouses: [
      {
        external_id: "kyiv",
        available: true,
        quantity: 3,
        new_price: 10500,
        old_price: null,
        currency_code: null,
      },
      {
        external_id: "lviv",
        available: false,
        quantity: 0,
        new_price: null,
        old_price: null,
        currency_code: null,
      },
    ],
    translations: { uk: { name: "Навушники Apple AirPods Pro 2" } },
  }),
  product(9, {
    category: "30",
    code: "JBL-T510",
    vendor: "JBL",
    newPrice: 1500,
    updatedAt: 9000,
    translations: {
      uk: {
        name: "Навушники JBL Tune 510BT",
        keywords: ["бездротові"],
        description: "Легкі навушники з мікрофоном",
      },
    },
  }),
  product(10, {
    category: "20",
    code: "CASE-1",
    updatedAt: 10000,
    translations: { uk: { name: "Чохол для смартфона" } },
  }),
];

export function params(overrides: Partial<SearchParams>): SearchParams {
  return { ...SEARCH_DEFAULTS, ...overrides };
}
