// Vitrina's results page kit (served at /results-page.js, styled by /results-page.css): the
// store's own "all results" page, drawn into an element of its page. A store copies one tag:
//   <link rel="stylesheet" href="https://SEARCH_HOST/results-page.css">
//   <div id="results"></div>
//   <script src="https://SEARCH_HOST/results-page.js" data-token="SEARCH_TOKEN"
//           data-language="uk" data-target="#results"></script>
// The page's state is its URL, in the search API's own parameter names (q, filters,
// ranges, price_from, price_to, category_id, page, sort, browse), so that the widget's "all results" link lands on
// it, and back, forward and a shared link show the same results. Every change is a
// history.pushState. Plain JavaScript, no framework, no inline script or style (element.style
// only): it runs under a strict Content-Security-Policy. Server text only ever reaches the page
// as text nodes.
(() => {
  const script = document.currentScript;
  if (!script) return;
  const ds = script.dataset;
  const api = (ds.api || new URL(script.src, location.href).origin).replace(/\/$/, "");
  const asked = (ds.language || document.documentElement.lang || "uk").slice(0, 2);
  const lang = ["uk", "ru", "en"].includes(asked) ? asked : "uk";
  const locale = { uk: "uk-UA", ru: "ru-UA", en: "en-US" }[lang];
  const pageSize = Math.min(Math.max(Number(ds.pageSize) || 12, 1), 100);
  /** Values of a filter, and categories, shown before "more". */
  const FEW = 5;
  const FEW_CATEGORIES = 8;
  /** Where the filters sit beside the products, open (results-page.css says the same). */
  const WIDE = "(min-width: 701px)";
  /** The URL parameters this page owns; any other parameter of the store's URL is kept. */
  const KEYS = [
    "q",
    "category_id",
    "filters",
    "ranges",
    "price_from",
    "price_to",
    "page",
    "sort",
    "browse",
  ];
  /** data-group-variants: one card per product (group_variants), with its variants' swatches. */
  const grouped = ds.groupVariants === "true";
  /** The orders of the sort menu (the API's `sort`); relevance is the URL without one. */
  const SORTS = ["relevance", "price_asc", "price_desc", "newest", "discount", "popular"];

  // The page's own words: uk, ru, en.
  const WORDS = {
    search: ["Пошук товарів", "Поиск товаров", "Search products"],
    find: ["Знайти", "Найти", "Search"],
    hints: ["Підказки", "Подсказки", "Suggestions"],
    title: ["Результати за запитом", "Результаты по запросу", "Results for"],
    found: ["Знайдено товарів:", "Найдено товаров:", "Products found:"],
    showing: ["Показано результати для", "Показаны результаты для", "Showing results for"],
    without: ["без", "без", "without"],
    categories: ["Категорії", "Категории", "Categories"],
    allCategories: ["Усі категорії", "Все категории", "All categories"],
    filters: ["Фільтри", "Фильтры", "Filters"],
    price: ["Ціна", "Цена", "Price"],
    sort: ["Сортування", "Сортировка", "Sort"],
    relevance: ["За релевантністю", "По релевантности", "Most relevant"],
    listed: ["Спочатку популярні", "Сначала популярные", "Most popular first"],
    price_asc: ["Спочатку дешевші", "Сначала дешевле", "Price: low to high"],
    price_desc: ["Спочатку дорожчі", "Сначала дороже", "Price: high to low"],
    newest: ["Новинки", "Новинки", "Newest"],
    discount: ["Зі знижкою", "Со скидкой", "Biggest discount"],
    popular: ["Популярні", "Популярные", "Most popular"],
    everything: ["Усі товари", "Все товары", "All products"],
    minPrice: ["Найменша ціна", "Минимальная цена", "Lowest price"],
    lowest: ["Найменше", "Минимум", "Lowest"],
    highest: ["Найбільше", "Максимум", "Highest"],
    priceFrom: ["від", "от", "from"],
    // By Intl.PluralRules' category: one, few, many (other).
    variants: [
      { one: "варіант", few: "варіанти", many: "варіантів", other: "варіанта" },
      { one: "вариант", few: "варианта", many: "вариантов", other: "варианта" },
      { one: "variant", other: "variants" },
    ],
    maxPrice: ["Найбільша ціна", "Максимальная цена", "Highest price"],
    from: ["від", "от", "from"],
    to: ["до", "до", "to"],
    apply: ["Застосувати", "Применить", "Apply"],
    reset: ["Скинути фільтри", "Сбросить фильтры", "Clear filters"],
    more: ["Ще", "Ещё", "More"],
    less: ["Згорнути", "Свернуть", "Less"],
    pages: ["Сторінки", "Страницы", "Pages"],
    prev: ["Попередня", "Предыдущая", "Previous"],
    next: ["Наступна", "Следующая", "Next"],
    out: ["Немає в наявності", "Нет в наличии", "Out of stock"],
    nothing: ["Нічого не знайдено за запитом", "Ничего не найдено по запросу", "Nothing found for"],
    nothingHere: [
      "Нічого не знайдено з цими фільтрами.",
      "Ничего не найдено с этими фильтрами.",
      "Nothing found with these filters.",
    ],
    emptyPage: [
      "На цій сторінці товарів немає.",
      "На этой странице товаров нет.",
      "There are no products on this page.",
    ],
    first: ["До першої сторінки", "К первой странице", "To the first page"],
    popularQueries: ["Популярні запити", "Популярные запросы", "Popular searches"],
    popularCategories: ["Популярні категорії", "Популярные категории", "Popular categories"],
    prompt: [
      "Введіть запит, щоб побачити товари.",
      "Введите запрос, чтобы увидеть товары.",
      "Type a query to see the products.",
    ],
    failed: [
      "Пошук не вдався. Спробуйте ще раз.",
      "Поиск не удался. Попробуйте ещё раз.",
      "The search failed. Please try again.",
    ],
  };
  const plural = new Intl.PluralRules(locale);
  const T = Object.fromEntries(
    Object.entries(WORDS).map(([k, w]) => [k, w[["uk", "ru", "en"].indexOf(lang)]]),
  );
  const quoted = (s) => (lang === "en" ? `\u201c${s}\u201d` : `\u00ab${s}\u00bb`);

  // The tag may stand anywhere, in <head> too: its target is looked for once the page is read.
  const start = () => {
    if (!ds.token) console.error("Vitrina results page: the script tag has no data-token.");
    const target = ds.target ? document.querySelector(ds.target) : null;
    if (ds.target && !target) console.error(`Vitrina results page: no element ${ds.target}.`);
    const root = target || script.insertAdjacentElement("afterend", document.createElement("div"));
    const storeInput = ds.input ? document.querySelector(ds.input) : null;

    let uuid = "";
    try {
      // The widget's id of this browser, shared so that the store's analytics see one shopper.
      if (!localStorage.getItem("vitrina-uuid") && crypto.randomUUID)
        localStorage.setItem("vitrina-uuid", crypto.randomUUID());
      uuid = localStorage.getItem("vitrina-uuid") || "";
    } catch {
      // storage blocked: searches go without an id
    }

    /** An element: attributes (on* are listeners), then children; strings become text nodes. */
    const el = (tag, attrs, ...kids) => {
      const node = document.createElement(tag);
      for (const [name, value] of Object.entries(attrs || {})) {
        if (value === null || value === undefined || value === false) continue;
        if (name.startsWith("on")) node.addEventListener(name.slice(2), value);
        else if (name === "class") node.className = value;
        else node.setAttribute(name, value === true ? "" : String(value));
      }
      node.append(...kids.flat().filter((k) => k !== null && k !== undefined && k !== false));
      return node;
    };

    const money = (value, currency) => {
      try {
        const digits = value % 1 ? 2 : 0;
        const style = { style: "currency", currency: currency || "UAH" };
        return value.toLocaleString(locale, { ...style, maximumFractionDigits: digits });
      } catch {
        return `${value} ${currency}`; // a currency code Intl does not know
      }
    };

    // ---- the state: the URL ----

    const read = () => {
      const p = new URLSearchParams(location.search);
      // (`filters` repeated is read as one list, as the API's comma-separated one is.)
      const value = (k) => (k === "filters" ? p.getAll(k).join(",") : p.get(k) || "").trim();
      return Object.fromEntries(KEYS.map((k) => [k, value(k)]));
    };
    const hrefOf = (state) => {
      const p = new URLSearchParams(location.search);
      for (const k of KEYS) {
        const v = state[k];
        if (v && !(k === "page" && v === "1")) p.set(k, v);
        else p.delete(k);
      }
      const s = p.toString();
      return `${location.pathname}${s ? `?${s}` : ""}${location.hash}`;
    };
    /** A new query: filters, price and category belong to the query they were chosen for. */
    const only = (q) => ({ ...Object.fromEntries(KEYS.map((k) => [k, ""])), q });
    /** A category page (browse=true, no query): every product of the category, or of the store. */
    const browsing = (state) => !state.q && state.browse === "true";
    /** The state without its filters: the query alone, or the category page alone. */
    const cleared = (state) =>
      browsing(state)
        ? { ...only(""), browse: "true", category_id: state.category_id }
        : only(state.q);
    /** A store's own search box follows a rule's redirect once: set by a submit. */
    let follow = false;
    /** The state with some keys changed; any change but the page's goes back to page 1. */
    const change = (state, patch) => ({ ...state, page: "", ...patch });
    const selected = (state) => new Set(state.filters.split(",").filter(Boolean));

    /** Shows `state` and makes it the URL (a new history entry). */
    const go = (state, focus) => {
      history.pushState(null, "", hrefOf(state));
      show(focus);
    };
    /** A link to a state: a real href (new tab, copy), taken over by the page on a plain click. */
    const link = (state, attrs, ...kids) =>
      el(
        "a",
        {
          ...attrs,
          href: hrefOf(state),
          onclick: (e) => {
            if (e.button || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
            e.preventDefault();
            go(state, attrs["data-focus"]);
          },
        },
        ...kids,
      );

    // ---- the search field, with completions as the shopper types ----

    const listId = `vrp-hints-${Math.random().toString(36).slice(2, 8)}`;
    const input = el("input", {
      class: "vrp-input",
      type: "search",
      name: "q",
      role: "combobox",
      "aria-label": T.search,
      "aria-autocomplete": "list",
      "aria-expanded": "false",
      "aria-controls": listId,
      autocomplete: "off",
      placeholder: T.search,
    });
    const hints = el("ul", {
      class: "vrp-hints",
      id: listId,
      role: "listbox",
      "aria-label": T.hints,
    });
    hints.hidden = true;
    const form = el(
      "form",
      { class: "vrp-form", role: "search" },
      el("div", { class: "vrp-combo" }, input, hints),
      el("button", { class: "vrp-go", type: "submit" }, T.find),
    );
    const out = el("div", { class: "vrp-out" });
    const status = el("p", { class: "vrp-sr", role: "status" });
    root.classList.add("vrp");
    root.replaceChildren(form, status, out);

    let hinted = [];
    let active = -1;
    let hintAbort = null;
    const closeHints = () => {
      hints.hidden = true;
      active = -1;
      input.setAttribute("aria-expanded", "false");
      input.removeAttribute("aria-activedescendant");
    };
    const choose = (i) => {
      active = i;
      hinted.forEach((li, j) => {
        li.setAttribute("aria-selected", String(j === i));
      });
      if (i < 0) input.removeAttribute("aria-activedescendant");
      else input.setAttribute("aria-activedescendant", hinted[i].id);
    };
    const pick = (text) => {
      input.value = text;
      closeHints();
      go(only(text));
    };
    // Completions are the API's `suggestions`, which it fills with corrections off. No fixed
    // wait: each key aborts the request of the key before.
    input.addEventListener("input", async () => {
      const q = input.value;
      hintAbort?.abort();
      if (!q.trim()) return closeHints();
      hintAbort = new AbortController();
      const p = new URLSearchParams({
        q,
        token: ds.token || "",
        language: lang,
        use_corrections: "false",
        use_suggestions: "true",
        // Completions are not searches a shopper made: kept out of the store's analytics.
        demo: "true",
        show_filters: "false",
        group_by_category: "false",
        product_page_size: "1",
        category_page_size: "1",
      });
      if (uuid) p.set("uuid", uuid);
      try {
        const r = await fetch(`${api}/api/v2/search/?${p}`, {
          signal: hintAbort.signal,
          credentials: "omit",
        });
        const data = await r.json();
        if (!r.ok || input.value !== q) return;
        hinted = (data.suggestions || []).map((s, i) =>
          el(
            "li",
            {
              id: `${listId}-${i}`,
              role: "option",
              class: "vrp-hint",
              "aria-selected": "false",
              onmousedown: (e) => e.preventDefault(), // keep the focus in the field
              onclick: () => pick(s),
            },
            s,
          ),
        );
        hints.replaceChildren(...hinted);
        active = -1;
        hints.hidden = hinted.length === 0 || document.activeElement !== input;
        input.setAttribute("aria-expanded", String(!hints.hidden));
      } catch {
        // aborted by the next key, or the network: no completions
      }
    });
    input.addEventListener("keydown", (e) => {
      if (hints.hidden || !hinted.length) return;
      if (e.key === "ArrowDown" || e.key === "ArrowUp") {
        e.preventDefault();
        const n = hinted.length;
        choose(e.key === "ArrowDown" ? (active + 1) % n : (active - 1 + n) % n);
      } else if (e.key === "Escape") {
        e.preventDefault();
        closeHints();
      } else if (e.key === "Enter" && active >= 0) {
        e.preventDefault();
        pick(hinted[active].textContent);
      }
    });
    input.addEventListener("blur", closeHints);
    form.addEventListener("submit", (e) => {
      e.preventDefault();
      closeHints();
      hintAbort?.abort();
      const q = input.value.trim();
      follow = true;
      if (q) go(only(q));
    });

    // ---- the answer ----

    let searchAbort = null;
    let popular; // undefined: not asked yet; null: the service has no such endpoint
    /** Attributes whose every value is shown ("more"): the shopper's choice, kept while here. */
    const opened = new Set();

    const search = async (state, signal) => {
      const p = new URLSearchParams({
        q: state.q,
        token: ds.token || "",
        language: lang,
        group_by_category: "false",
        product_page_size: String(pageSize),
        highlight: "ranges",
      });
      for (const k of [
        "filters",
        "ranges",
        "price_from",
        "price_to",
        "category_id",
        "page",
        "sort",
      ])
        if (state[k]) p.set(k, state[k]);
      if (grouped) p.set("group_variants", "true");
      if (browsing(state)) p.set("browse", "true");
      if (ds.wid) p.set("wid", ds.wid);
      if (uuid) p.set("uuid", uuid);
      const r = await fetch(`${api}/api/v2/search/?${p}`, { signal, credentials: "omit" });
      const data = await r.json();
      if (!r.ok) throw Object.assign(new Error(data.detail || `HTTP ${r.status}`), data);
      if (r.headers.get("x-search-token"))
        console.error(
          `Vitrina results page: the search token is ${r.headers.get("x-search-token")}.`,
        );
      return data;
    };

    /** GET /api/v2/search/popular/: what other shoppers ask for, shown when nothing matches. */
    const askPopular = async () => {
      if (popular !== undefined) return popular;
      const p = new URLSearchParams({ token: ds.token || "", language: lang });
      try {
        const r = await fetch(`${api}/api/v2/search/popular/?${p}`, { credentials: "omit" });
        popular = r.ok ? await r.json() : null;
      } catch {
        popular = null;
      }
      return popular;
    };

    const popularBlock = (data) => {
      const queries = data?.queries || [];
      const categories = data?.categories || [];
      return el(
        "div",
        { class: "vrp-popular" },
        queries.length > 0 && [
          el("h2", null, T.popularQueries),
          el(
            "ul",
            { class: "vrp-chips vrp-pq" },
            queries.map((q) => el("li", null, link(only(q), { class: "vrp-chip" }, q))),
          ),
        ],
        categories.length > 0 && [
          el("h2", null, T.popularCategories),
          el(
            "ul",
            { class: "vrp-chips vrp-pc" },
            categories.map((c) =>
              el(
                "li",
                null,
                el(
                  "a",
                  { class: "vrp-chip", href: c.url || null },
                  c.name,
                  " ",
                  el("small", null, String(c.total)),
                ),
              ),
            ),
          ),
        ],
      );
    };

    /** The values of one filter, or the categories: the first few, then a "more" toggle. */
    const few = (key, items, limit, cls) => {
      // "One more" would take the place of the one it hides.
      const more = items.length > limit + 1 ? items.length - limit : 0;
      const open = opened.has(key);
      const shown = more > 0 && !open ? items.slice(0, limit) : items;
      return [
        el("ul", { class: cls }, shown),
        more > 0 &&
          el(
            "button",
            {
              type: "button",
              class: "vrp-more",
              "aria-expanded": String(open),
              "data-key": `more:${key}`,
              onclick: () => {
                if (open) opened.delete(key);
                else opened.add(key);
                if (last) draw(last.state, last.data, `more:${key}`);
              },
            },
            open ? T.less : `${T.more} ${more}`,
          ),
      ];
    };

    const categoriesBlock = (state, data) => {
      const all = el(
        "li",
        null,
        link(
          change(state, { category_id: "" }),
          {
            class: "vrp-chip",
            "aria-current": state.category_id ? null : "true",
            "data-key": "cat:",
            "data-focus": "cat:",
          },
          T.allCategories,
        ),
      );
      const items = data.categories.map((c) =>
        el(
          "li",
          null,
          link(
            change(state, { category_id: c.source_id }),
            {
              class: "vrp-chip vrp-cat",
              "aria-current": c.source_id === state.category_id ? "true" : null,
              "data-key": `cat:${c.source_id}`,
              "data-focus": `cat:${c.source_id}`,
            },
            c.name,
            " ",
            el("small", null, String(c.total)),
          ),
        ),
      );
      return el(
        "nav",
        { class: "vrp-cats", "aria-label": T.categories },
        few("categories", [all, ...items], FEW_CATEGORIES + 1, "vrp-chips"),
      );
    };

    const priceBlock = (state, data) => {
      // The slider spans the prices the answer would have without its own price bounds.
      const bounds = data.stats?.price;
      const low = bounds ? Math.floor(bounds.min) : 0;
      const high = bounds ? Math.ceil(bounds.max) : 0;
      const box = (name, label) =>
        el(
          "label",
          null,
          el("span", null, label),
          el("input", {
            name,
            type: "number",
            min: "0",
            step: "any",
            inputmode: "decimal",
            value: state[name] || null,
            placeholder: bounds ? String(name === "price_from" ? low : high) : null,
            "data-key": `price:${name}`,
          }),
        );
      // Moving a thumb fills its box; letting go applies both boxes.
      const apply = (e) => {
        const f = e.currentTarget.form;
        go(
          change(state, {
            price_from: f.elements.price_from.value,
            price_to: f.elements.price_to.value,
          }),
          e.currentTarget.dataset.key,
        );
      };
      const thumb = (name, label, fallback) => ({
        value: state[name] ? Math.min(Math.max(Number(state[name]), low), high) : fallback,
        label,
        key: `slider:${name}`,
        oninput: (e) => {
          e.currentTarget.form.elements[name].value = e.currentTarget.value;
        },
        onchange: apply,
      });
      const slider =
        bounds && high > low
          ? twoThumbs({ class: "vrp-slider" }, low, high, 1, [
              thumb("price_from", T.minPrice, low),
              thumb("price_to", T.maxPrice, high),
            ])
          : null;
      return el(
        "form",
        {
          class: "vrp-price",
          onsubmit: (e) => {
            e.preventDefault();
            const f = e.currentTarget;
            go(
              change(state, {
                price_from: f.elements.price_from.value,
                price_to: f.elements.price_to.value,
              }),
              "price:apply",
            );
          },
        },
        el(
          "fieldset",
          null,
          el("legend", null, T.price),
          el(
            "div",
            { class: "vrp-range" },
            box("price_from", T.from),
            box("price_to", T.to),
            el("button", { type: "submit", "data-key": "price:apply" }, T.apply),
          ),
          slider,
        ),
      );
    };

    const filtersBlock = (state, data) => {
      const chosen = selected(state);
      const toggle = (id) => {
        const next = new Set(chosen);
        if (next.has(id)) next.delete(id);
        else next.add(id);
        return change(state, { filters: [...next].join(",") });
      };
      return data.filters
        .filter((f) => f.values.length > 0)
        .map((f) => {
          const values = f.values.map((v) => {
            const id = String(v.id);
            const swatch = v.color ? el("span", { class: "vrp-sw" }) : null;
            if (swatch) swatch.style.background = v.color;
            return el(
              "li",
              null,
              el(
                "label",
                { class: "vrp-val" },
                el("input", {
                  type: "checkbox",
                  "data-id": id,
                  "data-key": `f:${id}`,
                  checked: chosen.has(id),
                  onchange: () => go(toggle(id), `f:${id}`),
                }),
                swatch,
                el("span", { class: "vrp-vname" }, v.name),
                el("small", null, String(v.total)),
              ),
            );
          });
          const stat = data.stats?.attributes?.find((a) => a.id === f.id);
          return el(
            "fieldset",
            { class: "vrp-filter", "data-id": String(f.id) },
            el("legend", null, f.name),
            few(`f:${f.id}`, values, FEW, "vrp-vals"),
            stat && stat.max > stat.min ? rangeSlider(state, stat) : null,
          );
        });
    };

    /** The URL's ranges: attribute id -> [min, max] ("" for an open bound). */
    const rangesOf = (state) =>
      new Map(
        state.ranges
          .split(",")
          .filter(Boolean)
          .map((r) => {
            const [id, min = "", max = ""] = r.split(":");
            return [id, [min, max]];
          }),
      );

    /** A numeric attribute's two thumbs over stats' bounds; letting one go sets `ranges`. */
    const rangeSlider = (state, stat) => {
      const id = String(stat.id);
      const [min, max] = rangesOf(state).get(id) || ["", ""];
      const step = stat.max - stat.min >= 10 ? 1 : 0.1;
      const apply = (e) => {
        const box = e.currentTarget.parentElement;
        const [low, high] = [...box.querySelectorAll("input")].map((i) => Number(i.value));
        const ranges = rangesOf(state);
        const open = (v, bound) => (v === bound ? "" : String(v));
        ranges.set(id, [open(low, stat.min), open(high, stat.max)]);
        const text = [...ranges]
          .filter(([, [a, b]]) => a !== "" || b !== "")
          .map(([k, [a, b]]) => `${k}:${a}:${b}`)
          .join(",");
        go(change(state, { ranges: text }), e.currentTarget.dataset.key);
      };
      const thumb = (which, value, label) => ({
        value: value === "" ? (which === "min" ? stat.min : stat.max) : value,
        label: `${label}, ${stat.unit}`,
        key: `range:${id}:${which}`,
        onchange: apply,
      });
      return twoThumbs(
        { class: "vrp-slider vrp-attr-range", "data-id": id },
        stat.min,
        stat.max,
        step,
        [thumb("min", min, T.lowest), thumb("max", max, T.highest)],
      );
    };

    /** A slider of two thumbs over one track from `min` to `max`: a range's low and high. */
    const twoThumbs = (attrs, min, max, step, thumbs) =>
      el(
        "div",
        attrs,
        thumbs.map((t) =>
          el("input", {
            type: "range",
            class: "vrp-thumb",
            min: String(min),
            max: String(max),
            step: String(step),
            value: String(t.value),
            "aria-label": t.label,
            "data-key": t.key,
            oninput: t.oninput,
            onchange: t.onchange,
          }),
        ),
      );

    /** One card of several variants: the lowest price and the colours' swatches. */
    const variantsLine = (p) => {
      const colours = (p.variations || []).flatMap((v) => v.values).filter((v) => v.color);
      return el(
        "p",
        { class: "vrp-variants" },
        el(
          "span",
          null,
          `${T.priceFrom} ${money(p.price_from, p.currency)} · ${p.variants} ${T.variants[plural.select(p.variants)] || T.variants.other}`,
        ),
        colours.map((v) => {
          const dot = el("span", { class: "vrp-sw", title: v.value, "aria-label": v.value });
          dot.style.background = v.color;
          return dot;
        }),
      );
    };

    const product = (p) => {
      const name = [];
      let at = 0;
      for (const [a, b] of p.name_highlight || []) {
        if (a < at || b > p.name.length) continue;
        name.push(p.name.slice(at, a), el("mark", null, p.name.slice(a, b)));
        at = b;
      }
      name.push(p.name.slice(at));
      const img = p.picture_url
        ? el("img", { src: p.picture_url, alt: "", loading: "lazy" })
        : null;
      img?.addEventListener("error", () => img.remove());
      const sale = p.price > p.discounted_price;
      return el(
        "li",
        { class: "vrp-card" },
        el(
          "a",
          { class: "vrp-pic", href: p.url || null, tabindex: "-1", "aria-hidden": "true" },
          img,
        ),
        el("a", { class: "vrp-name", href: p.url || null }, name),
        el(
          "p",
          { class: "vrp-prices" },
          el(
            "span",
            { class: sale ? "vrp-now vrp-sale" : "vrp-now" },
            money(p.discounted_price, p.currency),
          ),
          sale && [" ", el("s", null, money(p.price, p.currency))],
        ),
        p.variants > 1 && variantsLine(p),
        p.availability === false && el("p", { class: "vrp-out-of" }, T.out),
        p.labels?.length > 0 &&
          el(
            "ul",
            { class: "vrp-labels" },
            p.labels.map((l) => {
              const li = el("li", { class: "vrp-label" }, l.name);
              if (l.color) li.style.background = l.color;
              return li;
            }),
          ),
      );
    };

    /** Page numbers: the first, the last, and two either side of the current one. */
    const pagesBlock = (state, pg) => {
      if (pg.total_pages <= 1) return null;
      const at = pg.current_page;
      const to = (n) => ({ ...state, page: String(n) });
      const numbers = [];
      for (let n = 1; n <= pg.total_pages; n++) {
        if (n === 1 || n === pg.total_pages || Math.abs(n - at) <= 2) numbers.push(n);
        else if (numbers[numbers.length - 1] !== "…") numbers.push("…");
      }
      return el(
        "nav",
        { class: "vrp-pages", "aria-label": T.pages },
        pg.has_previous &&
          link(to(at - 1), { rel: "prev", class: "vrp-step", "data-focus": "top" }, `‹ ${T.prev}`),
        numbers.map((n) =>
          n === "…"
            ? el("span", { class: "vrp-gap" }, "…")
            : link(
                to(n),
                { class: "vrp-num", "aria-current": n === at ? "page" : null, "data-focus": "top" },
                String(n),
              ),
        ),
        pg.has_next &&
          link(to(at + 1), { rel: "next", class: "vrp-step", "data-focus": "top" }, `${T.next} ›`),
      );
    };

    /** The sort menu: a change is a new URL, back at page 1. */
    const sortBlock = (state) =>
      el(
        "label",
        { class: "vrp-sort" },
        el("span", null, T.sort),
        el(
          "select",
          {
            "data-key": "sort",
            onchange: (e) => {
              const v = e.currentTarget.value;
              go(change(state, { sort: v === "relevance" ? "" : v }), "sort");
            },
          },
          // A category page's default order is the popular one already.
          SORTS.filter((v) => v !== "popular" || !browsing(state)).map((v) =>
            el(
              "option",
              { value: v, selected: (state.sort || "relevance") === v },
              v === "relevance" && browsing(state) ? T.listed : T[v],
            ),
          ),
        ),
      );

    /** A merchandising rule's banners at `position`: an image, a link when it has one. */
    const bannersBlock = (data, position) => {
      const shown = (data.banners || []).filter((b) => b.position === position);
      if (shown.length === 0) return null;
      return el(
        "div",
        { class: `vrp-banners vrp-banners-${position}` },
        shown.map((b) => {
          const image = el("img", { src: b.image_url, alt: b.alt, class: "vrp-banner-img" });
          return b.link && /^https?:\/\//.test(b.link)
            ? el("a", { class: "vrp-banner", href: b.link }, image)
            : el("div", { class: "vrp-banner" }, image);
        }),
      );
    };

    const resultsBlock = (state, data) => {
      // A category page's category is the page, not a filter of it.
      const narrowed =
        state.filters ||
        state.ranges ||
        state.price_from ||
        state.price_to ||
        (state.category_id && !browsing(state));
      const items = data.products.groups.flatMap((g) => g.items);
      const corrected = data.corrected_query;
      const notes = [
        corrected && el("p", { class: "vrp-corrected" }, `${T.showing} ${quoted(corrected)}`),
        data.ignored_words.length > 0 &&
          el(
            "p",
            { class: "vrp-ignored" },
            `${T.without} ${data.ignored_words.map(quoted).join(", ")}`,
          ),
      ];
      // A disclosure, open on a wide screen; on a phone closed until the shopper opens it.
      const side = el(
        "details",
        {
          class: "vrp-side",
          open: opened.has("side") || (!opened.has("side:closed") && matchMedia(WIDE).matches),
          ontoggle: (e) => {
            opened.delete(e.currentTarget.open ? "side:closed" : "side");
            opened.add(e.currentTarget.open ? "side" : "side:closed");
          },
        },
        el(
          "summary",
          { class: "vrp-toggle", "data-key": "side" },
          T.filters,
          selected(state).size > 0 && ` (${selected(state).size})`,
        ),
        el(
          "div",
          { class: "vrp-side-in" },
          priceBlock(state, data),
          filtersBlock(state, data),
          narrowed && link(cleared(state), { class: "vrp-reset", "data-focus": "top" }, T.reset),
        ),
      );
      const list =
        items.length > 0
          ? el("ul", { class: "vrp-grid" }, items.map(product))
          : el(
              "p",
              { class: "vrp-none" },
              data.total > 0
                ? [T.emptyPage, " ", link({ ...state, page: "" }, { "data-focus": "top" }, T.first)]
                : T.nothingHere,
            );
      const title = browsing(state)
        ? data.categories.find((c) => c.source_id === state.category_id)?.name || T.everything
        : `${T.title} ${quoted(state.q)}`;
      return [
        bannersBlock(data, "top"),
        el("h1", { class: "vrp-title", tabindex: "-1", "data-key": "top" }, title),
        el("p", { class: "vrp-count" }, `${T.found} ${data.total}`),
        notes,
        categoriesBlock(state, data),
        el(
          "div",
          { class: "vrp-body" },
          side,
          el(
            "section",
            { class: "vrp-main" },
            sortBlock(state),
            list,
            pagesBlock(state, data.pagination),
          ),
        ),
        bannersBlock(data, "bottom"),
      ];
    };

    const nothingBlock = (state) => [
      el(
        "h1",
        { class: "vrp-title", tabindex: "-1", "data-key": "top" },
        `${T.nothing} ${quoted(state.q)}`,
      ),
      popularBlock(popular),
    ];

    /** The last answer drawn, for a "more" that shows what it already holds. */
    let last = null;

    /** Draws an answer; then focuses the element of key `focus` (the title: scrolled to). */
    const draw = (state, data, focus) => {
      const none =
        data &&
        data.total === 0 &&
        !browsing(state) &&
        !state.filters &&
        !state.ranges &&
        !state.price_from &&
        !state.price_to &&
        !state.category_id;
      const blocks = !data
        ? [el("p", { class: "vrp-prompt" }, T.prompt)]
        : none
          ? nothingBlock(state)
          : resultsBlock(state, data);
      out.replaceChildren(...[blocks].flat(2).filter(Boolean));
      status.textContent = !data
        ? T.prompt
        : none
          ? `${T.nothing} ${quoted(state.q)}`
          : `${T.found} ${data.total}`;
      const again = focus && out.querySelector(`[data-key="${CSS.escape(focus)}"]`);
      if (again) {
        again.focus();
        if (focus === "top") root.scrollIntoView({ block: "start" });
      }
    };

    /** Asks for the URL's state and draws it; `focus` names the element to focus afterwards. */
    const show = async (focus) => {
      const state = read();
      if (storeInput && storeInput !== document.activeElement) storeInput.value = state.q;
      if (input !== document.activeElement) input.value = state.q;
      const want = focus || document.activeElement?.dataset?.key;
      // Lists opened by "more" belong to their query; the filters' disclosure to the page.
      if (last && last.state.q !== state.q)
        for (const key of opened) if (!key.startsWith("side")) opened.delete(key);
      searchAbort?.abort();
      searchAbort = new AbortController();
      const { signal } = searchAbort;
      root.dataset.state = "loading";
      root.setAttribute("aria-busy", "true");
      try {
        const data = state.q || browsing(state) ? await search(state, signal) : null;
        if (data?.total === 0) await askPopular();
        if (signal.aborted) return;
        // A query the store sends to a page of its own ("доставка"), typed and submitted here.
        const redirect = follow && data?.redirect;
        follow = false;
        if (redirect && /^https?:\/\//.test(redirect)) {
          location.assign(redirect);
          return;
        }
        last = { state, data };
        draw(state, data, want);
      } catch (e) {
        if (signal.aborted) return;
        last = null;
        // A link with a wrong value (a 400 names each): say which, and offer the query alone.
        const fields = Object.entries(e.errors || {}).map(
          ([k, m]) => `${k}: ${[m].flat().join(" ")}`,
        );
        out.replaceChildren(
          el(
            "div",
            { class: "vrp-error", role: "alert" },
            el("p", null, T.failed),
            el("p", null, el("small", null, [String(e.message || e), ...fields].join(" "))),
            state.q && el("p", null, link(only(state.q), { "data-focus": "top" }, T.reset)),
          ),
        );
        status.textContent = T.failed;
      }
      root.dataset.state = "ready";
      root.removeAttribute("aria-busy");
    };

    addEventListener("popstate", () => show());
    show();
  };
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
