// The lobby's "Replays" panel (issue 16): the latest finished tables, each linked to
// its replay, and the page that replays an uploaded record file.

import { get } from "./api.js";
import { listOf, normaliseTable } from "./model.js";
import { fill, h } from "./ui.js";

const SHOWN = 8;

async function loadFinished() {
  const list = document.getElementById("finished-list");
  if (!list) return;
  let tables;
  try {
    tables = listOf(await get(`/api/tables?status=finished&limit=${SHOWN}`), "tables").map(normaliseTable);
  } catch (err) {
    fill(list, h("p.error-text", null, `Cannot load the finished tables: ${err.message}`));
    return;
  }
  if (!tables.length) {
    fill(list, h("p.muted", null, "No finished tables yet."));
    return;
  }
  fill(
    list,
    h(
      "ul.table-list",
      null,
      tables.map((t) =>
        h(
          "li.table-item",
          { dataset: { table: t.id } },
          h("div", null, h("strong", null, t.title || t.game), h("div.seat-summary", null, t.seats.map((s) => h(`span.pill${s.bot ? ".bot" : ""}`, null, s.name || s.bot || "player")))),
          h("a.button.replay-link", { href: `/replay/${encodeURIComponent(t.id)}` }, "Watch the replay"),
        ),
      ),
    ),
  );
}

loadFinished();
