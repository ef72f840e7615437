// The import benchmark's typical product (issue 3, point 7): 2 translations, 5 attributes (3 of
// them filters), 2 warehouses, ~1.3 KB of JSON. Product i of 20 categories ("1".."20").
export const typical = (i: number) => ({
  source_id: `p-${i}`,
  code: `SKU-${String(i).padStart(7, "0")}`,
  source_category_id: String(1 + (i % 20)),
  currency_code: "UAH",
  new_price: 100 + (i % 5000),
  old_price: 150 + (i % 5000),
  picture: `https://img.example.com/p/${i}.jpg`,
  vendor: ["Samsung", "Sony", "Bosch", "Xiaomi", "Apple"][i % 5],
  translations: (["uk", "ru"] as const).map((language) => ({
    language,
    name: `${language === "uk" ? "Навушники" : "Наушники"} Sony WH-${1000 + (i % 900)}XM${i % 7}`,
    url: `https://shop.example.com/${language}/p/${i}`,
    description: "Бездротові навушники з активним шумозаглушенням та 30 годинами роботи.",
    labels: ["Хіт продажу"],
    params: [
      {
        name: "Колір",
        value: ["Чорний", "Білий", "Синій"][i % 3] as string,
        is_filter: true,
        color: "#000000",
      },
      { name: "Тип", value: "Накладні", is_filter: true },
      { name: "Бренд", value: "Sony", is_filter: true },
      { name: "Гарантія", value: `${12 + (i % 3) * 12} міс`, is_filter: false },
      { name: "Вага", value: `${200 + (i % 100)} г`, is_filter: false },
    ],
  })),
  warehouses: [
    { external_id: "kyiv-1", available: i % 3 !== 0, quantity: i % 17 },
    { external_id: "lviv-1", available: i % 2 === 0, quantity: i % 5, new_price: 90 + (i % 5000) },
  ],
});
