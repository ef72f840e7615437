// The admin page's Feeds section (/admin, admin-page.ts; docs/FEEDS.md "Registered feeds"):
// the domain's registered feeds with their last and next runs and a "Run now" button, and the
// last runs (registered feeds' and uploads') with their counts and first errors. Inlined
// before admin.js, which hands it its helpers and calls load() when a domain opens. Every text
// from the server (a feed's URL, an offer id, an error) goes in with textContent.
// biome-ignore lint/correctness/noUnusedVariables: called by admin.js, inlined after this file.
function feedsSection({ api, base, session, $, el, fill, nf, when }) {
  /** The newest run shown: a run asked for is shown once a newer one is listed. */
  let newest = "";

  function renderFeeds(feeds) {
    $("feeds-empty").hidden = feeds.length > 0;
    $("feeds-table").hidden = feeds.length === 0;
    fill(
      "feeds-body",
      ...feeds.map((f) =>
        el(
          "tr",
          {},
          el("td", { class: "feed-url" }, f.url),
          el("td", {}, f.format),
          el("td", { class: "num" }, nf.format(f.every_minutes)),
          el("td", { class: "nowrap" }, f.last_started_at ? when(f.last_started_at) : "never"),
          el("td", { class: "nowrap" }, when(f.next_run_at)),
          el(
            "td",
            { class: "actions" },
            el(
              "button",
              { type: "button", class: "link", onclick: () => runNow(f.url) },
              "Run now",
            ),
          ),
        ),
      ),
    );
  }

  /** A run's errors: its reason, or its first offer errors. */
  function errorsOf(r) {
    if (r.detail) return [el("div", {}, r.detail)];
    const shown = r.errors.slice(0, 3).map((e) =>
      el(
        "div",
        {},
        el("span", { class: "muted" }, `offer ${e.offer_id}: `),
        Object.entries(e.errors)
          .map(([f, m]) => `${f}: ${[].concat(m).join(" ")}`)
          .join("; "),
      ),
    );
    if (r.failed > shown.length)
      shown.push(el("div", { class: "muted" }, `… ${nf.format(r.failed - shown.length)} more`));
    return shown;
  }

  function renderRuns(runs) {
    newest = runs[0] ? runs[0].started_at : "";
    $("runs-empty").hidden = runs.length > 0;
    $("runs-table").hidden = runs.length === 0;
    const n = (v) => el("td", { class: "num" }, v === undefined ? "–" : nf.format(v));
    fill(
      "runs-body",
      ...runs.map((r) =>
        el(
          "tr",
          { "data-status": r.status },
          el("td", { class: "nowrap" }, when(r.started_at)),
          el("td", { class: "feed-url" }, r.url === null ? "(sent as the body)" : r.url),
          el("td", {}, r.trigger),
          el("td", { class: r.status === "failed" ? "warn" : "" }, r.status),
          n(r.created),
          n(r.updated),
          n(r.unchanged),
          n(r.gone),
          n(r.deleted),
          n(r.failed),
          el("td", { class: "num nowrap" }, `${(r.took_ms / 1000).toFixed(1)} s`),
          el("td", {}, ...errorsOf(r)),
        ),
      ),
    );
  }

  async function load() {
    const s = session();
    try {
      const [feeds, runs] = await Promise.all([
        api("GET", `${base(s)}/feeds/`),
        api("GET", `${base(s)}/feeds/runs/`),
      ]);
      renderFeeds(feeds.feeds);
      renderRuns(runs.runs);
      fill("feeds-error", "");
    } catch (error) {
      if (error.message !== "401") fill("feeds-error", error.message);
    }
  }

  async function runNow(url) {
    const s = session();
    const before = newest;
    fill("feeds-error", "");
    try {
      await api("POST", `${base(s)}/feeds/run/`, { url });
    } catch (error) {
      if (error.message !== "401") fill("feeds-error", error.message);
      return;
    }
    fill("feeds-note", "Run started…");
    // Its result shows once the run is recorded (bounded: a big feed may take longer).
    for (let i = 0; i < 240; i++) {
      await new Promise((r) => setTimeout(r, 500));
      await load();
      if (newest !== before) {
        fill("feeds-note", "Run finished: see the last runs.");
        return;
      }
    }
    fill("feeds-note", "The run goes on: reload the page later.");
  }

  return { load };
}
