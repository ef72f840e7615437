// Vitrina's search widget (served at /widget.js). A store embeds it with one script tag:
//   <script src="https://SEARCH_HOST/widget.js" data-token="SEARCH_TOKEN" data-input="#q"
//           data-language="uk" data-wid="kyiv-1" data-results-url="/search?q="></script>
// Plain JavaScript, no framework, no build step (docs/WIDGET.md). Shopper and catalog text only
// ever reaches the page as text nodes (textContent); names are marked from the answer's
// `name_highlight` ranges, never from HTML. Its styles are /widget.css, linked (or, with
// data-nonce, a <style> with the page's nonce), and element.style: nothing a strict CSP refuses.
// ARIA: the input is a combobox controlling a listbox whose options are completions,
// categories and products (WAI-ARIA APG, "combobox with listbox popup"); filters are toggle
// buttons beside it and, with "more" and "all results", in the Tab order right after the input.
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
      "Популярні запити",
      "Популярні категорії",
      "Ще",
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
      "Популярные запросы",
      "Популярные категории",
      "Ещё",
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
      "Popular searches",
      "Popular categories",
      "More",
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
    tPopular,
    tPopularCategories,
    tMore,
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

  /** Each message to the store's developer once per page, however many keys are typed. */
  const said = new Set();
  const tell = (level, message) => {
    if (said.has(message)) return;
    said.add(message);
    console[level](`Vitrina widget: ${message}`);
  };

  // widget.css's text, put here by the server (page-routes.ts): for data-nonce, which makes it a
  // <style> carrying the page's nonce rather than a stylesheet linked from the service.
  const CSS = "/*widget.css*/";
  const styleUp = () => {
    if (document.querySelector("[data-vitrina-style]")) return; // a second tag on the page
    if (ds.nonce !== undefined) {
      // data-nonce="…", or bare on a tag that has a nonce of its own: that one.
      const nonce = ds.nonce || script.nonce;
      if (!nonce) tell("error", "data-nonce is empty and the script tag has no nonce.");
      const style = h("style", { "data-vitrina-style": true }, CSS);
      style.setAttribute("nonce", nonce);
      document.head.append(style);
      return;
    }
    const href = `${api}/widget.css`;
    if (document.querySelector(`link[rel=stylesheet][href="${href}"]`)) return; // the page links it
    const link = h("link", { rel: "stylesheet", href, "data-vitrina-style": true });
    link.addEventListener("error", () =>
      tell(
        "error",
        `its stylesheet ${href} did not load: allow ${api} in the page's Content-Security-Policy ` +
          "style-src, or give the script tag data-nonce with the page's style nonce.",
      ),
    );
    document.head.append(link);
  };

  /** The query as it is asked: spaces around and between words do not make a new query. */
  const norm = (q) => q.trim().replace(/\s+/g, " ");

  /** The service's popular queries and categories, asked once (null: none, or no endpoint). */
  let popular;
  const askPopular = () => {
    if (popular === undefined) {
      const p = new URLSearchParams({ token: ds.token || "", language: lang });
      popular = fetch(`${api}/api/v2/search/popular/?${p}`, { credentials: "omit" })
        .then((r) => (r.ok ? r.json() : null))
        .catch(() => null);
    }
    return popular;
  };

  function attach(input) {
    styleUp();
    if (!ds.token) tell("error", "data-token is missing: set it to the domain's search token.");
    const listId = uid("list");
    const status = h("div", { role: "status", "aria-live": "polite" });
    // Visually hidden by element.style, so that it stays hidden if the stylesheet is refused.
    Object.assign(status.style, {
      position: "absolute",
      width: "1px",
      height: "1px",
      overflow: "hidden",
      clip: "rect(0 0 0 0)",
    });
    const note = h("div", { class: "vtr-note" });
    const side = h("div", { class: "vtr-side", role: "group", "aria-label": tFilters });
    const hintBox = h("div");
    const popularBox = h("div", { class: "vtr-popular" }); // filled when nothing matches
    const list = h("div", {
      class: "vtr-list",
      role: "listbox",
      id: listId,
      "aria-label": tResults,
    });
    const foot = h("div");
    const panel = h(
      "div",
      { class: "vtr-panel", hidden: true },
      note,
      h("div", { class: "vtr-body" }, side, h("div", { class: "vtr-main" }, list, foot)),
    );
    document.body.append(panel, status);
    input.setAttribute("role", "combobox");
    input.setAttribute("aria-autocomplete", "list");
    input.setAttribute("aria-expanded", "false");
    input.setAttribute("aria-controls", listId);
    input.setAttribute("autocomplete", "off");
    if (!input.getAttribute("aria-label") && !input.labels?.length)
      input.setAttribute("aria-label", tSearch);

    let options = [];
    let active = -1;
    let query = ""; // the query typed (normalised); its filters are `filters`
    let filters = new Set();
    let opened = new Set(); // attributes whose every value is shown ("more")
    let answer = null; // the answer shown, to `shownQuery`
    let shownQuery = "";
    let hints = { q: "", list: [] }; // completions of `q`
    // Searches by sequence number: at most one older search stays in flight (its answer shows
    // progress while the shopper types on) besides the newest; an answer older than the one
    // shown is dropped. No fixed wait: every key is asked at once.
    let sent = 0;
    let shown = 0;
    const flying = new Map();
    let hintAbort = null;

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
    /** The options anew after a change of the list; the active one stays if it is still there. */
    const relist = () => {
      const was = options[active];
      options = [...list.querySelectorAll("[role=option]")];
      active = options.indexOf(was);
      if (active < 0) input.removeAttribute("aria-activedescendant");
    };
    // Options are reached with the arrows (aria-activedescendant), not with Tab.
    const option = (tag, attrs, ...children) =>
      h(
        tag,
        { ...attrs, role: "option", id: uid("opt"), "aria-selected": "false", tabindex: "-1" },
        ...children,
      );
    /** The store's results page for `q` with the chosen filters, in the search API's names. */
    const resultsUrl = (q) => {
      if (!ds.resultsUrl) return null;
      const url = new URL(ds.resultsUrl + encodeURIComponent(q), location.href);
      if (filters.size) url.searchParams.set("filters", [...filters].join(","));
      return url.href;
    };
    const searchUrl = (q, extra) => {
      const p = new URLSearchParams({ q, token: ds.token || "", language: lang, uuid });
      if (ds.wid) p.set("wid", ds.wid);
      p.set("highlight", "ranges");
      p.set("category_page_size", "4");
      p.set("per_category_limit", "3");
      for (const [k, v] of Object.entries(extra)) p.set(k, v);
      return `${api}/api/v2/search/?${p}`;
    };

    /**
     * The answer's body, or null when it is no answer to show: a refused origin or a wrong
     * token is said in the console for the store's developer (not "nothing found" to the
     * shopper); another refusal (429 under load) keeps what is shown.
     */
    const read = async (res) => {
      const token = res.headers.get("x-search-token");
      if (token === "unknown" || token === "expired") {
        tell(
          "warn",
          token === "unknown"
            ? "the search token is unknown: update data-token (the domain's search_token)."
            : "the search token was rotated and no longer answers: update data-token to the domain's new search_token.",
        );
        return null;
      }
      if (res.status === 403) {
        const body = await res.json().catch(() => ({}));
        tell(
          "error",
          `the search service refused this page's origin ${location.origin} (403: ${body.detail || "no detail"}). ` +
            `Add ${location.origin} to the allowed origins of the domain (\`vitrina domain origins NAME ORIGIN…\`, ` +
            "or PUT /api/v2/admin/domains/NAME/origins/), or clear them to let every site search.",
        );
        return null;
      }
      return res.ok ? res.json() : undefined;
    };
    const unreachable = (error) =>
      tell(
        "error",
        `the search service at ${api} did not answer (${error.message}). If the console shows a ` +
          `CORS error, the domain's allowed origins may not include ${location.origin}.`,
      );

    function ask() {
      const q = query;
      const mine = ++sent;
      for (const [n, abort] of [...flying].slice(1)) {
        abort.abort();
        flying.delete(n);
      }
      const controller = new AbortController();
      flying.set(mine, controller);
      const extra = filters.size ? { filters: [...filters].join(",") } : {};
      fetch(searchUrl(q, extra), { signal: controller.signal, credentials: "omit" })
        .then(read)
        .then((data) => {
          flying.delete(mine);
          if (mine < shown || data === undefined) return;
          for (const [n, abort] of flying) if (n < mine) abort.abort(); // older: not wanted now
          shown = mine;
          if (data === null) {
            answer = null;
            close();
            return;
          }
          answer = data;
          shownQuery = q;
          render(data, q);
          if (data.total === 0)
            askPopular().then((more) => {
              if (shown !== mine) return;
              popularBox.replaceChildren(...popularRows(more));
              relist();
            });
          if (document.activeElement === input || panel.contains(document.activeElement)) open();
          input.dispatchEvent(
            new CustomEvent("vitrina:results", { detail: { query: q, total: data.total } }),
          );
        })
        .catch((error) => {
          flying.delete(mine);
          if (error.name !== "AbortError") unreachable(error);
        });
    }

    /** Completions of `q` as the shopper types (the API's suggestions, asked without corrections). */
    function suggest() {
      const q = query;
      hintAbort?.abort();
      hintAbort = new AbortController();
      const p = {
        use_corrections: "false",
        use_suggestions: "true",
        show_filters: "false",
        group_by_category: "false",
        product_page_size: "1",
        category_page_size: "1",
        // Not a search of the shopper's (that one is counted): kept out of the analytics.
        demo: "true",
      };
      fetch(searchUrl(q, p), { signal: hintAbort.signal, credentials: "omit" })
        .then((r) => (r.ok ? r.json() : null))
        .then((data) => {
          if (!data || q !== query) return;
          const typed = q.toLowerCase();
          const list = data.suggestions.filter((s) => norm(s).toLowerCase() !== typed).slice(0, 5);
          hints = { q, list };
          panel.dataset.hints = q; // the completions of which query are known
          if (shownQuery === q) {
            renderHints();
            relist();
          }
        })
        .catch(() => {}); // the next key's, or none: the results show without completions
    }

    const choose = (q) => {
      input.value = q;
      input.focus();
      changed();
    };

    function renderHints() {
      const list = hints.q === shownQuery ? hints.list : [];
      hintBox.replaceChildren(
        ...(list.length ? [h("div", { class: "vtr-h" }, tMaybe)] : []),
        ...list.map((s) =>
          option("div", { class: "vtr-sugg vtr-opt", onclick: () => choose(s) }, s),
        ),
      );
    }

    function render(data, q) {
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
      renderHints();
      const rows = [hintBox];
      popularBox.replaceChildren();
      if (data.total === 0) rows.push(popularBox);
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
      let position = 0;
      for (const g of data.products.groups) {
        const id = uid("h");
        rows.push(
          h(
            "div",
            { role: "group", "aria-labelledby": id },
            h("div", { class: "vtr-h", id }, g.category_name || tResults),
            g.items.map((p) => product(p, ++position, q)),
          ),
        );
      }
      list.replaceChildren(...rows);
      options = [...list.querySelectorAll("[role=option]")];
      // "All results" is a link after the list, in the Tab order (not an option of the list).
      const all = resultsUrl(data.corrected_query || q);
      foot.replaceChildren(
        ...(all && data.total > 0
          ? [h("a", { class: "vtr-all", href: all }, `${tAll} (${data.total})`)]
          : []),
      );
      renderFilters();
      status.textContent = `${tResults}: ${data.total}`;
      panel.dataset.query = q; // which query the panel shows (for the store's scripts and tests)
    }

    /** When nothing matches: what other shoppers ask for, and the popular categories. */
    function popularRows(more) {
      const rows = [];
      if (more?.queries?.length)
        rows.push(
          h("div", { class: "vtr-h" }, tPopular),
          h(
            "div",
            { class: "vtr-chips" },
            more.queries
              .slice(0, 8)
              .map((q) =>
                option("span", { class: "vtr-chip vtr-opt", onclick: () => choose(q) }, q),
              ),
          ),
        );
      if (more?.categories?.length)
        rows.push(
          h("div", { class: "vtr-h" }, tPopularCategories),
          h(
            "div",
            { class: "vtr-cats" },
            more.categories
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
        );
      return rows;
    }

    /** A click on a result, for the store's analytics (PRODUCT.md "Events") and its scripts. */
    const clicked = (p, position, q) => {
      const detail = { type: "click", query: q, source_id: p.source_id, position, uuid };
      try {
        const token = encodeURIComponent(ds.token || "");
        navigator.sendBeacon(`${api}/api/v2/search/events/?token=${token}`, JSON.stringify(detail));
      } catch {
        // no beacons here (an old browser, a policy): the click still opens the product
      }
      input.dispatchEvent(new CustomEvent("vitrina:click", { detail: { ...detail, url: p.url } }));
    };

    function product(p, position, q) {
      const letter = (p.name || "?")[0];
      const pic = h("span", { class: "vtr-pic", "aria-hidden": "true" });
      if (p.picture_url) {
        const img = h("img", { src: p.picture_url, alt: "", loading: "lazy", decoding: "async" });
        img.onerror = () => pic.replaceChildren(letter); // no picture: its first letter
        pic.append(img);
      } else pic.append(letter);
      const sale = p.price > p.discounted_price;
      // Every price in its own currency (a catalog may mix them): the sign or code is shown.
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
        {
          class: "vtr-item vtr-opt",
          href: p.url || null,
          "data-source-id": p.source_id,
          onclick: () => clicked(p, position, q),
        },
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

    // A filter button used with the keyboard keeps the focus (found again by its data-key
    // after the filters are drawn anew); used with the mouse, the focus stays in the input.
    const keep = (e) => e.preventDefault();
    function renderFilters(focusKey) {
      const focused =
        focusKey || (side.contains(document.activeElement) && document.activeElement.dataset.key);
      const shown = answer.filters.filter((f) => f.values.length > 0).slice(0, 5);
      side.hidden = shown.length === 0;
      side.replaceChildren(
        ...shown.map((f) => {
          const all = opened.has(f.id) || f.values.length <= 8;
          const values = all ? f.values : f.values.slice(0, 8);
          return h(
            "div",
            { class: "vtr-f" },
            h("div", { class: "vtr-h" }, f.name),
            h(
              "div",
              { class: "vtr-vals" },
              values.map((v) =>
                h(
                  "button",
                  {
                    type: "button",
                    class: "vtr-val",
                    "aria-pressed": filters.has(v.id) ? "true" : "false",
                    "data-id": String(v.id),
                    "data-key": `v${v.id}`,
                    onmousedown: keep,
                    onclick: () => {
                      if (filters.has(v.id)) filters.delete(v.id);
                      else filters.add(v.id);
                      ask();
                    },
                  },
                  swatch(v.color),
                  v.name,
                  h("small", null, String(v.total)),
                ),
              ),
              !all &&
                h(
                  "button",
                  {
                    type: "button",
                    class: "vtr-more",
                    "aria-expanded": "false",
                    "data-key": `m${f.id}`,
                    onmousedown: keep,
                    onclick: () => {
                      opened.add(f.id);
                      renderFilters(`v${f.values[8].id}`); // on to the first value it showed
                    },
                  },
                  `${tMore} ${f.values.length - 8}`,
                ),
            ),
          );
        }),
      );
      if (focused) side.querySelector(`[data-key="${focused}"]`)?.focus();
    }

    /** The controls of the panel that Tab reaches: filters, "more" and "all results". */
    const tabbable = () =>
      [...panel.querySelectorAll("button, a[href]")].filter(
        (e) => e.tabIndex >= 0 && !e.closest("[hidden]"),
      );
    /** Where Tab goes from the input when the panel is not there: the page's next control. */
    const pastInput = () =>
      [...document.querySelectorAll("a[href], button, input, select, textarea, [tabindex]")].find(
        (e) =>
          !panel.contains(e) &&
          e.tabIndex >= 0 &&
          !e.disabled &&
          e.getClientRects().length > 0 &&
          input.compareDocumentPosition(e) & Node.DOCUMENT_POSITION_FOLLOWING &&
          !input.contains(e),
      );

    /** A change of the input's text: a new query (without its filters), or nothing new. */
    function changed() {
      const q = norm(input.value);
      if (q === query) return; // spaces only: the same query, its filters kept
      query = q;
      filters = new Set();
      opened = new Set();
      hints = { q: "", list: [] };
      if (q === "") {
        for (const abort of flying.values()) abort.abort();
        flying.clear();
        hintAbort?.abort();
        shown = ++sent;
        answer = null;
        close();
        return;
      }
      ask();
      suggest();
    }

    input.addEventListener("input", changed);
    let warm = false;
    input.addEventListener("focus", () => {
      if (answer && norm(input.value) === shownQuery) open();
      // The first key should not pay for the connection: open it (an empty query, not counted).
      if (!warm) {
        warm = true;
        fetch(searchUrl("", {}), { credentials: "omit" })
          .then(read)
          .catch(() => {});
      }
    });
    input.addEventListener("keydown", (e) => {
      const shownNow = !panel.hidden;
      if (e.key === "ArrowDown" || e.key === "ArrowUp") {
        if (!shownNow) {
          open();
          return;
        }
        e.preventDefault();
        const n = options.length;
        if (n === 0) return;
        const step = e.key === "ArrowDown" ? 1 : -1;
        select(active < 0 ? (step > 0 ? 0 : n - 1) : (active + step + n) % n);
      } else if (e.key === "Enter") {
        const el = shownNow ? options[active] : null;
        if (el) {
          e.preventDefault();
          el.click();
        } else if (
          answer?.redirect &&
          shownQuery === query &&
          /^https?:\/\//.test(answer.redirect)
        ) {
          // A merchandising rule's page for the query ("доставка": the delivery page).
          e.preventDefault();
          location.href = answer.redirect;
        } else if (ds.resultsUrl && query) {
          e.preventDefault();
          location.href = resultsUrl(query);
        }
      } else if (e.key === "Escape" && shownNow) {
        e.preventDefault();
        close();
      } else if (e.key === "Tab" && !e.shiftKey && shownNow) {
        const first = tabbable()[0];
        if (first) {
          e.preventDefault();
          first.focus();
        }
      }
    });
    panel.addEventListener("keydown", (e) => {
      if (e.key === "Escape") {
        e.preventDefault();
        input.focus(); // (which opens it: closed after)
        close();
      } else if (e.key === "Tab") {
        const controls = tabbable();
        const at = controls.indexOf(document.activeElement);
        if (e.shiftKey && at === 0) {
          e.preventDefault();
          input.focus();
        } else if (!e.shiftKey && at === controls.length - 1) {
          // Past the panel's last control: on to the page's control after the input.
          const next = pastInput();
          close();
          if (next) {
            e.preventDefault();
            next.focus();
          }
        }
      }
    });
    // Focus that leaves both the input and the panel (Tab, a click elsewhere) closes it.
    const away = (e) => {
      const to = e.relatedTarget;
      if (to && to !== input && !panel.contains(to)) close();
    };
    input.addEventListener("focusout", away);
    panel.addEventListener("focusout", away);
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
