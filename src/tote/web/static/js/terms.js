// The game's terms explained where they appear (issue 15): a Help panel on the
// table page listing the game's glossary (GET /api/games/{game}/glossary), and,
// after every render, the first place each term appears in the board's headings,
// table headers, captions and labels marked with its explanation (an <abbr> with
// a title and aria-describedby), so the game modules need no change. Buttons,
// links and form controls are never touched: their text and handlers stay as the
// module made them.

import { get } from "./api.js";
import { $, page } from "./tablepage.js";
import { fill, h } from "./ui.js";

const PLACES = "h2, h3, h4, th, caption, legend, dt, .label";
const SKIP = "button, a, select, option, input, textarea, abbr.term, [contenteditable]";

const glossary = { game: null, terms: [], forms: [], pattern: null, loading: null };

/** After each render: load the game's terms once, then mark them in the board. */
export function renderTerms() {
  const game = page.table && page.table.game;
  if (!game) return;
  if (glossary.game !== game) {
    if (!glossary.loading) glossary.loading = load(game);
    return;
  }
  markTerms($("game"));
}

async function load(game) {
  try {
    const data = await get(`/api/games/${encodeURIComponent(game)}/glossary`);
    glossary.terms = Array.isArray(data.terms) ? data.terms : [];
  } catch {
    glossary.terms = [];
  }
  glossary.game = game;
  glossary.loading = null;
  const forms = [];
  glossary.terms.forEach((term, i) => {
    for (const form of [term.term, ...(term.also || [])]) forms.push({ form, index: i });
  });
  // Longest first, so "betting chip" wins over "chip".
  forms.sort((a, b) => b.form.length - a.form.length);
  glossary.forms = forms;
  const escaped = forms.map((f) => f.form.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
  glossary.pattern = escaped.length ? new RegExp(`(?<![\\w-])(${escaped.join("|")})(?![\\w-])`, "gi") : null;
  setUpHelp();
  markTerms($("game"));
}

function termOf(text) {
  const lower = text.toLowerCase();
  const found = glossary.forms.find((f) => f.form.toLowerCase() === lower);
  return found ? found.index : -1;
}

/** Mark the first appearance of each term inside `root`'s headings and labels. */
export function markTerms(root) {
  if (!root || !glossary.pattern) return;
  notes();
  const done = new Set([...root.querySelectorAll("abbr.term")].map((a) => Number(a.dataset.term)));
  for (const place of root.querySelectorAll(PLACES)) {
    if (place.closest(SKIP)) continue;
    const walker = document.createTreeWalker(place, NodeFilter.SHOW_TEXT);
    const texts = [];
    for (let node = walker.nextNode(); node; node = walker.nextNode()) texts.push(node);
    for (const node of texts) {
      if (node.parentElement.closest(SKIP)) continue;
      markIn(node, done);
    }
  }
}

function markIn(node, done) {
  const pattern = glossary.pattern;
  let rest = node;
  pattern.lastIndex = 0;
  for (;;) {
    const match = pattern.exec(rest.nodeValue);
    if (!match) return;
    const index = termOf(match[1]);
    if (index < 0 || done.has(index)) continue; // marked already: look further along
    done.add(index);
    const word = rest.splitText(match.index);
    rest = word.splitText(match[1].length);
    const term = glossary.terms[index];
    word.replaceWith(h("abbr.term", { title: term.explanation, "aria-describedby": `term-note-${index}`, dataset: { term: String(index) } }, word.nodeValue));
    pattern.lastIndex = 0;
  }
}

/** One hidden note per term, for aria-describedby. */
function notes() {
  let box = $("term-notes");
  if (box && box.dataset.game === glossary.game) return;
  if (!box) {
    box = h("div#term-notes", { hidden: true });
    document.body.append(box);
  }
  box.dataset.game = glossary.game;
  fill(
    box,
    glossary.terms.map((t, i) => h("span", { id: `term-note-${i}` }, `${t.term}: ${t.explanation}`)),
  );
}

// ------------------------------------------------------------------ Help panel
function setUpHelp() {
  const button = $("help-button");
  const dialog = $("help");
  if (!button || !dialog || !glossary.terms.length) return;
  const title = (page.module && page.module.title) || glossary.game;
  const list = h("dl.terms-list");
  const search = h("input#help-search", {
    type: "search",
    placeholder: "Find a term",
    "aria-label": "Find a term",
    autocomplete: "off",
    oninput: () => showTerms(list, search.value),
  });
  fill(
    dialog,
    h(
      "div.help-head",
      null,
      h("h2#help-title", null, `${title}: the terms`),
      h("button.small.ghost.help-close", { type: "button", "aria-label": "Close the help", onclick: () => dialog.close() }, "✕"),
    ),
    h("p.muted", null, "The game's words, explained in short; each names the rule it comes from."),
    search,
    list,
  );
  showTerms(list, "");
  button.hidden = false;
  button.onclick = () => {
    search.value = "";
    showTerms(list, "");
    dialog.showModal();
    search.focus();
  };
  dialog.addEventListener("close", () => button.focus());
  // Escape closes the panel even from the search field (which would only clear itself).
  dialog.addEventListener("keydown", (event) => {
    if (event.key !== "Escape") return;
    event.preventDefault();
    dialog.close();
  });
  dialog.addEventListener("click", (event) => {
    if (event.target === dialog) dialog.close(); // a click on the backdrop
  });
}

function showTerms(list, query) {
  const q = query.trim().toLowerCase();
  const named = (t) => [t.term, ...(t.also || [])].some((x) => x.toLowerCase().includes(q));
  // Terms whose name matches first, then those whose explanation does.
  // A rule's number (a refusal's "rule" link, issue 27 item 3) finds the terms of that rule.
  const ruled = (t) => Boolean(t.rule) && t.rule.toLowerCase().startsWith(q);
  const rest = (t) => !named(t) && (ruled(t) || t.explanation.toLowerCase().includes(q));
  const shown = q ? [...glossary.terms.filter(named), ...glossary.terms.filter(rest)] : glossary.terms;
  fill(
    list,
    shown.length
      ? shown.map((t) => [
          h("dt", null, t.term, t.rule ? h("small.rule", null, ` ${t.rule}`) : null),
          h("dd", null, t.explanation, t.also && t.also.length ? h("small.also", null, ` Also: ${t.also.join(", ")}.`) : null),
        ])
      : h("dd.muted", null, `No term matches “${query}”.`),
  );
}
