// Sport and leisure, beauty and health.

import { type DeptSpec, d, g, k } from "./taxonomy.ts";

export const SPORT: DeptSpec = d(
  "sport",
  "Спорт і відпочинок|Спорт и отдых|Sports and leisure",
  {
    syn: "спорттовари, активний відпочинок|спорттовары, активный отдых|outdoor, sporting goods",
    kw: "спорт|спорт|sport",
  },
  [
    g("cycling", "Велоспорт|Велоспорт|Cycling", { params: "color=black,gray,blue,red,green" }, [
      k("bicycles", "Велосипеди|Велосипеды|Bicycles", "Велосипед|Велосипед|Bicycle", {
        syn: "велик, гірський велосипед, байк|велик, горный велосипед, байк|bike, mountain bike",
        vendors:
          "Cube: Aim Race, Attention SL; Merida: Big.Nine ###, Scultura ###; Trek: Marlin #, FX #; Giant: Talon #, Escape #; Cross: Hunter ##, Kron ##; Trinx: M### Pro; Pride: Marvel #.#; Winner: Solid",
        params: "wheel=26,27.5,28,29; size=S,M,L,XL; color=black,gray,blue,red,green",
        price: [7000, 80000],
        w: 1.5,
      }),
      k("bike-helmets", "Велошоломи|Велошлемы|Bike helmets", "Велошолом|Велошлем|Bike helmet", {
        syn: "шолом, каска для велосипеда|шлем, каска для велосипеда|cycling helmet",
        vendors:
          "Giro: Register, Fixture; Abus: Youn-I #.0, Macator; Cube: Pathos; Kask: Mojito #; Met: Echo",
        params: "size=S,M,L; color=black,white,blue,red",
        price: [600, 6000],
      }),
      k(
        "e-scooters",
        "Електросамокати|Электросамокаты|Electric scooters",
        "Електросамокат|Электросамокат|Electric scooter",
        {
          syn: "самокат, електричний самокат|самокат, электрический самокат|e-scooter",
          vendors:
            "Xiaomi: Electric Scooter # Pro, Electric Scooter #; Segway-Ninebot: Max G#, E#5E, F#0; Kugoo: Kirin M#, S# Pro; Proove: Model X-City",
          params: "power=250,300,350,500; battery=7650,10200,12400; color=black,white,gray",
          price: [9000, 35000],
          w: 1.5,
        },
      ),
    ]),
    g("fitness", "Фітнес|Фитнес|Fitness", { price: [200, 6000] }, [
      k("dumbbells", "Гантелі|Гантели|Dumbbells", "Гантель|Гантель|Dumbbell", {
        syn: "розбірні гантелі, штанга|разборные гантели, штанга|barbell, hand weights",
        vendors:
          "Hop-Sport: HS-@###; inSPORTline: ####; Spokey: Gemini; 4FIZJO: 4FJ0###; Neo-Sport: NS-###",
        params: "weight=1,2,5,10,20; material=castiron,rubber,steel",
      }),
      k(
        "treadmills",
        "Бігові доріжки|Беговые дорожки|Treadmills",
        "Бігова доріжка|Беговая дорожка|Treadmill",
        {
          syn: "тренажер для бігу, доріжка для бігу|тренажер для бега|running machine",
          vendors:
            "Xiaomi: Kingsmith WalkingPad R#; Toorx: Voyager, Experience; Hop-Sport: HS-#00LB; Titanium Masters: Slimline; OMA: 5106CAI",
          params: "power=1500,2000,3000",
          price: [9000, 60000],
        },
      ),
      k(
        "exercise-bikes",
        "Велотренажери|Велотренажеры|Exercise bikes",
        "Велотренажер|Велотренажер|Exercise bike",
        {
          syn: "спінбайк, велоергометр|спинбайк, велоэргометр|spin bike",
          vendors:
            "Hop-Sport: HS-###H Apollo; Toorx: BRX-##; inSPORTline: Rapid; York Fitness: C###; Spokey: Fitmaster",
          params: "weight=100,120,150",
          price: [5000, 30000],
        },
      ),
      k(
        "yoga-mats",
        "Килимки для йоги|Коврики для йоги|Yoga mats",
        "Килимок для йоги|Коврик для йоги|Yoga mat",
        {
          syn: "каремат для фітнесу, мат|коврик для фитнеса, мат|exercise mat, fitness mat",
          vendors:
            "4FIZJO: 4FJ0###; Spokey: Softmat; Hop-Sport: HS-N0##YM; Manduka: PRO; Power System: PS-4###",
          params: "color=purple,blue,pink,green,black,gray; material=rubber,textile",
          price: [200, 3000],
        },
      ),
      k(
        "resistance-bands",
        "Еспандери та резинки|Эспандеры и резинки|Resistance bands",
        "Еспандер|Эспандер|Resistance band",
        {
          syn: "фітнес-резинка, гумка для фітнесу|фитнес-резинка, резинка для фитнеса|exercise band, loop band",
          vendors: "4FIZJO: 4FJ0###; Power System: PS-4###; Spokey: Flex; Cornix: XR-0###",
          params: "color=red,blue,green,black,yellow; material=rubber",
          price: [100, 900],
        },
      ),
    ]),
    g("camping", "Туризм і кемпінг|Туризм и кемпинг|Camping", { price: [800, 12000] }, [
      k("tents", "Намети|Палатки|Tents", "Намет|Палатка|Tent", {
        syn: "палатка, туристичний намет|туристическая палатка|camping tent",
        vendors:
          "Tramp: Lite Camp #, Rock #; Naturehike: Cloud Up #, Mongar #; Coleman: Darwin #; Terra Incognita: Minima #; Highlander: Blackthorn #; Pinguin: Base Camp #",
        params: "color=green,orange,blue,gray; weight=1.5,2.5,3.5,5",
      }),
      k(
        "sleeping-bags",
        "Спальні мішки|Спальные мешки|Sleeping bags",
        "Спальний мішок|Спальный мешок|Sleeping bag",
        {
          syn: "спальник|спальник|sleepbag",
          vendors:
            "Tramp: Rover T-Loft, Hiker; Naturehike: CW###, LW###; Fjord Nansen: Moss; Pinguin: Comfort",
          params: "color=green,blue,orange,black; weight=1,1.5,2",
          price: [900, 7000],
        },
      ),
      k(
        "hiking-backpacks",
        "Туристичні рюкзаки|Туристические рюкзаки|Hiking backpacks",
        "Рюкзак туристичний|Рюкзак туристический|Hiking backpack",
        {
          syn: "похідний рюкзак, рюкзак для походів|походный рюкзак|trekking backpack",
          vendors:
            "Deuter: Aircontact Lite ##, Futura ##; Osprey: Talon ##, Atmos AG ##; Tatonka: Yukon ##; Fjord Nansen: Tyin ##; Tramp: Harald ##",
          params: "volume=30,40,50,65,80; color=black,green,blue,red,gray",
        },
      ),
      k("flashlights", "Ліхтарики|Фонарики|Flashlights", "Ліхтарик|Фонарик|Flashlight", {
        syn: "ліхтар, налобний ліхтарик|фонарь, налобный фонарик|torch, headlamp",
        vendors:
          "Fenix: PD##R, HM##R; Nitecore: MH##, NU##; Mactronic: Sniper #.#; Petzl: Tikka, Actik Core; Videx: VLF-A###",
        params: "battery=1600,3000,5000; color=black,orange",
        price: [200, 5000],
      }),
    ]),
    g("team-sports", "Ігрові види спорту|Игровые виды спорта|Team sports", { price: [400, 8000] }, [
      k(
        "footballs",
        "Футбольні м'ячі|Футбольные мячи|Footballs",
        "М'яч футбольний|Мяч футбольный|Football",
        {
          syn: "м'яч для футболу|мяч для футбола|soccer ball",
          vendors:
            "Adidas: Tiro League, UCL Pro, EPP ##; Nike: Flight, Academy; Select: Brillant Super, Classic; Puma: Orbita #; Joma: Dali III",
          params: "size=3,4,5; color=white,yellow,orange,blue",
        },
      ),
      k(
        "tennis-rackets",
        "Тенісні ракетки|Теннисные ракетки|Tennis rackets",
        "Ракетка для тенісу|Ракетка для тенниса|Tennis racket",
        {
          syn: "тенісна ракетка|теннисная ракетка|racquet",
          vendors:
            "Wilson: Blade ##, Clash ###; Babolat: Pure Drive, Pure Aero; Head: Speed MP, Boom Pro; Yonex: Ezone ###; Donic: Waldner ###",
          params: "weight=0.27,0.3,0.305",
          price: [800, 12000],
        },
      ),
    ]),
    g("fishing", "Риболовля|Рыбалка|Fishing", { price: [400, 8000] }, [
      k("fishing-rods", "Вудилища|Удилища|Fishing rods", "Вудилище|Удилище|Fishing rod", {
        syn: "вудка, спінінг, фідер|удочка, спиннинг, фидер|spinning rod, feeder rod",
        vendors:
          "Shimano: Catana EX ##, Alivio DX; Daiwa: Ninja X ##, Crossfire; Salmo: Sniper Spin ##; Flagman: Force Active; Kalipso: Sword",
        params: "length=2.1,2.4,2.7,3,3.6",
      }),
      k("fishing-reels", "Котушки|Катушки|Fishing reels", "Котушка|Катушка|Fishing reel", {
        syn: "котушка для спінінга, безінерційна котушка|катушка для спиннинга, безынерционная катушка|spinning reel",
        vendors:
          "Shimano: Sienna #000FG, FX #000FC; Daiwa: Ninja LT #000, Revros LT; Okuma: Ceymar C-#0; Salmo: Elite X-Cast",
        params: "weight=0.2,0.25,0.3",
        price: [500, 7000],
      }),
    ]),
  ],
);

export const BEAUTY: DeptSpec = d(
  "beauty",
  "Краса та здоров'я|Красота и здоровье|Beauty and health",
  { syn: "косметика, догляд|косметика, уход|cosmetics, personal care", kw: "краса|красота|beauty" },
  [
    g(
      "perfume",
      "Парфумерія|Парфюмерия|Perfume",
      { params: "ml=30,50,100; country=france,italy", price: [1500, 9000] },
      [
        k(
          "women-perfume",
          "Парфуми жіночі|Духи женские|Women's perfume",
          "Парфумована вода жіноча|Парфюмированная вода женская|Women's eau de parfum",
          {
            syn: "парфуми, духи, аромат|духи, парфюм, аромат|perfume, fragrance",
            vendors:
              "Chanel: Coco Mademoiselle, Chance Eau Tendre, No 5; Dior: J'adore, Miss Dior; Lancome: La Vie Est Belle, Idole; Yves Saint Laurent: Black Opium, Libre; Giorgio Armani: Si, My Way; Versace: Bright Crystal, Eros Pour Femme",
            w: 1.5,
          },
        ),
        k(
          "men-perfume",
          "Парфуми чоловічі|Духи мужские|Men's perfume",
          "Туалетна вода чоловіча|Туалетная вода мужская|Men's eau de toilette",
          {
            syn: "парфуми, одеколон, аромат|парфюм, одеколон, аромат|cologne, fragrance",
            vendors:
              "Dior: Sauvage, Fahrenheit; Chanel: Bleu de Chanel, Allure Homme Sport; Hugo Boss: Boss Bottled, Hugo Man; Paco Rabanne: 1 Million, Invictus; Versace: Eros, Pour Homme; Giorgio Armani: Acqua di Gio, Code",
            params: "ml=50,100,200; country=france,italy",
          },
        ),
      ],
    ),
    g(
      "face-care",
      "Догляд за обличчям|Уход за лицом|Face care",
      {
        vendors:
          "La Roche-Posay: Effaclar, Cicaplast B#, Hyalu B#; Vichy: Mineral ##, Liftactiv; CeraVe: Hydrating, Foaming; Garnier: Skin Active, Hyaluronic Aloe; Nivea: Q10, Soft; Bioderma: Hydrabio, Sebium; The Ordinary: Niacinamide ##, Hyaluronic Acid #; Joko Blend: Hydrogel ##",
        params: "ml=30,50,100,200; skin; country=france,ukraine,germany,poland",
        price: [200, 2500],
      },
      [
        k(
          "face-creams",
          "Креми для обличчя|Кремы для лица|Face creams",
          "Крем для обличчя|Крем для лица|Face cream",
          {
            syn: "зволожуючий крем, денний крем, нічний крем|увлажняющий крем, дневной крем, ночной крем|moisturizer, day cream",
            w: 1.5,
          },
        ),
        k(
          "face-serums",
          "Сироватки для обличчя|Сыворотки для лица|Face serums",
          "Сироватка для обличчя|Сыворотка для лица|Face serum",
          {
            syn: "серум|серум|serum",
            price: [250, 3000],
          },
        ),
        k(
          "face-masks",
          "Маски для обличчя|Маски для лица|Face masks",
          "Маска для обличчя|Маска для лица|Face mask",
          {
            syn: "тканинна маска, патчі|тканевая маска, патчи|sheet mask, patches",
            price: [50, 1500],
          },
        ),
      ],
    ),
    g(
      "hair-care",
      "Догляд за волоссям|Уход за волосами|Hair care",
      {
        vendors:
          "Schwarzkopf: Gliss Kur ##, Schauma ##; L'Oreal Paris: Elseve ##; Pantene: Pro-V ##; Head & Shoulders: Classic Clean, Menthol; Garnier: Fructis ##; Kerastase: Nutritive, Genesis; Dove: Repair ##",
        params: "ml=200,250,400,500,1000; country=germany,france,poland",
        price: [80, 1500],
      },
      [
        k("shampoos", "Шампуні|Шампуни|Shampoos", "Шампунь|Шампунь|Shampoo", {
          syn: "засіб для миття волосся, шампунь від лупи|средство для мытья волос, шампунь от перхоти|anti-dandruff shampoo",
          w: 1.5,
        }),
        k(
          "conditioners",
          "Бальзами для волосся|Бальзамы для волос|Hair conditioners",
          "Бальзам для волосся|Бальзам для волос|Hair conditioner",
          {
            syn: "кондиціонер для волосся, ополіскувач|кондиционер для волос, ополаскиватель|conditioner",
          },
        ),
        k(
          "hair-dyes",
          "Фарби для волосся|Краски для волос|Hair dyes",
          "Фарба для волосся|Краска для волос|Hair dye",
          {
            syn: "тонер, хна|тонер, хна|hair color",
            vendors:
              "Garnier: Color Naturals #.#, Olia #.#; L'Oreal Paris: Preference #.#, Excellence #.#; Schwarzkopf: Palette N#, Igora Royal #-#; Wella: Koleston #/#",
            params: "color=black,brown,red,gold,gray",
            price: [120, 600],
          },
        ),
      ],
    ),
    g("makeup", "Декоративна косметика|Декоративная косметика|Makeup", { price: [150, 1500] }, [
      k("lipsticks", "Помади|Помады|Lipsticks", "Помада|Помада|Lipstick", {
        syn: "губна помада, блиск для губ|губная помада, блеск для губ|lip gloss",
        vendors:
          "Maybelline New York: SuperStay Matte Ink ###, Color Sensational ###; MAC: Matte Lipstick ###; NYX Professional Makeup: Lip Lingerie XXL ##, Soft Matte Lip Cream ##; L'Oreal Paris: Color Riche ###; Catrice: Velvet Matt ###",
        params: "color=red,pink,brown,beige,purple,orange",
      }),
      k(
        "mascaras",
        "Туші для вій|Туши для ресниц|Mascaras",
        "Туш для вій|Тушь для ресниц|Mascara",
        {
          syn: "туш, туш для очей|тушь|lash mascara",
          vendors:
            "Maybelline New York: Lash Sensational Sky High, Colossal; L'Oreal Paris: Telescopic, Lash Paradise; Max Factor: 2000 Calorie, False Lash Effect; Essence: Lash Princess; Catrice: Glam & Doll",
          params: "color=black,brown",
          price: [150, 900],
        },
      ),
      k(
        "foundations",
        "Тональні засоби|Тональные средства|Foundations",
        "Тональний крем|Тональный крем|Foundation",
        {
          syn: "тоналка, тональна основа, кушон|тоналка, тональная основа, кушон|bb cream, cushion",
          vendors:
            "Maybelline New York: Fit Me ###, SuperStay Active Wear ###; L'Oreal Paris: Infaillible 32H ###, True Match #.#@; Max Factor: Facefinity ###; Catrice: HD Liquid Coverage ###",
          params: "ml=30,35; color=beige,brown",
          price: [200, 1200],
        },
      ),
    ]),
    g("health", "Здоров'я|Здоровье|Health", { price: [150, 2000] }, [
      k(
        "vitamins",
        "Вітаміни та добавки|Витамины и добавки|Vitamins and supplements",
        "Вітаміни|Витамины|Vitamins",
        {
          syn: "бади, вітамінний комплекс, омега-3|бады, витаминный комплекс, омега-3|supplements, multivitamin",
          vendors:
            "Solgar: Vitamin D3 ####, Omega-3 ###; Now Foods: Vitamin C-###, Magnesium ###; Doppelherz: Active Magnesium, A-Z; Centrum: Adults; Vitrum: Beauty",
          params: "pieces=30,60,90,120,180; country=germany,ukraine,poland",
        },
      ),
    ]),
  ],
);
