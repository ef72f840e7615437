// The admin page's script (/admin, admin-page.ts): plain JS, inlined with the page's CSP nonce.
// The token never goes into a URL: the login form is read by this script, the token is kept
// in sessionStorage (this tab only, gone when it closes) and sent in a header (X-Secret-Token
// or X-Admin-Key) to the JSON endpoints. No cookie carries it, so another site's page cannot
// make the browser use it (nothing to forge: CSRF has no ambient credential to ride on).
// Every text from the server goes in with textContent.
(() => {
  const KEY = "vitrina-admin";
  const SVG = "http://www.w3.org/2000/svg";
  const $ = (id) => document.getElementById(id);
  const nf = new Intl.NumberFormat("en-US");

  /** Creates an element: attributes, then children (strings become text nodes). */
  function el(tag, attrs, ...children) {
    const node = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) {
      if (k === "onclick") node.addEventListener("click", v);
      else node.setAttribute(k, v);
    }
    for (const c of children)
      node.append(typeof c === "string" || typeof c === "number" ? String(c) : c);
    return node;
  }

  function fill(id, ...children) {
    const node = $(id);
    node.replaceChildren(...children);
    return node;
  }

  /** { kind: "owner" | "operator", key, domain? } or null. */
  function session() {
    try {
      return JSON.parse(sessionStorage.getItem(KEY) || "null");
    } catch {
      return null;
    }
  }
  const save = (s) => sessionStorage.setItem(KEY, JSON.stringify(s));

  /** The base of the current domain's JSON endpoints. */
  function base(s) {
    return s.kind === "owner"
      ? "/api/v2/content"
      : `/api/v2/admin/domains/${encodeURIComponent(s.domain)}`;
  }

  async function api(method, path, body) {
    const s = session();
    const headers = s.kind === "owner" ? { "x-secret-token": s.key } : { "x-admin-key": s.key };
    if (body !== undefined) headers["content-type"] = "application/json";
    const r = await fetch(path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: "omit",
      cache: "no-store",
    });
    const data = await r.json().catch(() => ({}));
    if (r.status === 401) {
      logout("The token was not accepted: log in again.");
      throw new Error("401");
    }
    if (!r.ok) {
      const fields = data.errors ? Object.values(data.errors).flat().join(" ") : "";
      const error = new Error(
        [data.detail || `HTTP ${r.status}`, fields].filter(Boolean).join(" "),
      );
      error.status = r.status;
      throw error;
    }
    return data;
  }

  function logout(message) {
    sessionStorage.removeItem(KEY);
    $("app").hidden = true;
    $("domains").hidden = true;
    $("login").hidden = false;
    $("who").textContent = "";
    $("logout").hidden = true;
    fill("login-error", message || "");
    $("token").value = "";
    $("token").focus();
  }

  function show(id, message) {
    fill(id, message);
  }

  // The Merchandising section (admin-rules.js, inlined before this script).
  const rules = merchandisingSection({ api, base, session, $, el, fill });
  // The workplace: stored but not searchable, Reindex, search preview, editors (admin-workplace.js).
  const workplace = workplaceSection({ api, base, session, $, el, fill, nf });
  // Registered feeds and their last runs, with Run now (admin-feeds.js).
  const feeds = feedsSection({ api, base, session, $, el, fill, nf, when });

  // ---- login -------------------------------------------------------------------------------

  $("login-form").addEventListener("submit", (event) => {
    event.preventDefault();
    const key = $("token").value.trim();
    if (!key) return;
    const kind = $("kind-operator").checked ? "operator" : "owner";
    save({ kind, key });
    start();
  });
  $("logout").addEventListener("click", () => logout(""));

  async function start() {
    const s = session();
    if (!s) return logout("");
    $("login").hidden = true;
    $("logout").hidden = false;
    fill("login-error", "");
    if (s.kind === "operator" && !s.domain) return listDomains();
    $("domains").hidden = true;
    $("app").hidden = false;
    await Promise.all([
      loadOverview(),
      loadAnalytics(),
      loadBlocked(),
      rules.load(),
      workplace.load(),
      feeds.load(),
    ]).catch(() => {});
  }

  // ---- the operator's list of domains -------------------------------------------------------

  async function listDomains() {
    const s = session();
    $("app").hidden = true;
    $("domains").hidden = false;
    $("who").textContent = "Operator";
    let list;
    try {
      list = await api("GET", "/api/v2/admin/domains/");
    } catch (error) {
      if (error.message !== "401")
        show(
          "domains-error",
          error.status === 404
            ? "The operator login is off: this server runs without --admin-key."
            : error.message,
        );
      return;
    }
    list.sort((a, b) => a.name.localeCompare(b.name));
    fill(
      "domains-body",
      ...list.map((d) =>
        el(
          "tr",
          {},
          el("td", {}, el("strong", {}, d.name)),
          el("td", { class: "num" }, d.id),
          el("td", {}, d.created_at ? new Date(d.created_at).toISOString().slice(0, 10) : ""),
          el(
            "td",
            { class: "actions" },
            el(
              "button",
              {
                type: "button",
                "data-domain": d.name,
                onclick: () => {
                  save({ ...s, domain: d.name });
                  start();
                },
              },
              "Open",
            ),
          ),
        ),
      ),
    );
    $("domains-count").textContent = `${list.length} ${list.length === 1 ? "domain" : "domains"}`;
  }

  $("back").addEventListener("click", () => {
    const s = session();
    save({ kind: s.kind, key: s.key });
    start();
  });

  // ---- overview: tokens, catalog, index, import errors -------------------------------------

  async function loadOverview() {
    const s = session();
    $("back").hidden = s.kind !== "operator";
    let o;
    try {
      o = await api("GET", `${base(s)}/overview/`);
    } catch (error) {
      if (error.message !== "401") show("overview-error", error.message);
      return;
    }
    $("who").textContent = o.domain;
    $("domain-name").textContent = o.domain;
    renderTokens(o.tokens);
    const c = o.catalog;
    for (const k of ["categories", "products", "unavailable", "warehouses"])
      $(`catalog-${k}`).textContent = c ? nf.format(c[k]) : "–";
    const i = o.index;
    $("index-documents").textContent = i ? nf.format(i.documents) : "not on this node";
    $("index-applied").textContent = i
      ? `${nf.format(i.applied_seq)} / ${nf.format(i.log_head)}`
      : "–";
    $("index-lag").textContent = i
      ? i.lag === 0
        ? "up to date"
        : `${nf.format(i.lag)} behind`
      : "–";
    $("index-lag").className = i && i.lag > 0 ? "value warn" : "value";
    $("index-at").textContent = i?.applied_at ? when(i.applied_at) : "–";
    renderImportErrors(o.import_errors);
    renderCategoryTree(o.category_tree);
    workplace.show(o);
  }

  function when(iso) {
    return iso.replace("T", " ").replace(/\.\d+Z$/, " UTC");
  }

  function renderTokens(tokens) {
    const row = (label, id, value) => {
      const code = el("code", { id, class: "token masked" }, "•".repeat(24));
      let shown = false;
      const toggle = el(
        "button",
        {
          type: "button",
          class: "link",
          onclick: () => {
            shown = !shown;
            code.textContent = shown ? value : "•".repeat(24);
            code.className = shown ? "token" : "token masked";
            toggle.textContent = shown ? "Hide" : "Show";
          },
        },
        "Show",
      );
      return el("div", { class: "token-row" }, el("span", { class: "label" }, label), code, toggle);
    };
    fill(
      "tokens",
      row("Secret token", "secret-token", tokens.secret_token),
      row("Search token", "search-token", tokens.search_token),
    );
  }

  $("rotate").addEventListener("click", async () => {
    if (!confirm("Rotate both tokens? The current ones stop working at once.")) return;
    const s = session();
    const path =
      s.kind === "owner"
        ? "/api/v2/content/rotate-tokens/"
        : `/api/v2/admin/domains/${encodeURIComponent(s.domain)}/rotate-tokens/`;
    try {
      const d = await api("POST", path);
      // The owner's session goes on with the new secret token.
      if (s.kind === "owner") save({ ...s, key: d.secret_token });
      show("rotate-note", "Rotated: update the store's import job and widget with the new tokens.");
      await loadOverview();
    } catch (error) {
      if (error.message !== "401") show("rotate-note", error.message);
    }
  });

  // The categories depth first, indented by depth (set through the CSSOM: the page's CSP
  // allows no style attributes); a parent's id shows where it is not imported yet.
  function renderCategoryTree(rows) {
    $("category-tree-empty").hidden = rows.length > 0;
    fill(
      "category-tree",
      ...rows.map((r) => {
        const item = el(
          "li",
          { "data-depth": r.depth },
          el("span", { class: "tree-id" }, r.source_category_id),
          " ",
          r.name,
        );
        item.style.paddingLeft = `${r.depth * 1.5}em`;
        return item;
      }),
    );
  }

  function renderImportErrors(list) {
    $("errors-empty").hidden = list.length > 0;
    $("errors-table").hidden = list.length === 0;
    fill(
      "errors-body",
      ...list.map((b) => {
        const details = b.detail
          ? [el("div", {}, b.detail)]
          : (b.errors || []).map((e, i) =>
              el(
                "div",
                {},
                // The item's source_id as sent, else its place in the batch.
                el(
                  "span",
                  { class: "muted" },
                  b.source_ids?.[i] != null ? `source_id ${b.source_ids[i]}: ` : `#${e.index} `,
                ),
                Object.entries(e.errors)
                  .map(([f, m]) => `${f}: ${[].concat(m).join(" ")}`)
                  .join("; "),
              ),
            );
        if (b.failed > (b.errors || []).length)
          details.push(el("div", { class: "muted" }, `… ${b.failed - b.errors.length} more`));
        return el(
          "tr",
          {},
          el("td", { class: "nowrap" }, when(b.at)),
          el("td", {}, b.kind),
          el("td", { class: "num" }, b.failed === undefined ? "all" : b.failed),
          el("td", {}, ...details),
        );
      }),
    );
  }

  // ---- analytics ----------------------------------------------------------------------------

  $("period-form").addEventListener("submit", (event) => {
    event.preventDefault();
    loadAnalytics();
  });
  $("period").addEventListener("change", () => {
    $("custom").hidden = $("period").value !== "custom";
    if ($("period").value !== "custom") loadAnalytics();
  });

  function periodQuery() {
    const v = $("period").value;
    if (v !== "custom") return `days=${encodeURIComponent(v)}`;
    const q = new URLSearchParams();
    if ($("from").value) q.set("from", $("from").value);
    if ($("to").value) q.set("to", $("to").value);
    return q.toString();
  }

  async function loadAnalytics() {
    const s = session();
    show("analytics-error", "");
    let r;
    try {
      r = await api("GET", `${base(s)}/analytics/?${periodQuery()}`);
    } catch (error) {
      if (error.message !== "401") show("analytics-error", error.message);
      return;
    }
    $("period-label").textContent = `${r.period.from} – ${r.period.to}`;
    const days = everyDay(r.period, r.searches_per_day);
    const total = days.reduce((n, d) => n + d.count, 0);
    $("searches-total").textContent = nf.format(total);
    fill("chart", chart(days));
    queryTable("top", r.top_queries, (q) => [
      el("td", {}, q.q),
      el("td", { class: "num" }, nf.format(q.count)),
      el("td", { class: "muted" }, q.corrected_query || ""),
      el("td", { class: "actions" }, blockButton(q.q)),
    ]);
    queryTable("zero", r.zero_result_queries, (q) => [
      el("td", {}, q.q),
      el("td", { class: "num" }, nf.format(q.count)),
    ]);
    renderOutcomes(r);
  }

  /** What shoppers did after each top query (POST /api/v2/search/events/). */
  function renderOutcomes(r) {
    const pct = new Intl.NumberFormat("uk-UA", { style: "percent", maximumFractionDigits: 1 });
    queryTable("outcomes", r.query_outcomes, (o) => [
      el("td", {}, o.q),
      el("td", { class: "num" }, nf.format(o.searches)),
      el("td", { class: "num" }, pct.format(o.click_through_rate)),
      el(
        "td",
        { class: "num" },
        o.average_click_position === null ? "–" : String(o.average_click_position),
      ),
      el("td", { class: "num" }, nf.format(o.add_to_cart)),
      el("td", { class: "num" }, nf.format(o.purchases)),
    ]);
    queryTable("noclick", r.searches_without_clicks, (q) => [
      el("td", {}, q.q),
      el("td", { class: "num" }, nf.format(q.count)),
    ]);
    // Category pages (browse=true), counted apart from searches; "" is the whole store's.
    queryTable("views", r.category_views, (v) => [
      el("td", {}, v.category_id || "All products"),
      el("td", { class: "num" }, nf.format(v.views)),
    ]);
  }

  function queryTable(id, rows, cells) {
    $(`${id}-empty`).hidden = rows.length > 0;
    $(`${id}-table`).hidden = rows.length === 0;
    fill(`${id}-body`, ...rows.map((q) => el("tr", {}, ...cells(q))));
  }

  /** Every day of the period, 0 where nobody searched. */
  function everyDay(period, perDay) {
    const counts = new Map(perDay.map((d) => [d.day, d.count]));
    const out = [];
    const end = Date.parse(`${period.to}T00:00:00Z`);
    for (let t = Date.parse(`${period.from}T00:00:00Z`); t <= end; t += 86400000) {
      const day = new Date(t).toISOString().slice(0, 10);
      out.push({ day, count: counts.get(day) || 0 });
    }
    return out;
  }

  function svg(tag, attrs, text) {
    const node = document.createElementNS(SVG, tag);
    for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
    if (text !== undefined) node.textContent = text;
    return node;
  }

  /** Searches per day as bars, with the highest count and the period's ends labelled. */
  function chart(days) {
    const W = 960;
    const H = 200;
    const top = 18;
    const bottom = 24;
    const left = 44;
    const max = Math.max(1, ...days.map((d) => d.count));
    const step = (W - left) / days.length;
    const bar = Math.max(2, Math.min(36, step * 0.7));
    const y = (n) => top + (H - top - bottom) * (1 - n / max);
    const root = svg("svg", {
      viewBox: `0 0 ${W} ${H}`,
      role: "img",
      "aria-label": "Searches per day",
      id: "chart-svg",
    });
    for (const n of [0, max / 2, max]) {
      root.append(svg("line", { x1: left, x2: W, y1: y(n), y2: y(n), class: "grid" }));
      root.append(
        svg(
          "text",
          { x: left - 8, y: y(n) + 4, "text-anchor": "end", class: "axis" },
          nf.format(Math.round(n)),
        ),
      );
    }
    days.forEach((d, i) => {
      const x = left + i * step + (step - bar) / 2;
      const rect = svg("rect", {
        x,
        y: y(d.count),
        width: bar,
        height: Math.max(0, H - bottom - y(d.count)),
        rx: 2,
        class: "bar",
        "data-day": d.day,
        "data-count": d.count,
      });
      rect.append(svg("title", {}, `${d.day}: ${nf.format(d.count)}`));
      root.append(rect);
    });
    const label = (i, anchor) =>
      svg(
        "text",
        { x: left + i * step + step / 2, y: H - 6, "text-anchor": anchor, class: "axis" },
        days[i].day,
      );
    root.append(label(0, days.length === 1 ? "middle" : "start"));
    if (days.length > 1) root.append(label(days.length - 1, "end"));
    return root;
  }

  // ---- blocked suggestions --------------------------------------------------------------------

  function blockButton(q) {
    return el("button", { type: "button", class: "link", onclick: () => block(q, true) }, "Block");
  }

  async function block(q, blocked) {
    const s = session();
    show("blocked-error", "");
    try {
      await api(blocked ? "POST" : "DELETE", `${base(s)}/suggestions/blocked/`, { query: q });
    } catch (error) {
      if (error.message !== "401") show("blocked-error", error.message);
      return;
    }
    await loadBlocked();
  }

  async function loadBlocked() {
    const s = session();
    let r;
    try {
      r = await api("GET", `${base(s)}/suggestions/blocked/`);
    } catch (error) {
      if (error.message !== "401") show("blocked-error", error.message);
      return;
    }
    $("blocked-empty").hidden = r.blocked.length > 0;
    fill(
      "blocked-list",
      ...r.blocked.map((q) =>
        el(
          "li",
          {},
          el("span", {}, q),
          el(
            "button",
            { type: "button", class: "link", onclick: () => block(q, false) },
            "Unblock",
          ),
        ),
      ),
    );
  }

  $("block-form").addEventListener("submit", (event) => {
    event.preventDefault();
    const q = $("block-query").value.trim();
    if (!q) return;
    $("block-query").value = "";
    block(q, true);
  });

  start();
})();
