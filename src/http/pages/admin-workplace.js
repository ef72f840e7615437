// The admin page's workplace (/admin, admin-page.ts; issue 23): what is stored but not yet
// searchable and the Reindex button with its progress, a search preview (the answer a shopper
// gets, with demo=true so that it is not counted), and editors for the domain's synonyms and
// allowed origins. Inlined before admin.js, which hands it its helpers and calls show(overview)
// whenever the overview is read. Every text from the server goes in with textContent.
// biome-ignore lint/correctness/noUnusedVariables: called by admin.js, inlined after this file.
function workplaceSection({ api, base, session, $, el, fill, nf }) {
  let searchToken = "";
  let previewTimer = 0;
  let previewAsked = 0;

  /** The stored-but-not-searchable line and the Reindex button's state. */
  function showIndexState(o) {
    searchToken = o.tokens.search_token;
    const n = o.not_searchable;
    $("stored-products").textContent = nf.format(o.stored.products);
    $("not-searchable").textContent = nf.format(n.count);
    $("not-searchable").className = n.count > 0 ? "value warn" : "value";
    $("not-searchable-why").textContent =
      n.reason === "failed batch"
        ? "A failed batch stored its valid items: they become searchable with the next batch that fully succeeds, or now with Reindex."
        : n.reason === "catching up"
          ? "The index is applying the latest changes."
          : "";
    $("origins-json").value = o.allowed_origins.join("\n");
  }

  async function reindex() {
    const s = session();
    const path =
      s.kind === "owner"
        ? "/api/v2/content/reindex/"
        : `/api/v2/admin/domains/${encodeURIComponent(s.domain)}/reindex/`;
    $("reindex").disabled = true;
    fill("reindex-note", "Reindex queued…");
    try {
      const { seq } = await api("POST", path);
      // Progress: the index has applied the reindex entry once its position reaches it.
      for (;;) {
        const o = await api("GET", `${base(s)}/overview/`);
        showIndexState(o);
        const applied = o.index ? o.index.applied_seq : 0;
        if (applied >= seq) {
          fill("reindex-note", `Reindexed: ${nf.format(o.catalog.products)} products searchable.`);
          break;
        }
        fill("reindex-note", `Rebuilding… applied ${nf.format(applied)} of ${nf.format(seq)}.`);
        await new Promise((r) => setTimeout(r, 300));
      }
    } catch (error) {
      fill("reindex-note", "");
      fill("workplace-error", error.message);
    } finally {
      $("reindex").disabled = false;
    }
  }

  /** The answer a shopper would get, asked as a preview (demo=true: not counted). */
  async function preview() {
    const q = $("preview-q").value;
    const asked = ++previewAsked;
    if (!q.trim()) {
      fill("preview-list");
      fill("preview-summary", "");
      return;
    }
    const params = new URLSearchParams({
      q,
      token: searchToken,
      demo: "true",
      group_by_category: "false",
      product_page_size: "10",
    });
    const r = await fetch(`/api/v2/search/?${params}`).then((x) => x.json());
    if (asked !== previewAsked) return;
    const said = [`${nf.format(r.total)} found`];
    if (r.corrected_query) said.push(`corrected to «${r.corrected_query}»`);
    if (r.ignored_words.length)
      said.push(`without ${r.ignored_words.map((w) => `«${w}»`).join(", ")}`);
    fill("preview-summary", said.join(", "));
    const items = r.products.groups.flatMap((g) => g.items);
    fill(
      "preview-list",
      ...items.map((p) =>
        el(
          "li",
          {},
          p.name,
          " ",
          el("span", { class: "muted" }, `${p.discounted_price} ${p.currency}`),
        ),
      ),
    );
  }

  async function loadSynonyms() {
    const r = await api("GET", `${base(session())}/synonyms/`);
    $("synonyms-json").value = JSON.stringify(r.synonyms, null, 1);
  }

  async function save(kind) {
    const s = session();
    fill("editors-error", "");
    fill("editors-note", "");
    try {
      if (kind === "synonyms") {
        const synonyms = JSON.parse($("synonyms-json").value || "[]");
        await api("PUT", `${base(s)}/synonyms/`, { synonyms });
      } else {
        const origins = $("origins-json")
          .value.split(/\s+/)
          .filter((x) => x !== "");
        const path =
          s.kind === "owner"
            ? "/api/v2/content/origins/"
            : `/api/v2/admin/domains/${encodeURIComponent(s.domain)}/origins/`;
        const r = await api("PUT", path, { origins });
        $("origins-json").value = r.allowed_origins.join("\n");
      }
      fill("editors-note", `Saved the ${kind}.`);
    } catch (error) {
      fill("editors-error", error.message);
    }
  }

  $("reindex").addEventListener("click", reindex);
  $("preview-q").addEventListener("input", () => {
    clearTimeout(previewTimer);
    previewTimer = setTimeout(preview, 150);
  });
  $("synonyms-save").addEventListener("click", () => save("synonyms"));
  $("origins-save").addEventListener("click", () => save("origins"));

  return {
    show: showIndexState,
    load: () => loadSynonyms().catch((error) => fill("editors-error", error.message)),
  };
}
