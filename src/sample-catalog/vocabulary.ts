// Words the generator puts around the taxonomy: labels, description phrases, the Cyrillic
// spellings shoppers type for vendor names, warehouses and the store's addresses.

import { type Tri, tri } from "./params.ts";

/** The generated store's site; `.example` is reserved (RFC 2606), so nothing real is hit. */
export const SHOP_URL = "https://vitrina.example";
export const CDN_URL = "https://img.vitrina.example";

/** Warehouse external ids, as a store feed and the widget's `wid` name them. */
export const WAREHOUSES = [
  "kyiv-1",
  "kyiv-2",
  "lviv-1",
  "odesa-1",
  "dnipro-1",
  "kharkiv-1",
  "zaporizhzhia-1",
] as const;

export interface LabelDef {
  key: string;
  names: Tri;
  color: string;
}

export const LABELS: readonly LabelDef[] = [
  { key: "hit", names: tri("Хіт продажу|Хит продаж|Bestseller"), color: "#FF6F00" },
  { key: "new", names: tri("Новинка|Новинка|New"), color: "#2E7D32" },
  { key: "sale", names: tri("Знижка|Скидка|Sale"), color: "#D32F2F" },
  { key: "top", names: tri("Топ продажів|Топ продаж|Top seller"), color: "" },
  {
    key: "delivery",
    names: tri("Безкоштовна доставка|Бесплатная доставка|Free delivery"),
    color: "#1565C0",
  },
];

/** Sentences a description is made of; none names a vendor or a kind of product. */
export const PHRASES: readonly Tri[] = [
  "Офіційна гарантія виробника|Официальная гарантия производителя|Official manufacturer warranty",
  "Оригінальна продукція|Оригинальная продукция|Genuine product",
  "Швидка доставка по всій Україні|Быстрая доставка по всей Украине|Fast delivery across Ukraine",
  "Сучасний дизайн і надійна збірка|Современный дизайн и надежная сборка|Modern design and solid build",
  "Оптимальне співвідношення ціни та якості|Оптимальное соотношение цены и качества|Great value for money",
  "Чудовий вибір для подарунка|Отличный выбор для подарка|A great gift idea",
  "Можлива оплата частинами|Возможна оплата частями|Pay in installments",
  "Перевірено нашими покупцями|Проверено нашими покупателями|Trusted by our customers",
  "Самовивіз з магазину сьогодні|Самовывоз из магазина сегодня|Pick up in store today",
  "Зручно користуватися щодня|Удобно пользоваться каждый день|Easy to use every day",
].map(tri);

/** How shoppers write a vendor in Cyrillic (uk|ru); these become product keywords. */
export const VENDOR_CYRILLIC: ReadonlyMap<string, readonly [string, string]> = new Map(
  `Samsung:самсунг|самсунг; Apple:епл|эпл; Xiaomi:сяомі|сяоми; Sony:соні|сони; LG:елджі|элджи;
  Philips:філіпс|филипс; Bosch:бош|бош; Lenovo:леново|леново; Asus:асус|асус; Acer:асер|асер;
  Huawei:хуавей|хуавей; Tefal:тефаль|тефаль; Braun:браун|браун; Nike:найк|найк;
  Adidas:адідас|адидас; Puma:пума|пума; LEGO:лего|лего; Electrolux:електролюкс|электролюкс;
  Makita:макіта|макита; DeWalt:деволт|деволт; Gorenje:горенє|горенье; Indesit:індезит|индезит;
  Dyson:дайсон|дайсон; Rowenta:ровента|ровента; DeLonghi:делонгі|делонги; Dell:делл|делл;
  Canon:кенон|кэнон; Nikon:нікон|никон; Motorola:моторола|моторола; Nokia:нокіа|нокиа;
  Logitech:логітек|логитек; Garmin:гармін|гармин; Columbia:коламбія|коламбия; Levi's:левіс|левис;
  Michelin:мішлен|мишлен; Castrol:кастрол|кастрол; Lavazza:лавацца|лавацца; Jacobs:якобс|якобс;
  Pampers:памперс|памперс; Barbie:барбі|барби; Royal Canin:роял канін|роял канин`
    .split(";")
    .map((entry) => {
      const [name = "", spellings = ""] = entry.split(":");
      const [uk = "", ru = uk] = spellings.split("|");
      return [name.trim(), [uk.trim(), ru.trim()] as const];
    }),
);

/** The Cyrillic spelling of a vendor in uk or ru; none in en. */
export function vendorCyrillic(vendor: string, language: "uk" | "ru" | "en"): string | undefined {
  const spellings = VENDOR_CYRILLIC.get(vendor);
  if (!spellings || language === "en") return undefined;
  return language === "uk" ? spellings[0] : spellings[1];
}
