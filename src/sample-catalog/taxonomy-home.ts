// Home and garden, renovation and plumbing.

import { type DeptSpec, d, g, k } from "./taxonomy.ts";

export const HOME: DeptSpec = d(
  "home",
  "Дім і сад|Дом и сад|Home and garden",
  { syn: "товари для дому, господарство|товары для дома, хозяйство|household", kw: "дім|дом|home" },
  [
    g(
      "furniture",
      "Меблі|Мебель|Furniture",
      {
        vendors: "Embawood; Come-for; Sofyno; Matroluxe; Signal; Halmar; Меблі Сервіс",
        models: "Loft ##, Oslo ##, Milano ##, Boston ##, Nord ###",
        params:
          "color=white,black,gray,brown,beige; material=wood,textile,ecoleather,steel; country=ukraine,poland,turkey,china",
        price: [3000, 30000],
      },
      [
        k("sofas", "Дивани|Диваны|Sofas", "Диван|Диван|Sofa", {
          syn: "софа, кутовий диван, диван-ліжко|софа, угловой диван, диван-кровать|couch, sofa bed",
          price: [8000, 45000],
          w: 1.5,
        }),
        k("beds", "Ліжка|Кровати|Beds", "Ліжко|Кровать|Bed", {
          syn: "двоспальне ліжко, каркас ліжка|двуспальная кровать, каркас кровати|double bed",
          price: [4000, 30000],
        }),
        k("wardrobes", "Шафи|Шкафы|Wardrobes", "Шафа|Шкаф|Wardrobe", {
          syn: "шафа-купе, гардероб|шкаф-купе, гардероб|closet",
          price: [4000, 35000],
        }),
        k("tables", "Столи|Столы|Tables", "Стіл|Стол|Table", {
          syn: "письмовий стіл, обідній стіл, журнальний столик|письменный стол, обеденный стол, журнальный столик|desk, dining table",
          price: [1500, 20000],
        }),
        k("chairs", "Стільці|Стулья|Chairs", "Стілець|Стул|Chair", {
          syn: "табурет, барний стілець|табурет, барный стул|stool",
          price: [600, 6000],
        }),
        k(
          "office-chairs",
          "Офісні крісла|Офисные кресла|Office chairs",
          "Крісло офісне|Кресло офисное|Office chair",
          {
            syn: "комп'ютерне крісло, геймерське крісло|компьютерное кресло, геймерское кресло|computer chair, gaming chair",
            vendors:
              "Special4You: Spark, Extreme; GT Racer: X-2###; Barsky: Soft ##; Hator: Hypersport #, Arc; Новий Стиль: Prestige, Iso",
            params: "color=black,gray,red,blue,white; material=textile,ecoleather",
            price: [1500, 15000],
            w: 1.5,
          },
        ),
        k("dressers", "Комоди|Комоды|Chests of drawers", "Комод|Комод|Chest of drawers", {
          syn: "тумба, шухляди|тумба, ящики|dresser",
          price: [2500, 15000],
        }),
        k("mattresses", "Матраци|Матрасы|Mattresses", "Матрац|Матрас|Mattress", {
          syn: "матрас, ортопедичний матрац|ортопедический матрас|orthopedic mattress",
          vendors:
            "Matroluxe: Dolce ##, Prime ##; Sonline: ##; Come-for: Hybrid ##; EMM: Flex ##; Usleep: Fresh ##",
          params: "size=80x190,90x200,140x200,160x200,180x200; country=ukraine,poland",
          price: [2000, 25000],
        }),
      ],
    ),
    g(
      "textiles",
      "Домашній текстиль|Домашний текстиль|Home textiles",
      {
        vendors: "Руно; Ideia; Home Line; Karaca Home; Cosas; Lotus; Ярослав",
        models: "Classic ###, Premium ##, Soft @##, Comfort ###",
        params: "color; material=cotton,linen,polyester; country=ukraine,turkey,china",
        price: [300, 3000],
      },
      [
        k(
          "bed-linen",
          "Постільна білизна|Постельное белье|Bed linen",
          "Комплект постільної білизни|Комплект постельного белья|Bed linen set",
          {
            syn: "постіль, підковдра|постель, пододеяльник|bedding, duvet cover",
            params: "size=150x220,175x210,200x220; color; material=cotton,linen",
            price: [600, 4000],
            w: 1.5,
          },
        ),
        k("blankets", "Ковдри|Одеяла|Blankets", "Ковдра|Одеяло|Blanket", {
          syn: "плед, покривало|плед, покрывало|throw, duvet",
        }),
        k("pillows", "Подушки|Подушки|Pillows", "Подушка|Подушка|Pillow", {
          syn: "ортопедична подушка|ортопедическая подушка|orthopedic pillow",
          price: [200, 2500],
        }),
        k("towels", "Рушники|Полотенца|Towels", "Рушник|Полотенце|Towel", {
          syn: "махровий рушник, банний рушник|махровое полотенце, банное полотенце|bath towel",
          price: [150, 1200],
        }),
        k("curtains", "Штори|Шторы|Curtains", "Штора|Штора|Curtain", {
          syn: "портьєра, тюль, блекаут|портьера, тюль, блэкаут|drape, blackout curtain",
          price: [400, 4000],
        }),
        k("rugs", "Килими|Ковры|Rugs", "Килим|Ковер|Rug", {
          syn: "доріжка, палас, килимок|дорожка, палас, коврик|carpet",
          vendors:
            "Karat Carpet: Flex ###, Cappuccino; Merinos: Shaggy ####; Sintelon: Vegas, Tapis; Osta: Piazza",
          params:
            "size=120x170,160x230,200x300; color=gray,beige,brown,blue,green; country=turkey,ukraine,poland",
          price: [800, 12000],
        }),
      ],
    ),
    g(
      "cookware",
      "Посуд|Посуда|Cookware",
      {
        vendors: "Tefal; Ringel; Tramontina; Fissler; Berghoff; Gipfel; Kamille; Luminarc",
        models: "Pro ##, Classic ###, Gourmet @##, Daily ###",
        params:
          "material=steel,ceramic,castiron,aluminium,glass; country=china,germany,france,italy",
        price: [200, 3000],
      },
      [
        k("frying-pans", "Сковорідки|Сковородки|Frying pans", "Сковорідка|Сковорода|Frying pan", {
          syn: "сковорода, сотейник, вок|сотейник, вок|skillet, wok",
          vendors:
            "Tefal: Ingenio Daily Chef, Unlimited G25###, Jamie Oliver; Ringel: Prime ##, Zitrone; Tramontina: Loreto ##; Fissler: Adamant ##; Gipfel: Rosa ##",
          params: "diameter=20,24,26,28; material=aluminium,castiron,steel,ceramic",
          price: [400, 5000],
          w: 1.5,
        }),
        k("pots", "Каструлі|Кастрюли|Pots", "Каструля|Кастрюля|Pot", {
          syn: "казан, набір каструль|казан, набор кастрюль|saucepan, stockpot",
          params: "volume=2,3,4,5,7; material=steel,ceramic,aluminium",
          price: [400, 6000],
        }),
        k(
          "kitchen-knives",
          "Ножі кухонні|Ножи кухонные|Kitchen knives",
          "Ніж кухонний|Нож кухонный|Kitchen knife",
          {
            syn: "ніж шеф-кухаря, набір ножів|нож шеф-повара, набор ножей|chef knife, knife set",
            vendors:
              "Tramontina: Century, Plenus; Fiskars: Functional Form; Victorinox: Swiss Classic; Zwilling: Pro, Four Star; Tefal: Ever Sharp",
            params: "material=steel,ceramic",
          },
        ),
        k("plates", "Тарілки|Тарелки|Plates", "Тарілка|Тарелка|Plate", {
          syn: "сервіз, столовий сервіз|сервиз, столовый сервиз|dinnerware, dinner set",
          vendors:
            "Luminarc: Diwali, Alexie; Kamille: KM-####; Ardesto: Lucca, Bagheria; Bormioli Rocco: Parma",
          params: "material=ceramic,glass; color=white,black,gray,blue,beige",
          price: [80, 3000],
        }),
        k("mugs", "Чашки та кухлі|Чашки и кружки|Mugs and cups", "Чашка|Чашка|Cup", {
          syn: "кухоль, горнятко|кружка|mug",
          vendors:
            "Luminarc: Carine, Trianon; Ardesto: Barista; Kamille: KM-####; Bormioli Rocco: Rocco; Limited Edition: Sweet",
          params: "ml=250,300,350,400; material=ceramic,glass; color",
          price: [60, 800],
        }),
        k("thermoses", "Термоси|Термосы|Thermoses", "Термос|Термос|Thermos", {
          syn: "термочашка, термокухоль|термокружка|vacuum flask, travel mug",
          vendors:
            "Stanley: Classic, Adventure, Quencher; Thermos: King, Stainless; Tramontina: Exata; Ringel: Flow; Xiaomi: Mijia Thermos Cup",
          params: "volume=0.35,0.5,0.75,1,1.4; color=green,black,silver,blue,red; material=steel",
          price: [300, 3000],
        }),
        k(
          "food-containers",
          "Контейнери для їжі|Контейнеры для еды|Food containers",
          "Контейнер для їжі|Контейнер для еды|Food container",
          {
            syn: "ланчбокс, судочок|ланчбокс, судок|lunch box",
            vendors:
              "Tupperware: Eco ###; Curver: Fresh & Go; Ardesto: Fresh; Lock&Lock: HPL8##; Luminarc: Pure Box",
            params: "volume=0.5,0.8,1,1.5; material=plastic,glass",
            price: [100, 1000],
          },
        ),
      ],
    ),
    g("garden", "Сад і город|Сад и огород|Garden", { price: [1000, 20000] }, [
      k(
        "lawn-mowers",
        "Газонокосарки|Газонокосилки|Lawn mowers",
        "Газонокосарка|Газонокосилка|Lawn mower",
        {
          syn: "косарка для трави, косилка|косилка для травы|grass cutter, mower",
          vendors:
            "Bosch: ARM ##, Rotak ##; Makita: ELM####, DLM###; Al-Ko: Comfort ## E; Husqvarna: LC ###; Vitals: EZP ##-##; Einhell: GC-EM ####",
          params: "power=1200,1400,1600,1800; color=green,red,orange",
          price: [3000, 25000],
        },
      ),
      k(
        "grass-trimmers",
        "Тримери садові|Триммеры садовые|Grass trimmers",
        "Тример садовий|Триммер садовый|Grass trimmer",
        {
          syn: "мотокоса, травокосарка|мотокоса, коса|brush cutter, strimmer",
          vendors:
            "Husqvarna: ###R; Stihl: FS ##; Makita: UR####; Vitals: BK ####; Einhell: GC-ET ####",
          params: "power=500,1000,1500; color=orange,green,black",
          price: [1200, 15000],
        },
      ),
      k(
        "garden-hoses",
        "Шланги для поливу|Шланги для полива|Garden hoses",
        "Шланг для поливу|Шланг для полива|Garden hose",
        {
          syn: "поливальний шланг|поливочный шланг|watering hose",
          vendors:
            "Gardena: Classic, Comfort Flex; Cellfast: Green ATS, Economic; Bradas: Black Colour; Verano: ##-###",
          params: "length=10,15,20,25,30,50; color=green,yellow,black,orange",
          price: [200, 2500],
        },
      ),
      k(
        "grills",
        "Мангали та грилі|Мангалы и грили|Barbecue grills",
        "Мангал|Мангал|Barbecue grill",
        {
          syn: "гриль, барбекю, жаровня|гриль, барбекю, жаровня|bbq, charcoal grill",
          vendors:
            "Weber: Master-Touch ##, Spirit II E-###; Broil King: Crown ###; Grill Chef: ####; Tramontina: Churrasqueira",
          params: "material=steel,castiron; color=black,silver",
          price: [800, 40000],
        },
      ),
      k("water-pumps", "Насоси|Насосы|Water pumps", "Насос|Насос|Water pump", {
        syn: "дренажний насос, насосна станція|дренажный насос, насосная станция|pump station",
        vendors:
          "Grundfos: SCALA#, UPS ##-##; Vitals: Aqua ###; Sprut: GP ###; Dnipro-M: DSP-###; Pedrollo: JSWm #",
        params: "power=370,550,750,1100",
        price: [1500, 20000],
      }),
    ]),
    g("lighting", "Освітлення|Освещение|Lighting", { params: "color=white,black,gold,silver" }, [
      k("chandeliers", "Люстри|Люстры|Chandeliers", "Люстра|Люстра|Chandelier", {
        syn: "стельовий світильник, світильник|потолочный светильник, светильник|ceiling light",
        vendors:
          "Eglo: #####, Aria ##; Nowodvorski: ####; Brille: BR-##; Altalusse: INL-####; Maxus: ML-##",
        params: "color=white,black,gold,silver; material=glass,steel,wood",
        price: [800, 15000],
      }),
      k(
        "desk-lamps",
        "Настільні лампи|Настольные лампы|Desk lamps",
        "Настільна лампа|Настольная лампа|Desk lamp",
        {
          syn: "лампа для столу, нічник, торшер|лампа на стол, ночник, торшер|table lamp, reading lamp",
          vendors:
            "Xiaomi: Mi LED Desk Lamp #S, Mijia Lite; Eglo: #####; TaoTronics: TT-DL##; Philips: Hue Go",
          params: "color=white,black,gray,pink",
          price: [300, 4000],
        },
      ),
      k(
        "led-bulbs",
        "Світлодіодні лампи|Светодиодные лампы|LED bulbs",
        "Світлодіодна лампа|Светодиодная лампа|LED bulb",
        {
          syn: "лампочка, led лампа|лампочка, led лампа|light bulb",
          vendors:
            "Philips: Ecohome LED ##W; Osram: LED Value ##W; Maxus: 1-LED-###; Eurolamp: LED-A##-##27#; Videx: A60e ##W",
          params: "power=7,9,10,12,15",
          price: [40, 600],
        },
      ),
    ]),
  ],
);

export const RENOVATION: DeptSpec = d(
  "renovation",
  "Ремонт та сантехніка|Ремонт и сантехника|Renovation and plumbing",
  { syn: "будівництво, ремонт|строительство, ремонт|diy, home improvement" },
  [
    g("plumbing", "Сантехніка|Сантехника|Plumbing", { price: [800, 15000] }, [
      k("faucets", "Змішувачі|Смесители|Faucets", "Змішувач|Смеситель|Faucet", {
        syn: "кран, змішувач для кухні, змішувач для ванни|кран, смеситель для кухни|mixer tap, tap",
        vendors:
          "Grohe: Eurosmart ######, BauEdge; Hansgrohe: Logis ##; Qtap: Grand ##; Imprese: Lesna ######; Kroner: KRP Ecker-C###",
        params: "color=silver,black,white,gold; material=steel",
        w: 1.5,
      }),
      k("toilets", "Унітази|Унитазы|Toilets", "Унітаз|Унитаз|Toilet", {
        syn: "унітаз-компакт, підвісний унітаз|унитаз-компакт, подвесной унитаз|wall hung toilet",
        vendors:
          "Cersanit: Carina, Moduo; Qtap: Jay, Swan; Kolo: Nova Pro; Roca: Gap, Meridian; Volle: Amaris",
        params: "color=white,black; material=ceramic",
        price: [3000, 15000],
      }),
      k(
        "shower-systems",
        "Душові системи|Душевые системы|Shower systems",
        "Душова система|Душевая система|Shower system",
        {
          syn: "душова стійка, тропічний душ|душевая стойка, тропический душ|rain shower",
          vendors:
            "Grohe: Tempesta ###, Euphoria ###; Hansgrohe: Crometta S ###; Qtap: Sloup; Imprese: Valtice",
          params: "color=silver,black",
          price: [2000, 20000],
        },
      ),
    ]),
    g("electrical", "Електрика|Электрика|Electrical", { price: [60, 1500] }, [
      k(
        "sockets",
        "Розетки та вимикачі|Розетки и выключатели|Sockets and switches",
        "Розетка|Розетка|Socket",
        {
          syn: "вимикач, рамка для розетки|выключатель, рамка для розетки|wall socket, outlet",
          vendors:
            "Schneider Electric: Asfora, Sedna Design; Legrand: Valena Life; Lezard: Vesna; Viko: Carmen; Hager: Berker",
          params: "color=white,black,gray,beige",
        },
      ),
      k(
        "extension-cords",
        "Подовжувачі|Удлинители|Extension cords",
        "Подовжувач|Удлинитель|Extension cord",
        {
          syn: "мережевий фільтр, трійник|сетевой фильтр, тройник|power strip, surge protector",
          vendors:
            "APC: PM#-RS; Defender: DFS ###; Gembird: SPG#-##; Xiaomi: Mi Power Strip; 2E: 2E-U0#ESM",
          params: "length=1.5,3,5; color=white,black",
          price: [150, 1500],
        },
      ),
    ]),
  ],
);
