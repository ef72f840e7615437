// Vitrina's search widget (served at /widget.js). A store embeds it with one script tag:
//   <script src="https://SEARCH_HOST/widget.js" data-token="SEARCH_TOKEN" data-input="#q"
//           data-language="uk" data-wid="kyiv-1" data-results-url="/search?q="></script>
// Plain JavaScript, no framework, no build step. Shopper and catalog text only ever reaches the
// page as text nodes (textContent); names are marked from the answer's `name_highlight`
// ranges, never from HTML. ARIA: the input is a combobox controlling a listbox whose options
// are categories, products, suggestions and "show all" (WAI-ARIA APG, "combobox with listbox
// popup"); filters are toggle buttons beside it.
(() => {
  const script = document.currentScript;
  if (!script) return;
  const ds = script.dataset;
  const api = (ds.api || new URL(script.src, location.href).origin).replace(/\/$/, "");
  const lang = (ds.language || document.documentElement.lang || "uk").slice(0, 2);
  const TEXT = {
    uk: [
      "Пошук товарів",
      "Категорії",
      "Показано результати для",
      "Нічого не знайдено за запитом",
      "Можливо, ви шукали",
      "Усі результати",
      "Немає в наявності",
      "Фільтри",
      "Результатів",
      "без",
    ],
    ru: [
      "Поиск товаров",
      "Категории",
      "Показаны результаты для",
      "Ничего не найдено по запросу",
      "Возможно, вы искали",
      "Все результаты",
      "Нет в наличии",
      "Фильтры",
      "Результатов",
      "без",
    ],
    en: [
      "Search products",
      "Categories",
      "Showing results for",
      "Nothing found for",
      "Did you mean",
      "All results",
      "Out of stock",
      "Filters",
      "Results",
      "without",
    ],
  };
  const [
    tSearch,
    tCategories,
    tShowing,
    tNothing,
    tMaybe,
    tAll,
    tOut,
    tFilters,
    tResults,
    tWithout,
  ] = TEXT[lang] || TEXT.uk;
  // Quotes around a word the answer ignored: «…» in uk and ru, “…” in en.
  const [qOpen, qClose] = lang === "en" ? ["\u201c", "\u201d"] : ["\u00ab", "\u00bb"];
  const locale = { uk: "uk-UA", ru: "ru-UA", en: "en-US" }[lang] || "uk-UA";
  let count = 0;
  const uid = (kind) => `vtr-${kind}-${++count}`;

  // One id per browser, for the store's analytics (distinct shoppers per query).
  const uuid = (() => {
    const random = () => {
      const b = crypto.getRandomValues(new Uint8Array(16));
      b[6] = (b[6] & 15) | 64;
      b[8] = (b[8] & 63) | 128;
      const x = [...b].map((v) => v.toString(16).padStart(2, "0")).join("");
      return `${x.slice(0, 8)}-${x.slice(8, 12)}-${x.slice(12, 16)}-${x.slice(16, 20)}-${x.slice(20)}`;
    };
    try {
      const kept = localStorage.getItem("vitrina-uuid");
      if (kept) return kept;
      const made = random();
      localStorage.setItem("vitrina-uuid", made);
      return made;
    } catch {
      return random(); // storage blocked: one id per page view
    }
  })();

  /** An element; string children become text nodes, never HTML. */
  const h = (tag, attrs, ...children) => {
    const el = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) {
      if (v === null || v === undefined || v === false) continue;
      if (k === "class") el.className = v;
      else if (k.startsWith("on")) el.addEventListener(k.slice(2), v);
      else el.setAttribute(k, v === true ? "" : v);
    }
    for (const c of children.flat()) if (c !== null && c !== undefined && c !== false) el.append(c);
    return el;
  };

  const money = (value, currency) => {
    try {
      return new Intl.NumberFormat(locale, {
        style: "currency",
        currency: currency || "UAH",
        maximumFractionDigits: value % 1 ? 2 : 0,
      }).format(value);
    } catch {
      return `${value} ${currency}`;
    }
  };

  /** The name with its matched words in <mark>, from UTF-16 ranges. */
  const marked = (name, ranges) => {
    const out = [];
    let at = 0;
    for (const [start, end] of ranges || []) {
      if (start < at || end > name.length) continue;
      out.push(name.slice(at, start), h("mark", null, name.slice(start, end)));
      at = end;
    }
    out.push(name.slice(at));
    return out;
  };

  /** Black or white text, whichever reads better on a #RRGGBB background. */
  const ink = (hex) => {
    const n = Number.parseInt(hex.slice(1), 16);
    const y = 0.299 * (n >> 16) + 0.587 * ((n >> 8) & 255) + 0.114 * (n & 255);
    return y > 160 ? "#111" : "#fff";
  };

  const STYLE = `
.vtr-panel{--a:var(--vitrina-accent,#0b63ce);--bg:var(--vitrina-bg,#fff);--fg:var(--vitrina-text,#1d2430);--mu:var(--vitrina-muted,#667085);--bd:var(--vitrina-border,#e4e7ec);--r:var(--vitrina-radius,10px);--mk:var(--vitrina-mark,#ffe58a);
position:fixed;z-index:var(--vitrina-z,2147483000);box-sizing:border-box;display:flex;flex-direction:column;background:var(--bg);color:var(--fg);border:1px solid var(--bd);border-radius:var(--r);box-shadow:0 12px 32px rgba(16,24,40,.18);font:14px/1.35 var(--vitrina-font,system-ui,-apple-system,"Segoe UI",Roboto,sans-serif);overflow:hidden;text-align:left}
.vtr-panel[hidden]{display:none}.vtr-panel *{box-sizing:border-box}
.vtr-note{padding:10px 14px;border-bottom:1px solid var(--bd);color:var(--mu)}.vtr-note b{color:var(--fg)}
.vtr-body{display:flex;min-height:0;flex:1}
.vtr-side{width:200px;flex:none;padding:10px 12px;border-right:1px solid var(--bd);overflow:auto;background:var(--vitrina-side,#f8f9fb)}
.vtr-list{flex:1;overflow:auto;padding:6px 0;min-width:0}
.vtr-h{margin:8px 14px 4px;font-size:11px;font-weight:600;letter-spacing:.04em;text-transform:uppercase;color:var(--mu)}
.vtr-side .vtr-h{margin:6px 0 4px}
.vtr-cats{display:flex;flex-wrap:wrap;gap:6px;padding:2px 14px 6px}
.vtr-cat{display:inline-flex;gap:6px;align-items:center;padding:4px 10px;border:1px solid var(--bd);border-radius:999px;color:var(--fg);text-decoration:none;white-space:nowrap}
.vtr-cat small{color:var(--mu)}
.vtr-item{display:flex;gap:12px;align-items:center;padding:8px 14px;color:var(--fg);text-decoration:none;cursor:pointer}
.vtr-opt[aria-selected=true],.vtr-opt:hover{background:var(--vitrina-hover,#eef4ff)}
.vtr-cat[aria-selected=true]{border-color:var(--a)}
.vtr-pic{width:48px;height:48px;flex:none;border-radius:8px;background:#f0f2f5;display:flex;align-items:center;justify-content:center;color:var(--mu);font-weight:600;overflow:hidden}
.vtr-pic img{width:100%;height:100%;object-fit:contain}
.vtr-info{flex:1;min-width:0}
.vtr-name{display:block;overflow:hidden;text-overflow:ellipsis;display:-webkit-box;-webkit-line-clamp:2;-webkit-box-orient:vertical}
.vtr-name mark{background:var(--mk);color:inherit;border-radius:2px;padding:0 1px}
.vtr-labels{display:flex;flex-wrap:wrap;gap:4px;margin-top:3px}
.vtr-label{font-size:11px;padding:1px 6px;border-radius:4px;background:var(--a);color:#fff}
.vtr-price{text-align:right;white-space:nowrap;font-weight:600}
.vtr-price s{display:block;font-weight:400;font-size:12px;color:var(--mu)}
.vtr-price .vtr-new{color:var(--vitrina-sale,#d92d20)}
.vtr-out{display:block;font-weight:400;font-size:12px;color:var(--mu)}
.vtr-all{display:block;margin:6px 14px 8px;padding:9px;border-radius:8px;text-align:center;background:var(--a);color:#fff;text-decoration:none;font-weight:600}
.vtr-all[aria-selected=true],.vtr-all:hover{background:var(--a);box-shadow:0 0 0 3px color-mix(in srgb,var(--a) 35%,transparent)}
.vtr-sugg{display:block;padding:7px 14px;color:var(--a);cursor:pointer}
.vtr-f{margin-bottom:8px}
.vtr-vals{display:flex;flex-wrap:wrap;gap:4px}
.vtr-val{display:inline-flex;align-items:center;gap:5px;padding:3px 8px;border:1px solid var(--bd);border-radius:999px;background:var(--bg);color:var(--fg);font:inherit;font-size:12px;cursor:pointer}
.vtr-val small{color:var(--mu)}
.vtr-val[aria-pressed=true]{border-color:var(--a);background:color-mix(in srgb,var(--a) 12%,var(--bg));color:var(--a)}
.vtr-sw{width:10px;height:10px;border-radius:50%;border:1px solid rgba(0,0,0,.2)}
.vtr-sr{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0)}
.vtr-narrow .vtr-body{flex-direction:column}
.vtr-narrow .vtr-side{width:auto;border-right:0;border-bottom:1px solid var(--bd);display:flex;gap:12px;overflow-x:auto;white-space:nowrap;padding:8px 12px}
.vtr-narrow .vtr-f{margin:0}.vtr-narrow .vtr-vals{flex-wrap:nowrap}
.vtr-narrow .vtr-cats{flex-wrap:nowrap;overflow-x:auto}
.vtr-input{width:100%;padding:10px 14px;font:inherit;border:1px solid #d0d5dd;border-radius:10px}`;

  function attach(input) {
    if (!document.getElementById("vtr-style")) {
      document.head.append(h("style", { id: "vtr-style" }, STYLE));
    }
    const listId = uid("list");
    const status = h("div", { class: "vtr-sr", role: "status", "aria-live": "polite" });
    const note = h("div", { class: "vtr-note" });
    const side = h("div", { class: "vtr-side", role: "group", "aria-label": tFilters });
    const list = h("div", {
      class: "vtr-list",
      role: "listbox",
      id: listId,
      "aria-label": tResults,
    });
    const panel = h(
      "div",
      { class: "vtr-panel", hidden: true },
      note,
      h("div", { class: "vtr-body" }, side, list),
    );
    document.body.append(panel, status);
    input.setAttribute("role", "combobox");
    input.setAttribute("aria-autocomplete", "list");
    input.setAttribute("aria-expanded", "false");
    input.setAttribute("aria-controls", listId);
    input.setAttribute("autocomplete", "off");
    if (!input.getAttribute("aria-label") && !input.labels?.length)
      input.setAttribute("aria-label", tSearch);

    let timer = 0;
    let controller = null;
    let latest = 0;
    let options = [];
    let active = -1;
    let filters = new Set();
    let lastQuery = "";
    let answer = null;

    const place = () => {
      const r = input.getBoundingClientRect();
      const narrow = innerWidth < 640;
      panel.classList.toggle("vtr-narrow", narrow);
      const width = narrow
        ? innerWidth - 16
        : Math.min(Math.max(r.width, 600), 900, innerWidth - 16);
      const left = narrow ? 8 : Math.max(8, Math.min(r.left, innerWidth - width - 8));
      Object.assign(panel.style, {
        top: `${r.bottom + 6}px`,
        left: `${left}px`,
        width: `${width}px`,
        maxHeight: `${Math.max(200, innerHeight - r.bottom - 14)}px`,
      });
    };
    const open = () => {
      if (!answer) return;
      place();
      panel.hidden = false;
      input.setAttribute("aria-expanded", "true");
    };
    const close = () => {
      panel.hidden = true;
      input.setAttribute("aria-expanded", "false");
      select(-1);
    };
    const select = (i) => {
      options[active]?.setAttribute("aria-selected", "false");
      active = i;
      const el = options[i];
      if (el) {
        el.setAttribute("aria-selected", "true");
        input.setAttribute("aria-activedescendant", el.id);
        el.scrollIntoView({ block: "nearest" });
      } else input.removeAttribute("aria-activedescendant");
    };
    const option = (tag, attrs, ...children) =>
      h(tag, { ...attrs, role: "option", id: uid("opt"), "aria-selected": "false" }, ...children);
    const resultsUrl = (q) =>
      ds.resultsUrl ? new URL(ds.resultsUrl + encodeURIComponent(q), location.href).href : null;
    const searchUrl = (q, extra) => {
      const p = new URLSearchParams({ q, token: ds.token || "", language: lang, uuid });
      if (ds.wid) p.set("wid", ds.wid);
      if (filters.size) p.set("filters", [...filters].join(","));
      p.set("highlight", "ranges");
      p.set("category_page_size", "4");
      p.set("per_category_limit", "3");
      for (const [k, v] of Object.entries(extra || {})) p.set(k, v);
      return `${api}/api/v2/search/?${p}`;
    };

    async function run() {
      const q = input.value;
      if (q.trim() === "") {
        answer = null;
        close();
        return;
      }
      if (q !== lastQuery) filters = new Set(); // filters belong to the query they came with
      lastQuery = q;
      controller?.abort(); // the answer of an older query is no longer wanted
      controller = new AbortController();
      const { signal } = controller;
      const mine = ++latest;
      const get = async (extra) => {
        const res = await fetch(searchUrl(q, extra), { signal, credentials: "omit" });
        if (!res.ok) throw new Error(`search answered ${res.status}`);
        return res.json();
      };
      try {
        const data = await get();
        // Suggestions come only without corrections (the specification's switches): asked
        // for when nothing was found.
        const hints =
          data.total === 0
            ? (
                await get({
                  use_corrections: "false",
                  use_suggestions: "true",
                  show_filters: "false",
                })
              ).suggestions
            : [];
        if (mine !== latest) return; // a newer query is on its way: never show an older answer
        answer = data;
        render(data, hints, q);
        if (document.activeElement === input) open();
      } catch (error) {
        if (error.name !== "AbortError" && mine === latest) {
          answer = null;
          close();
        }
      }
    }
    const schedule = (delay) => {
      clearTimeout(timer);
      timer = setTimeout(run, delay);
    };

    function render(data, hints, q) {
      options = [];
      active = -1;
      input.removeAttribute("aria-activedescendant");
      note.replaceChildren();
      note.hidden = true;
      if (data.corrected_query) {
        note.append(tShowing, " «", h("b", null, data.corrected_query), "»");
        note.hidden = false;
      } else if (data.total === 0) {
        note.append(tNothing, " «", h("b", null, q), "»");
        note.hidden = false;
      }
      // The query's words no product shown has (the engine gave them up): "без «samsung»".
      const ignored = data.total > 0 ? data.ignored_words || [] : [];
      if (ignored.length) {
        if (!note.hidden) note.append(" · ");
        note.append(`${tWithout} `);
        ignored.forEach((word, i) => {
          if (i) note.append(", ");
          note.append(qOpen, h("b", null, word), qClose);
        });
        note.hidden = false;
      }
      const rows = [];
      if (data.total === 0 && hints.length) {
        rows.push(h("div", { class: "vtr-h" }, tMaybe));
        for (const s of hints) {
          rows.push(
            option(
              "div",
              {
                class: "vtr-sugg vtr-opt",
                onclick: () => {
                  input.value = s;
                  input.focus();
                  schedule(0);
                },
              },
              s,
            ),
          );
        }
      }
      if (data.categories.length) {
        const id = uid("h");
        rows.push(
          h(
            "div",
            { role: "group", "aria-labelledby": id },
            h("div", { class: "vtr-h", id }, tCategories),
            h(
              "div",
              { class: "vtr-cats" },
              data.categories
                .slice(0, 6)
                .map((c) =>
                  option(
                    "a",
                    { class: "vtr-cat vtr-opt", href: c.url || null },
                    c.name,
                    h("small", null, String(c.total)),
                  ),
                ),
            ),
          ),
        );
      }
      for (const g of data.products.groups) {
        const id = uid("h");
        rows.push(
          h(
            "div",
            { role: "group", "aria-labelledby": id },
            h("div", { class: "vtr-h", id }, g.category_name || tResults),
            g.items.map((p) => product(p)),
          ),
        );
      }
      const all = resultsUrl(data.corrected_query || q);
      if (all && data.total > 0)
        rows.push(option("a", { class: "vtr-all", href: all }, `${tAll} (${data.total})`));
      list.replaceChildren(...rows);
      options = [...list.querySelectorAll("[role=option]")];
      renderFilters(data.filters);
      status.textContent = `${tResults}: ${data.total}`;
      panel.dataset.query = q; // which query the panel shows (for the store's scripts and tests)
    }

    function product(p) {
      const letter = (p.name || "?")[0];
      const pic = h("span", { class: "vtr-pic", "aria-hidden": "true" });
      if (p.picture_url) {
        const img = h("img", { src: p.picture_url, alt: "", loading: "lazy", decoding: "async" });
        img.onerror = () => pic.replaceChildren(letter); // no picture: its first letter
        pic.append(img);
      } else pic.append(letter);
      const sale = p.price > p.discounted_price;
      const price =
        p.discounted_price > 0
          ? [
              h("span", { class: sale ? "vtr-new" : null }, money(p.discounted_price, p.currency)),
              sale && h("s", null, money(p.price, p.currency)),
            ]
          : [];
      const labels = (p.labels || []).map((l) => {
        const el = h("span", { class: "vtr-label" }, l.name);
        if (/^#[0-9a-f]{6}$/i.test(l.color)) {
          el.style.background = l.color;
          el.style.color = ink(l.color);
        }
        return el;
      });
      return option(
        "a",
        { class: "vtr-item vtr-opt", href: p.url || null },
        pic,
        h(
          "span",
          { class: "vtr-info" },
          h("span", { class: "vtr-name" }, marked(p.name, p.name_highlight)),
          labels.length ? h("span", { class: "vtr-labels" }, labels) : null,
        ),
        h(
          "span",
          { class: "vtr-price" },
          price,
          !p.availability && h("span", { class: "vtr-out" }, tOut),
        ),
      );
    }

    function swatch(color) {
      if (!/^#[0-9a-f]{6}$/i.test(color || "")) return null;
      const el = h("span", { class: "vtr-sw" });
      el.style.background = color;
      return el;
    }

    function renderFilters(list) {
      const shown = list.filter((f) => f.values.length > 0).slice(0, 5);
      side.hidden = shown.length === 0;
      side.replaceChildren(
        ...shown.map((f) =>
          h(
            "div",
            { class: "vtr-f" },
            h("div", { class: "vtr-h" }, f.name),
            h(
              "div",
              { class: "vtr-vals" },
              f.values.slice(0, 8).map((v) =>
                h(
                  "button",
                  {
                    type: "button",
                    class: "vtr-val",
                    "aria-pressed": filters.has(v.id) ? "true" : "false",
                    "data-id": String(v.id),
                    onmousedown: (e) => e.preventDefault(), // keep the focus in the input
                    onclick: () => {
                      if (filters.has(v.id)) filters.delete(v.id);
                      else filters.add(v.id);
                      input.focus();
                      schedule(0);
                    },
                  },
                  swatch(v.color),
                  v.name,
                  h("small", null, String(v.total)),
                ),
              ),
            ),
          ),
        ),
      );
    }

    input.addEventListener("input", () => schedule(120));
    input.addEventListener("focus", () => {
      if (answer && input.value === lastQuery) open();
    });
    input.addEventListener("keydown", (e) => {
      const shown = !panel.hidden;
      if (e.key === "ArrowDown" || e.key === "ArrowUp") {
        if (!shown) {
          open();
          return;
        }
        e.preventDefault();
        const n = options.length;
        if (n === 0) return;
        const step = e.key === "ArrowDown" ? 1 : -1;
        select(active < 0 ? (step > 0 ? 0 : n - 1) : (active + step + n) % n);
      } else if (e.key === "Enter") {
        const el = shown ? options[active] : null;
        if (el) {
          e.preventDefault();
          el.click();
        } else if (ds.resultsUrl && input.value.trim()) {
          e.preventDefault();
          location.href = resultsUrl(input.value);
        }
      } else if (e.key === "Escape" && shown) {
        e.preventDefault();
        close();
      }
    });
    document.addEventListener("pointerdown", (e) => {
      if (e.target !== input && !panel.contains(e.target)) close();
    });
    addEventListener("resize", () => panel.hidden || place());
    addEventListener("scroll", () => panel.hidden || place(), { passive: true, capture: true });
  }

  const start = () => {
    let input = ds.input ? document.querySelector(ds.input) : null;
    if (!input) {
      // No input named: render one where the script tag stands.
      input = h("input", { type: "search", class: "vtr-input", placeholder: tSearch });
      script.before(h("div", { class: "vtr-box" }, input));
    }
    attach(input);
  };
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
