// Home appliances: large, kitchen, home climate and cleaning, personal care.

import { type DeptSpec, d, g, k } from "./taxonomy.ts";

export const APPLIANCES: DeptSpec = d(
  "appliances",
  "Побутова техніка|Бытовая техника|Home appliances",
  {
    syn: "техніка для дому|техника для дома|household appliances",
    kw: "побутова техніка|бытовая техника|appliances",
  },
  [
    g(
      "large-appliances",
      "Велика побутова техніка|Крупная бытовая техника|Large appliances",
      { params: "color=white,silver,black,gray; energy; warranty", price: [8000, 60000] },
      [
        k(
          "fridges",
          "Холодильники|Холодильники|Refrigerators",
          "Холодильник|Холодильник|Refrigerator",
          {
            syn: "холодильна камера, двокамерний холодильник|холодильная камера, двухкамерный холодильник|fridge",
            vendors:
              "Bosch: KGN##VI##, KGV##VW##; Samsung: RB##DG6##; LG: GA-B###SLCL; Electrolux: LNT#TF##; Beko: RCNA###K##; Gorenje: NRK6##2; Liebherr: CNd 5#23; Whirlpool: W7X 8#A",
            params: "color=white,silver,black,beige,gray; volume=250,300,350,400; energy; warranty",
            price: [10000, 80000],
            w: 3,
          },
        ),
        k(
          "washing-machines",
          "Пральні машини|Стиральные машины|Washing machines",
          "Пральна машина|Стиральная машина|Washing machine",
          {
            syn: "пральна машинка, пралка|стиральная машинка, стиралка|washer",
            vendors:
              "Bosch: WAN2##@@, WGG2##@@; Samsung: WW##T4@@@, WW##A6@@@; LG: F2WV3S7S#E, F4WV5##; Electrolux: EW6S##6S; Beko: WUE 6##1 @@; Whirlpool: FFB 7#38 BV; Indesit: OMTWSA 5#053",
            params: "load=6,7,8,9,10; color=white,silver,black; energy; warranty",
            price: [9000, 40000],
            w: 2,
          },
        ),
        k(
          "dishwashers",
          "Посудомийні машини|Посудомоечные машины|Dishwashers",
          "Посудомийна машина|Посудомоечная машина|Dishwasher",
          {
            syn: "посудомийка|посудомойка|dish washer",
            vendors:
              "Bosch: SMS4H@##@@, SPS2IKW##E; Electrolux: ESA4#@@@; Beko: DVN053W##; Gorenje: GV6#2@; Whirlpool: WFC 3C##",
            price: [10000, 35000],
          },
        ),
        k("cookers", "Плити|Плиты|Cookers", "Плита|Плита|Cooker", {
          syn: "кухонна плита, газова плита, електроплита|кухонная плита, газовая плита, электроплита|stove",
          vendors:
            "Gorenje: GK5C##@; Hansa: FCMW5##; Beko: FSS5##@; Grunhelm: GN6#11; Greta: 1470-##",
          params: "color=white,black,silver,brown; warranty",
          price: [6000, 25000],
        }),
        k("ovens", "Духові шафи|Духовые шкафы|Built-in ovens", "Духова шафа|Духовой шкаф|Oven", {
          syn: "духовка, вбудована духовка|духовка, встраиваемая духовка|built-in oven",
          vendors:
            "Bosch: HBF##4@@#; Electrolux: EOF#H##; Gorenje: BO6##7; Hansa: BOEI6##; Samsung: NV7B4##",
          params: "color=black,white,silver; volume=65,71,77; energy",
          price: [7000, 40000],
        }),
        k(
          "hobs",
          "Варильні поверхні|Варочные поверхности|Hobs",
          "Варильна поверхня|Варочная поверхность|Hob",
          {
            syn: "індукційна плита, варильна панель|индукционная плита, варочная панель|cooktop, induction hob",
            vendors:
              "Bosch: PIE6##@@; Electrolux: EIV6##; Gorenje: IT6##@; Hansa: BHI6#; Weilor: WIS 6##",
            params: "color=black,white; power=6000,7200,7400",
            price: [4000, 30000],
          },
        ),
        k("hoods", "Витяжки|Вытяжки|Cooker hoods", "Витяжка|Вытяжка|Cooker hood", {
          syn: "кухонна витяжка|кухонная вытяжка|range hood",
          vendors:
            "Perfelli: TL 6##; Eleyus: Lana ###; Ventolux: Garda #0; Bosch: DWB6##; Pyramida: KH #0",
          params: "color=black,white,silver; power=100,150,200",
          price: [2500, 20000],
        }),
        k(
          "freezers",
          "Морозильні камери|Морозильные камеры|Freezers",
          "Морозильна камера|Морозильная камера|Freezer",
          {
            syn: "морозильник, морозилка|морозильник, морозилка|deep freezer",
            vendors:
              "Bosch: GSN##VW##; Liebherr: GNP 1#0#; Electrolux: LUT#NF##; Beko: RFNE###; Snaige: F22SM-T###",
            params: "color=white,silver; volume=100,200,250,300; energy",
          },
        ),
        k(
          "dryers",
          "Сушильні машини|Сушильные машины|Tumble dryers",
          "Сушильна машина|Сушильная машина|Tumble dryer",
          {
            syn: "сушарка для білизни|сушилка для белья|dryer",
            vendors:
              "Bosch: WTH8##@@; Samsung: DV##T5##; Electrolux: EW7H4##; Beko: DS 8#3; Whirlpool: FFT M11 8X3",
            params: "load=7,8,9; energy; color=white,silver",
            price: [15000, 45000],
          },
        ),
      ],
    ),
    g(
      "kitchen-appliances",
      "Техніка для кухні|Техника для кухни|Kitchen appliances",
      { params: "color=white,black,silver; power; warranty", price: [800, 8000] },
      [
        k(
          "kettles",
          "Електрочайники|Электрочайники|Electric kettles",
          "Електрочайник|Электрочайник|Electric kettle",
          {
            syn: "чайник, електричний чайник|чайник, электрический чайник|kettle",
            vendors:
              "Bosch: TWK #A011, TWK #B0##; Philips: HD93##/##; Tefal: KO#51##; Xiaomi: Mi Electric Kettle #; Russell Hobbs: 2##70-70; Gorenje: K1#WE; Ardesto: EKL-##; Sencor: SWK 17##",
            params:
              "color=white,black,silver,red,beige,gray; volume=1,1.5,1.7,2; power=1800,2000,2200; material=steel,plastic,glass",
            price: [500, 4000],
            w: 2,
          },
        ),
        k(
          "microwaves",
          "Мікрохвильові печі|Микроволновые печи|Microwave ovens",
          "Мікрохвильова піч|Микроволновая печь|Microwave oven",
          {
            syn: "мікрохвильовка, НВЧ-піч|микроволновка, СВЧ-печь|microwave",
            vendors:
              "Samsung: MS2#T5018@@, ME8#A; LG: MS20##; Panasonic: NN-ST2#; Gorenje: MO1#E1; Sharp: R-2##",
            params: "color=white,black,silver; power=700,800,900; volume=20,23,25",
            price: [2500, 10000],
          },
        ),
        k(
          "coffee-machines",
          "Кавоварки та кавомашини|Кофеварки и кофемашины|Coffee makers",
          "Кавомашина|Кофемашина|Coffee machine",
          {
            syn: "кавоварка, еспресо машина|кофеварка, эспрессо машина|coffee maker, espresso machine",
            vendors:
              "DeLonghi: Magnifica S ECAM ##.###, Dedica EC6##; Philips: EP##46/70, Series 2200; Saeco: GranAroma, Xelsis; Krups: EA8#0; Nespresso: Vertuo Next, Essenza Mini; Siemens: EQ.# s#00",
            params: "color=black,silver,white,red; power=1200,1450,1500; volume=1,1.5,1.8",
            price: [3000, 45000],
            w: 1.5,
          },
        ),
        k("blenders", "Блендери|Блендеры|Blenders", "Блендер|Блендер|Blender", {
          syn: "подрібнювач, смузі-мейкер|измельчитель, смузи-мейкер|smoothie maker",
          vendors:
            "Philips: HR2###/##; Braun: MultiQuick # MQ #0#; Bosch: MSM6##; Tefal: BL##; Kenwood: HBM##.###",
          params: "power=600,800,1000,1200; color=white,black,silver",
          price: [800, 6000],
        }),
        k(
          "multicookers",
          "Мультиварки|Мультиварки|Multicookers",
          "Мультиварка|Мультиварка|Multicooker",
          {
            syn: "скороварка, мультиварка-скороварка|скороварка, мультиварка-скороварка|pressure cooker, slow cooker",
            vendors:
              "Tefal: RK##0; Philips: HD47##; Redmond: RMC-M##; Moulinex: MK#0; Ardesto: MC-X##",
            params: "volume=3,4,5,6; power=700,860,1000; color=black,white,silver",
            price: [1500, 8000],
          },
        ),
        k("toasters", "Тостери|Тостеры|Toasters", "Тостер|Тостер|Toaster", {
          vendors:
            "Philips: HD25##; Tefal: TT##; Bosch: TAT#A; Russell Hobbs: 2###6-56; Smeg: TSF01",
          params: "power=800,900; color=white,black,red,silver,beige",
          price: [700, 6000],
        }),
        k("mixers", "Міксери|Миксеры|Mixers", "Міксер|Миксер|Mixer", {
          syn: "ручний міксер, планетарний міксер|ручной миксер, планетарный миксер|hand mixer, stand mixer",
          vendors:
            "Bosch: MFQ#4##; Philips: HR3###; Kenwood: HMP##; KitchenAid: 5KSM1##; Tefal: HT#1",
          params: "power=300,450,500,1000; color=white,red,silver",
          price: [600, 20000],
        }),
        k(
          "food-processors",
          "Кухонні комбайни|Кухонные комбайны|Food processors",
          "Кухонний комбайн|Кухонный комбайн|Food processor",
          {
            syn: "комбайн|комбайн|kitchen machine",
            vendors: "Bosch: MUM5##; Kenwood: FDM##; Philips: HR7###; Moulinex: FP8#",
            params: "power=800,1000,1200; color=white,silver",
            price: [3000, 25000],
          },
        ),
        k(
          "meat-grinders",
          "М'ясорубки|Мясорубки|Meat grinders",
          "М'ясорубка|Мясорубка|Meat grinder",
          {
            syn: "електром'ясорубка|электромясорубка|mincer",
            vendors: "Bosch: MFW6##; Zelmer: ZMM40##; Moulinex: ME##; Tefal: NE#; Gorenje: MG1###",
            params: "power=1500,1800,2000; color=white,black,silver",
            price: [2000, 8000],
          },
        ),
        k(
          "air-fryers",
          "Мультипечі та аерогрилі|Мультипечи и аэрогрили|Air fryers",
          "Мультипіч|Мультипечь|Air fryer",
          {
            syn: "аерофритюрниця, аерогриль, фритюрниця без олії|аэрофритюрница, аэрогриль, фритюрница без масла|airfryer",
            vendors:
              "Philips: HD9#52/90, Airfryer XL; Tefal: Easy Fry EY##; Xiaomi: Mi Smart Air Fryer #L; Cosori: CP1#8; Ninja: AF#00EU",
            params: "volume=3.5,4.5,5.5,6.2; power=1400,1500,1700; color=black,white",
            price: [2000, 10000],
            w: 1.5,
          },
        ),
        k("juicers", "Соковижималки|Соковыжималки|Juicers", "Соковижималка|Соковыжималка|Juicer", {
          syn: "соковитискач, шнекова соковижималка|шнековая соковыжималка|juice extractor",
          vendors: "Philips: HR18##; Bosch: MES#0##; Kenwood: JE###; Braun: J#00",
          params: "power=300,500,800; color=white,black,silver",
          price: [1200, 9000],
        }),
      ],
    ),
    g(
      "home-appliances",
      "Техніка для дому|Техника для дома|Home appliances",
      { params: "color=white,black,gray; warranty", price: [1000, 10000] },
      [
        k(
          "vacuum-cleaners",
          "Пилососи|Пылесосы|Vacuum cleaners",
          "Пилосос|Пылесос|Vacuum cleaner",
          {
            syn: "порохотяг, вертикальний пилосос|вертикальный пылесос|hoover, stick vacuum",
            vendors:
              "Samsung: VS##A70@@, VC07R##; Bosch: BGS#1POW, BCS71####; Philips: XC#000, FC####; Dyson: V##, V## Detect Absolute; Xiaomi: Vacuum Cleaner G#; Rowenta: RO#8##; LG: CordZero A9K",
            params: "power=600,900,1800,2000; color=black,gray,red,blue,silver; warranty",
            price: [2500, 30000],
            w: 2,
          },
        ),
        k(
          "robot-vacuums",
          "Роботи-пилососи|Роботы-пылесосы|Robot vacuums",
          "Робот-пилосос|Робот-пылесос|Robot vacuum",
          {
            syn: "робот прибиральник, розумний пилосос|робот уборщик, умный пылесос|robotic vacuum, robovac",
            vendors:
              "Xiaomi: Robot Vacuum S##, Robot Vacuum X##; Roborock: S# MaxV, Q# Max+; Dreame: L## Ultra, D#; iRobot: Roomba Combo j#; Ecovacs: Deebot T##",
            params: "battery=2600,3200,5200; color=white,black",
            price: [6000, 45000],
            w: 1.5,
          },
        ),
        k("irons", "Праски|Утюги|Irons", "Праска|Утюг|Iron", {
          syn: "парова праска|паровой утюг|steam iron",
          vendors:
            "Philips: DST#0##, GC####; Tefal: FV#8##; Rowenta: DW#2##; Bosch: TDA#0##; Braun: TexStyle #",
          params: "power=2000,2400,2600,3000; color=blue,purple,white,green",
          price: [700, 5000],
        }),
        k(
          "steamers",
          "Відпарювачі|Отпариватели|Garment steamers",
          "Відпарювач|Отпариватель|Garment steamer",
          {
            syn: "парова щітка, вертикальний відпарювач|паровая щетка, вертикальный отпариватель|clothes steamer",
            vendors:
              "Philips: STH#0##, GC#8##; Tefal: DT#1##; Rowenta: IS#5##; Xiaomi: Mijia Handheld Ironing Machine",
            params: "power=1000,1500,2000; color=white,blue,purple",
            price: [900, 6000],
          },
        ),
        k("heaters", "Обігрівачі|Обогреватели|Heaters", "Обігрівач|Обогреватель|Heater", {
          syn: "конвектор, масляний радіатор, тепловентилятор|конвектор, масляный радиатор, тепловентилятор|space heater, convector",
          vendors:
            "Electrolux: ECH/AG2-##; Ardesto: HCP-##; Bosch: HC #0##; Timberk: TOR 21.##; Ufo: Line ##",
          params: "power=1000,1500,2000,2500; color=white,black",
          price: [800, 7000],
        }),
        k(
          "air-conditioners",
          "Кондиціонери|Кондиционеры|Air conditioners",
          "Кондиціонер|Кондиционер|Air conditioner",
          {
            syn: "спліт-система, кондей|сплит-система, кондей|split system, ac",
            vendors:
              "Gree: Bora GWH##AAB; Cooper&Hunter: Supreme CH-S##; Mitsubishi Electric: MSZ-HR##VF; Daikin: FTXM##R; Samsung: AR##BXHQ; LG: S##EQ",
            params: "power=2500,3500,5000,7000; energy; color=white",
            price: [12000, 60000],
          },
        ),
        k(
          "humidifiers",
          "Зволожувачі повітря|Увлажнители воздуха|Humidifiers",
          "Зволожувач повітря|Увлажнитель воздуха|Humidifier",
          {
            syn: "ультразвуковий зволожувач|ультразвуковой увлажнитель|air humidifier",
            vendors:
              "Xiaomi: Smart Humidifier #; Boneco: U###; Philips: HU####/10; Electrolux: EHU-####",
            params: "volume=2,3,4,5; color=white,black",
          },
        ),
        k(
          "air-purifiers",
          "Очищувачі повітря|Очистители воздуха|Air purifiers",
          "Очищувач повітря|Очиститель воздуха|Air purifier",
          {
            syn: "очисник повітря, фільтр повітря|воздухоочиститель|air cleaner",
            vendors:
              "Xiaomi: Smart Air Purifier # Pro, Mi Air Purifier #C; Philips: AC####/10; Dyson: Purifier Cool TP##; Sharp: UA-HD##",
            params: "power=30,50,60; color=white,black",
            price: [3000, 25000],
          },
        ),
        k("fans", "Вентилятори|Вентиляторы|Fans", "Вентилятор|Вентилятор|Fan", {
          syn: "настільний вентилятор, підлоговий вентилятор|напольный вентилятор|electric fan",
          vendors:
            "Xiaomi: Smart Standing Fan #; Ardesto: FN-R##; Rowenta: VU##; Vinis: VS-##; Dyson: Cool AM0#",
          params: "power=40,45,50; color=white,black",
          price: [600, 15000],
        }),
        k("water-heaters", "Бойлери|Бойлеры|Water heaters", "Бойлер|Бойлер|Water heater", {
          syn: "водонагрівач, накопичувальний водонагрівач|водонагреватель, накопительный водонагреватель|boiler, tank water heater",
          vendors:
            "Ariston: PRO1 R ## V; Electrolux: EWH ## Formax; Gorenje: TGU ##; Thermex: Flat Plus ##; Atlantic: O'Pro ##",
          params: "volume=50,80,100; power=1500,2000",
          price: [4000, 15000],
        }),
      ],
    ),
    g(
      "personal-care",
      "Догляд за собою|Уход за собой|Personal care",
      { params: "color=black,white,silver,pink", price: [500, 6000] },
      [
        k("hair-dryers", "Фени|Фены|Hair dryers", "Фен|Фен|Hair dryer", {
          syn: "фен для волосся, стайлер|фен для волос, стайлер|blow dryer",
          vendors:
            "Philips: BHD###/##; Dyson: Supersonic HD##; Rowenta: CV7###; Braun: Satin Hair # HD##; Remington: D#7##",
          params: "power=1600,2000,2200,2400; color=black,pink,purple,white",
          price: [600, 22000],
          w: 1.5,
        }),
        k(
          "hair-straighteners",
          "Випрямлячі для волосся|Выпрямители для волос|Hair straighteners",
          "Випрямляч для волосся|Выпрямитель для волос|Hair straightener",
          {
            syn: "праска для волосся, плойка|утюжок для волос, плойка|flat iron",
            vendors:
              "Remington: S#5##; Philips: BHS###; BaByliss: ST###E; Rowenta: SF#2##; Dyson: Corrale",
            params: "color=black,pink,white",
            price: [500, 20000],
          },
        ),
        k(
          "shavers",
          "Електробритви|Электробритвы|Electric shavers",
          "Електробритва|Электробритва|Electric shaver",
          {
            syn: "бритва, електрична бритва|бритва, электрическая бритва|razor",
            vendors:
              "Philips: S#000 Series, Series #000; Braun: Series # ##-####s; Panasonic: ES-RT##; Xiaomi: Mijia S###",
            params: "color=black,silver,blue",
            price: [1000, 15000],
          },
        ),
        k("trimmers", "Тримери|Триммеры|Trimmers", "Тример|Триммер|Trimmer", {
          syn: "машинка для стрижки, бородотример|машинка для стрижки, бородотриммер|hair clipper, beard trimmer",
          vendors:
            "Philips: BT####/15, MG####; Braun: BT#2##, MGK#2##; Remington: HC####; Wahl: 09#9-0##",
          params: "color=black,silver",
        }),
        k(
          "toothbrushes",
          "Електричні зубні щітки|Электрические зубные щетки|Electric toothbrushes",
          "Електрична зубна щітка|Электрическая зубная щетка|Electric toothbrush",
          {
            syn: "зубна щітка, звукова щітка|зубная щетка, звуковая щетка|toothbrush, sonic toothbrush",
            vendors:
              "Oral-B: Pro #, iO Series #, Vitality Pro; Philips: Sonicare HX####; Xiaomi: Mijia T###",
            params: "color=white,black,pink,blue",
            price: [600, 12000],
          },
        ),
        k(
          "scales",
          "Ваги підлогові|Весы напольные|Bathroom scales",
          "Ваги підлогові|Весы напольные|Bathroom scale",
          {
            syn: "ваги, розумні ваги|весы, умные весы|smart scale",
            vendors:
              "Xiaomi: Mi Body Composition Scale #; Tefal: PP1#00; Beurer: BF ###; Rotex: RSB##",
            params: "color=white,black,gray",
            price: [300, 3000],
          },
        ),
        k(
          "tonometers",
          "Тонометри|Тонометры|Blood pressure monitors",
          "Тонометр|Тонометр|Blood pressure monitor",
          {
            syn: "апарат для вимірювання тиску|аппарат для измерения давления|bp monitor",
            vendors:
              "Omron: M# Intelli IT, M# Basic; Microlife: BP A###; Beurer: BM ##; Paramed: Expert",
            params: "color=white",
            price: [800, 5000],
          },
        ),
      ],
    ),
  ],
);
