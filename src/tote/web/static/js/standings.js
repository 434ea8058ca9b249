// The end of a game: who won, and every seat's final standing with how its score
// came (issue 15). The server sends `standings` beside the final view (see
// docs/server.md); table.js keeps it in `page.standings`. Without it (an older
// server) the ranking still shows, from the view's result alone.

import { $, context, page } from "./tablepage.js";
import { rematchButton, rematchNote } from "./rematch.js";
import { fill, h, ordinal, seatDot } from "./ui.js";

/**
 * A score as the game writes it everywhere else: the game's `formatScore` when it has
 * one (Wetten!'s "$12,000", as on its board: one form of money per game, issue 27
 * item 7), else the number.
 */
function amount(n) {
  const format = page.module && page.module.formatScore;
  return format ? format(n) : n.toLocaleString("en");
}

const signed = (n) => (n > 0 ? `+${amount(n)}` : n < 0 ? `−${amount(-n)}` : amount(0));

export function renderResult() {
  const box = $("result");
  const view = page.view;
  if (!view || !view.over || !view.result) {
    box.hidden = true;
    return;
  }
  const ctx = context();
  const result = view.result;
  const standings = page.standings && Array.isArray(page.standings.seats) ? page.standings : null;
  const bySeat = standings ? Object.fromEntries(standings.seats.map((s) => [s.seat, s])) : {};
  const order = result.scores.map((score, seat) => ({ seat, score, rank: result.ranking[seat] })).sort((a, b) => a.rank - b.rank || a.seat - b.seat);
  const label = (page.module && page.module.scoreLabel) || (standings && standings.unit) || "score";
  const winners = result.winners.map((s) => ctx.names[s]);
  const iWon = ctx.seat !== null && result.winners.includes(ctx.seat);
  box.hidden = false;
  fill(
    box,
    h("h2", null, iWon ? "★ You win!" : winners.length ? `★ ${winners.join(" and ")} ${winners.length > 1 ? "share the win" : "wins"}` : "The game is over"),
    standings && standings.tie_break ? h("p.tie-break", null, `Ties: ${standings.tie_break}.`) : null,
    h(
      "ol.ranking.standings",
      { "aria-label": "Final standings" },
      order.map((r) => seatStanding(r, bySeat[r.seat], ctx, label, result.winners.includes(r.seat))),
    ),
    rematchNote(),
    h("p.result-actions", null, rematchButton(), h("a.button", { href: "/" }, "Back to the lobby")),
  );
}

function seatStanding(r, standing, ctx, label, winner) {
  const name = ctx.names[r.seat] + (r.seat === ctx.seat ? " (you)" : "");
  const lines = standing ? standing.lines : [];
  return h(
    "li",
    { class: winner ? "winner" : "", dataset: { seat: String(r.seat) } },
    h("span.rank", null, ordinal(r.rank)),
    seatDot(r.seat),
    h("span.name", null, name),
    h("span.score", null, page.module && page.module.formatScore ? amount(r.score) : `${amount(r.score)} ${label}`),
    standing && standing.note ? h("span.note", null, standing.note) : null,
    standing
      ? h(
          "table.breakdown",
          { "aria-label": `How ${ctx.names[r.seat]}'s score came` },
          h(
            "tbody",
            null,
            lines.length ? lines.map((line) => h("tr", null, h("td.what", null, line.label), h("td.points", { class: line.points < 0 ? "minus" : "" }, signed(line.points)))) : h("tr", null, h("td.what.muted", null, "Nothing scored"), h("td.points", null, "0")),
          ),
          h("tfoot", null, h("tr", null, h("th.what", { scope: "row" }, "Total"), h("td.points", null, amount(r.score)))),
        )
      : null,
  );
}
