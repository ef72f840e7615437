// Kids: toys, baby goods, kids transport, school supplies.

import { type DeptSpec, d, g, k } from "./taxonomy.ts";

export const KIDS: DeptSpec = d(
  "kids",
  "Дитячі товари|Детские товары|Kids",
  { syn: "товари для дітей|товары для детей|baby and kids", kw: "діти|дети|children" },
  [
    g(
      "toys",
      "Іграшки|Игрушки|Toys",
      { params: "age; color=red,blue,pink,green,yellow", price: [200, 3000] },
      [
        k(
          "building-sets",
          "Конструктори|Конструкторы|Construction toys",
          "Конструктор|Конструктор|Building set",
          {
            syn: "блоки, цеглинки|блоки, кубики|building blocks, bricks",
            vendors:
              "LEGO: Technic 42###, City 60###, Star Wars 75###, Friends 41###, Creator 31###, Classic 11###; Cobi: #####; Banbao: ####; Sluban: M38-B####; Mega Bloks: HK###",
            params: "pieces=100,250,500,1000,2000; age=preschool,school,teen",
            price: [300, 15000],
            w: 2,
          },
        ),
        k("dolls", "Ляльки|Куклы|Dolls", "Лялька|Кукла|Doll", {
          syn: "лялечка, пупс|куколка, пупс|baby doll, fashion doll",
          vendors:
            "Barbie: Dreamhouse Adventures, Fashionistas ###, Extra; L.O.L. Surprise: OMG, Tweens; Baby Born: Soft Touch, Magic Girl; Rainbow High: Fashion Doll; Enchantimals: ##",
          params: "age=toddler,preschool,school; color=pink,purple,blue",
          price: [300, 4000],
        }),
        k(
          "rc-cars",
          "Машинки на радіокеруванні|Машинки на радиоуправлении|RC cars",
          "Машинка на радіокеруванні|Машинка на радиоуправлении|RC car",
          {
            syn: "радіокерована машинка, машинка на пульті|радиоуправляемая машинка, машинка на пульте|remote control car",
            vendors:
              "Maisto: Tech ####; ZIPP Toys: Speed ##; Sulong Toys: SL-###; Hot Wheels: RC ##; MJX: Hyper Go ####",
            params: "age=preschool,school,teen; color=red,blue,black,yellow,green",
            price: [400, 6000],
          },
        ),
        k(
          "plush-toys",
          "М'які іграшки|Мягкие игрушки|Plush toys",
          "М'яка іграшка|Мягкая игрушка|Plush toy",
          {
            syn: "плюшева іграшка, ведмедик|плюшевая игрушка, мишка|stuffed animal, teddy bear",
            vendors:
              "Squishmallows: Original ##; Jellycat: Bashful Bunny, Amuseables; Aurora: Eco Nation; Копиця: ####; Tigres: ####",
            params: "age; color=pink,brown,white,blue,gray",
            price: [150, 2500],
          },
        ),
        k(
          "board-games",
          "Настільні ігри|Настольные игры|Board games",
          "Настільна гра|Настольная игра|Board game",
          {
            syn: "гра для компанії, настолка|игра для компании, настолка|tabletop game",
            vendors:
              "Hasbro: Monopoly Classic, Jenga, Cluedo; Ігромаг: Carcassonne, Catan; Feelindigo: Codenames, Dixit; Hobby World: Alias, Ticket to Ride",
            params: "age=school,teen; pieces=50,100,250",
          },
        ),
        k("puzzles", "Пазли|Пазлы|Puzzles", "Пазл|Пазл|Jigsaw puzzle", {
          syn: "головоломка, пазли для дорослих|головоломка|jigsaw",
          vendors: "Trefl: #####; Ravensburger: #####; Clementoni: #####; Castorland: B-#####",
          params: "pieces=500,1000,1500,2000,3000; age=school,teen",
          price: [150, 1500],
        }),
      ],
    ),
    g("baby", "Для малюків|Для малышей|Baby", { params: "age=baby,toddler", price: [200, 3000] }, [
      k(
        "strollers",
        "Дитячі коляски|Детские коляски|Strollers",
        "Коляска дитяча|Коляска детская|Stroller",
        {
          syn: "візок, прогулянкова коляска, коляска 2 в 1|прогулочная коляска, коляска 2 в 1|pram, baby stroller",
          vendors:
            "Cybex: Balios S Lux, Eezy S Twist; Anex: m/type, e/type; Espiro: Next ## Avo; Carrello: Epica CRL-####, Ultimo; Bugaboo: Fox #; Tutis: Viva Life",
          params: "color=black,gray,beige,navy,green; weight=7,9,12",
          price: [6000, 45000],
          w: 1.5,
        },
      ),
      k(
        "car-seats",
        "Автокрісла|Автокресла|Car seats",
        "Автокрісло дитяче|Автокресло детское|Child car seat",
        {
          syn: "дитяче крісло для авто, бустер|детское кресло в авто, бустер|booster seat",
          vendors:
            "Cybex: Solution T i-Fix, Sirona T i-Size; Britax Romer: Kidfix i-Size, Dualfix #; Carrello: Meteorite CRL-####; Joie: i-Spin 360, Trillo Shield; Lionelo: Antoon",
          params: "color=black,gray,beige,blue; age=baby,toddler,preschool,school",
          price: [2500, 25000],
        },
      ),
      k("diapers", "Підгузки|Подгузники|Diapers", "Підгузки|Подгузники|Diapers", {
        syn: "памперси, підгузки-трусики|памперсы, трусики|nappies, pampers",
        vendors:
          "Pampers: Active Baby #, Premium Care #, Pants #; Huggies: Elite Soft #, Extra Care #; Libero: Comfort #; Bebbi: ##; Merries: M##",
        params: "pieces=36,44,52,64,72,90; weight=4-8,6-10,9-14,11-16",
        price: [250, 1500],
        w: 2,
      }),
      k(
        "baby-formula",
        "Дитячі суміші|Детские смеси|Baby formula",
        "Дитяча суміш|Детская смесь|Baby formula",
        {
          syn: "молочна суміш, дитяче харчування|молочная смесь, детское питание|infant formula, baby food",
          vendors:
            "Nutrilon: Premium #, Comfort #; Nan: Optipro #, Supreme #; Hipp: Combiotic #, Bio #; Humana: Expert #; Малятко: Premium #",
          params: "weight=0.35,0.4,0.6,0.8; age=baby,toddler",
          price: [250, 1500],
        },
      ),
      k(
        "baby-bottles",
        "Пляшечки та соски|Бутылочки и соски|Baby bottles",
        "Пляшечка для годування|Бутылочка для кормления|Baby bottle",
        {
          syn: "пляшка для годування, соска|бутылка для кормления, соска|feeding bottle",
          vendors:
            "Philips Avent: Natural #, Anti-colic; Tommee Tippee: Closer to Nature; Chicco: Natural Feeling; Nuk: First Choice; Canpol babies: EasyStart",
          params: "ml=125,150,260,330; material=plastic,glass; age=baby,toddler",
          price: [150, 900],
        },
      ),
    ]),
    g(
      "kids-transport",
      "Дитячий транспорт|Детский транспорт|Kids transport",
      { price: [1000, 9000] },
      [
        k(
          "kids-bikes",
          "Дитячі велосипеди|Детские велосипеды|Kids bikes",
          "Велосипед дитячий|Велосипед детский|Kids bike",
          {
            syn: "біговел, велик дитячий|беговел, велик детский|balance bike",
            vendors:
              "Corso: Striker ##, Speedline ##; Ardis: Fly ##; Trinx: Junior #.#; Cross: Blast ##; Profi: Trike M####",
            params: "wheel=12,14,16,18,20; color=blue,pink,red,green,black; age=preschool,school",
            price: [2000, 9000],
          },
        ),
        k(
          "kids-scooters",
          "Дитячі самокати|Детские самокаты|Kids scooters",
          "Самокат дитячий|Самокат детский|Kids scooter",
          {
            syn: "триколісний самокат, кікборд|трехколесный самокат, кикборд|kick scooter",
            vendors:
              "Micro: Mini Deluxe, Maxi Deluxe; Globber: Primo, Elite Lights; Scale Sports: Kids ##; Neo: Vision ###",
            params: "color=pink,blue,green,purple,black; age=toddler,preschool,school",
            price: [700, 4500],
          },
        ),
        k(
          "kids-electric-cars",
          "Дитячі електромобілі|Детские электромобили|Kids electric cars",
          "Електромобіль дитячий|Электромобиль детский|Kids electric car",
          {
            syn: "машина на акумуляторі, дитячий автомобіль|машина на аккумуляторе|ride-on car",
            vendors:
              "Bambi Racer: M ####EBLR; Kidsauto: Mercedes G63, BMW X#; Ramiz: Jeep ###; Peg Perego: Gaucho, Polaris RZR",
            params: "color=white,black,red,blue,pink; voltage=6,12,24; age=toddler,preschool",
            price: [5000, 30000],
          },
        ),
      ],
    ),
    g(
      "school",
      "Шкільні товари|Школьные товары|School supplies",
      { params: "color=blue,pink,black,purple,green" },
      [
        k(
          "school-backpacks",
          "Шкільні рюкзаки|Школьные рюкзаки|School backpacks",
          "Рюкзак шкільний|Рюкзак школьный|School backpack",
          {
            syn: "ранець, портфель|ранец, портфель|school bag, satchel",
            vendors:
              "Kite: Education K##-###, Dogs; YES: S-##, T-###; Herlitz: Midi Plus; CoolPack: Jerry, Joy S; 1 Вересня: S-##",
            params: "color=blue,pink,black,purple,green; volume=15,18,20; age=school",
            price: [600, 4000],
          },
        ),
        k("pencil-cases", "Пенали|Пеналы|Pencil cases", "Пенал|Пенал|Pencil case", {
          syn: "шкільний пенал|школьный пенал|pencil pouch",
          vendors: "Kite: K##-###; YES: TP-##; CoolPack: Clipper, Primus; 1 Вересня: PK-##",
          price: [100, 700],
        }),
      ],
    ),
  ],
);
