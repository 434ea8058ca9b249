// The end of a game: who won, and every seat's final standing.

import { $, context, page } from "./tablepage.js";
import { rematchButton, rematchNote } from "./rematch.js";
import { fill, h, ordinal, seatColour } from "./ui.js";

export function renderResult() {
  const box = $("result");
  const view = page.view;
  if (!view || !view.over || !view.result) {
    box.hidden = true;
    return;
  }
  const ctx = context();
  const result = view.result;
  const order = result.scores.map((score, seat) => ({ seat, score, rank: result.ranking[seat] })).sort((a, b) => a.rank - b.rank || a.seat - b.seat);
  const label = (page.module && page.module.scoreLabel) || "score";
  const winners = result.winners.map((s) => ctx.names[s]);
  const iWon = ctx.seat !== null && result.winners.includes(ctx.seat);
  box.hidden = false;
  fill(
    box,
    h("h2", null, iWon ? "★ You win!" : `★ ${winners.join(" and ")} ${winners.length > 1 ? "share the win" : "wins"}`),
    h(
      "ol.ranking",
      null,
      order.map((r) =>
        h(
          "li",
          { class: result.winners.includes(r.seat) ? "winner" : "", dataset: { seat: String(r.seat) } },
          h("span.rank", null, ordinal(r.rank)),
          h("span.seat-dot", { style: { background: seatColour(r.seat) } }),
          h("span.name", null, ctx.names[r.seat] + (r.seat === ctx.seat ? " (you)" : "")),
          h("span.score", null, `${r.score.toLocaleString("en")} ${label}`),
        ),
      ),
    ),
    rematchNote(),
    h("p.result-actions", null, rematchButton(), h("a.button", { href: "/" }, "Back to the lobby")),
  );
}
