// The log panel ("What happened"): one sentence per entry, newest first.

import { listedUpTo, markLog } from "./playback.js";
import { $, page } from "./tablepage.js";
import { fill, h } from "./ui.js";

/** A log entry in words: the server tells every entry (issue 15) as `sentence`, in
 * this table's names; an entry without one (an old server) gets a neutral sentence. */
export function describe(event) {
  if (event && typeof event.sentence === "string" && event.sentence) return event.sentence;
  return "Something happens in the game.";
}

/** An entry about a place on a tiled board (Carcassonne's tiles, meeples, chips) carries
 * it as data-hl-x/data-hl-y, so pointing at the sentence lights the place on the board
 * (static/games/carcassonne.js), while the sentence itself names no coordinates. */
function placeOf(event) {
  return Number.isInteger(event.x) && Number.isInteger(event.y) ? { hlX: String(event.x), hlY: String(event.y) } : {};
}

export function renderLog() {
  const log = (page.view && page.view.log) || [];
  const list = $("log");
  const upto = listedUpTo(log.length);
  if (upto === page.logSize) return;
  page.logSize = upto;
  const shown = log.slice(Math.max(0, upto - 80), upto);
  const items = shown
    .map((event, i) => {
      const text = describe(event);
      return h("li", { class: `ev-${event.kind}`, value: String(upto - shown.length + i + 1), dataset: { logIndex: String(upto - shown.length + i), ...placeOf(event) } }, text);
    })
    .filter(Boolean)
    .reverse();
  fill(list, items.length ? items : h("li.muted", null, "Nothing yet."));
  markLog(list);
}
