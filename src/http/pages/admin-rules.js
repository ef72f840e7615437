// The admin page's Merchandising section (/admin, admin-page.ts; docs/API.md "Merchandising
// rules"): the domain's rules as JSON in a textarea, saved whole, and a live preview of a query
// answered with the rules in force and with the edited ones (POST .../rules/preview/, nothing
// saved). Inlined before admin.js, which hands it its helpers (api, base, session, $, el, fill)
// and calls load() when a domain opens. Every text from the server goes in with textContent.
// biome-ignore lint/correctness/noUnusedVariables: called by admin.js, inlined after this file.
function merchandisingSection({ api, base, session, $, el, fill }) {
  let timer = 0;

  /** The textarea's rules, or null (and the error shown) when it is not JSON. */
  function edited() {
    try {
      const rules = JSON.parse($("rules-json").value || "[]");
      fill("rules-error", "");
      return rules;
    } catch (error) {
      fill("rules-error", `Not JSON: ${error.message}`);
      return null;
    }
  }

  function list(id, answer) {
    const items = answer.products.groups.flatMap((g) => g.items);
    fill(
      id,
      ...items.map((p) => el("li", {}, el("span", { class: "sid" }, p.source_id), " ", p.name)),
    );
    if (items.length === 0) fill(id, el("li", { class: "muted" }, "Nothing found."));
  }

  async function preview() {
    const q = $("rules-q").value.trim();
    const rules = edited();
    if (!q || rules === null) return;
    const params = new URLSearchParams({ q, group_by_category: "false", product_page_size: "10" });
    try {
      const r = await api("POST", `${base(session())}/rules/preview/?${params}`, { rules });
      list("rules-before", r.before);
      list("rules-after", r.after);
      fill("rules-totals", `${r.before.total} found before, ${r.after.total} after`);
      // What the edited rules show beside the results: a redirect, banners.
      const extras = [
        r.after.redirect && `Enter opens ${r.after.redirect}`,
        ...(r.after.banners || []).map((b) => `Banner (${b.position}): ${b.alt}`),
      ].filter(Boolean);
      fill("rules-extras", extras.join(" · "));
    } catch (error) {
      if (error.message !== "401") fill("rules-error", error.message);
    }
  }

  const later = () => {
    clearTimeout(timer);
    timer = setTimeout(preview, 250);
  };
  $("rules-q").addEventListener("input", later);
  $("rules-json").addEventListener("input", later);
  $("rules-form").addEventListener("submit", async (event) => {
    event.preventDefault();
    const rules = edited();
    if (rules === null) return;
    fill("rules-note", "");
    try {
      const saved = await api("PUT", `${base(session())}/rules/`, { rules });
      $("rules-json").value = JSON.stringify(saved.rules, null, 2);
      fill(
        "rules-note",
        `Saved: ${saved.rules.length} ${saved.rules.length === 1 ? "rule" : "rules"}.`,
      );
      await preview();
    } catch (error) {
      if (error.message !== "401") fill("rules-error", error.message);
    }
  });

  return {
    async load() {
      fill("rules-note", "");
      fill("rules-error", "");
      try {
        const r = await api("GET", `${base(session())}/rules/`);
        $("rules-json").value = JSON.stringify(r.rules, null, 2);
      } catch (error) {
        if (error.message !== "401") fill("rules-error", error.message);
      }
    },
  };
}
