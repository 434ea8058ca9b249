// "Watch the replay" at the end of a game (issue 16): added to the result panel's
// actions (`p.result-actions`, else its last paragraph) whenever standings.js draws
// it for a finished table. Imported once by table.js; it only watches the panel.

import { $, page, tableId } from "./tablepage.js";
import { h } from "./ui.js";

function addLink(box) {
  if (box.hidden || box.querySelector("a.replay-link") || !page.table || page.table.status !== "finished") return;
  const actions = box.querySelector("p.result-actions") || box.querySelector("p:last-of-type");
  const link = h("a.button.replay-link", { href: `/replay/${encodeURIComponent(tableId)}` }, "Watch the replay");
  if (actions) actions.append(" ", link);
  else box.append(h("p.result-actions", null, link));
}

const box = $("result");
if (box) new MutationObserver(() => addLink(box)).observe(box, { childList: true, subtree: true, attributes: true, attributeFilter: ["hidden"] });
