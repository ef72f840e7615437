// Electronics: phones, computers, TV and audio, gadgets. Notation: see taxonomy.ts.

import { type DeptSpec, d, g, k } from "./taxonomy.ts";

export const ELECTRONICS: DeptSpec = d(
  "electronics",
  "Електроніка|Электроника|Electronics",
  {
    syn: "гаджети, техніка|гаджеты, техника|gadgets, devices",
    kw: "електроніка|электроника|electronics",
  },
  [
    g(
      "phones",
      "Смартфони та телефони|Смартфоны и телефоны|Phones",
      { params: "color; warranty" },
      [
        k("smartphones", "Смартфони|Смартфоны|Smartphones", "Смартфон|Смартфон|Smartphone", {
          syn: "мобільний телефон, мобілка|мобильный телефон, мобила|mobile phone, cell phone",
          vendors:
            "Samsung: Galaxy A#5, Galaxy S2#, Galaxy M#4; Apple: iPhone 1#, iPhone 1# Pro; Xiaomi: Redmi Note 1# Pro, Redmi 1#C, Poco X#; Motorola: Moto G#4, Edge #0; Google: Pixel #a; OnePlus: Nord CE#; Realme: C#5; Nokia: G#2",
          params: "color; memory=64,128,256,512; ram=4,6,8,12; battery=4500,5000,5500; warranty",
          price: [3500, 65000],
          w: 6,
        }),
        k(
          "feature-phones",
          "Кнопкові телефони|Кнопочные телефоны|Feature phones",
          "Мобільний телефон|Мобильный телефон|Mobile phone",
          {
            syn: "кнопковий телефон, бабусефон|кнопочный телефон, звонилка|feature phone",
            vendors: "Nokia: 1##, 2## 4G; Sigma: X-style #@; Ergo: F2#; Philips: Xenium E###",
            params: "color=black,gray,blue,red; battery=800,1000,1500",
            price: [500, 3000],
          },
        ),
        k(
          "phone-cases",
          "Чохли для смартфонів|Чехлы для смартфонов|Phone cases",
          "Чохол|Чехол|Case",
          {
            syn: "кейс, бампер, накладка|кейс, бампер, накладка|cover, bumper",
            vendors: "Spigen; ArmorStandart; BeCover; OtterBox",
            models: "Liquid Air @##, Ultra Hybrid @##, Rugged Armor @##, Icon @##",
            params: "color; material=plastic,leather,ecoleather,textile",
            price: [150, 1500],
            w: 1.5,
          },
        ),
        k(
          "screen-protectors",
          "Захисне скло|Защитное стекло|Screen protectors",
          "Захисне скло|Защитное стекло|Screen protector",
          {
            syn: "захисна плівка, скло на телефон|защитная пленка, стекло на телефон|tempered glass",
            vendors: "ArmorStandart; BeCover; Piko; Spigen",
            models: "Pro @##, Full Glue @##, Ice @##",
            params: "color=black,white",
            price: [100, 800],
            w: 0.6,
          },
        ),
        k(
          "chargers",
          "Зарядні пристрої|Зарядные устройства|Chargers",
          "Зарядний пристрій|Зарядное устройство|Charger",
          {
            syn: "зарядка, адаптер живлення|зарядка, блок питания|charging adapter, wall charger",
            vendors:
              "Baseus: GaN# Pro ##W; Anker: PowerPort III ##W, Nano ##W; Samsung: EP-T##10; Ugreen: Nexode ##W; Xiaomi: Mi ##W",
            params: "power=20,25,33,45,65,100; color=black,white",
            price: [250, 2500],
          },
        ),
        k("power-banks", "Павербанки|Павербанки|Power banks", "Павербанк|Павербанк|Power bank", {
          syn: "портативний акумулятор, зовнішній акумулятор, повербанк|портативный аккумулятор, внешний аккумулятор, повербанк|portable battery",
          vendors:
            "Xiaomi: Redmi #0000, Mi ##W; Baseus: Bipow #0000, Adaman ##W; Anker: PowerCore #0000; 2E: PB#00#; Gembird",
          params: "battery=10000,20000,30000,40000; color=black,white,blue; power=18,22,65",
          price: [500, 4000],
          w: 1.5,
        }),
        k(
          "cables",
          "Кабелі та перехідники|Кабели и переходники|Cables and adapters",
          "Кабель|Кабель|Cable",
          {
            syn: "шнур, дріт для зарядки|шнур, провод для зарядки|cord",
            vendors: "Baseus; Ugreen; Anker; Gembird; Hoco",
            models: "Cafule ##W, Superior ##W, X##, US###",
            params: "length=1,1.5,2,3; color=black,white",
            price: [100, 900],
          },
        ),
      ],
    ),
    g(
      "computers",
      "Ноутбуки та комп'ютери|Ноутбуки и компьютеры|Laptops and computers",
      { params: "color=black,gray,silver,white" },
      [
        k("laptops", "Ноутбуки|Ноутбуки|Laptops", "Ноутбук|Ноутбук|Laptop", {
          syn: "лептоп, портативний комп'ютер|лэптоп, портативный компьютер|notebook",
          vendors:
            "Lenovo: IdeaPad Slim #, ThinkPad E1#, Legion # Pro, LOQ 1#@; Asus: VivoBook 1#, ZenBook 1#, TUF Gaming F1#, ROG Strix G1#; HP: Pavilion 1#, Victus 1#, ProBook 4#0 G1#; Acer: Aspire #, Nitro V 1#, Swift Go 1#; Apple: MacBook Air 1#, MacBook Pro 1#; Dell: Inspiron 1#, Vostro 3#2#; MSI: Katana 1#, Modern 1#",
          params:
            "cpu; ram=8,16,32; ssd=256,512,1024; diagonal=13.3,14,15.6,16; color=black,gray,silver; warranty",
          price: [14000, 120000],
          w: 5,
        }),
        k("tablets", "Планшети|Планшеты|Tablets", "Планшет|Планшет|Tablet", {
          syn: "таблет|таблет|tablet pc",
          vendors:
            "Apple: iPad Air 1#, iPad Pro 1#, iPad mini #; Samsung: Galaxy Tab A#, Galaxy Tab S#; Lenovo: Tab M1#, Tab P1#; Xiaomi: Pad #, Redmi Pad SE",
          params:
            "color=gray,silver,blue,graphite; memory=64,128,256; ram=4,6,8; diagonal=8.7,10.1,11,12.4",
          price: [5000, 60000],
          w: 2,
        }),
        k("monitors", "Монітори|Мониторы|Monitors", "Монітор|Монитор|Monitor", {
          syn: "дисплей, екран для комп'ютера|дисплей, экран для компьютера|display, screen",
          vendors:
            "Samsung: Odyssey G#, S2#C###; LG: UltraGear 2#G#, ##MP##; Dell: P2#2#H, S2#21HN; Asus: VG2##Q, ProArt PA2##; AOC: 24G#, Q27G#; Philips: 24#E#",
          params: "diagonal=23.8,27,31.5,34; resolution=Full HD,QHD,4K UHD; color=black,white",
          price: [3500, 30000],
          w: 1.5,
        }),
        k("desktops", "Комп'ютери|Компьютеры|Desktop computers", "Комп'ютер|Компьютер|Desktop PC", {
          syn: "системний блок, пк, десктоп|системный блок, пк, десктоп|pc, desktop",
          vendors:
            "Artline: Gaming X##, Business B##; HP: Pro Tower 400 G#; Lenovo: IdeaCentre # ##; Apple: iMac 2#, Mac mini M#; Dell: OptiPlex #000",
          params: "cpu; ram=8,16,32; ssd=512,1024,2048",
          price: [12000, 90000],
        }),
        k("keyboards", "Клавіатури|Клавиатуры|Keyboards", "Клавіатура|Клавиатура|Keyboard", {
          syn: "клава|клава|keypad",
          vendors:
            "Logitech: K###, MX Keys S, G##; Razer: BlackWidow V#, Huntsman V#; HyperX: Alloy Origins ##; A4Tech: Bloody B###, KR-##; 2E: KG3##",
          params: "connection; color=black,white,gray",
          price: [300, 6000],
        }),
        k("mice", "Миші|Мыши|Computer mice", "Миша|Мышь|Mouse", {
          syn: "мишка, комп'ютерна миша|мышка, компьютерная мышь|computer mouse",
          vendors:
            "Logitech: M###, G### Lightspeed, MX Master #S; Razer: DeathAdder V#, Viper V#; A4Tech: Bloody V#M, OP-###; HyperX: Pulsefire Haste #; Xiaomi: Mi Silent Mouse",
          params: "connection; color=black,white,gray,pink",
          price: [200, 4500],
          w: 1.5,
        }),
        k("printers", "Принтери та БФП|Принтеры и МФУ|Printers", "Принтер|Принтер|Printer", {
          syn: "бфп, багатофункціональний пристрій|мфу, многофункциональное устройство|mfp, all-in-one printer",
          vendors:
            "Canon: PIXMA G#4#0, i-SENSYS MF##2; HP: LaserJet M1##a, DeskJet #7##; Epson: EcoTank L3###, L##60; Brother: DCP-L2###DW; Xerox: B2##",
          params: "connection; color=black,white",
          price: [3000, 25000],
        }),
        k(
          "routers",
          "Маршрутизатори|Маршрутизаторы|Routers",
          "Маршрутизатор|Маршрутизатор|Router",
          {
            syn: "роутер, wi-fi роутер, вайфай|роутер, wi-fi роутер, вайфай|wi-fi router",
            vendors:
              "TP-Link: Archer C#, Archer AX##, Deco X##; Asus: RT-AX##U, RT-AC##; Mercusys: MR##X, Halo H##; Xiaomi: Router AX##00; Keenetic: Speedster, Giga KN-10##",
            params: "color=black,white; warranty",
            price: [700, 8000],
          },
        ),
        k(
          "ssd",
          "SSD-накопичувачі|SSD-накопители|SSD drives",
          "SSD-накопичувач|SSD-накопитель|SSD drive",
          {
            syn: "ссд, твердотільний накопичувач|ссд, твердотельный накопитель|solid state drive",
            vendors:
              "Samsung: 9#0 EVO Plus, 9#0 PRO; Kingston: NV#, A#00, KC#000; WD: Blue SN5#0, Black SN#50; Crucial: P#, MX500; Goodram: PX#00",
            params: "ssd=250,500,1000,2000",
            price: [900, 9000],
          },
        ),
        k("flash-drives", "Флешки|Флешки|USB flash drives", "Флешка|Флешка|USB flash drive", {
          syn: "флеш-накопичувач, usb-накопичувач|флеш-накопитель, usb-накопитель|pen drive, thumb drive",
          vendors:
            "Kingston: DataTraveler Exodia, DataTraveler ##; SanDisk: Ultra Flair, Cruzer Blade; Transcend: JetFlash ###; Samsung: BAR Plus, FIT Plus",
          params: "memory=32,64,128,256; color=black,silver,blue,red",
          price: [150, 1500],
        }),
        k(
          "graphics-cards",
          "Відеокарти|Видеокарты|Graphics cards",
          "Відеокарта|Видеокарта|Graphics card",
          {
            syn: "відяха, графічна карта|видюха, графическая карта|gpu, video card",
            vendors:
              "Asus: Dual RTX 40#0, TUF RTX 40#0; MSI: GeForce RTX 40#0 Ventus, Radeon RX 7#00 XT; Gigabyte: RTX 40#0 Gaming OC, RTX 30#0 Eagle; Palit: RTX 40#0 JetStream; Sapphire: Pulse RX 7#00 XT",
            params: "vram=8,12,16,24; warranty",
            price: [9000, 80000],
          },
        ),
      ],
    ),
    g("tv-audio", "ТВ, аудіо та відео|ТВ, аудио и видео|TV, audio and video", {}, [
      k("tvs", "Телевізори|Телевизоры|TVs", "Телевізор|Телевизор|TV", {
        syn: "телик, смарт тв|телик, смарт тв|television, smart tv",
        vendors:
          "Samsung: UE##CU7100U, QE##Q60D, UE##DU8000; LG: ##UR78006LK, OLED##C4; Sony: KD-##X75WL, XR-##A80L; Philips: ##PUS8###; Xiaomi: TV A Pro ##; Kivi: ##U7##GU; TCL: ##P6#5, ##C6##",
        params: "diagonal; resolution; color=black,silver,gray; energy; warranty",
        price: [6000, 100000],
        w: 3,
      }),
      k("headphones", "Навушники|Наушники|Headphones", "Навушники|Наушники|Headphones", {
        syn: "гарнітура, бездротові навушники|гарнитура, беспроводные наушники|earphones, headset",
        vendors:
          "Sony: WH-1000XM#, WH-CH#20N, WF-1000XM#, WF-C#00; Apple: AirPods Pro #, AirPods #, AirPods Max; Samsung: Galaxy Buds# Pro, Galaxy Buds FE; JBL: Tune #20BT, Live ##0NC, Wave Buds; Xiaomi: Redmi Buds # Pro, Buds #; Marshall: Major V, Motif II; Sennheiser: Momentum #, HD #50BT; Anker: Soundcore Life Q##, Soundcore Liberty #",
        params:
          "connection; color=black,white,blue,pink,beige,silver; battery=300,500,700; warranty",
        price: [400, 20000],
        w: 4,
      }),
      k(
        "speakers",
        "Портативні колонки|Портативные колонки|Portable speakers",
        "Портативна колонка|Портативная колонка|Portable speaker",
        {
          syn: "блютуз колонка, акустика|блютуз колонка, акустика|bluetooth speaker",
          vendors:
            "JBL: Charge #, Flip #, Go #, Xtreme #, PartyBox ###; Sony: SRS-XB##, ULT Field #; Marshall: Emberton II, Stanmore III; Xiaomi: Mi Portable Speaker; Tronsmart: T# Mini, Bang SE; Harman Kardon: Onyx Studio #",
          params: "color=black,blue,red,green,gray,pink; power=10,20,30,40; battery=2000,4000,8000",
          price: [800, 15000],
          w: 2,
        },
      ),
      k("soundbars", "Саундбари|Саундбары|Soundbars", "Саундбар|Саундбар|Soundbar", {
        syn: "звукова панель|звуковая панель|sound bar",
        vendors:
          "Samsung: HW-Q#00C, HW-B5#0; LG: S#0QY, SP#; Sony: HT-S#00, HT-A#000; JBL: Bar #.0; Xiaomi: TV Speaker",
        params: "power=100,200,300,400; color=black,silver",
        price: [3000, 35000],
      }),
      k("projectors", "Проєктори|Проекторы|Projectors", "Проєктор|Проектор|Projector", {
        syn: "кінопроєктор, домашній кінотеатр|кинопроектор, домашний кинотеатр|home cinema projector",
        vendors:
          "Epson: EB-X##, EH-TW#0#0; BenQ: W#0#0, MW5#0; Xiaomi: Mi Smart Projector #; Acer: X1#2#H; ViewSonic: PX7##",
        params: "resolution; color=white,black",
        price: [8000, 60000],
      }),
      k(
        "streaming-boxes",
        "Смарт-приставки|Смарт-приставки|Streaming devices",
        "Смарт-приставка|Смарт-приставка|Streaming box",
        {
          syn: "тв бокс, медіаплеєр, андроїд приставка|тв бокс, медиаплеер, андроид приставка|tv box, media player",
          vendors:
            "Xiaomi: Mi TV Box S #nd Gen, TV Stick 4K; Google: Chromecast; Apple: TV 4K; Nvidia: Shield TV; Ugoos: AM#",
          params: "memory=8,16,32,64; resolution=Full HD,4K UHD",
          price: [1500, 9000],
        },
      ),
      k("microphones", "Мікрофони|Микрофоны|Microphones", "Мікрофон|Микрофон|Microphone", {
        syn: "мікрофон для стріму|микрофон для стрима|streaming mic",
        vendors:
          "HyperX: QuadCast S, SoloCast; Fifine: K6##, AmpliGame A#; Rode: NT-USB Mini, PodMic; Shure: MV#; Blue: Yeti, Yeti Nano",
        params: "connection; color=black,white,red",
        price: [800, 10000],
      }),
    ]),
    g("gadgets", "Гаджети|Гаджеты|Gadgets", {}, [
      k(
        "smartwatches",
        "Смарт-годинники|Смарт-часы|Smartwatches",
        "Смарт-годинник|Смарт-часы|Smartwatch",
        {
          syn: "розумний годинник, смарт вотч|умные часы, смарт вотч|smart watch",
          vendors:
            "Apple: Watch Series #, Watch SE #, Watch Ultra #; Samsung: Galaxy Watch# Classic, Galaxy Watch FE; Xiaomi: Watch S#, Redmi Watch #; Garmin: Forerunner #55, Fenix # Pro, Venu #; Huawei: Watch GT #, Watch Fit #; Amazfit: GTR #, Bip # Pro",
          params: "color=black,silver,gold,pink,green; battery=300,400,500",
          price: [1500, 35000],
          w: 2,
        },
      ),
      k(
        "fitness-trackers",
        "Фітнес-браслети|Фитнес-браслеты|Fitness trackers",
        "Фітнес-браслет|Фитнес-браслет|Fitness tracker",
        {
          syn: "фітнес-трекер, смарт-браслет|фитнес-трекер, смарт-браслет|activity tracker",
          vendors:
            "Xiaomi: Smart Band #, Smart Band # Pro; Huawei: Band #; Samsung: Galaxy Fit#; Amazfit: Band #; Garmin: Vivosmart #",
          params: "color=black,pink,blue,green,white",
          price: [700, 5000],
        },
      ),
      k(
        "e-readers",
        "Електронні книги|Электронные книги|E-readers",
        "Електронна книга|Электронная книга|E-reader",
        {
          syn: "рідер, читалка|ридер, читалка|ebook reader",
          vendors:
            "PocketBook: 6##, Verse Pro, InkPad #; Amazon: Kindle Paperwhite #, Kindle ##th Gen; Onyx Boox: Poke #, Note Air #",
          params: "diagonal=6,7,7.8,10.3; memory=8,16,32; color=black,gray,blue",
          price: [3000, 20000],
        },
      ),
      k(
        "action-cameras",
        "Екшн-камери|Экшн-камеры|Action cameras",
        "Екшн-камера|Экшн-камера|Action camera",
        {
          syn: "гоупро, спортивна камера|гоупро, спортивная камера|gopro, sport camera",
          vendors: "GoPro: Hero 1# Black; DJI: Osmo Action #; Insta360: X#, Go #; SJCAM: SJ#000",
          params: "resolution=4K UHD,5.3K,Full HD; color=black",
          price: [4000, 25000],
        },
      ),
      k("cameras", "Фотоапарати|Фотоаппараты|Cameras", "Фотоапарат|Фотоаппарат|Camera", {
        syn: "фотокамера, дзеркалка, бездзеркалка|фотокамера, зеркалка, беззеркалка|digital camera",
        vendors:
          "Canon: EOS R#, EOS ###D, PowerShot SX#0; Nikon: Z#, Coolpix P###; Sony: Alpha A7 IV, ZV-E10 II, A6#00; Fujifilm: X-T##, X-S##, Instax Mini ##; Panasonic: Lumix G##",
        params: "color=black,silver",
        price: [5000, 120000],
      }),
      k("drones", "Квадрокоптери|Квадрокоптеры|Drones", "Квадрокоптер|Квадрокоптер|Drone", {
        syn: "дрон, коптер|дрон, коптер|quadcopter",
        vendors:
          "DJI: Mini # Pro, Air #S, Avata #, Mavic # Pro; Autel: EVO Lite+, EVO Nano; Xiaomi: FIMI X8 SE",
        params: "weight=0.249,0.5,0.9; color=gray,white,orange",
        price: [8000, 90000],
      }),
      k(
        "consoles",
        "Ігрові консолі|Игровые консоли|Game consoles",
        "Ігрова консоль|Игровая консоль|Game console",
        {
          syn: "приставка, ігрова приставка, плейстейшн|приставка, игровая приставка, плейстейшн|gaming console, playstation",
          vendors:
            "Sony: PlayStation # Slim, PlayStation # Pro; Microsoft: Xbox Series X, Xbox Series S; Nintendo: Switch OLED, Switch Lite; Valve: Steam Deck OLED",
          params: "memory=512,1024,2048; color=black,white",
          price: [9000, 35000],
        },
      ),
      k("gamepads", "Геймпади|Геймпады|Gamepads", "Геймпад|Геймпад|Gamepad", {
        syn: "джойстик, контролер|джойстик, контроллер|controller, joystick",
        vendors:
          "Sony: DualSense, DualSense Edge; Microsoft: Xbox Wireless Controller; 8BitDo: Ultimate #C, Pro #; Logitech: F#10; Trust: GXT ###",
        params: "connection; color=black,white,red,blue",
        price: [700, 9000],
      }),
    ]),
  ],
);
