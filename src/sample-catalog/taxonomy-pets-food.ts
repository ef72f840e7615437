// Pet supplies and groceries.

import { type DeptSpec, d, g, k } from "./taxonomy.ts";

export const PETS: DeptSpec = d(
  "pets",
  "Зоотовари|Зоотовары|Pet supplies",
  { syn: "товари для тварин|товары для животных|pet shop", kw: "тварини|животные|pets" },
  [
    g("cats", "Для котів|Для кошек|Cats", { price: [150, 3500] }, [
      k(
        "cat-food",
        "Корм для котів|Корм для кошек|Cat food",
        "Сухий корм для котів|Сухой корм для кошек|Dry cat food",
        {
          syn: "корм для кішок, котячий корм|корм для котов, кошачий корм|cat kibble",
          vendors:
            "Royal Canin: Sterilised ##, Kitten, Indoor ##, Hair & Skin ##; Purina Pro Plan: Sterilised, Adult; Brit Care: Cat Grain-Free; Club 4 Paws: Premium; Optimeal: Adult; Whiskas: Adult 1+",
          params: "weight=0.4,1.5,2,4,10; petage",
          w: 2,
        },
      ),
      k(
        "cat-litter",
        "Наповнювачі для котячого туалету|Наполнители для кошачьего туалета|Cat litter",
        "Наповнювач для котячого туалету|Наполнитель для кошачьего туалета|Cat litter",
        {
          syn: "наповнювач, силікагелевий наповнювач|наполнитель, силикагелевый наполнитель|clumping litter",
          vendors:
            "Catsan: Hygiene Plus; Природа: Premium; Kotix: Tofu Classic; Cat's Best: Original; Sanicat: Clumping",
          params: "volume=5,10,15",
          price: [150, 900],
        },
      ),
      k(
        "scratching-posts",
        "Кігтеточки|Когтеточки|Scratching posts",
        "Кігтеточка|Когтеточка|Scratching post",
        {
          syn: "дряпка, ігровий комплекс для котів|драпак, игровой комплекс для кошек|cat tree",
          vendors: "Trixie: Baza ##, Ceto; Ferplast: Pa ####; Природа: Classic",
          params: "color=beige,gray,brown",
          price: [200, 5000],
        },
      ),
    ]),
    g("dogs", "Для собак|Для собак|Dogs", { price: [150, 4500] }, [
      k(
        "dog-food",
        "Корм для собак|Корм для собак|Dog food",
        "Сухий корм для собак|Сухой корм для собак|Dry dog food",
        {
          syn: "собачий корм, корм для цуценят|собачий корм, корм для щенков|dog kibble, puppy food",
          vendors:
            "Royal Canin: Medium Adult, Mini Puppy, Maxi Adult; Purina Pro Plan: Medium Adult, Small & Mini; Brit Premium: Adult M, Junior L; Acana: Adult Dog; Optimeal: Adult Large; Pedigree: Adult",
          params: "weight=1,2,3,12,15; petage",
          w: 1.5,
        },
      ),
      k(
        "leashes",
        "Повідці та нашийники|Поводки и ошейники|Leashes and collars",
        "Повідець|Поводок|Dog leash",
        {
          syn: "рулетка для собак, нашийник, шлея|рулетка для собак, ошейник, шлейка|collar, harness",
          vendors: "Flexi: New Classic, Giant; Trixie: Premium ####; Waudog: Nylon; Ferplast: Club",
          params: "length=3,5,8; color=black,red,blue,green",
          price: [150, 1500],
        },
      ),
      k(
        "pet-beds",
        "Лежаки для тварин|Лежаки для животных|Pet beds",
        "Лежак для собак|Лежак для собак|Dog bed",
        {
          syn: "лежанка, будиночок для собак|лежанка, домик для собак|pet bed",
          vendors:
            "Trixie: Bendson, Vital; Ferplast: Siesta Deluxe; Природа: Dream; Harley and Cho: Basic",
          params: "size=S,M,L,XL; color=gray,beige,brown,blue",
          price: [400, 4000],
        },
      ),
    ]),
    g("other-pets", "Інші тварини|Другие животные|Other pets", {}, [
      k(
        "pet-toys",
        "Іграшки для тварин|Игрушки для животных|Pet toys",
        "Іграшка для тварин|Игрушка для животных|Pet toy",
        {
          syn: "м'ячик для собаки, дражнилка для кота|мячик для собаки, дразнилка для кота|dog toy, cat toy",
          vendors:
            "Trixie: ####; Kong: Classic, Wild Knots; Ferplast: PA ####; Waudog: Fun; Chuckit: Ultra Ball",
          params: "color=red,blue,green,yellow",
          price: [50, 800],
        },
      ),
      k("aquariums", "Акваріуми|Аквариумы|Aquariums", "Акваріум|Аквариум|Aquarium", {
        syn: "акваріум з кришкою, банка для риб|аквариум с крышкой|fish tank",
        vendors:
          "Aquael: Leddy Smart ##, Shrimp Set; Ferplast: Cayman ##; Tetra: AquaArt ##L; Resun: DM-###",
        params: "volume=20,40,60,100,200",
        price: [800, 12000],
      }),
    ]),
  ],
);

export const GROCERIES: DeptSpec = d(
  "groceries",
  "Продукти|Продукты|Groceries",
  { syn: "їжа, бакалія|еда, бакалея|food", kw: "продукти|продукты|food" },
  [
    g(
      "coffee-tea",
      "Кава та чай|Кофе и чай|Coffee and tea",
      { params: "weight=0.25,0.5,1; country=italy,germany,ukraine", price: [100, 1500] },
      [
        k(
          "coffee-beans",
          "Кава в зернах|Кофе в зернах|Coffee beans",
          "Кава в зернах|Кофе в зернах|Coffee beans",
          {
            syn: "зернова кава, арабіка|зерновой кофе, арабика|whole bean coffee, arabica",
            vendors:
              "Lavazza: Crema e Aroma, Qualita Oro, Espresso Barista; Jacobs: Barista Espresso; Illy: Classico; Movenpick: Crema; Віденська кава: Espresso Italiano; Kimbo: Aroma Gold",
            w: 1.5,
          },
        ),
        k(
          "ground-coffee",
          "Мелена кава|Молотый кофе|Ground coffee",
          "Кава мелена|Кофе молотый|Ground coffee",
          {
            syn: "кава для турки, кава для чашки|кофе для турки|filter coffee",
            vendors:
              "Lavazza: Qualita Rossa, Crema e Gusto; Jacobs: Monarch; Illy: Classico; Жокей: Classic; Ambassador: Blue Label",
            params: "weight=0.25,0.5; country=italy,germany,ukraine",
            price: [100, 800],
          },
        ),
        k("tea", "Чай|Чай|Tea", "Чай|Чай|Tea", {
          syn: "листовий чай, чай у пакетиках, зелений чай|листовой чай, чай в пакетиках, зеленый чай|green tea, black tea",
          vendors:
            "Ahmad Tea: Earl Grey, English Breakfast; Lipton: Yellow Label, Green Classic; Greenfield: Golden Ceylon, Flying Dragon; Curtis: Original Ceylon; Tess: Pleasure",
          params: "pieces=25,50,100",
          price: [60, 500],
        }),
      ],
    ),
    g(
      "sweets",
      "Солодощі|Сладости|Sweets",
      {
        params: "weight=0.09,0.1,0.2,0.25; country=ukraine,germany,poland,italy",
        price: [40, 800],
      },
      [
        k("chocolate", "Шоколад|Шоколад|Chocolate", "Шоколад|Шоколад|Chocolate", {
          syn: "плитка шоколаду, чорний шоколад, молочний шоколад|плитка шоколада, черный шоколад, молочный шоколад|dark chocolate, milk chocolate",
          vendors:
            "Roshen: Milk ##, Dark ##; Milka: Alpine Milk, Oreo; Ritter Sport: Marzipan, Nuss; Lindt: Excellence ##; Світоч: Classic",
          price: [40, 300],
        }),
        k("candies", "Цукерки|Конфеты|Candies", "Цукерки|Конфеты|Candies", {
          syn: "цукерки в коробці, бонбоньєрка|конфеты в коробке, бонбоньерка|chocolates box, sweets",
          vendors:
            "Roshen: Kyiv Vechirniy, Assorti; Ferrero: Rocher, Raffaello; Lindt: Lindor; Merci: Finest Selection; АВК: Truffle",
          price: [80, 800],
        }),
      ],
    ),
  ],
);
