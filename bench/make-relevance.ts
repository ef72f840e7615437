// Regenerates test/fixtures/relevance/queries.json from the fixture catalog, deterministically:
//   bun bench/make-relevance.ts
// Judgments come from what the generator decided (kind, vendor, model, attribute values), so
// "навушники sony" is judged by the Sony headphones the catalog actually holds. A query is kept
// only when a generous matcher (loose-match.ts) finds at most 10 products for its correct form
// and all of the relevant ones among them: every judged query has one unambiguous answer.

import { spawnSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { type GeneratedProduct, generateEntries } from "../src/sample-catalog/generate.ts";
import { langIndex, PARAMS, paramText } from "../src/sample-catalog/params.ts";
import { Rng } from "../src/sample-catalog/prng.ts";
import { TREE } from "../src/sample-catalog/tree.ts";
import { vendorCyrillic } from "../src/sample-catalog/vocabulary.ts";
import { LooseIndex, looseTokens } from "./loose-match.ts";
import { CodeJudge } from "./relevance-codes.ts";
import {
  type CatalogSpec,
  type JudgedQuery,
  loadCatalogSpec,
  QUERIES_FILE,
  QUERY_CLASSES,
  type QueryClass,
} from "./relevance-fixture.ts";
import { spoken, YO_WORDS } from "./spoken-words.ts";
import {
  allowedEdits,
  oneEdit,
  transliterate,
  typedInCyrillicLayout,
  typedInLatinLayout,
} from "./typing.ts";
import { WORD_FORMS } from "./word-forms.ts";

const PER_CLASS = 20;
const ATTEMPTS = 4000;

type Lang = "uk" | "ru" | "en";
/** A candidate: the query as typed, its correct form, and the positions of relevant products. */
export interface Candidate {
  q: string;
  clean?: string;
  language: Lang;
  relevant: number[];
  /** Nothing but the relevant products may be returned (a code no product has). */
  exclusive?: true;
  /** Unambiguous by construction (a product's unique code): no loose check. */
  exact?: true;
}

export function makeRelevanceQueries(spec: CatalogSpec): JudgedQuery[] {
  const entries = Array.from(generateEntries(spec.seed, spec.products));
  const loose = new LooseIndex(
    entries.map((e) => e.item),
    categoryWords(),
  );
  const find = finder(entries);
  const codes = new CodeJudge(entries.map((e) => e.item.code));
  const rng = new Rng(spec.seed ^ 0x7e1e7a9c);
  const makers: Record<QueryClass, (e: GeneratedProduct) => Candidate | null> = {
    "exact-name": (e) => {
      const language = e.facts.hasEnglish && rng.chance(0.15) ? "en" : pickLang(rng);
      const name = nameIn(e, language);
      const q = rng.chance(0.5) ? name : name.toLowerCase();
      return {
        q,
        language,
        relevant: find((o) => sameText(nameIn(o, language), name, o, language)),
      };
    },
    "plural-or-case": (e) => {
      const forms = WORD_FORMS[e.facts.kind.slug];
      if (!forms) return null;
      const language = pickLang(rng);
      const list = language === "uk" ? forms[0] : forms[1];
      if (!list?.length) return null;
      const vendor = e.facts.vendor.toLowerCase();
      const form = rng.pick(list);
      return {
        q: rng.chance(0.7) ? `${form} ${vendor}` : `${vendor} ${form}`,
        language,
        relevant: find(sameKindVendor(e)),
      };
    },
    typo: (e) => {
      const language = pickLang(rng);
      const full = rng.chance(0.5);
      const clean = (
        full ? nameIn(e, language) : `${typeIn(e, language)} ${e.facts.vendor}`
      ).toLowerCase();
      const words = clean.split(" ");
      const at = words.map((w, i) => [w, i] as const).filter(([w]) => /^\p{L}{5,}$/u.test(w));
      if (!at.length) return null;
      const [word, i] = rng.pick(at);
      let typo = oneEdit(word, rng);
      if (allowedEdits(word) === 2 && rng.chance(0.4)) typo = oneEdit(typo, rng);
      if (typo === word || loose.has(typo)) return null;
      words[i] = typo;
      return {
        q: words.join(" "),
        clean,
        language,
        relevant: find(full ? sameName(e, language) : sameKindVendor(e)),
      };
    },
    "wrong-layout": (e) => {
      const language = rng.chance(0.8) ? "uk" : "ru";
      const type = typeIn(e, language).toLowerCase();
      const vendor = e.facts.vendor.toLowerCase();
      const clean = `${type} ${vendor}`;
      if (rng.chance(0.6))
        return {
          q: `${typedInLatinLayout(type)} ${vendor}`,
          clean,
          language,
          relevant: find(sameKindVendor(e)),
        };
      if (!/^[a-z][a-z &'.-]{2,}$/.test(vendor)) return null;
      return {
        q: `${type} ${typedInCyrillicLayout(vendor, language)}`,
        clean,
        language,
        relevant: find(sameKindVendor(e)),
      };
    },
    transliteration: (e) => {
      const language = rng.chance(0.7) ? "uk" : "ru";
      const type = typeIn(e, language).toLowerCase();
      const vendor = e.facts.vendor.toLowerCase();
      if (/[а-яіїєґ]/.test(vendor)) return null;
      return {
        q: `${transliterate(type, language)} ${vendor}`,
        clean: `${type} ${vendor}`,
        language,
        relevant: find(sameKindVendor(e)),
      };
    },
    sku: (e) => {
      const code = e.item.code;
      if (find((o) => o.item.code === code).length !== 1) return null;
      const style = rng.next();
      const q =
        style < 0.7
          ? code
          : style < 0.85
            ? code.toLowerCase()
            : code.replace(/[^\p{L}\p{N}]/gu, "");
      return { q, clean: code, language: "uk", relevant: [e.facts.index] };
    },
    "model-code": (e) => {
      const codes = e.facts.model
        .split(/\s+/)
        .filter((t) => /\d/.test(t) && (/\p{L}/u.test(t) || t.length >= 4));
      const q = codes.join(" ").toLowerCase();
      if (q.length < 3) return null;
      return { q, language: "uk", relevant: find(sameModel(e)) };
    },
    vendor: (e) => {
      const vendor = e.facts.vendor;
      return {
        q: rng.chance(0.6) ? vendor.toLowerCase() : vendor,
        language: "uk",
        relevant: find((o) => o.facts.vendor === vendor),
      };
    },
    synonym: (e) => {
      const language = pickLang(rng);
      const li = langIndex(language);
      const cyrillic = vendorCyrillic(e.facts.vendor, language);
      if (cyrillic && rng.chance(0.4))
        return {
          q: `${typeIn(e, language).toLowerCase()} ${cyrillic}`,
          language,
          relevant: find(sameKindVendor(e)),
        };
      const synonyms = e.facts.kind.synonyms[li];
      if (!synonyms.length) return null;
      return {
        q: `${rng.pick(synonyms)} ${e.facts.vendor.toLowerCase()}`,
        language,
        relevant: find(sameKindVendor(e)),
      };
    },
    "attribute-value": (e) => {
      const language = pickLang(rng);
      const keys = [...e.facts.params.keys()].filter((k) => k !== "warranty" && k !== "country");
      if (!keys.length) return null;
      const key = rng.pick(keys);
      const value = e.facts.params.get(key) ?? "";
      const text = attributeText(key, value, language);
      return {
        q: `${typeIn(e, language).toLowerCase()} ${text}`,
        language,
        relevant: find((o) => o.facts.kind === e.facts.kind && o.facts.params.get(key) === value),
      };
    },
    "multi-word": (e) => {
      const language = pickLang(rng);
      const type = typeIn(e, language).toLowerCase();
      const { vendor, model } = e.facts;
      const color = e.facts.params.get("color");
      if (color && rng.chance(0.5))
        return {
          q: `${type} ${vendor.toLowerCase()} ${attributeText("color", color, language)}`,
          language,
          relevant: find((o) => sameKindVendor(e)(o) && o.facts.params.get("color") === color),
        };
      return {
        q: `${vendor} ${model} ${type}`.toLowerCase(),
        language,
        relevant: find(sameModel(e)),
      };
    },
    prefix: (e) => {
      const language = pickLang(rng);
      const type = typeIn(e, language).toLowerCase();
      const vendor = e.facts.vendor.toLowerCase();
      const model = e.facts.model.toLowerCase();
      if (rng.chance(0.4) && vendor.length >= 4) {
        const typed = vendor.slice(0, rng.int(3, vendor.length - 1));
        if (typed.endsWith(" ")) return null;
        return {
          q: `${type} ${typed}`,
          language,
          relevant: find(
            (o) => o.facts.kind === e.facts.kind && o.facts.vendor.toLowerCase().startsWith(typed),
          ),
        };
      }
      if (model.length < 3) return null;
      const typed = model.slice(0, rng.int(2, model.length - 1));
      if (typed.endsWith(" ") || typed.endsWith("-")) return null;
      return {
        q: `${type} ${vendor} ${typed}`,
        language,
        relevant: find(
          (o) => sameKindVendor(e)(o) && o.facts.model.toLowerCase().startsWith(typed),
        ),
      };
    },
    "brand-cyrillic": (e) => {
      const language = pickLang(rng);
      const type = typeIn(e, language).toLowerCase();
      const vendor = e.facts.vendor;
      // A Cyrillic vendor typed in Latin, as it sounds.
      if (/\p{Script=Cyrillic}/u.test(vendor))
        return {
          q: `${type} ${transliterate(vendor, "uk")}`,
          clean: `${type} ${vendor}`,
          language,
          relevant: find(sameKindVendor(e)),
        };
      const saidVendor = spoken(vendor, language);
      const [first = "", ...rest] = e.facts.model.split(" ");
      const saidModel = spoken(first, language);
      if (saidModel && rng.chance(0.5))
        return {
          q: [saidVendor ?? vendor, saidModel, ...rest].join(" ").toLowerCase(),
          clean: `${vendor} ${e.facts.model}`,
          language,
          relevant: find(sameModel(e)),
        };
      // Mostly spellings the catalog's keywords do not have (those are the synonym class).
      if (!saidVendor || (saidVendor === vendorCyrillic(vendor, language) && rng.chance(0.7)))
        return null;
      return {
        q: rng.chance(0.5) ? `${type} ${saidVendor}` : `${saidVendor} ${type}`,
        clean: `${type} ${vendor}`,
        language,
        relevant: find(sameKindVendor(e)),
      };
    },
    "two-errors": (e) => {
      const language = pickLang(rng);
      const type = typeIn(e, language).toLowerCase();
      const vendor = e.facts.vendor.toLowerCase();
      const clean = `${type} ${vendor}`;
      const words = type.split(" ");
      const style = rng.int(0, 4);
      if (style === 3) {
        // Two model words typed without the space: "redminote13".
        const parts = e.facts.model.toLowerCase().split(" ");
        const glued = parts.join("");
        if (parts.length < 2 || !/^[\p{L}\p{N}]+$/u.test(glued) || loose.has(glued)) return null;
        return {
          q: rng.chance(0.5) ? glued : `${type} ${glued}`,
          clean: `${vendor} ${e.facts.model}`,
          language,
          relevant: find(sameModel(e)),
        };
      }
      if (style === 4) {
        // Two words of the type, or the type and a Cyrillic vendor, without the space.
        const cyrillic = vendorCyrillic(e.facts.vendor, language);
        const glued =
          words.length === 2 ? words.join("") : cyrillic ? `${type}${cyrillic}` : undefined;
        if (!glued || !/^\p{L}+$/u.test(glued) || loose.has(glued)) return null;
        return {
          q: words.length === 2 ? `${glued} ${vendor}` : glued,
          clean: words.length === 2 ? clean : `${type} ${cyrillic}`,
          language,
          relevant: find(sameKindVendor(e)),
        };
      }
      const at = words.map((w, i) => [w, i] as const).filter(([w]) => /^\p{L}{5,}$/u.test(w));
      if (!at.length) return null;
      const [word, i] = rng.pick(at);
      let typo: string;
      if (style === 0) {
        // A typo inside a word typed on the wrong layout.
        typo = oneEdit(word, rng);
        if (typo === word || loose.has(typo)) return null;
        words[i] = typedInLatinLayout(typo);
      } else if (style === 1) {
        // A transliterated word with a typo.
        const latin = transliterate(word, language);
        typo = oneEdit(latin, rng);
        if (typo === latin || loose.has(typo)) return null;
        words[i] = typo;
      } else {
        // A doubled letter and a typo in one word.
        const d = rng.int(1, word.length - 2);
        const doubled = word.slice(0, d) + (word[d] as string) + word.slice(d);
        typo = oneEdit(doubled, rng);
        if (typo === doubled || typo === word || loose.has(typo)) return null;
        words[i] = typo;
      }
      return {
        q: `${words.join(" ")} ${vendor}`,
        clean,
        language,
        relevant: find(sameKindVendor(e)),
      };
    },
    "mixed-script": (e) => {
      const language = pickLang(rng);
      const type = typeIn(e, language).toLowerCase();
      const vendor = e.facts.vendor.toLowerCase();
      const color = e.facts.params.get("color");
      if (!color) return null;
      const own = attributeText("color", color, language);
      const english = attributeText("color", color, "en");
      const sameColor = (o: GeneratedProduct) => o.facts.params.get("color") === color;
      const style = rng.int(0, 2);
      if (style === 0)
        // An English colour with a Latin model name: "black iphone 15 pro".
        return {
          q: `${english} ${vendor} ${e.facts.model.toLowerCase()}`,
          clean: `${vendor} ${e.facts.model} ${own}`,
          language,
          relevant: find((o) => sameModel(e)(o) && sameColor(o)),
        };
      const q =
        style === 1
          ? `${type} ${vendor} ${english}`
          : `${typeIn(e, "en").toLowerCase()} ${vendor} ${own}`;
      return {
        q,
        clean: `${type} ${vendor} ${own}`,
        language,
        relevant: find((o) => sameKindVendor(e)(o) && sameColor(o)),
      };
    },
    units: (e) => {
      const language = pickLang(rng);
      const type = typeIn(e, language).toLowerCase();
      const keys = [...e.facts.params.keys()].filter((k) => UNIT_SPELLINGS.has(k));
      if (!keys.length) return null;
      const key = rng.pick(keys);
      const value = e.facts.params.get(key) ?? "";
      const typed = typedQuantity(key, value, language, rng);
      if (!typed) return null;
      return {
        q: `${type} ${typed}`,
        clean: `${type} ${attributeText(key, value, language)}`,
        language,
        relevant: find((o) => o.facts.kind === e.facts.kind && o.facts.params.get(key) === value),
      };
    },
    "natural-phrase": (e) => {
      const language: Lang = rng.chance(0.15) ? "en" : pickLang(rng);
      const type = typeIn(e, language).toLowerCase();
      const vendor = e.facts.vendor.toLowerCase();
      const keys = [...e.facts.params.keys()].filter((k) => DESCRIBING.has(k));
      const adjective = rng.pick(ADJECTIVES[langIndex(language)]);
      if (!keys.length)
        return {
          q: `${adjective} ${type} ${vendor}`,
          clean: `${type} ${vendor}`,
          language,
          relevant: find(sameKindVendor(e)),
        };
      const key = rng.pick(keys);
      const value = e.facts.params.get(key) ?? "";
      const text = attributeText(key, value, language);
      return {
        q: `${adjective} ${text} ${type} ${vendor}`,
        clean: `${text} ${type} ${vendor}`,
        language,
        relevant: find((o) => sameKindVendor(e)(o) && o.facts.params.get(key) === value),
      };
    },
    "spelling-variants": (e) => {
      const language = pickLang(rng);
      const type = typeIn(e, language).toLowerCase();
      const vendor = e.facts.vendor.toLowerCase();
      const model = e.facts.model.toLowerCase();
      const clean = `${type} ${vendor}`;
      const byKindVendor = { clean, language, relevant: find(sameKindVendor(e)) };
      const style = rng.int(0, 6);
      if (style === 5 && type.includes("-"))
        // "фітнес-браслет" as "фітнесбраслет" or "фітнес браслет", like e-book and ebook.
        return {
          ...byKindVendor,
          q: `${type.replace(/-/g, rng.chance(0.5) ? "" : " ")} ${vendor}`,
        };
      const words = model.split(" ");
      if (style === 6 && words.length >= 2 && /^\p{L}+$/u.test(`${words[0]}${words[1]}`))
        // "air max 90" as "airmax 90".
        return {
          q: `${vendor} ${words[0]}${words.slice(1).join(" ")}`,
          clean: `${vendor} ${model}`,
          language,
          relevant: find(sameModel(e)),
        };
      if (style === 0 && type.includes("'"))
        return { ...byKindVendor, q: `${type.replace(/'/g, rng.pick(APOSTROPHES))} ${vendor}` };
      if (style === 1 && language === "uk" && type.includes("г"))
        return { ...byKindVendor, q: `${type.replace("г", "ґ")} ${vendor}` };
      if (style === 2 && language === "ru") {
        const color = e.facts.params.get("color");
        const text = color ? attributeText("color", color, "ru") : "";
        const yo = YO_WORDS.get(text);
        if (!color || !yo) return null;
        return {
          q: `${type} ${vendor} ${yo}`,
          clean: `${type} ${vendor} ${text}`,
          language,
          relevant: find((o) => sameKindVendor(e)(o) && o.facts.params.get("color") === color),
        };
      }
      if (style === 3 && /[a-z]-[a-z0-9]/.test(model))
        // "wh-1000xm5" as "wh1000xm5" or "wh 1000xm5".
        return {
          q: `${vendor} ${model.replace(/-/g, rng.chance(0.5) ? "" : " ")}`,
          clean: `${vendor} ${model}`,
          language,
          relevant: find(sameModel(e)),
        };
      const split = model.match(/^(.*?\b)([a-z]+)(\d+)\b(.*)$/);
      if (style === 4 && split) {
        // "galaxy a35" as "galaxy a-35" or "galaxy a 35".
        const [, before, letters, digits, after] = split;
        return {
          q: `${vendor} ${before}${letters}${rng.chance(0.5) ? "-" : " "}${digits}${after}`,
          clean: `${vendor} ${model}`,
          language,
          relevant: find(sameModel(e)),
        };
      }
      return null;
    },
    "product-type": (e) => {
      const language = pickLang(rng);
      const type = typeIn(e, language).toLowerCase();
      const vendor = e.facts.vendor;
      const style = rng.int(0, 2);
      if (style === 0 && /[^\p{L}\p{N} ]/u.test(vendor)) {
        // A brand written without its punctuation: "levis", "jack jones", "loreal paris".
        const bare = vendor
          .toLowerCase()
          .replace(/['’]/g, "")
          .replace(/[^\p{L}\p{N}]+/gu, " ")
          .trim();
        return {
          q: `${type} ${bare}`,
          clean: `${type} ${vendor.toLowerCase()}`,
          language,
          relevant: find(sameKindVendor(e)),
        };
      }
      const gender = e.facts.params.get("gender");
      if (style === 1 && gender) {
        // The gender word matches the attribute even when the name lacks it.
        const text = attributeText("gender", gender, language);
        return {
          q: `${text} ${type} ${vendor.toLowerCase()}`,
          language,
          relevant: find((o) => sameKindVendor(e)(o) && o.facts.params.get("gender") === gender),
        };
      }
      if (style !== 2 || /\p{Script=Cyrillic}/u.test(vendor) || rng.chance(0.7)) return null;
      // The product type named in another language than the shopper's.
      const other: Lang = language === "uk" ? (rng.chance(0.5) ? "en" : "ru") : "en";
      return {
        q: `${typeIn(e, other).toLowerCase()} ${vendor.toLowerCase()}`,
        language,
        relevant: find(sameKindVendor(e)),
      };
    },
    // Issue 21. A word no product has beside the type and brand words ("смартфон samsung
    // шкіряний"): the products of that type and brand.
    "dropped-word": (e) => {
      const language = pickLang(rng);
      const type = typeIn(e, language).toLowerCase();
      const vendor = e.facts.vendor.toLowerCase();
      const other = rng.pick(entries);
      const keys = [...other.facts.params.keys()].filter((k) => DESCRIBING.has(k));
      if (!keys.length) return null;
      const key = rng.pick(keys);
      const extra = attributeText(key, other.facts.params.get(key) ?? "", language);
      if (!/^\p{L}{4,}$/u.test(extra)) return null;
      const q = rng.chance(0.5) ? `${type} ${vendor} ${extra}` : `${extra} ${type} ${vendor}`;
      if (loose.match(q).size > 0) return null;
      return { q, clean: `${type} ${vendor}`, language, relevant: find(sameKindVendor(e)) };
    },
    // A word of the other language beside the shopper's ("женская сумка" on the uk storefront,
    // "жіноча" among Russian words). Every product here is named in both languages, so this
    // class is harder on the feed catalog, whose stores name products in one.
    "uk-ru": (e) => {
      const language = pickLang(rng);
      const other: Lang = language === "uk" ? "ru" : "uk";
      const keys = [...e.facts.params.keys()].filter((k) => DESCRIBING.has(k));
      if (!keys.length) return null;
      const key = rng.pick(keys);
      const value = e.facts.params.get(key) ?? "";
      const own = attributeText(key, value, language);
      const foreign = attributeText(key, value, other);
      if (own === foreign) return null;
      const vendor = e.facts.vendor.toLowerCase();
      const wholly = rng.chance(0.5);
      return {
        q: wholly
          ? `${foreign} ${typeIn(e, other).toLowerCase()} ${vendor}`
          : `${foreign} ${typeIn(e, language).toLowerCase()} ${vendor}`,
        clean: `${own} ${typeIn(e, language).toLowerCase()} ${vendor}`,
        language,
        relevant: find((o) => sameKindVendor(e)(o) && o.facts.params.get(key) === value),
      };
    },
    // A Latin brand typed in Cyrillic as it sounds, with the type or the model.
    "cyrillic-brand": (e) => {
      const language = pickLang(rng);
      const vendor = e.facts.vendor;
      const said = spoken(vendor, language);
      if (!said || /\p{Script=Cyrillic}/u.test(vendor)) return null;
      const type = typeIn(e, language).toLowerCase();
      if (rng.chance(0.5))
        return {
          q: `${said} ${e.facts.model.toLowerCase()}`,
          clean: `${vendor} ${e.facts.model}`,
          language,
          relevant: find(sameModel(e)),
        };
      return {
        q: `${type} ${said}`,
        clean: `${type} ${vendor}`,
        language,
        relevant: find(sameKindVendor(e)),
      };
    },
    "code-any-shape": (e) => {
      const made = codes.make(e.item.code, rng);
      return made && { ...made, language: "uk", exact: true };
    },
  };

  const queries: JudgedQuery[] = [];
  for (const cls of QUERY_CLASSES) {
    const seen = new Set<string>();
    let kept = 0;
    for (let attempt = 0; attempt < ATTEMPTS && kept < PER_CLASS; attempt++) {
      const candidate = makers[cls](rng.pick(entries));
      if (!candidate || seen.has(candidate.q)) continue;
      if (!judged(candidate, loose)) continue;
      seen.add(candidate.q);
      kept++;
      queries.push({
        q: candidate.q,
        class: cls,
        ...(candidate.language !== "uk" ? { language: candidate.language } : {}),
        relevant: candidate.relevant.map((i) => String(i + 1)),
        ...(candidate.exclusive ? { exclusive: true as const } : {}),
      });
    }
    if (kept < PER_CLASS) console.warn(`${cls}: only ${kept} queries`);
  }
  return queries;
}

/**
 * Whether a candidate has one unambiguous answer: 1-10 relevant products that a generous
 * matcher finds among at most 10 for its correct form (0-10 for an exclusive one, whose
 * judgment is exact).
 */
export function judged(candidate: Candidate, loose: LooseIndex): boolean {
  const { relevant } = candidate;
  if (relevant.length > 10 || (relevant.length < 1 && !candidate.exclusive)) return false;
  if (candidate.exact) return true;
  const matches = loose.match(candidate.clean ?? candidate.q);
  return matches.size <= 10 && relevant.every((i) => matches.has(i));
}

const pickLang = (rng: Rng): "uk" | "ru" => (rng.chance(0.75) ? "uk" : "ru");

function nameIn(e: GeneratedProduct, language: Lang): string {
  const t = e.item.translations.find((x) => x.language === language) ?? e.item.translations[0];
  return t?.name ?? "";
}

const typeIn = (e: GeneratedProduct, language: Lang) => e.facts.kind.type[langIndex(language)];

/** An English name only counts for products that have an English translation. */
function sameText(a: string, b: string, o: GeneratedProduct, language: Lang): boolean {
  if (language === "en" && !o.facts.hasEnglish) return false;
  return a.toLowerCase() === b.toLowerCase();
}

const sameName = (e: GeneratedProduct, language: Lang) => (o: GeneratedProduct) =>
  sameText(nameIn(o, language), nameIn(e, language), o, language);
const sameKindVendor = (e: GeneratedProduct) => (o: GeneratedProduct) =>
  o.facts.kind === e.facts.kind && o.facts.vendor === e.facts.vendor;
const sameModel = (e: GeneratedProduct) => (o: GeneratedProduct) =>
  sameKindVendor(e)(o) && o.facts.model === e.facts.model;

function attributeText(key: string, value: string, language: Lang): string {
  const def = PARAMS.get(key);
  const text = def ? paramText(def, value, language).value : value;
  // Shoppers leave out the dot of "шт." and "міс.".
  return text.toLowerCase().replace(/\.$/, "");
}

/** Apostrophes shoppers type for the Ukrainian one, and none at all. */
const APOSTROPHES = ["’", "ʼ", "`", ""];

/** Attributes that describe the product in a phrase: gender, season, colour, material. */
const DESCRIBING = new Set(["gender", "season", "color", "material"]);

/** Adjectives of a shopper's phrase that name no attribute of the catalog (uk, ru, en). */
const ADJECTIVES: readonly [string[], string[], string[]] = [
  ["теплий", "зручний", "якісний", "стильний", "недорогий", "гарний", "легкий", "новий"],
  ["теплый", "удобный", "качественный", "стильный", "недорогой", "красивый", "легкий", "новый"],
  ["warm", "comfortable", "quality", "stylish", "cheap", "nice", "light", "new"],
];

/** Units as shoppers type them after a number, by attribute: any language, uk only, ru only. */
const UNIT_SPELLINGS: ReadonlyMap<string, readonly [string[], string[], string[]]> = new Map(
  Object.entries({
    memory: [["гб", "gb", "GB", "Гб"], ["гігабайт"], ["гигабайт"]],
    ram: [["гб", "gb", "GB", "Гб"], [], []],
    ssd: [["гб", "gb", "GB"], [], []],
    vram: [["гб", "gb", "GB"], [], []],
    diagonal: [
      ['"', " inch", "''", "″"],
      [" дюймів", " дюйми"],
      [" дюймов", " дюйма"],
    ],
    wheel: [['"', " inch"], [" дюймів"], [" дюймов"]],
    volume: [["л", "l", "L"], [" літра"], [" литра"]],
    weight: [["кг", "kg"], [" кілограм"], [" килограмм"]],
    ml: [["мл", "ml"], [], []],
    power: [["вт", "w", "W"], [" ват"], [" ватт"]],
    load: [["кг", "kg"], [], []],
    disc: [["мм", "mm"], [], []],
    diameter: [["см", "cm"], [], []],
  }),
);

/** "128" GB as "128gb", "128 ГБ" or "128 гігабайт"; "1.5" as "1,5"; 1024 GB as "1 тб". */
function typedQuantity(key: string, value: string, language: "uk" | "ru", rng: Rng): string | null {
  const spellings = UNIT_SPELLINGS.get(key);
  if (!spellings) return null;
  const [common, uk, ru] = spellings;
  if (common.includes("гб") && value === "1024" && rng.chance(0.7))
    return `1${rng.chance(0.5) ? " " : ""}${rng.pick(["тб", "tb", "TB", "Тб"])}`;
  const number = value.includes(".") && rng.chance(0.6) ? value.replace(".", ",") : value;
  // A decimal screen size alone is a unit too: "ноутбук 13,3".
  if (key === "diagonal" && value.includes(".") && rng.chance(0.3)) return number;
  const unit = rng.pick([...common, ...(language === "uk" ? uk : ru)]);
  const gap = /^\p{L}/u.test(unit) && rng.chance(0.5) ? " " : "";
  return `${number}${gap}${unit}`;
}

function finder(entries: readonly GeneratedProduct[]) {
  return (keep: (o: GeneratedProduct) => boolean): number[] =>
    entries.filter(keep).map((o) => o.facts.index);
}

/** Words of each leaf category and its ancestors, keyed by source_category_id. */
function categoryWords(): Map<string, string[]> {
  const words = new Map<string, string[]>();
  for (const leaf of TREE.categories.filter((c) => c.kind)) {
    const lineage = TREE.categories.filter(
      (c) => leaf.path === c.path || leaf.path.startsWith(`${c.path}/`),
    );
    const texts = lineage.flatMap((c) => [...c.names, ...c.synonyms.flat(), ...c.keywords.flat()]);
    words.set(String(leaf.id), texts.flatMap(looseTokens));
  }
  return words;
}

if (import.meta.main) {
  const queries = makeRelevanceQueries(loadCatalogSpec());
  writeFileSync(QUERIES_FILE, `${JSON.stringify(queries, null, 2)}\n`);
  // The fixture is checked by biome like the code: hand it over in biome's own layout.
  spawnSync(`${import.meta.dir}/../node_modules/.bin/biome`, ["format", "--write", QUERIES_FILE], {
    stdio: "ignore",
  });
  const counts = Object.fromEntries(
    QUERY_CLASSES.map((c) => [c, queries.filter((q) => q.class === c).length]),
  );
  console.log(`${queries.length} queries written to ${QUERIES_FILE}`, counts);
}
