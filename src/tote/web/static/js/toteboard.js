// The tote board panel of the table page (issue 12).
//
// Shown only at tables whose host switched the tote board on. While it is open it asks
// the server for this seat's board (`{"type": "odds"}`) when opened and again after each
// change of the game; the server works it out from this seat's knowledge only (a
// spectator gets the public board) and sends it to this connection alone.

import { fill, h } from "./ui.js";

const panel = { element: null, send: null, asked: -1, shown: null, waiting: false, stale: false, retry: 0 };

function percent(x) {
  return `${(100 * x).toFixed(1)}%`;
}

function half(e) {
  return `±${(50 * (e.high - e.low)).toFixed(1)}`;
}

/** Ask for the board of the position with `moves` moves, once, if the panel is open. */
function ask(moves) {
  if (!panel.element || !panel.element.open || !panel.send) return;
  if (panel.waiting) {
    // The game moved on while a board is in the works: ask again once it is here.
    if (moves !== panel.asked) panel.stale = true;
    return;
  }
  if (moves === panel.asked) return;
  panel.asked = moves;
  panel.waiting = true;
  if (panel.send({ type: "odds" })) {
    fill(panel.element.querySelector(".tote-body"), h("p.muted", null, "Working out the odds…"));
  } else {
    panel.waiting = false;
  }
}

/** Set the panel up in `aside` (once): `enabled` says whether the table has it. */
export function setUp(aside, enabled, send) {
  panel.send = send;
  if (!enabled) {
    if (panel.element) panel.element.hidden = true;
    return;
  }
  if (!panel.element) {
    panel.element = h(
      "details#tote-board.panel.tote",
      null,
      h("summary", null, "Tote board"),
      h("div.tote-body", { "aria-live": "polite", tabindex: "0", role: "region", "aria-label": "Tote board" }, h("p.muted", null, "Open to see the odds of your bets.")),
    );
    panel.element.addEventListener("toggle", () => {
      if (panel.element.open) ask(panel.moves ?? 0);
    });
    aside.prepend(panel.element);
  }
  panel.element.hidden = false;
}

/** The game changed: `moves` moves so far, `over` whether it ended. */
export function changed(moves, over) {
  panel.moves = moves;
  if (over || !panel.element) return;
  ask(moves);
}

/** A refusal of the last request, shown in the panel. The next change asks again; a
 * refusal for asking too often (rule `rate`, "ask again in N s") also asks again once
 * the wait is over, so a player who is thinking, while nothing changes, still gets her
 * board. */
export function refused(message, rule) {
  if (!panel.waiting || !panel.element) return false;
  panel.waiting = false;
  panel.stale = false;
  panel.asked = -1;
  fill(panel.element.querySelector(".tote-body"), h("p.muted", null, message));
  const wait = rule === "rate" ? /in ([0-9.]+) s/.exec(message) : null;
  if (wait) {
    clearTimeout(panel.retry);
    panel.retry = setTimeout(() => ask(panel.moves ?? 0), 1000 * Number(wait[1]) + 100);
  }
  return true;
}

/** Draw a board the server sent: `{moves, board}`. */
export function show(message, names) {
  panel.waiting = false;
  if (!panel.element) return;
  if (panel.stale) {
    panel.stale = false;
    ask(panel.moves ?? 0);
    return;
  }
  const board = message.board;
  const labels = [];
  for (const outcomes of Object.values(board.markets)) {
    for (const label of Object.keys(outcomes)) if (!labels.includes(label)) labels.push(label);
  }
  const who = board.seat === null ? "the public board" : `${names[board.seat] || `seat ${board.seat}`}'s board`;
  const chances = h(
    "table.tote-chances",
    null,
    h("caption", null, `Chances to the end of the ${board.horizon}`),
    h("thead", null, h("tr", null, h("th", { scope: "col" }, ""), labels.map((l) => h("th", { scope: "col" }, l)))),
    h(
      "tbody",
      null,
      Object.entries(board.markets).map(([market, outcomes]) =>
        h(
          "tr",
          null,
          h("th", { scope: "row" }, market),
          labels.map((l) => {
            const e = outcomes[l];
            return h("td", { title: e ? `95% interval ${percent(e.low)} to ${percent(e.high)}` : "" }, e ? percent(e.value) : "");
          }),
        ),
      ),
    ),
  );
  const bets = [...board.bets].sort((a, b) => b.ev.value - a.ev.value);
  // Further units a bet is valued in (Horse Fever: VP), each one more column.
  const others = board.other_units || [];
  const value = (e, digits) => `${e.value >= 0 ? "+" : ""}${e.value.toFixed(digits)}`;
  // A value with its 95% interval beneath it, small, so the panel stays narrow.
  const cell = (e, digits) =>
    h(
      "td",
      { title: `95% interval ${e.low.toFixed(digits)} to ${e.high.toFixed(digits)}` },
      value(e, digits),
      h("span.muted", null, `${e.low.toFixed(digits)} to ${e.high.toFixed(digits)}`),
    );
  const betList = bets.length
    ? h(
        "table.tote-bets",
        null,
        h("caption", null, `Your bets now, by expected value (95% interval beneath)`),
        h(
          "thead",
          null,
          h(
            "tr",
            null,
            h("th", { scope: "col" }, "Bet"),
            h("th", { scope: "col" }, board.unit),
            others.map((unit) => h("th", { scope: "col" }, unit)),
          ),
        ),
        h(
          "tbody",
          null,
          bets.map((b, i) =>
            h(
              i === 0 ? "tr.best" : "tr",
              null,
              h("th", { scope: "row" }, b.label),
              cell(b.ev, 1),
              others.map((unit) => cell(b.other_ev[unit], 2)),
            ),
          ),
        ),
      )
    : h("p.muted", null, "No bet of yours to place now.");
  fill(
    panel.element.querySelector(".tote-body"),
    h("p.muted", null, `${who}: ${board.samples.toLocaleString()} sampled worlds in ${board.seconds.toFixed(2)} s; ± is a 95% interval.`),
    chances,
    betList,
  );
  panel.element.querySelectorAll(".tote-chances td").forEach((td) => {
    if (td.title) td.append(h("span.muted", null, ` ${half(outcomeOf(board, td))}`));
  });
}

function outcomeOf(board, td) {
  const row = td.parentElement;
  const market = row.querySelector("th").textContent;
  const labels = [...row.closest("table").querySelectorAll("thead th")].map((th) => th.textContent);
  return board.markets[market][labels[td.cellIndex]];
}
