// Tools and equipment, car goods.

import { type DeptSpec, d, g, k } from "./taxonomy.ts";

export const TOOLS: DeptSpec = d(
  "tools",
  "Інструменти|Инструменты|Tools",
  {
    syn: "інструмент, електроінструмент|инструмент, электроинструмент|power tools, hand tools",
    kw: "інструменти|инструменты|tools",
  },
  [
    g(
      "power-tools",
      "Електроінструмент|Электроинструмент|Power tools",
      { params: "power; warranty", price: [1000, 12000] },
      [
        k("drills", "Дрилі|Дрели|Drills", "Дриль|Дрель|Drill", {
          syn: "ударний дриль|ударная дрель|impact drill",
          vendors:
            "Bosch: GSB ## RE, PSB ##0 RE; Makita: HP####; DeWalt: DWD0##; Metabo: SBE ###; Dnipro-M: ID-##",
          params: "power=500,650,750,1000; warranty",
          price: [1000, 8000],
        }),
        k(
          "cordless-drills",
          "Шуруповерти|Шуруповерты|Cordless drills",
          "Шуруповерт|Шуруповерт|Cordless drill",
          {
            syn: "акумуляторний шуруповерт, дриль-шуруповерт, гайковерт|аккумуляторный шуруповерт, дрель-шуруповерт, гайковерт|drill driver, impact driver",
            vendors:
              "Bosch: GSR ##V-##, GSR ##0-LI; Makita: DF###DWE, DDF###; DeWalt: DCD7##D2, DCD###; Milwaukee: M## FPD#; Ryobi: R##PD#; Dnipro-M: CD-###",
            params: "voltage=12,14.4,18,20; battery=1500,2000,4000,5000; warranty",
            price: [1500, 15000],
            w: 2,
          },
        ),
        k(
          "rotary-hammers",
          "Перфоратори|Перфораторы|Rotary hammers",
          "Перфоратор|Перфоратор|Rotary hammer",
          {
            syn: "відбійний молоток, бурильний молоток|отбойный молоток|hammer drill, sds drill",
            vendors:
              "Bosch: GBH #-## DRE, GBH #-## D; Makita: HR####; DeWalt: D25###K; Metabo: KHE #-##; Einhell: TE-RH ##",
            params: "power=800,1000,1250; warranty",
            price: [2500, 20000],
          },
        ),
        k(
          "angle-grinders",
          "Болгарки|Болгарки|Angle grinders",
          "Кутова шліфмашина|Угловая шлифмашина|Angle grinder",
          {
            syn: "болгарка, кшм, турбінка|болгарка, ушм|grinder",
            vendors:
              "Bosch: GWS ##-###; Makita: GA####; DeWalt: DWE4###; Metabo: WEV ##-###; Dnipro-M: GS-##",
            params: "power=750,900,1200,2000; disc=115,125,150,230; warranty",
            price: [1200, 9000],
          },
        ),
        k(
          "jigsaws",
          "Електролобзики|Электролобзики|Jigsaws",
          "Електролобзик|Электролобзик|Jigsaw",
          {
            syn: "лобзик, електричний лобзик|лобзик, электрический лобзик|electric jigsaw",
            vendors:
              "Bosch: PST ### E, GST ##; Makita: 4329, JV0600K; DeWalt: DW3##; Metabo: STEB ##; Einhell: TC-JS ##",
            params: "power=500,600,700,800; warranty",
            price: [1000, 8000],
          },
        ),
        k(
          "circular-saws",
          "Циркулярні пилки|Циркулярные пилы|Circular saws",
          "Циркулярна пилка|Циркулярная пила|Circular saw",
          {
            syn: "дискова пилка, циркулярка|дисковая пила, циркулярка|buzz saw",
            vendors: "Makita: HS####; Bosch: PKS ##, GKS ##0; DeWalt: DWE5##; Metabo: KS ##",
            params: "power=1200,1400,1600,1800; disc=160,190,210",
            price: [2500, 12000],
          },
        ),
      ],
    ),
    g(
      "hand-tools",
      "Ручний інструмент|Ручной инструмент|Hand tools",
      {
        vendors: "Intertool; Stanley; Topex; Neo Tools; Yato; Fiskars; Gross; Wera",
        models: "@@-####, ##-###, FatMax ##",
        params: "country=china,poland,germany,ukraine",
        price: [100, 3000],
      },
      [
        k(
          "tool-sets",
          "Набори інструментів|Наборы инструментов|Tool sets",
          "Набір інструментів|Набор инструментов|Tool set",
          {
            syn: "ящик з інструментами, набір ключів|ящик с инструментами, набор ключей|toolbox, socket set",
            params: "pieces=46,82,108,216; country=china,poland,germany",
            price: [600, 8000],
          },
        ),
        k("screwdrivers", "Викрутки|Отвертки|Screwdrivers", "Викрутка|Отвертка|Screwdriver", {
          syn: "набір викруток, хрестова викрутка|набор отверток, крестовая отвертка|screwdriver set",
          params: "pieces=1,6,8,12",
          price: [60, 2000],
        }),
        k("hammers", "Молотки|Молотки|Hammers", "Молоток|Молоток|Hammer", {
          syn: "киянка, кувалда|киянка, кувалда|mallet, sledgehammer",
          params: "weight=0.3,0.5,0.8,1",
          price: [150, 1500],
        }),
      ],
    ),
    g(
      "measuring",
      "Вимірювальні інструменти|Измерительные инструменты|Measuring tools",
      { price: [700, 12000] },
      [
        k(
          "laser-levels",
          "Лазерні рівні|Лазерные уровни|Laser levels",
          "Лазерний рівень|Лазерный уровень|Laser level",
          {
            syn: "нівелір, лазерний нівелір|нивелир, лазерный нивелир|line laser",
            vendors: "Bosch: GLL #-## G, Quigo; Dnipro-M: ML-##; Stanley: Cubix; Huepar: ###CG",
            params: "color=green,red",
          },
        ),
        k(
          "rangefinders",
          "Лазерні далекоміри|Лазерные дальномеры|Laser distance meters",
          "Лазерний далекомір|Лазерный дальномер|Laser distance meter",
          {
            syn: "лазерна рулетка|лазерная рулетка|laser measure",
            vendors: "Bosch: GLM ##, Zamo III; Stanley: TLM##; Dnipro-M: LDM-##; Xiaomi: Duka LS-P",
            params: "length=20,30,40,50,100",
          },
        ),
      ],
    ),
    g(
      "equipment",
      "Обладнання|Оборудование|Equipment",
      { params: "power; warranty", price: [2500, 30000] },
      [
        k("generators", "Генератори|Генераторы|Generators", "Генератор|Генератор|Generator", {
          syn: "електрогенератор, бензогенератор, інверторний генератор|электрогенератор, бензогенератор, инверторный генератор|power generator, inverter generator",
          vendors:
            "Honda: EU##i, EM#000; Konner&Sohnen: KS #000iE; Kraft&Dele: KD1##; Matari: MX##000E; EnerSol: EPG-####SE; Vitals: JBS #.0b",
          params: "power=2000,3000,5500,7500; weight=20,45,80; warranty",
          price: [8000, 90000],
          w: 1.5,
        }),
        k(
          "welders",
          "Зварювальні апарати|Сварочные аппараты|Welding machines",
          "Зварювальний апарат|Сварочный аппарат|Welding machine",
          {
            syn: "зварка, зварювальний інвертор|сварка, сварочный инвертор|welder, inverter welder",
            vendors:
              "Дніпро-М: SAB-2##N; Paton: ECO-2##, PRO-2##; Tesla: MMA ###; Vitals: Professional MMA-###K",
            params: "power=5000,6500,7500",
          },
        ),
        k(
          "compressors",
          "Компресори|Компрессоры|Air compressors",
          "Компресор|Компрессор|Air compressor",
          {
            syn: "повітряний компресор, автокомпресор|воздушный компрессор, автокомпрессор|air pump",
            vendors:
              "Forte: FL-##; Vitals: GK ##.j##; Einhell: TC-AC ##0/##; Stanley: DN ##/##; Sigma: 70##",
            params: "power=1100,1500,2200; volume=24,50,100",
            price: [1500, 20000],
          },
        ),
      ],
    ),
  ],
);

export const AUTO: DeptSpec = d(
  "auto",
  "Авто|Авто|Auto",
  {
    syn: "автотовари, для автомобіля|автотовары, для автомобиля|car goods, automotive",
    kw: "авто|авто|car",
  },
  [
    g("tires-wheels", "Шини та диски|Шины и диски|Tires and wheels", { price: [1800, 10000] }, [
      k(
        "summer-tires",
        "Шини літні|Шины летние|Summer tires",
        "Шина літня|Шина летняя|Summer tire",
        {
          syn: "літня гума, покришки, резина|летняя резина, покрышки|summer tyre, tyre",
          vendors:
            "Michelin: Primacy #, Pilot Sport #; Continental: PremiumContact #, EcoContact #; Bridgestone: Turanza T00#; Nokian: Hakka Green #; Goodyear: EfficientGrip #; Rosava: Itegro; Premiorri: Solazo",
          params: "tire; season=summer; country=germany,france,poland,japan,ukraine",
          w: 1.5,
        },
      ),
      k(
        "winter-tires",
        "Шини зимові|Шины зимние|Winter tires",
        "Шина зимова|Шина зимняя|Winter tire",
        {
          syn: "зимова гума, шиповані шини|зимняя резина, шипованные шины|snow tyre",
          vendors:
            "Michelin: Alpin #, X-Ice North #; Nokian: Hakkapeliitta R#, Snowproof #; Continental: WinterContact TS ###; Bridgestone: Blizzak LM00#; Rosava: Snowgard; Premiorri: ViaMaggiore Z Plus",
          params: "tire; season=winter; country=germany,france,poland,japan,ukraine",
        },
      ),
      k("wheels", "Колісні диски|Колесные диски|Wheels", "Диск колісний|Диск колесный|Wheel rim", {
        syn: "литі диски, сталеві диски|литые диски, стальные диски|alloy wheels, rims",
        vendors: "Replay: VV###, TY###; OZ Racing: Leggera HLT; Kosei: K#; Кременчук: Steel ##",
        params: "wheel=15,16,17,18; color=silver,black,gray",
        price: [1500, 12000],
      }),
    ]),
    g(
      "car-electronics",
      "Автоелектроніка|Автоэлектроника|Car electronics",
      { price: [500, 9000] },
      [
        k(
          "dashcams",
          "Відеореєстратори|Видеорегистраторы|Dash cams",
          "Відеореєстратор|Видеорегистратор|Dash cam",
          {
            syn: "реєстратор, автореєстратор|регистратор, авторегистратор|car camera, dashcam",
            vendors:
              "Xiaomi: 70mai Dash Cam A#00, 70mai M#00; DDPai: Mola N#; Viofo: A##9; Navitel: R###",
            params: "resolution=Full HD,QHD,4K UHD",
            price: [1200, 9000],
          },
        ),
        k(
          "car-stereos",
          "Автомагнітоли|Автомагнитолы|Car stereos",
          "Автомагнітола|Автомагнитола|Car stereo",
          {
            syn: "магнітола, андроїд магнітола|магнитола, андроид магнитола|head unit, car radio",
            vendors:
              "Pioneer: MVH-S###BT, SPH-DA###; Kenwood: KMM-BT###; Sony: DSX-A###BD; Prology: MPA-###; Gazer: CM####",
            params: "power=50,200",
            price: [1200, 15000],
          },
        ),
        k(
          "car-chargers",
          "Автомобільні зарядні пристрої|Автомобильные зарядные устройства|Car chargers",
          "Автомобільний зарядний пристрій|Автомобильное зарядное устройство|Car charger",
          {
            syn: "зарядка в прикурювач, автозарядка|зарядка в прикуриватель, автозарядка|12v usb charger",
            vendors:
              "Baseus: Superme ##W; Anker: PowerDrive ##; Hoco: Z##; Xiaomi: Car Charger ##W",
            params: "power=18,30,45,65; color=black,white",
            price: [150, 1500],
          },
        ),
      ],
    ),
    g(
      "car-care",
      "Автохімія та мастила|Автохимия и масла|Car care and oils",
      { price: [100, 2500] },
      [
        k(
          "motor-oils",
          "Моторні оливи|Моторные масла|Motor oils",
          "Моторна олива|Моторное масло|Motor oil",
          {
            syn: "моторне масло, мастило для двигуна|масло для двигателя|engine oil",
            vendors:
              "Castrol: Edge #W-30, Magnatec #W-40; Shell: Helix HX# #W-40, Helix Ultra #W-30; Mobil: Super 3000 X1 #W-40; Liqui Moly: Top Tec 4200 #W-30; Motul: 8100 X-clean #W-40; Total: Quartz 9000 #W-40",
            params: "volume=1,4,5",
            price: [400, 3500],
            w: 1.5,
          },
        ),
        k(
          "car-shampoos",
          "Автохімія|Автохимия|Car care products",
          "Автошампунь|Автошампунь|Car shampoo",
          {
            syn: "засіб для миття авто, активна піна|средство для мойки авто, активная пена|car wash",
            vendors:
              "Grass: Active Foam, Universal; Turtle Wax: Hybrid, Zip Wax; Meguiar's: Gold Class; Koch Chemie: Gentle Snow Foam; Sonax: Xtreme",
            params: "volume=0.5,1,5",
          },
        ),
        k("antifreeze", "Антифризи|Антифризы|Antifreeze", "Антифриз|Антифриз|Antifreeze", {
          syn: "охолоджувальна рідина, тосол|охлаждающая жидкость, тосол|coolant",
          vendors:
            "Prestone: Universal; Wolver: G##; Liqui Moly: KFS 1#; Felix: Carbox G##; Castrol: Radicool",
          params: "volume=1,5,10; color=red,green,blue,yellow",
          price: [150, 1200],
        }),
      ],
    ),
    g("car-accessories", "Автоаксесуари|Автоаксессуары|Car accessories", { price: [400, 9000] }, [
      k(
        "car-mats",
        "Автомобільні килимки|Автомобильные коврики|Car floor mats",
        "Автокилимки|Автоковрики|Car floor mats",
        {
          syn: "килимки в салон, гумові килимки|коврики в салон, резиновые коврики|rubber mats",
          vendors: "Norplast; Stingray; Frogum; Avto-Gumm",
          models: "Octavia A#, RAV#, Passat B#, Tucson, Sportage",
          params: "material=rubber,textile; color=black,gray",
          price: [400, 3500],
        },
      ),
      k(
        "car-batteries",
        "Акумулятори автомобільні|Аккумуляторы автомобильные|Car batteries",
        "Акумулятор автомобільний|Аккумулятор автомобильный|Car battery",
        {
          syn: "акб, акумулятор для авто|акб, аккумулятор для авто|lead acid battery",
          vendors:
            "Varta: Blue Dynamic E##, Silver Dynamic D##; Bosch: S# 0##; Westa: 6CT-##; Exide: Premium EA###; Mutlu: SFB M#",
          params: "ah=45,60,74,95,100; voltage=12",
          price: [2000, 9000],
        },
      ),
      k(
        "jump-starters",
        "Пускові пристрої|Пусковые устройства|Jump starters",
        "Пусковий пристрій|Пусковое устройство|Jump starter",
        {
          syn: "бустер, пускозарядний пристрій|бустер, пускозарядное устройство|booster pack",
          vendors:
            "Xiaomi: 70mai Jump Starter Max; Noco: Boost GB##; Baseus: Super Energy Pro; Vitals: JS-###",
          params: "battery=10000,12000,18000",
          price: [1200, 9000],
        },
      ),
    ]),
  ],
);
