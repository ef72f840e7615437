// Clothing, shoes and accessories.

import { type DeptSpec, d, g, k } from "./taxonomy.ts";

export const CLOTHING: DeptSpec = d(
  "clothing",
  "Одяг|Одежда|Clothing",
  { syn: "вбрання, речі|вещи, шмотки|apparel, clothes", kw: "одяг|одежда|clothing" },
  [
    g(
      "men-clothing",
      "Чоловічий одяг|Мужская одежда|Men's clothing",
      {
        vendors:
          "Nike; Adidas; Puma; Under Armour; Columbia; Tommy Hilfiger; Lacoste; Reebok; Jack & Jones; Calvin Klein",
        models: "Essentials @##, Classic ###, Sportswear @@####, Core ##",
        params:
          "size; color; material=cotton,polyester,linen,wool; country=turkey,china,vietnam,ukraine",
        price: [400, 3000],
      },
      [
        k(
          "men-t-shirts",
          "Футболки чоловічі|Футболки мужские|Men's T-shirts",
          "Футболка чоловіча|Футболка мужская|Men's T-shirt",
          {
            syn: "футболка, майка|футболка, майка|tee, t-shirt",
            params: "size; color; material=cotton,polyester; country=turkey,china,vietnam,ukraine",
            price: [300, 2500],
            w: 2,
          },
        ),
        k(
          "men-shirts",
          "Сорочки чоловічі|Рубашки мужские|Men's shirts",
          "Сорочка чоловіча|Рубашка мужская|Men's shirt",
          {
            syn: "рубашка|сорочка|shirt",
            params: "size; color=white,blue,navy,gray,black; material=cotton,linen",
            price: [600, 3500],
          },
        ),
        k(
          "men-jeans",
          "Джинси чоловічі|Джинсы мужские|Men's jeans",
          "Джинси чоловічі|Джинсы мужские|Men's jeans",
          {
            syn: "джинсові штани, денім|джинсовые брюки, деним|denim pants",
            vendors:
              "Levi's: 5##, 5## Slim; Wrangler: Texas, Greensboro; Lee: Brooklyn, Rider; Tommy Hilfiger: Denton; Calvin Klein: Slim ##",
            params: "size=28,30,32,34,36,38; color=blue,black,navy,gray; material=denim",
            price: [900, 5000],
          },
        ),
        k(
          "men-jackets",
          "Куртки чоловічі|Куртки мужские|Men's jackets",
          "Куртка чоловіча|Куртка мужская|Men's jacket",
          {
            syn: "пуховик, вітровка, парка|пуховик, ветровка, парка|coat, parka, windbreaker",
            vendors:
              "Columbia: Powder Lite, Oak Harbor; The North Face: Nuptse, Resolve #; Nike: Windrunner, Storm-FIT; Helly Hansen: Crew, Dubliner; Adidas: Terrex Multi",
            params: "size; color=black,navy,green,gray,beige; material=polyester,textile",
            price: [1500, 12000],
            w: 1.5,
          },
        ),
        k(
          "men-sweaters",
          "Светри чоловічі|Свитеры мужские|Men's sweaters",
          "Светр чоловічий|Свитер мужской|Men's sweater",
          {
            syn: "кофта, джемпер, пуловер|кофта, джемпер, пуловер|jumper, pullover",
            params: "size; color; material=wool,cotton",
            price: [700, 4000],
          },
        ),
        k(
          "tracksuits",
          "Спортивні костюми|Спортивные костюмы|Tracksuits",
          "Спортивний костюм|Спортивный костюм|Tracksuit",
          {
            syn: "костюм для спорту|костюм для спорта|sweatsuit",
            vendors: "Nike; Adidas; Puma; Reebok; Under Armour",
            params: "size; color; gender",
            price: [1200, 5000],
          },
        ),
      ],
    ),
    g(
      "women-clothing",
      "Жіночий одяг|Женская одежда|Women's clothing",
      {
        vendors: "Mango; Zara; Reserved; Tommy Hilfiger; Calvin Klein; Guess; Vovk; Gepur",
        models: "Basic @##, Linea ###, Studio @@##, Collection ##",
        params:
          "size; color; material=cotton,polyester,linen,wool; country=turkey,ukraine,china,italy",
        price: [500, 3000],
      },
      [
        k("dresses", "Сукні|Платья|Dresses", "Сукня|Платье|Dress", {
          syn: "плаття, сарафан|сарафан|gown, frock",
          price: [700, 6000],
          w: 2,
        }),
        k("blouses", "Блузки|Блузки|Blouses", "Блузка|Блузка|Blouse", {
          syn: "блуза, топ|блуза, топ|top",
        }),
        k(
          "women-jeans",
          "Джинси жіночі|Джинсы женские|Women's jeans",
          "Джинси жіночі|Джинсы женские|Women's jeans",
          {
            syn: "джинсові штани, мом джинси|джинсовые брюки, мом джинсы|mom jeans",
            vendors:
              "Levi's: 501 Crop, Ribcage; Mango: Mom ##; Zara: Z1975 #; Wrangler: Mom; Lee: Carol",
            params: "size=24,25,26,27,28,29,30; color=blue,black,white; material=denim",
            price: [800, 4500],
          },
        ),
        k("skirts", "Спідниці|Юбки|Skirts", "Спідниця|Юбка|Skirt", {
          syn: "міні-спідниця|мини-юбка|mini skirt",
        }),
        k(
          "women-jackets",
          "Куртки жіночі|Куртки женские|Women's jackets",
          "Куртка жіноча|Куртка женская|Women's jacket",
          {
            syn: "пуховик, парка, вітровка|пуховик, парка, ветровка|coat, parka",
            vendors: "Columbia; The North Face; Mango; Helly Hansen; Reserved",
            params: "size; color=black,beige,pink,white,green; material=polyester",
            price: [1500, 10000],
          },
        ),
        k("coats", "Пальта|Пальто|Coats", "Пальто жіноче|Пальто женское|Women's coat", {
          syn: "тренч, кашемірове пальто|тренч, кашемировое пальто|trench coat",
          params: "size; color=beige,black,gray,brown; material=wool,polyester",
          price: [2500, 12000],
        }),
      ],
    ),
    g("homewear", "Білизна та домашній одяг|Белье и домашняя одежда|Underwear and homewear", {}, [
      k("socks", "Шкарпетки|Носки|Socks", "Шкарпетки|Носки|Socks", {
        syn: "носки, набір шкарпеток|набор носков|socks set",
        vendors:
          "Duna: ####; Легка Хода: ####; Nike: Everyday Cushion #P; Adidas: Cushioned #PP; Puma: Sneaker #P",
        params: "size=36-40,41-45; color; material=cotton",
        price: [60, 600],
      }),
      k("pajamas", "Піжами|Пижамы|Pajamas", "Піжама|Пижама|Pajamas", {
        syn: "домашній костюм, нічна сорочка|домашний костюм, ночная рубашка|sleepwear, nightwear",
        vendors: "Ellen; Vienetta; Reserved; Roksana",
        models: "Home @##, Soft ###",
        params: "size; color=pink,blue,gray,white; material=cotton",
        price: [400, 2000],
      }),
    ]),
  ],
);

export const SHOES: DeptSpec = d(
  "shoes",
  "Взуття та аксесуари|Обувь и аксессуары|Shoes and accessories",
  { syn: "взуття|обувь|footwear", kw: "взуття|обувь|shoes" },
  [
    g(
      "men-shoes",
      "Чоловіче взуття|Мужская обувь|Men's shoes",
      {
        params:
          "shoe=39,40,41,42,43,44,45,46; color=black,brown,gray,white,navy; material=leather,textile,suede,ecoleather",
        price: [1500, 8000],
      },
      [
        k(
          "men-sneakers",
          "Кросівки чоловічі|Кроссовки мужские|Men's sneakers",
          "Кросівки чоловічі|Кроссовки мужские|Men's sneakers",
          {
            syn: "кеди, снікерси, кроси|кеды, сникерсы, кроссы|trainers, running shoes",
            vendors:
              "Nike: Air Max ##, Air Force 1 07, Pegasus ##, Revolution #; Adidas: Ultraboost ##, Runfalcon #.0, Samba OG, Gazelle; New Balance: ###v#, 574; Puma: Suede Classic, RS-X; Asics: Gel-Kayano ##, Gel-Nimbus ##; Skechers: Go Walk #, D'Lites",
            params:
              "shoe=39,40,41,42,43,44,45,46; color=black,white,gray,blue,red; material=textile,leather,suede",
            w: 2.5,
          },
        ),
        k(
          "men-boots",
          "Черевики чоловічі|Ботинки мужские|Men's boots",
          "Черевики чоловічі|Ботинки мужские|Men's boots",
          {
            syn: "зимове взуття, берці|зимняя обувь, берцы|winter boots",
            vendors:
              "Timberland: 6-Inch Premium, Euro Sprint; Ecco: Track 25, Grainer; Columbia: Newton Ridge Plus; Clarks: Desert Boot",
            price: [2500, 9000],
          },
        ),
        k(
          "men-dress-shoes",
          "Туфлі чоловічі|Туфли мужские|Men's dress shoes",
          "Туфлі чоловічі|Туфли мужские|Men's dress shoes",
          {
            syn: "оксфорди, дербі, лофери|оксфорды, дерби, лоферы|oxfords, loafers",
            vendors:
              "Ecco: Citytray, Helsinki #; Clarks: Atticus, Un Aldric; Lloyd: ####; Respect: V##-####",
            price: [1800, 7000],
          },
        ),
      ],
    ),
    g(
      "women-shoes",
      "Жіноче взуття|Женская обувь|Women's shoes",
      {
        params:
          "shoe=35,36,37,38,39,40,41; color=black,beige,white,red,brown,pink; material=leather,textile,suede,ecoleather",
        price: [1200, 7000],
      },
      [
        k(
          "women-sneakers",
          "Кросівки жіночі|Кроссовки женские|Women's sneakers",
          "Кросівки жіночі|Кроссовки женские|Women's sneakers",
          {
            syn: "кеди, снікерси|кеды, сникерсы|trainers",
            vendors:
              "Nike: Air Max ##, Court Vision Low; Adidas: Stan Smith, Forum Low, Grand Court #.0; New Balance: 530, ###v#; Puma: Carina #.0; Skechers: Uno, D'Lites",
            w: 2,
          },
        ),
        k(
          "women-boots",
          "Чоботи жіночі|Сапоги женские|Women's boots",
          "Чоботи жіночі|Сапоги женские|Women's boots",
          {
            syn: "ботфорти, уггі|ботфорты, угги|ugg boots, ankle boots",
            vendors:
              "Ecco: Sartorelle; Tamaris: 1-#####-##; Rieker: Z####; UGG: Classic Mini II, Ultra Mini; Vagabond: Alex",
            price: [2000, 9000],
          },
        ),
        k(
          "women-pumps",
          "Туфлі жіночі|Туфли женские|Women's shoes",
          "Туфлі жіночі|Туфли женские|Women's pumps",
          {
            syn: "човники, туфлі на підборах|лодочки, туфли на каблуке|heels, pumps",
            vendors: "Tamaris: 1-#####-##; Geox: D Jaelyn; Aldo: Stessy; Respect: VS##-###",
          },
        ),
        k("sandals", "Босоніжки|Босоножки|Sandals", "Босоніжки|Босоножки|Sandals", {
          syn: "сандалі, шльопанці|сандалии, шлепанцы|flip-flops",
          vendors:
            "Tamaris: 1-#####-##; Geox: Sozy; Crocs: Classic, Baya; Ecco: Flowt; Birkenstock: Arizona, Gizeh",
          price: [700, 5000],
        }),
      ],
    ),
    g(
      "accessories",
      "Аксесуари|Аксессуары|Accessories",
      {
        params: "color=black,brown,beige,red,white; material=leather,ecoleather,textile",
        price: [400, 5000],
      },
      [
        k("bags", "Сумки|Сумки|Bags", "Сумка|Сумка|Bag", {
          syn: "клатч, шопер, кросбоді|клатч, шоппер, кроссбоди|handbag, tote",
          vendors:
            "Guess: Noelle, Eco Brenton; Michael Kors: Jet Set, Mercer; Calvin Klein: Must ##; Tommy Hilfiger: Iconic; David Jones: CM####",
          price: [800, 12000],
        }),
        k("backpacks", "Рюкзаки|Рюкзаки|Backpacks", "Рюкзак|Рюкзак|Backpack", {
          syn: "наплічник, міський рюкзак|городской рюкзак|rucksack, daypack",
          vendors:
            "Xiaomi: Mi Casual Daypack, Business Backpack #; Nike: Brasilia, Heritage; Herschel: Little America, Classic; Tucano: Loop ##; Samsonite: Roader",
          params: "color=black,gray,navy,green; material=polyester,textile; volume=15,20,25,30",
        }),
        k("wallets", "Гаманці|Кошельки|Wallets", "Гаманець|Кошелек|Wallet", {
          syn: "портмоне, кошельок|портмоне|purse",
          vendors: "Tommy Hilfiger: Johnson; Calvin Klein: Warmth; Karya: ####; Tony Perotti: ####",
          params: "color=black,brown,red; material=leather,ecoleather",
          price: [400, 3000],
        }),
        k("belts", "Ремені|Ремни|Belts", "Ремінь|Ремень|Belt", {
          syn: "пасок, пояс|пояс|leather belt",
          vendors: "Levi's: Classic; Tommy Hilfiger: Denton; Calvin Klein: Formal; Lacoste: RC####",
          params: "color=black,brown; material=leather",
          price: [400, 2500],
        }),
        k(
          "sunglasses",
          "Сонцезахисні окуляри|Солнцезащитные очки|Sunglasses",
          "Сонцезахисні окуляри|Солнцезащитные очки|Sunglasses",
          {
            syn: "окуляри від сонця, поляризаційні окуляри|очки от солнца, поляризационные очки|shades",
            vendors:
              "Ray-Ban: RB3025 Aviator, RB2140 Wayfarer, RB4###; Oakley: Holbrook, Frogskins; Polaroid: PLD ####; Gucci: GG0###S",
            params: "color=black,brown,gold,silver; gender",
            price: [600, 9000],
          },
        ),
        k(
          "wristwatches",
          "Наручні годинники|Наручные часы|Wristwatches",
          "Годинник наручний|Часы наручные|Wristwatch",
          {
            syn: "годинник, наручний годинник|часы, наручные часы|watch",
            vendors:
              "Casio: G-Shock GA-2100, Edifice EFR-5##, MTP-13##; Seiko: 5 Sports SRPD##, Presage; Tissot: PRX, Le Locle; Citizen: Eco-Drive BM####; Fossil: Grant, Neutra",
            params: "color=black,silver,gold,blue; gender; material=steel,leather,rubber",
            price: [1000, 30000],
          },
        ),
      ],
    ),
  ],
);
