// The page of a game with no module of its own: whose turn, the legal moves as
// buttons, and the game-specific part of the view as it comes.

import { fill, h, seatLabel } from "../js/ui.js";

export const title = "";
export const scoreLabel = "points";

export function render(view, el, send, ctx) {
  const turn = view.turn;
  const mine = ctx.seat !== null && turn.seats.includes(ctx.seat);
  fill(
    el,
    h(
      "div.panel",
      null,
      h("p.turn", null, view.over ? "The game is over." : turn.chance ? "Chance acts." : `To act: ${turn.seats.map((s) => seatLabel(ctx, s)).join(", ")}`),
      mine && view.legal_moves
        ? h(
            "div.move-buttons",
            null,
            view.legal_moves.map((move) =>
              h("button", { type: "button", onclick: () => send(move) }, Object.entries(move).map(([k, v]) => (k === "type" ? v : `${k} ${v}`)).join(" · ")),
            ),
          )
        : null,
      h("pre.state", null, JSON.stringify(view.state, null, 1)),
    ),
  );
}
